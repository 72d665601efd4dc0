#include "fake_hal.h"

#include <string.h>

#include "hal.h"

uint32_t fake_now_ms;
int16_t fake_left_pwm;
int16_t fake_right_pwm;
int32_t fake_left_ticks;
int32_t fake_right_ticks;
uint16_t fake_ir_raw[MONA_IR_SENSORS];
uint32_t fake_session;

static uint8_t rx_queue[4096];
static size_t rx_length;
static size_t rx_next;
static uint8_t tx_bytes[1 << 16];
static size_t tx_length;
static size_t tx_taken;
static uint8_t decode_buffer[SG_MAX_STUFFED_FRAME_BYTES];
static sg_frame_decoder_t tx_decoder;

void fake_reset(void) {
    fake_now_ms = 0;
    fake_left_pwm = fake_right_pwm = 0;
    fake_left_ticks = fake_right_ticks = 0;
    memset(fake_ir_raw, 0, sizeof fake_ir_raw);
    fake_session = 0;
    rx_length = rx_next = 0;
    tx_length = tx_taken = 0;
    sg_frame_decoder_init(&tx_decoder, decode_buffer, sizeof decode_buffer);
}

void fake_uart_feed(const uint8_t *bytes, size_t length) {
    if (rx_next == rx_length) rx_next = rx_length = 0;
    if (length > sizeof rx_queue - rx_length) length = sizeof rx_queue - rx_length;
    memcpy(rx_queue + rx_length, bytes, length);
    rx_length += length;
}

size_t fake_uart_take(swarmgate_v1_Envelope *out, size_t capacity, size_t *bad) {
    size_t count = 0;
    *bad = 0;
    for (; tx_taken < tx_length; tx_taken++) {
        const sg_status_t status = sg_frame_decoder_push_envelope(&tx_decoder, tx_bytes[tx_taken], &out[count]);
        if (status == SG_OK && count + 1 < capacity) count++;
        else if (status != SG_PENDING && status != SG_OK) (*bad)++;
    }
    return count;
}

void hal_init(void) {}

uint32_t hal_millis(void) { return fake_now_ms; }

bool hal_uart_read(uint8_t *byte) {
    if (rx_next == rx_length) return false;
    *byte = rx_queue[rx_next++];
    return true;
}

void hal_uart_write(const uint8_t *bytes, size_t length) {
    if (length > sizeof tx_bytes - tx_length) length = sizeof tx_bytes - tx_length;
    memcpy(tx_bytes + tx_length, bytes, length);
    tx_length += length;
}

void hal_motors_set(int16_t left_pwm, int16_t right_pwm) {
    fake_left_pwm = left_pwm;
    fake_right_pwm = right_pwm;
}

void hal_encoders_read(int32_t *left_ticks, int32_t *right_ticks) {
    *left_ticks = fake_left_ticks;
    *right_ticks = fake_right_ticks;
}

void hal_ir_read(uint16_t raw[MONA_IR_SENSORS]) { memcpy(raw, fake_ir_raw, sizeof fake_ir_raw); }

uint32_t hal_session_next(void) { return ++fake_session; }

void hal_idle(void) {}
