/*
 * Hardware abstraction of the MONA. The firmware logic (mona.c, odometry.c) calls only these,
 * so it builds for the ATmega328P (hal_avr.c) and for the host, where test/fake_hal.c drives
 * it with a fake clock and captured UART bytes.
 */
#ifndef MONA_HAL_H
#define MONA_HAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mona_config.h"

/* Clocks, UART, timers, PWM, ADC, watchdog. Called once at boot, interrupts enabled after. */
void hal_init(void);

/* Milliseconds since boot; wraps after 49.7 days (compare with signed differences). */
uint32_t hal_millis(void);

/* One received byte if any (interrupt-buffered); false when none is waiting. */
bool hal_uart_read(uint8_t *byte);

/* Queues bytes for sending; waits only while the transmit buffer is full. */
void hal_uart_write(const uint8_t *bytes, size_t length);

/* Motor drive, signed duty -MONA_PWM_MAX..MONA_PWM_MAX per wheel (the sign is the direction). */
void hal_motors_set(int16_t left_pwm, int16_t right_pwm);

/* Cumulative encoder ticks, forward positive. */
void hal_encoders_read(int32_t *left_ticks, int32_t *right_ticks);

/* Raw IR readings 0..MONA_IR_RAW_MAX (lower is closer), in MONA_SPEC.irSensors order. */
void hal_ir_read(uint16_t raw[MONA_IR_SENSORS]);

/* The next session counter (Sparkplug bdSeq): +1 per boot, kept across power cycles. */
uint32_t hal_session_next(void);

/* Once per main-loop pass: feeds the hardware watchdog, then sleeps until the next interrupt. */
void hal_idle(void);

/*
 * Constant strings: on the AVR they stay in flash (PSTR) and are copied out when used, since a
 * plain literal would be copied into the 2 kB of RAM at boot.
 */
#ifdef __AVR__
#include <avr/pgmspace.h>
#define HAL_FLASH_STR(s) PSTR(s)
#define hal_flash_strncpy strncpy_P
#define hal_flash_strcmp strcmp_P
#else
#include <string.h>
#define HAL_FLASH_STR(s) (s)
#define hal_flash_strncpy strncpy
#define hal_flash_strcmp strcmp
#endif

#endif
