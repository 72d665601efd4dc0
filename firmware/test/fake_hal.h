/* hal.h for host tests: a settable clock, a byte queue as the UART, recorded motor outputs. */
#ifndef MONA_FAKE_HAL_H
#define MONA_FAKE_HAL_H

#include <stddef.h>
#include <stdint.h>

#include "mona_config.h"
#include "sg_envelope.h"

extern uint32_t fake_now_ms;
extern int16_t fake_left_pwm;
extern int16_t fake_right_pwm;
extern int32_t fake_left_ticks;
extern int32_t fake_right_ticks;
extern uint16_t fake_ir_raw[MONA_IR_SENSORS];
extern uint32_t fake_session;

/* Everything back to power-on values. */
void fake_reset(void);

/* Bytes the host sends: the firmware reads them in its next mona_step. */
void fake_uart_feed(const uint8_t *bytes, size_t length);

/*
 * Decodes the frames the firmware wrote since the last call into out (at most capacity);
 * returns how many. A frame that does not decode fails the test (counted in *bad).
 */
size_t fake_uart_take(swarmgate_v1_Envelope *out, size_t capacity, size_t *bad);

#endif
