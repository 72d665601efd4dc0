/*
 * The MONA firmware logic on the fake HAL: Birth at boot and its repeats, MotorCommand and the
 * deadline watchdog, the emergency-stop latch and its release, a requested Birth, Telemetry rate and content, and
 * answers to bad frames. Frames both ways go through protocols/c, as on the robot.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fake_hal.h"
#include "mona.h"

static int failures = 0;
static int checks = 0;

#define EXPECT(condition)                                                          \
    do {                                                                           \
        checks++;                                                                  \
        if (!(condition)) {                                                        \
            fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #condition);  \
            failures++;                                                            \
        }                                                                          \
    } while (0)

#define MAX_OUT 256
static mona_t mona;
static swarmgate_v1_Envelope out[MAX_OUT];
static uint32_t host_seq = 100;

/* Runs the main loop every ms up to (and including) at_ms; returns the frames sent meanwhile. */
static size_t run_until(uint32_t at_ms) {
    size_t bad;
    size_t count;
    do {
        mona_step(&mona);
    } while (fake_now_ms != at_ms && (fake_now_ms++, 1));
    mona_step(&mona);
    count = fake_uart_take(out, MAX_OUT, &bad);
    EXPECT(bad == 0);
    return count;
}

static size_t count_kind(size_t n, pb_size_t body_tag) {
    size_t i;
    size_t found = 0;
    for (i = 0; i < n; i++) found += out[i].which_body == body_tag;
    return found;
}

static const swarmgate_v1_Envelope *find_kind(size_t n, pb_size_t body_tag) {
    size_t i;
    for (i = 0; i < n; i++) {
        if (out[i].which_body == body_tag) return &out[i];
    }
    return NULL;
}

static void feed(const swarmgate_v1_Envelope *env) {
    uint8_t frame[SG_FRAME_BYTES(SG_MAX_SERIAL_ENVELOPE_BYTES)];
    size_t length;
    EXPECT(sg_envelope_encode_frame(env, frame, sizeof frame, &length) == SG_OK);
    fake_uart_feed(frame, length);
}

static void send_motor_command(const char *robot_id, float left_mps, float right_mps, uint32_t deadline_ms,
                               uint32_t command_id) {
    swarmgate_v1_Envelope env;
    EXPECT(sg_envelope_init(&env, robot_id, host_seq++, 1764000000000ULL) == SG_OK);
    env.which_body = swarmgate_v1_Envelope_motor_command_tag;
    env.body.motor_command.left_mps = left_mps;
    env.body.motor_command.right_mps = right_mps;
    env.body.motor_command.deadline_ms = deadline_ms;
    env.body.motor_command.command_id = command_id;
    feed(&env);
}

static void send_command(pb_size_t action, uint32_t command_id) {
    swarmgate_v1_Envelope env;
    EXPECT(sg_envelope_init(&env, "mona-07", host_seq++, 1764000000000ULL) == SG_OK);
    env.which_body = swarmgate_v1_Envelope_command_tag;
    env.body.command.which_action = action;
    env.body.command.command_id = command_id;
    feed(&env);
}

static void boot(void) {
    fake_reset();
    fake_now_ms = 5000; /* the HAL clock does not start at the firmware's boot */
    mona_init(&mona, 4);
}

static void test_birth(void) {
    const swarmgate_v1_Envelope *birth;
    size_t n;
    boot();
    n = run_until(5000);
    EXPECT(n == 1 && out[0].which_body == swarmgate_v1_Envelope_birth_tag);
    birth = &out[0];
    EXPECT(strcmp(birth->robot_id, "mona-07") == 0 && birth->seq == 0 && birth->timestamp_ms == 0);
    EXPECT(birth->has_version && birth->version.major == 1 && birth->version.minor == SG_PROTOCOL_MINOR);
    EXPECT(strcmp(birth->body.birth.model, "mona") == 0);
    EXPECT(strcmp(birth->body.birth.firmware_version, MONA_FIRMWARE_VERSION) == 0);
    EXPECT(birth->body.birth.session == 4);
    EXPECT(birth->body.birth.has_capabilities && birth->body.birth.capabilities.encoder_ticks_per_rev == 1176);
    EXPECT(birth->body.birth.capabilities.wheel_base_m == 0.078f);
    EXPECT(birth->body.birth.capabilities.sensors_count == 2 &&
           strcmp(birth->body.birth.capabilities.sensors[0], "ir5") == 0);
    {
        /* Room for the longest robot id the build allows (a longer one does not compile). */
        uint8_t frame[SG_FRAME_BYTES(SG_MAX_SERIAL_ENVELOPE_BYTES)];
        size_t length;
        EXPECT(sg_envelope_encode_frame(birth, frame, sizeof frame, &length) == SG_OK);
        EXPECT(length + (MONA_MAX_ROBOT_ID_CHARS - strlen(birth->robot_id)) + 1u <= MONA_TX_FRAME_BYTES);
    }

    /* Repeated every second while the host is silent; telemetry runs meanwhile at 10 Hz. */
    n = run_until(7999);
    EXPECT(count_kind(n, swarmgate_v1_Envelope_birth_tag) == 2);
    EXPECT(count_kind(n, swarmgate_v1_Envelope_telemetry_tag) == 29);
    /* A valid frame from the host ends the repeats. */
    send_command(swarmgate_v1_Command_stop_tag, 0);
    n = run_until(12000);
    EXPECT(count_kind(n, swarmgate_v1_Envelope_birth_tag) == 0);
}

static void test_motor_command_and_watchdog(void) {
    const swarmgate_v1_Envelope *e;
    size_t n;
    boot();
    (void)run_until(5000);
    send_motor_command("mona-07", 0.065f, -0.13f, 300, 21);
    n = run_until(5001);
    EXPECT(fake_left_pwm == 128 && fake_right_pwm == -255);
    e = find_kind(n, swarmgate_v1_Envelope_ack_tag);
    EXPECT(e != NULL && e->body.ack.command_id == 21);

    /* Running until just before the deadline (300 ms after receipt at 5000 ms). */
    n = run_until(5299);
    EXPECT(fake_left_pwm == 128 && count_kind(n, swarmgate_v1_Envelope_error_tag) == 0);
    /* A newer command restarts the deadline. */
    send_motor_command("", 0.2f, 0.2f, 300, 0); /* empty id: for whoever is on the port */
    n = run_until(5590);
    EXPECT(fake_left_pwm == 255 && fake_right_pwm == 255); /* clamped to the speed limit */
    EXPECT(count_kind(n, swarmgate_v1_Envelope_ack_tag) == 0); /* command_id 0: no Ack */
    n = run_until(5599);
    EXPECT(fake_left_pwm == 0 && fake_right_pwm == 0);
    e = find_kind(n, swarmgate_v1_Envelope_error_tag);
    EXPECT(e != NULL && e->body.error.code == swarmgate_v1_ErrorCode_ERROR_CODE_WATCHDOG);
    e = find_kind(n, swarmgate_v1_Envelope_telemetry_tag);
    EXPECT(e != NULL && (e->body.telemetry.flags & swarmgate_v1_TelemetryFlag_TELEMETRY_FLAG_WATCHDOG_STOP));
    EXPECT(mona.counters.watchdog_stops == 1);
    /* Only once. */
    n = run_until(6500);
    EXPECT(count_kind(n, swarmgate_v1_Envelope_error_tag) == 0 && mona.counters.watchdog_stops == 1);

    /* Refused: a zero deadline, a non-finite speed. The motors stay off. */
    send_motor_command("mona-07", 0.05f, 0.05f, 0, 22);
    send_motor_command("mona-07", NAN, 0.05f, 100, 23);
    n = run_until(6501);
    EXPECT(count_kind(n, swarmgate_v1_Envelope_error_tag) == 2 && fake_left_pwm == 0);
    e = find_kind(n, swarmgate_v1_Envelope_error_tag);
    EXPECT(e != NULL && e->body.error.code == swarmgate_v1_ErrorCode_ERROR_CODE_OUT_OF_RANGE &&
           e->body.error.command_id == 22 && e->body.error.ref_seq != 0);
}

static void test_deadline_capped(void) {
    const swarmgate_v1_Envelope *e;
    size_t n;
    boot();
    (void)run_until(5000);
    /* A deadline of almost 50 days is clamped to MONA_MAX_MOTOR_DEADLINE_MS: still accepted. */
    send_motor_command("mona-07", 0.05f, 0.05f, 0xFFFFFFF0u, 31);
    n = run_until(5001);
    e = find_kind(n, swarmgate_v1_Envelope_ack_tag);
    EXPECT(e != NULL && e->body.ack.command_id == 31 && fake_left_pwm > 0);
    n = run_until(5000 + MONA_MAX_MOTOR_DEADLINE_MS - 1);
    EXPECT(fake_left_pwm > 0 && count_kind(n, swarmgate_v1_Envelope_error_tag) == 0);
    n = run_until(5000 + MONA_MAX_MOTOR_DEADLINE_MS);
    EXPECT(fake_left_pwm == 0);
    e = find_kind(n, swarmgate_v1_Envelope_error_tag);
    EXPECT(e != NULL && e->body.error.code == swarmgate_v1_ErrorCode_ERROR_CODE_WATCHDOG);
    /* At the cap: unchanged (received at 6000 ms). */
    send_motor_command("mona-07", 0.05f, 0.05f, MONA_MAX_MOTOR_DEADLINE_MS, 32);
    (void)run_until(4999 + 2 * MONA_MAX_MOTOR_DEADLINE_MS);
    EXPECT(fake_left_pwm > 0);
    (void)run_until(5000 + 2 * MONA_MAX_MOTOR_DEADLINE_MS);
    EXPECT(fake_left_pwm == 0);
}

static void test_watchdog_across_clock_wrap(void) {
    fake_reset();
    fake_now_ms = 0xFFFFFF00u;
    mona_init(&mona, 1);
    send_motor_command("mona-07", 0.05f, 0.05f, 500, 0);
    (void)run_until(0xFFFFFF01u);
    EXPECT(fake_left_pwm > 0);
    (void)run_until(0x000000F0u); /* wrapped, 495 ms after receipt */
    EXPECT(fake_left_pwm > 0);
    (void)run_until(0x000000F6u);
    EXPECT(fake_left_pwm == 0);
}

static void test_emergency_stop_latch(void) {
    const swarmgate_v1_Envelope *e;
    size_t n;
    boot();
    send_motor_command("mona-07", 0.1f, 0.1f, 1000, 0);
    (void)run_until(5001);
    EXPECT(fake_left_pwm > 0);
    send_command(swarmgate_v1_Command_emergency_stop_tag, 31);
    n = run_until(5002);
    EXPECT(fake_left_pwm == 0 && fake_right_pwm == 0);
    e = find_kind(n, swarmgate_v1_Envelope_telemetry_tag);
    EXPECT(e != NULL && (e->body.telemetry.flags & swarmgate_v1_TelemetryFlag_TELEMETRY_FLAG_EMERGENCY_STOP) &&
           !(e->body.telemetry.flags & swarmgate_v1_TelemetryFlag_TELEMETRY_FLAG_MOTORS_ENABLED));
    EXPECT(find_kind(n, swarmgate_v1_Envelope_ack_tag) != NULL);

    /* Latched: a MotorCommand is refused, and a stop does not release it. */
    send_motor_command("mona-07", 0.1f, 0.1f, 1000, 32);
    send_command(swarmgate_v1_Command_stop_tag, 0);
    send_motor_command("mona-07", 0.1f, 0.1f, 1000, 33);
    n = run_until(5003);
    EXPECT(fake_left_pwm == 0 && count_kind(n, swarmgate_v1_Envelope_error_tag) == 2);
    e = find_kind(n, swarmgate_v1_Envelope_error_tag);
    EXPECT(e != NULL && e->body.error.code == swarmgate_v1_ErrorCode_ERROR_CODE_EMERGENCY_STOP &&
           e->body.error.command_id == 32);

    /* The release starts no motion; the next MotorCommand does. */
    send_command(swarmgate_v1_Command_release_emergency_stop_tag, 34);
    n = run_until(5004);
    EXPECT(fake_left_pwm == 0 && !mona.emergency_stop);
    e = find_kind(n, swarmgate_v1_Envelope_telemetry_tag);
    EXPECT(e != NULL && !(e->body.telemetry.flags & swarmgate_v1_TelemetryFlag_TELEMETRY_FLAG_EMERGENCY_STOP));
    send_motor_command("mona-07", 0.1f, 0.1f, 1000, 35);
    (void)run_until(5005);
    EXPECT(fake_left_pwm > 0);
}

/* A host that heard us without holding our Birth asks for it: the same session is announced
 * again, after the repeats stopped (the host was heard), and nothing else changes. */
static void test_request_birth(void) {
    const swarmgate_v1_Envelope *e;
    size_t n;
    boot();
    (void)run_until(5000); /* the Birth at boot */
    send_motor_command("mona-07", 0.1f, 0.1f, 1000, 0);
    n = run_until(5001);
    EXPECT(count_kind(n, swarmgate_v1_Envelope_birth_tag) == 0);
    EXPECT(fake_left_pwm > 0);
    send_command(swarmgate_v1_Command_request_birth_tag, 0);
    n = run_until(5002);
    e = find_kind(n, swarmgate_v1_Envelope_birth_tag);
    EXPECT(count_kind(n, swarmgate_v1_Envelope_birth_tag) == 1 && e != NULL && e->body.birth.session == mona.session);
    EXPECT(count_kind(n, swarmgate_v1_Envelope_ack_tag) == 0 && count_kind(n, swarmgate_v1_Envelope_error_tag) == 0);
    EXPECT(fake_left_pwm > 0); /* motion goes on */
    send_command(swarmgate_v1_Command_request_birth_tag, 41);
    n = run_until(5003);
    e = find_kind(n, swarmgate_v1_Envelope_ack_tag);
    EXPECT(count_kind(n, swarmgate_v1_Envelope_birth_tag) == 1 && e != NULL && e->body.ack.command_id == 41);
}

static void test_telemetry(void) {
    const swarmgate_v1_Envelope *e;
    size_t n;
    size_t i;
    boot();
    (void)run_until(5000);
    for (i = 0; i < MONA_IR_SENSORS; i++) fake_ir_raw[i] = (uint16_t)(i * 250);
    fake_ir_raw[4] = 1023;
    /* 1176 ticks = one wheel turn = 2 pi r = 65.3 mm, both wheels: straight ahead. */
    fake_left_ticks = fake_right_ticks = 1176;
    n = run_until(5999);
    EXPECT(count_kind(n, swarmgate_v1_Envelope_telemetry_tag) == 9);
    e = find_kind(n, swarmgate_v1_Envelope_telemetry_tag);
    EXPECT(e != NULL);
    if (e == NULL) return;
    EXPECT(e->body.telemetry.encoder_left_ticks == 1176 && e->body.telemetry.encoder_right_ticks == 1176);
    EXPECT(fabsf(e->body.telemetry.odometry.x_m - 0.0653451f) < 1e-5f);
    EXPECT(fabsf(e->body.telemetry.odometry.y_m) < 1e-6f && fabsf(e->body.telemetry.odometry.heading_rad) < 1e-6f);
    EXPECT(e->body.telemetry.ir_ranges_m_count == 5 && e->body.telemetry.ir_ranges_m[0] == 0.0f);
    EXPECT(e->body.telemetry.ir_ranges_m[4] == MONA_IR_RANGE_MAX_M);
    EXPECT(e->body.telemetry.flags == swarmgate_v1_TelemetryFlag_TELEMETRY_FLAG_MOTORS_ENABLED);
    EXPECT(!e->body.telemetry.has_battery); /* no battery monitor */
    EXPECT(e->timestamp_ms == 100 && e->seq == 1);

    /* A stalled loop skips missed periods instead of bursting. */
    fake_now_ms = 9000;
    n = run_until(9000);
    EXPECT(count_kind(n, swarmgate_v1_Envelope_telemetry_tag) == 1);
    n = run_until(9099);
    EXPECT(count_kind(n, swarmgate_v1_Envelope_telemetry_tag) == 0);
    n = run_until(9100);
    EXPECT(count_kind(n, swarmgate_v1_Envelope_telemetry_tag) == 1);

    /* Turning on the spot: left back, right forward by a quarter turn of the body. */
    /* A quarter turn: each wheel runs (pi / 2) * 39 mm = 61.3 mm = 1103 ticks. */
    fake_left_ticks = 1176 - 1103;
    fake_right_ticks = 1176 + 1103;
    n = run_until(9200);
    e = find_kind(n, swarmgate_v1_Envelope_telemetry_tag);
    EXPECT(e != NULL && fabsf(e->body.telemetry.odometry.heading_rad - 1.5708f) < 0.002f);
}

static void test_bad_input(void) {
    uint8_t frame[SG_FRAME_BYTES(SG_MAX_SERIAL_ENVELOPE_BYTES)];
    uint8_t noise[300];
    swarmgate_v1_Envelope env;
    const swarmgate_v1_Envelope *e;
    size_t length;
    size_t n;
    boot();
    (void)run_until(5000);

    /* A flipped bit: Error CRC. */
    EXPECT(sg_envelope_init(&env, "mona-07", 9, 0) == SG_OK);
    env.which_body = swarmgate_v1_Envelope_motor_command_tag;
    env.body.motor_command.left_mps = 0.1f;
    env.body.motor_command.deadline_ms = 100;
    EXPECT(sg_envelope_encode_frame(&env, frame, sizeof frame, &length) == SG_OK);
    /* Flip a bit inside the frame, never making a 0x00 (that would be a delimiter, not a CRC error). */
    for (n = 5; (frame[n] ^ 0x10u) == 0u; ++n) {
    }
    frame[n] ^= 0x10;
    fake_uart_feed(frame, length);
    n = run_until(5001);
    e = find_kind(n, swarmgate_v1_Envelope_error_tag);
    EXPECT(e != NULL && e->body.error.code == swarmgate_v1_ErrorCode_ERROR_CODE_CRC && fake_left_pwm == 0);

    /* Longer than the receive buffer: Error DECODE; then a good frame still works. */
    memset(noise, 0x41, sizeof noise);
    fake_uart_feed(noise, sizeof noise);
    fake_uart_feed((const uint8_t *)"\0", 1);
    send_motor_command("mona-07", 0.1f, 0.1f, 100, 0);
    n = run_until(5002);
    e = find_kind(n, swarmgate_v1_Envelope_error_tag);
    EXPECT(e != NULL && e->body.error.code == swarmgate_v1_ErrorCode_ERROR_CODE_DECODE);
    EXPECT(fake_left_pwm > 0 && mona.decoder.counters.oversize == 1);

    /* Another robot's command, a body a robot does not take, an action it does not execute. */
    send_motor_command("mona-08", 0.1f, 0.1f, 100, 41);
    EXPECT(sg_envelope_init(&env, "mona-07", 10, 0) == SG_OK);
    env.which_body = swarmgate_v1_Envelope_ack_tag;
    feed(&env);
    send_command(swarmgate_v1_Command_move_tag, 42);
    n = run_until(5003);
    EXPECT(count_kind(n, swarmgate_v1_Envelope_error_tag) == 3);
    e = find_kind(n, swarmgate_v1_Envelope_error_tag);
    EXPECT(e != NULL && e->body.error.code == swarmgate_v1_ErrorCode_ERROR_CODE_UNSUPPORTED);

    /* Line noise with delimiters is dropped silently. */
    fake_uart_feed((const uint8_t *)"\x13\x37\x00\x00\xfe\x00", 6);
    n = run_until(5004);
    EXPECT(count_kind(n, swarmgate_v1_Envelope_error_tag) == 0);
}

static void test_pwm_of_speed(void) {
    EXPECT(mona_pwm_of_speed(0.0f) == 0);
    EXPECT(mona_pwm_of_speed(MONA_MAX_WHEEL_SPEED_MPS) == 255);
    EXPECT(mona_pwm_of_speed(-1.0f) == -255);
    EXPECT(mona_pwm_of_speed(MONA_MAX_WHEEL_SPEED_MPS / 2) == 128);
}

int main(void) {
    test_birth();
    test_motor_command_and_watchdog();
    test_deadline_capped();
    test_watchdog_across_clock_wrap();
    test_emergency_stop_latch();
    test_request_birth();
    test_telemetry();
    test_bad_input();
    test_pwm_of_speed();
    EXPECT(mona.counters.tx_failures == 0);
    printf("mona firmware tests: %d checks, %d failures\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
