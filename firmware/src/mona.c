#include "mona.h"

#include <math.h>
#include <string.h>

#include "hal.h"

#define COPY_FLASH_STR(dst, literal)                                           \
    do {                                                                       \
        hal_flash_strncpy((dst), HAL_FLASH_STR(literal), sizeof(dst) - 1u);    \
        (dst)[sizeof(dst) - 1u] = '\0';                                        \
    } while (0)

/* Signed difference: correct across the 49.7-day wrap of hal_millis. */
static bool reached(uint32_t now_ms, uint32_t at_ms) { return (int32_t)(now_ms - at_ms) >= 0; }

/* A fresh tx Envelope with the next seq; the caller fills the body, then send(). */
static swarmgate_v1_Envelope *begin(mona_t *mona, pb_size_t body_tag) {
    swarmgate_v1_Envelope *env = &mona->env;
    (void)sg_envelope_init(env, "", mona->seq++, (uint64_t)(hal_millis() - mona->boot_ms));
    COPY_FLASH_STR(env->robot_id, MONA_ROBOT_ID); /* straight from flash: no stack copy */
    env->which_body = body_tag;
    return env;
}

/* The Birth with the longest id must fit the transmit buffer (the host tests check the margin). */
typedef char robot_id_fits_the_birth_frame[sizeof(MONA_ROBOT_ID) - 1u <= MONA_MAX_ROBOT_ID_CHARS ? 1 : -1];

static void send(mona_t *mona) {
    size_t length;
    if (sg_envelope_encode_frame(&mona->env, mona->tx_frame, sizeof mona->tx_frame, &length) == SG_OK) {
        hal_uart_write(mona->tx_frame, length);
    } else {
        mona->counters.tx_failures++; /* a message over MONA_TX_FRAME_BYTES: a bug, counted for tests */
    }
}

static void send_birth(mona_t *mona) {
    swarmgate_v1_Envelope *env = begin(mona, swarmgate_v1_Envelope_birth_tag);
    swarmgate_v1_Birth *birth = &env->body.birth;
    swarmgate_v1_Capabilities *caps = &birth->capabilities;
    COPY_FLASH_STR(birth->model, MONA_MODEL);
    COPY_FLASH_STR(birth->firmware_version, MONA_FIRMWARE_VERSION);
    birth->has_protocol_version = true;
    birth->protocol_version.major = SG_PROTOCOL_MAJOR;
    birth->protocol_version.minor = SG_PROTOCOL_MINOR;
    birth->has_capabilities = true;
    caps->max_wheel_speed_mps = MONA_MAX_WHEEL_SPEED_MPS;
    caps->wheel_base_m = MONA_WHEEL_BASE_M;
    caps->wheel_radius_m = MONA_WHEEL_RADIUS_M;
    caps->encoder_ticks_per_rev = MONA_ENCODER_TICKS_PER_REV;
    caps->body_diameter_m = MONA_BODY_DIAMETER_M;
    COPY_FLASH_STR(caps->sensors[0], "ir5");
    COPY_FLASH_STR(caps->sensors[1], "encoders");
    caps->sensors_count = 2;
    birth->session = mona->session;
    send(mona);
}

/* message is a HAL_FLASH_STR. */
static void send_error(mona_t *mona, swarmgate_v1_ErrorCode code, const char *message, uint32_t ref_seq,
                       uint32_t command_id) {
    swarmgate_v1_Envelope *env = begin(mona, swarmgate_v1_Envelope_error_tag);
    env->body.error.code = code;
    hal_flash_strncpy(env->body.error.message, message, sizeof env->body.error.message - 1u);
    env->body.error.ref_seq = ref_seq;
    env->body.error.command_id = command_id;
    mona->counters.errors++;
    send(mona);
}

static void send_ack(mona_t *mona, uint32_t command_id) {
    if (command_id == 0) return; /* 0: no acknowledgement wanted */
    begin(mona, swarmgate_v1_Envelope_ack_tag)->body.ack.command_id = command_id;
    mona->counters.acks++;
    send(mona);
}

static float ir_range_m(uint16_t raw) {
    /* Uncalibrated linear map of "0 = close obstacle, 1023 = none" onto 0..MONA_IR_RANGE_MAX_M. */
    if (raw >= MONA_IR_RAW_MAX) return MONA_IR_RANGE_MAX_M;
    return (float)raw * (MONA_IR_RANGE_MAX_M / (float)MONA_IR_RAW_MAX);
}

static void send_telemetry(mona_t *mona) {
    swarmgate_v1_Envelope *env = begin(mona, swarmgate_v1_Envelope_telemetry_tag);
    swarmgate_v1_Telemetry *t = &env->body.telemetry;
    uint16_t raw[MONA_IR_SENSORS];
    uint8_t i;
    hal_encoders_read(&t->encoder_left_ticks, &t->encoder_right_ticks);
    odometry_update(&mona->odometry, t->encoder_left_ticks, t->encoder_right_ticks);
    t->has_odometry = true;
    t->odometry.x_m = mona->odometry.x_m;
    t->odometry.y_m = mona->odometry.y_m;
    t->odometry.heading_rad = mona->odometry.heading_rad;
    hal_ir_read(raw);
    for (i = 0; i < MONA_IR_SENSORS; i++) t->ir_ranges_m[i] = ir_range_m(raw[i]);
    t->ir_ranges_m_count = MONA_IR_SENSORS;
    /* No battery monitor and no IMU on the original MONA: battery absent, yaw rate 0. */
    if (!mona->emergency_stop) t->flags |= swarmgate_v1_TelemetryFlag_TELEMETRY_FLAG_MOTORS_ENABLED;
    if (mona->watchdog_stopped) t->flags |= swarmgate_v1_TelemetryFlag_TELEMETRY_FLAG_WATCHDOG_STOP;
    if (mona->emergency_stop) t->flags |= swarmgate_v1_TelemetryFlag_TELEMETRY_FLAG_EMERGENCY_STOP;
    mona->counters.telemetry++;
    send(mona);
}

static void set_motors(mona_t *mona, int16_t left_pwm, int16_t right_pwm) {
    mona->left_pwm = left_pwm;
    mona->right_pwm = right_pwm;
    hal_motors_set(left_pwm, right_pwm);
}

static void stop_motors(mona_t *mona) {
    set_motors(mona, 0, 0);
    mona->watchdog_armed = false;
}

int16_t mona_pwm_of_speed(float speed_mps) {
    const float duty = speed_mps * ((float)MONA_PWM_MAX / MONA_MAX_WHEEL_SPEED_MPS);
    if (duty >= (float)MONA_PWM_MAX) return MONA_PWM_MAX;
    if (duty <= -(float)MONA_PWM_MAX) return -MONA_PWM_MAX;
    return (int16_t)lroundf(duty);
}

/* The command is a copy: replies reuse the Envelope it was decoded into. */
static void handle_motor_command(mona_t *mona, swarmgate_v1_MotorCommand command, uint32_t ref_seq) {
    if (!isfinite(command.left_mps) || !isfinite(command.right_mps) || command.deadline_ms == 0) {
        send_error(mona, swarmgate_v1_ErrorCode_ERROR_CODE_OUT_OF_RANGE,
                   HAL_FLASH_STR("finite speeds and a positive deadline_ms needed"), ref_seq, command.command_id);
        return;
    }
    if (mona->emergency_stop) {
        send_error(mona, swarmgate_v1_ErrorCode_ERROR_CODE_EMERGENCY_STOP,
                   HAL_FLASH_STR("emergency stop latched; release it first"), ref_seq, command.command_id);
        return;
    }
    /* Clamped like the gateway and mona-sim do; it also keeps the deadline far below the
     * 2^31 ms horizon of reached() on the wrapping millisecond clock. */
    if (command.deadline_ms > MONA_MAX_MOTOR_DEADLINE_MS) command.deadline_ms = MONA_MAX_MOTOR_DEADLINE_MS;
    set_motors(mona, mona_pwm_of_speed(command.left_mps), mona_pwm_of_speed(command.right_mps));
    mona->deadline_ms = hal_millis() + command.deadline_ms;
    mona->watchdog_armed = true;
    mona->watchdog_stopped = false;
    mona->last_command_id = command.command_id;
    send_ack(mona, command.command_id);
}

/* Only the action kind and id are needed: the actions a robot executes carry nothing else it uses. */
static void handle_command(mona_t *mona, pb_size_t action, uint32_t command_id, uint32_t ref_seq) {
    switch (action) {
    case swarmgate_v1_Command_stop_tag:
        stop_motors(mona);
        break;
    case swarmgate_v1_Command_emergency_stop_tag:
        stop_motors(mona);
        mona->emergency_stop = true;
        break;
    case swarmgate_v1_Command_release_emergency_stop_tag:
        /* Starts no motion (docs/safety.md#emergency-stop): the motors are off since the stop. */
        mona->emergency_stop = false;
        break;
    default:
        /* Motion reaches the firmware only as MotorCommands; the gateway converts the rest. */
        send_error(mona, swarmgate_v1_ErrorCode_ERROR_CODE_UNSUPPORTED,
                   HAL_FLASH_STR("only stop, emergency stop and release; send MotorCommands"), ref_seq,
                   command_id);
        return;
    }
    mona->watchdog_stopped = false;
    send_ack(mona, command_id);
    send_telemetry(mona); /* report the stop or release at once */
}

static void handle_envelope(mona_t *mona) {
    const swarmgate_v1_Envelope *rx = &mona->env;
    const uint32_t seq = rx->seq;
    mona->counters.received++;
    mona->host_heard = true;
    if (rx->robot_id[0] != '\0' && hal_flash_strcmp(rx->robot_id, HAL_FLASH_STR(MONA_ROBOT_ID)) != 0) {
        send_error(mona, swarmgate_v1_ErrorCode_ERROR_CODE_UNSUPPORTED, HAL_FLASH_STR("addressed to another robot"),
                   seq, 0);
    } else if (rx->which_body == swarmgate_v1_Envelope_motor_command_tag) {
        handle_motor_command(mona, rx->body.motor_command, seq);
    } else if (rx->which_body == swarmgate_v1_Envelope_command_tag) {
        handle_command(mona, rx->body.command.which_action, rx->body.command.command_id, seq);
    } else {
        send_error(mona, swarmgate_v1_ErrorCode_ERROR_CODE_UNSUPPORTED,
                   HAL_FLASH_STR("a robot accepts MotorCommand and Command only"), seq, 0);
    }
}

/* A frame that failed: answered so the host can count it; line noise (garbage) is not. */
static void reject(mona_t *mona, sg_status_t status) {
    swarmgate_v1_ErrorCode code = swarmgate_v1_ErrorCode_ERROR_CODE_DECODE;
    const char *message = HAL_FLASH_STR("frame does not decode");
    if (status == SG_ERR_GARBAGE) return;
    if (status == SG_ERR_CRC) {
        code = swarmgate_v1_ErrorCode_ERROR_CODE_CRC;
        message = HAL_FLASH_STR("frame failed its CRC-32C");
    } else if (status == SG_ERR_VERSION) {
        code = swarmgate_v1_ErrorCode_ERROR_CODE_VERSION;
        message = HAL_FLASH_STR("protocol major version not 1");
    } else if (status == SG_ERR_NO_BODY) {
        code = swarmgate_v1_ErrorCode_ERROR_CODE_UNSUPPORTED;
        message = HAL_FLASH_STR("no body this robot accepts");
    } else if (status == SG_ERR_OVERSIZE) {
        message = HAL_FLASH_STR("frame longer than the receive buffer");
    }
    mona->counters.rejected++;
    send_error(mona, code, message, 0, 0);
}

static void check_watchdog(mona_t *mona, uint32_t now_ms) {
    if (!mona->watchdog_armed || !reached(now_ms, mona->deadline_ms)) return;
    stop_motors(mona);
    mona->watchdog_stopped = true;
    mona->counters.watchdog_stops++;
    send_error(mona, swarmgate_v1_ErrorCode_ERROR_CODE_WATCHDOG,
               HAL_FLASH_STR("motors stopped: MotorCommand deadline passed"), 0, mona->last_command_id);
    send_telemetry(mona);
}

void mona_init(mona_t *mona, uint32_t session) {
    int32_t left_ticks;
    int32_t right_ticks;
    static const uint8_t flush = SG_FRAME_DELIMITER;
    memset(mona, 0, sizeof *mona);
    sg_frame_decoder_init(&mona->decoder, mona->rx_buffer, sizeof mona->rx_buffer);
    mona->session = session;
    mona->boot_ms = hal_millis();
    mona->next_telemetry_ms = mona->boot_ms + MONA_TELEMETRY_PERIOD_MS;
    mona->next_birth_ms = mona->boot_ms + MONA_BIRTH_REPEAT_MS;
    stop_motors(mona);
    hal_encoders_read(&left_ticks, &right_ticks);
    odometry_reset(&mona->odometry, left_ticks, right_ticks);
    hal_uart_write(&flush, 1); /* a lone delimiter ends whatever line noise came before */
    send_birth(mona);
}

void mona_step(mona_t *mona) {
    uint8_t byte;
    uint32_t now_ms;
    while (hal_uart_read(&byte)) {
        const sg_status_t status = sg_frame_decoder_push_envelope(&mona->decoder, byte, &mona->env);
        if (status == SG_OK) handle_envelope(mona);
        else if (status != SG_PENDING) reject(mona, status);
    }
    now_ms = hal_millis();
    check_watchdog(mona, now_ms);
    if (!mona->host_heard && reached(now_ms, mona->next_birth_ms)) {
        mona->next_birth_ms = now_ms + MONA_BIRTH_REPEAT_MS;
        send_birth(mona);
    }
    if (reached(now_ms, mona->next_telemetry_ms)) {
        /* Fixed rate; periods missed while busy are skipped, never sent in a burst. */
        do {
            mona->next_telemetry_ms += MONA_TELEMETRY_PERIOD_MS;
        } while (reached(now_ms, mona->next_telemetry_ms));
        send_telemetry(mona);
    }
}
