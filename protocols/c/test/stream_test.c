/*
 * Framing and decoding under bad input: fixed checks (CRC check value, COBS edge cases, version /
 * body / size errors), then a seeded random stream of valid frames mixed with garbage,
 * truncated, bit-flipped and oversize segments. Every valid frame (sent after a delimiter, as a
 * sender flushing line noise does) must come out exactly, in order, and nothing else may.
 * Buffers are malloc'd at their exact size so ASan reports any overrun.
 *   stream_test VECTORS_DIR ITERATIONS
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sg_crc32c.h"
#include "sg_envelope.h"
#include "test_util.h"

#define MAX_VECTORS 64
#define SMALL_CAPACITY 64u /* a robot-sized receive buffer */

static int failures = 0;

#define EXPECT(condition)                                                          \
    do {                                                                           \
        if (!(condition)) {                                                        \
            fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #condition);  \
            failures++;                                                            \
        }                                                                          \
    } while (0)

/* xorshift32: seeded, so a failure reproduces. */
static uint32_t rng_state = 0x2545F491u;
static uint32_t next_random(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}
static uint32_t random_below(uint32_t n) { return next_random() % n; }

typedef struct {
    uint8_t bytes[SG_FRAME_BYTES(SG_MAX_SERIAL_ENVELOPE_BYTES)];
    size_t length;
} frame_t;

static void check_fixed_cases(void) {
    static const uint8_t check_input[] = "123456789";
    uint8_t buffer[SG_FRAME_BYTES(SG_MAX_SERIAL_ENVELOPE_BYTES) + 8];
    uint8_t encoded[16];
    size_t length;
    swarmgate_v1_Envelope env;
    char long_id[80];

    EXPECT(strcmp(sg_status_name(SG_ERR_CRC), "SG_ERR_CRC") == 0);
    EXPECT(strcmp(sg_status_name((sg_status_t)42), "SG_ERR_UNKNOWN") == 0);
    EXPECT(sg_crc32c(check_input, 9) == 0xE3069283UL);
    EXPECT(sg_crc32c(check_input, 0) == 0);

    /* COBS: a code pointing past the end, and a 0x00 inside, are garbage. */
    EXPECT(sg_cobs_decode((const uint8_t *)"\x05\x01\x02", 3, buffer, &length) == SG_ERR_GARBAGE);
    EXPECT(sg_cobs_decode((const uint8_t *)"\x03\x01\x00", 3, buffer, &length) == SG_ERR_GARBAGE);
    EXPECT(sg_cobs_encode((const uint8_t *)"\x00", 1, encoded) == 2 && encoded[0] == 1 && encoded[1] == 1);

    /* Version and body checks, as decodeEnvelope in TypeScript. */
    EXPECT(sg_envelope_init(&env, "mona-07", 1, 2) == SG_OK);
    env.which_body = swarmgate_v1_Envelope_ack_tag;
    env.body.ack.command_id = 7;
    EXPECT(sg_envelope_encode(&env, buffer, sizeof buffer, &length) == SG_OK);
    EXPECT(sg_envelope_decode(buffer, length, &env) == SG_OK && env.body.ack.command_id == 7);
    env.version.major = 2;
    EXPECT(sg_envelope_encode(&env, buffer, sizeof buffer, &length) == SG_OK);
    EXPECT(sg_envelope_decode(buffer, length, &env) == SG_ERR_VERSION);
    env.has_version = false;
    EXPECT(sg_envelope_encode(&env, buffer, sizeof buffer, &length) == SG_OK);
    EXPECT(sg_envelope_decode(buffer, length, &env) == SG_ERR_VERSION);
    EXPECT(sg_envelope_init(&env, "mona-07", 1, 2) == SG_OK);
    EXPECT(sg_envelope_encode(&env, buffer, sizeof buffer, &length) == SG_OK);
    EXPECT(sg_envelope_decode(buffer, length, &env) == SG_ERR_NO_BODY);
    EXPECT(sg_envelope_decode((const uint8_t *)"\x0a\x05\x08", 3, &env) == SG_ERR_DECODE);

    /* Sizes: an id over 64 characters, a buffer too small, an Envelope over the frame limit. */
    memset(long_id, 'a', sizeof long_id - 1);
    long_id[sizeof long_id - 1] = '\0';
    EXPECT(sg_envelope_init(&env, long_id, 0, 0) == SG_ERR_ARGUMENT);
    EXPECT(sg_envelope_init(&env, "mona-07", 1, 2) == SG_OK);
    env.which_body = swarmgate_v1_Envelope_ack_tag;
    EXPECT(sg_envelope_encode(&env, buffer, 4, &length) == SG_ERR_BUFFER);
    EXPECT(sg_envelope_encode_frame(&env, buffer, 12, &length) == SG_ERR_BUFFER);
    memset(buffer, 0x55, sizeof buffer);
    EXPECT(sg_frame_encode(buffer, SG_MAX_SERIAL_ENVELOPE_BYTES + 1, buffer, sizeof buffer, &length) ==
           SG_ERR_OVERSIZE);
}

/* COBS round trips on random data with long non-zero runs (the 254-byte block edge). */
static void check_cobs_random(uint32_t iterations) {
    uint32_t i;
    for (i = 0; i < iterations; i++) {
        const size_t n = random_below(700);
        uint8_t *input = malloc(n + 1);
        uint8_t *encoded = malloc(SG_COBS_MAX_ENCODED(n));
        size_t encoded_length;
        size_t decoded_length;
        size_t k;
        const uint32_t zero_odds = 1u + random_below(300);
        for (k = 0; k < n; k++) input[k] = random_below(zero_odds) == 0 ? 0 : (uint8_t)(1u + random_below(255));
        encoded_length = sg_cobs_encode(input, n, encoded);
        EXPECT(encoded_length <= SG_COBS_MAX_ENCODED(n));
        EXPECT(memchr(encoded, 0, encoded_length) == NULL);
        /* In place, as the frame decoder does. */
        EXPECT(sg_cobs_decode(encoded, encoded_length, encoded, &decoded_length) == SG_OK);
        EXPECT(decoded_length == n && memcmp(encoded, input, n) == 0);
        free(input);
        free(encoded);
    }
}

/* A valid frame: a vector, or an Envelope with random values encoded here. */
static void make_valid_frame(const frame_t *vectors, size_t vector_count, frame_t *out, uint32_t seq) {
    swarmgate_v1_Envelope env;
    if (random_below(2) == 0) {
        *out = vectors[random_below((uint32_t)vector_count)];
        return;
    }
    (void)sg_envelope_init(&env, "mona-07", seq, next_random());
    if (random_below(2) == 0) {
        env.which_body = swarmgate_v1_Envelope_motor_command_tag;
        env.body.motor_command.left_mps = (float)(int32_t)next_random() / 1e9f;
        env.body.motor_command.right_mps = (float)(int32_t)next_random() / 1e9f;
        env.body.motor_command.deadline_ms = random_below(1000);
        env.body.motor_command.command_id = next_random();
    } else {
        env.which_body = swarmgate_v1_Envelope_telemetry_tag;
        env.body.telemetry.encoder_left_ticks = (int32_t)next_random();
        env.body.telemetry.encoder_right_ticks = (int32_t)next_random();
        env.body.telemetry.ir_ranges_m_count = (pb_size_t)random_below(6);
        env.body.telemetry.ir_ranges_m[0] = (float)random_below(100) / 64.0f;
        env.body.telemetry.flags = random_below(32);
    }
    EXPECT(sg_envelope_encode_frame(&env, out->bytes, sizeof out->bytes, &out->length) == SG_OK);
}

typedef struct {
    sg_frame_decoder_t decoder;
    uint8_t *buffer;
    const frame_t *expected[4096]; /* valid frames sent and not yet received */
    size_t expected_count;
    size_t received;
} receiver_t;

static void receiver_init(receiver_t *r, size_t capacity) {
    r->buffer = malloc(capacity);
    sg_frame_decoder_init(&r->decoder, r->buffer, capacity);
    r->expected_count = 0;
    r->received = 0;
}

static void receiver_push(receiver_t *r, uint8_t byte) {
    const uint8_t *envelope;
    size_t length;
    const sg_status_t status = sg_frame_decoder_push(&r->decoder, byte, &envelope, &length);
    if (status == SG_OK) {
        frame_t reframed;
        const frame_t *expected = r->received < r->expected_count ? r->expected[r->received] : NULL;
        EXPECT(expected != NULL);
        if (expected == NULL) return;
        EXPECT(sg_frame_encode(envelope, length, reframed.bytes, sizeof reframed.bytes, &reframed.length) == SG_OK);
        EXPECT(reframed.length == expected->length && memcmp(reframed.bytes, expected->bytes, reframed.length) == 0);
        r->received++;
    }
}

static void check_random_stream(const frame_t *vectors, size_t vector_count, uint32_t iterations) {
    static frame_t valid[4096];
    static receiver_t full;
    static receiver_t small;
    const size_t full_capacity = SG_MAX_STUFFED_FRAME_BYTES;
    size_t valid_count = 0;
    uint32_t i;
    receiver_init(&full, full_capacity);
    receiver_init(&small, SMALL_CAPACITY);
    for (i = 0; i < iterations; i++) {
        frame_t segment;
        const uint32_t kind = random_below(5);
        size_t k;
        if (valid_count == sizeof valid / sizeof valid[0]) {
            /* Everything sent so far must have arrived; start a new batch of expectations. */
            EXPECT(full.received == full.expected_count && small.received == small.expected_count);
            valid_count = full.expected_count = full.received = small.expected_count = small.received = 0;
        }
        make_valid_frame(vectors, vector_count, &segment, i);
        switch (kind) {
        case 0: /* valid, after a delimiter that ends whatever came before */
            valid[valid_count] = segment;
            full.expected[full.expected_count++] = &valid[valid_count];
            if (segment.length - 1 <= SMALL_CAPACITY) small.expected[small.expected_count++] = &valid[valid_count];
            valid_count++;
            receiver_push(&full, 0);
            receiver_push(&small, 0);
            break;
        case 1: /* garbage, any bytes, zeros included */
            segment.length = random_below((uint32_t)sizeof segment.bytes);
            for (k = 0; k < segment.length; k++) segment.bytes[k] = (uint8_t)next_random();
            break;
        case 2: /* truncated: the frame's start, then a delimiter */
            segment.length = 1 + random_below((uint32_t)segment.length - 1);
            segment.bytes[segment.length - 1] = 0;
            break;
        case 3: { /* 1-3 bit flips in distinct bytes (so none cancels), anywhere but the delimiter */
            const size_t start = random_below((uint32_t)segment.length - 1);
            for (k = random_below(3); k < 3; k++) {
                segment.bytes[(start + k) % (segment.length - 1)] ^= (uint8_t)(1u << random_below(8));
            }
            break;
        }
        default: { /* a non-zero run longer than any frame, pushed directly */
            const size_t run = SG_MAX_STUFFED_FRAME_BYTES + 1 + random_below(600);
            for (k = 0; k < run; k++) {
                const uint8_t byte = (uint8_t)(1u + random_below(255));
                receiver_push(&full, byte);
                receiver_push(&small, byte);
            }
            segment.length = 0;
            break;
        }
        }
        for (k = 0; k < segment.length; k++) {
            receiver_push(&full, segment.bytes[k]);
            receiver_push(&small, segment.bytes[k]);
        }
    }
    receiver_push(&full, 0);
    receiver_push(&small, 0);
    EXPECT(full.received == full.expected_count);
    EXPECT(small.received == small.expected_count);
    EXPECT(full.decoder.counters.oversize > 0 && small.decoder.counters.oversize > full.decoder.counters.oversize);
    EXPECT(full.decoder.counters.crc_errors > 0 && full.decoder.counters.garbage_bytes > 0);
    free(full.buffer);
    free(small.buffer);
}

/* Random bytes into the decoder: never a crash; whatever decodes re-encodes to a fixed point. */
static void check_random_decode(uint32_t iterations) {
    uint32_t i;
    for (i = 0; i < iterations; i++) {
        static swarmgate_v1_Envelope env;
        uint8_t input[64];
        uint8_t first[SG_MAX_FRAME_BYTES];
        uint8_t second[SG_MAX_FRAME_BYTES];
        size_t first_length;
        size_t second_length;
        const size_t n = random_below(sizeof input);
        size_t k;
        for (k = 0; k < n; k++) input[k] = (uint8_t)next_random();
        /* A valid version header first makes deeper decoding paths reachable. */
        if (n > 4 && random_below(2) == 0) memcpy(input, "\x0a\x02\x08\x01", 4);
        if (sg_envelope_decode(input, n, &env) != SG_OK) continue;
        EXPECT(sg_envelope_encode(&env, first, sizeof first, &first_length) == SG_OK);
        EXPECT(sg_envelope_decode(first, first_length, &env) == SG_OK);
        EXPECT(sg_envelope_encode(&env, second, sizeof second, &second_length) == SG_OK);
        EXPECT(first_length == second_length && memcmp(first, second, first_length) == 0);
    }
}

int main(int argc, char **argv) {
    static char paths[MAX_VECTORS][512];
    static frame_t vectors[MAX_VECTORS];
    size_t count;
    size_t i;
    uint32_t iterations;
    if (argc != 3) {
        fprintf(stderr, "usage: %s VECTORS_DIR ITERATIONS\n", argv[0]);
        return 2;
    }
    iterations = (uint32_t)strtoul(argv[2], NULL, 10);
    count = list_vectors(argv[1], paths, MAX_VECTORS);
    for (i = 0; i < count; i++) {
        uint8_t *bin = read_file(paths[i], &vectors[i].length);
        EXPECT(bin != NULL && vectors[i].length <= sizeof vectors[i].bytes);
        if (bin == NULL || vectors[i].length > sizeof vectors[i].bytes) return 1;
        memcpy(vectors[i].bytes, bin, vectors[i].length);
        free(bin);
    }
    EXPECT(count > 0);
    if (count == 0) return 1;
    check_fixed_cases();
    check_cobs_random(iterations / 10);
    check_random_stream(vectors, count, iterations);
    check_random_decode(iterations * 5);
    printf("stream test: %u iterations, %d failures\n", (unsigned)iterations, failures);
    return failures == 0 ? 0 : 1;
}
