/*
 * MONA constants of this firmware. The numbers must equal MONA_SPEC in
 * protocols/src/MonaSpec.ts (the one place they are defined): test/src/firmware checks the
 * Birth this firmware sends against it. Override MONA_ROBOT_ID at build time:
 * `make -C firmware ROBOT_ID=mona-07`.
 */
#ifndef MONA_CONFIG_H
#define MONA_CONFIG_H

#ifndef MONA_ROBOT_ID
#define MONA_ROBOT_ID "mona-01"
#endif
#define MONA_MAX_ROBOT_ID_CHARS 32u /* so that the Birth fits MONA_TX_FRAME_BYTES */
#define MONA_MODEL "mona"
#define MONA_FIRMWARE_VERSION "0.1.0"

#define MONA_WHEEL_RADIUS_M 0.0104f
#define MONA_WHEEL_BASE_M 0.078f
#define MONA_BODY_DIAMETER_M 0.08f
#define MONA_MAX_WHEEL_SPEED_MPS 0.13f
#define MONA_ENCODER_TICKS_PER_REV 1176u
#define MONA_IR_SENSORS 5u        /* right, right-front, front, left-front, left */
#define MONA_IR_RANGE_MAX_M 0.1f
#define MONA_IR_RAW_MAX 1023u     /* ADC reading with nothing in front ("1023 = none") */
/* MONA_SPEC.maxMotorDeadlineMs: a longer MotorCommand deadline is clamped to this. */
#define MONA_MAX_MOTOR_DEADLINE_MS 1000u

#define MONA_TELEMETRY_PERIOD_MS 100u /* 10 Hz */
#define MONA_BIRTH_REPEAT_MS 1000u    /* Birth again until the host sends a valid frame */
#define MONA_PWM_MAX 255

/*
 * Receive buffer for stuffed frames: MotorCommands and stop / emergency-stop Commands are
 * under 100 B; longer frames are dropped as oversize (answered with Error DECODE).
 */
#define MONA_RX_BUFFER_BYTES 128u
/* Transmit frame buffer: the Birth (~90 B) is the longest message this firmware sends. */
#define MONA_TX_FRAME_BYTES 160u

#endif
