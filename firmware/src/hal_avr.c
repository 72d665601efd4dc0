/*
 * hal.h on the ATmega328P of the MONA (Arduino Pro Mini class, 3.3 V, 8 MHz).
 *
 * Pin map. From the original firmware (Mona-Motion-Control.ino): IR sensors on A3, A2, A1, A0,
 * A7 (right .. left), encoders on INT0 (PD2, left) and INT1 (PD3, right). Assumed, to check
 * against the board before driving real motors: motor PWM on OC0A (PD6, left) and OC0B (PD5,
 * right), direction on PD7 (left) and PB0 (right), IR emitter enable on PB2.
 *
 * Timers: Timer0 fast PWM for the motors (31 kHz at 8 MHz, above hearing), Timer2 CTC for the
 * 1 ms tick. The encoders are single-channel, so a tick counts in the commanded direction.
 */
#include "hal.h"

#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <avr/wdt.h>
#include <util/atomic.h>
#include <util/delay.h>

#ifndef BAUD
#define BAUD 115200UL
#endif
/*
 * 115200 baud from 8 MHz is 111111 baud with U2X (UBRR 8): -3.5 %, which 8N1 receivers
 * tolerate in practice (the Pro Mini 8 MHz bootloaders use it) but which exceeds setbaud's 2 %.
 */
#define BAUD_TOL 4
#include <util/setbaud.h>

#define RX_RING_BYTES 64u  /* power of two: index wrap by mask */
#define TX_RING_BYTES 128u

static volatile uint32_t millis_count;
static volatile uint8_t rx_ring[RX_RING_BYTES];
static volatile uint8_t rx_head;
static volatile uint8_t rx_tail;
static volatile uint8_t tx_ring[TX_RING_BYTES];
static volatile uint8_t tx_head;
static volatile uint8_t tx_tail;
static volatile int32_t encoder_ticks[2];
static volatile int8_t wheel_direction[2]; /* +1 / -1 / 0, the sign the encoders count with */

/* ADC channels of the IR sensors in MONA_SPEC order: right, right-front, front, left-front, left. */
static const uint8_t IR_CHANNELS[MONA_IR_SENSORS] = {3, 2, 1, 0, 7};

ISR(TIMER2_COMPA_vect) { millis_count++; }

ISR(USART_RX_vect) {
    const uint8_t byte = UDR0;
    const uint8_t next = (uint8_t)((rx_head + 1u) & (RX_RING_BYTES - 1u));
    if (next != rx_tail) { /* full: the byte is lost, and the frame's CRC will say so */
        rx_ring[rx_head] = byte;
        rx_head = next;
    }
}

ISR(USART_UDRE_vect) {
    if (tx_head == tx_tail) {
        UCSR0B &= (uint8_t)~_BV(UDRIE0);
        return;
    }
    UDR0 = tx_ring[tx_tail];
    tx_tail = (uint8_t)((tx_tail + 1u) & (TX_RING_BYTES - 1u));
}

ISR(INT0_vect) { encoder_ticks[0] += wheel_direction[0]; }
ISR(INT1_vect) { encoder_ticks[1] += wheel_direction[1]; }

void hal_init(void) {
    /* A watchdog reset leaves WDRF set and the watchdog running: stop it before anything else. */
    MCUSR = 0;
    wdt_disable();

    /* UART0 8N1, receive interrupt on. */
    UBRR0H = UBRRH_VALUE;
    UBRR0L = UBRRL_VALUE;
#if USE_2X
    UCSR0A |= _BV(U2X0);
#else
    UCSR0A &= (uint8_t)~_BV(U2X0);
#endif
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
    UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);

    /* Timer2: CTC at 1 kHz (8 MHz / 64 / 125). */
    TCCR2A = _BV(WGM21);
    TCCR2B = _BV(CS22); /* clk/64 on Timer2 */
    OCR2A = (uint8_t)(F_CPU / 64u / 1000u - 1u);
    TIMSK2 = _BV(OCIE2A);

    /* Timer0: fast PWM, no prescaler; outputs disconnected (low) until a motor runs. */
    DDRD |= _BV(PD5) | _BV(PD6) | _BV(PD7);
    DDRB |= _BV(PB0) | _BV(PB2);
    TCCR0A = _BV(WGM01) | _BV(WGM00);
    TCCR0B = _BV(CS00);
    OCR0A = 0;
    OCR0B = 0;

    /* Encoders: rising edges on INT0 / INT1. */
    EICRA = _BV(ISC01) | _BV(ISC00) | _BV(ISC11) | _BV(ISC10);
    EIMSK = _BV(INT0) | _BV(INT1);

    /* ADC: AVcc reference, clk/64 = 125 kHz (within the 50-200 kHz for full resolution). */
    ADMUX = _BV(REFS0);
    ADCSRA = _BV(ADEN) | _BV(ADPS2) | _BV(ADPS1);

    /* Idle sleep between loop passes: timers, UART and ADC keep running; any interrupt wakes. */
    set_sleep_mode(SLEEP_MODE_IDLE);

    /* Hardware watchdog: a loop stuck for 250 ms resets the MCU, which turns the motors off. */
    wdt_enable(WDTO_250MS);
}

uint32_t hal_millis(void) {
    uint32_t now;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { now = millis_count; }
    return now;
}

bool hal_uart_read(uint8_t *byte) {
    if (rx_head == rx_tail) return false;
    *byte = rx_ring[rx_tail];
    rx_tail = (uint8_t)((rx_tail + 1u) & (RX_RING_BYTES - 1u));
    return true;
}

void hal_uart_write(const uint8_t *bytes, size_t length) {
    size_t i;
    for (i = 0; i < length; i++) {
        const uint8_t next = (uint8_t)((tx_head + 1u) & (TX_RING_BYTES - 1u));
        while (next == tx_tail) {
            /* Full: the UDRE interrupt drains it; keep the watchdog fed meanwhile. */
            wdt_reset();
        }
        tx_ring[tx_head] = bytes[i];
        tx_head = next;
        UCSR0B |= _BV(UDRIE0);
    }
}

static uint8_t duty_of(int16_t pwm) {
    const int16_t magnitude = pwm < 0 ? (int16_t)-pwm : pwm;
    return (uint8_t)(magnitude > MONA_PWM_MAX ? MONA_PWM_MAX : magnitude);
}

void hal_motors_set(int16_t left_pwm, int16_t right_pwm) {
    if (left_pwm < 0) PORTD |= _BV(PD7);
    else PORTD &= (uint8_t)~_BV(PD7);
    if (right_pwm < 0) PORTB |= _BV(PB0);
    else PORTB &= (uint8_t)~_BV(PB0);
    OCR0A = duty_of(left_pwm);
    OCR0B = duty_of(right_pwm);
    /* Fast PWM still pulses one timer tick per period at OCR 0: disconnect the pin (its PORT
     * bit stays low) so that a stopped motor gets no drive at all. */
    if (left_pwm == 0) TCCR0A &= (uint8_t)~_BV(COM0A1);
    else TCCR0A |= _BV(COM0A1);
    if (right_pwm == 0) TCCR0A &= (uint8_t)~_BV(COM0B1);
    else TCCR0A |= _BV(COM0B1);
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
        wheel_direction[0] = (int8_t)(left_pwm > 0 ? 1 : left_pwm < 0 ? -1 : 0);
        wheel_direction[1] = (int8_t)(right_pwm > 0 ? 1 : right_pwm < 0 ? -1 : 0);
    }
}

void hal_encoders_read(int32_t *left_ticks, int32_t *right_ticks) {
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
        *left_ticks = encoder_ticks[0];
        *right_ticks = encoder_ticks[1];
    }
}

static uint16_t adc_read(uint8_t channel) {
    ADMUX = (uint8_t)(_BV(REFS0) | channel);
    ADCSRA |= _BV(ADSC);
    while (ADCSRA & _BV(ADSC)) {
    }
    return ADC;
}

void hal_ir_read(uint16_t raw[MONA_IR_SENSORS]) {
    uint8_t i;
    PORTB |= _BV(PB2); /* emitters on */
    _delay_us(200);    /* let the phototransistors settle (assumed; the original waits too) */
    for (i = 0; i < MONA_IR_SENSORS; i++) raw[i] = adc_read(IR_CHANNELS[i]);
    PORTB &= (uint8_t)~_BV(PB2);
}

#define SESSION_EEPROM_ADDRESS ((uint32_t *)0)

uint32_t hal_session_next(void) {
    /* Erased EEPROM reads 0xFFFFFFFF, so the first boot is session 0. */
    const uint32_t session = eeprom_read_dword(SESSION_EEPROM_ADDRESS) + 1u;
    eeprom_update_dword(SESSION_EEPROM_ADDRESS, session);
    return session;
}

void hal_idle(void) {
    wdt_reset();
    /* Until the next interrupt: the 1 ms tick at the latest, so a byte that arrived just after
     * the loop looked is handled within a millisecond. */
    sleep_mode();
}
