/*
 * The MONA firmware logic, on hal.h only: serial link with protocols/c framing, Birth at boot
 * (repeated every second until the host sends a valid frame), MotorCommand with a deadline
 * watchdog, the emergency-stop latch, 10 Hz Telemetry. Mirrors firmware-sim's Firmware.ts.
 */
#ifndef MONA_H
#define MONA_H

#include <stdbool.h>
#include <stdint.h>

#include "mona_config.h"
#include "odometry.h"
#include "sg_envelope.h"

typedef struct {
    uint32_t received;       /* Envelopes decoded */
    uint32_t rejected;       /* frames answered with an Error (CRC, decode, version, oversize) */
    uint32_t acks;
    uint32_t errors;         /* Error messages sent */
    uint32_t telemetry;
    uint32_t watchdog_stops;
    uint32_t tx_failures;    /* messages that did not fit the transmit buffer (always 0) */
} mona_counters_t;

typedef struct {
    sg_frame_decoder_t decoder;
    uint8_t rx_buffer[MONA_RX_BUFFER_BYTES];
    uint8_t tx_frame[MONA_TX_FRAME_BYTES];
    /* One Envelope for receiving and sending (RAM): handlers copy what they need out first. */
    swarmgate_v1_Envelope env;
    odometry_t odometry;
    mona_counters_t counters;
    uint32_t session;
    uint32_t seq;
    uint32_t boot_ms;
    uint32_t next_telemetry_ms;
    uint32_t next_birth_ms;
    uint32_t deadline_ms;      /* when the running MotorCommand expires */
    uint32_t last_command_id;  /* of the running MotorCommand, for the watchdog's Error */
    int16_t left_pwm;
    int16_t right_pwm;
    bool host_heard;           /* a valid frame arrived: stop repeating Birth */
    bool watchdog_armed;
    bool watchdog_stopped;     /* motors off because a deadline passed (Telemetry flag) */
    bool emergency_stop;       /* latched; only a ReleaseEmergencyStop Command clears it */
} mona_t;

/* Boots the logic for session: motors off, Birth sent. */
void mona_init(mona_t *mona, uint32_t session);

/* One pass of the main loop: received bytes, the watchdog, Birth repeats, Telemetry. */
void mona_step(mona_t *mona);

/* Wheel surface speed to signed PWM duty: open loop, clamped to MONA_MAX_WHEEL_SPEED_MPS. */
int16_t mona_pwm_of_speed(float speed_mps);

#endif
