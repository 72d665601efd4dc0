/* MONA firmware entry point (ATmega328P): the logic in mona.c on the hardware in hal_avr.c. */
#include <avr/interrupt.h>

#include "hal.h"
#include "mona.h"

static mona_t mona; /* static, not on the stack: avr-size then counts it in the RAM figure */

int main(void) {
    hal_init();
    sei();
    mona_init(&mona, hal_session_next());
    for (;;) {
        mona_step(&mona);
        hal_idle();
    }
}
