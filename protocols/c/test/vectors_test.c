/*
 * Byte-for-byte agreement with the TypeScript side: for every protocols/vectors/<kind>.bin,
 * deframe + decode gives the fields of <kind>.json, and encode + frame gives the same bytes.
 * Prints "vectors checked: N"; the vitest wrapper compares N with the number of .bin files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "envelope_json.h"
#include "sg_crc32c.h"
#include "sg_envelope.h"
#include "test_util.h"

#define MAX_VECTORS 64

static json_doc_t doc;

static int check(int ok, const char *vector, const char *what) {
    if (!ok) fprintf(stderr, "FAIL %s: %s\n", vector, what);
    return ok;
}

static int same_bytes(const uint8_t *a, size_t a_length, const uint8_t *b, size_t b_length) {
    return a_length == b_length && memcmp(a, b, a_length) == 0;
}

/* Feeds the frame byte by byte: every byte but the delimiter must leave the decoder pending. */
static int deframes_to(const char *name, const uint8_t *frame, size_t frame_length,
                       const uint8_t *envelope, size_t envelope_length) {
    uint8_t *buffer = malloc(SG_MAX_STUFFED_FRAME_BYTES); /* exact size: ASan sees any overrun */
    sg_frame_decoder_t decoder;
    const uint8_t *bytes = NULL;
    size_t length = 0;
    size_t i;
    int ok = 1;
    sg_frame_decoder_init(&decoder, buffer, SG_MAX_STUFFED_FRAME_BYTES);
    for (i = 0; i + 1 < frame_length && ok; i++) {
        ok = check(sg_frame_decoder_push(&decoder, frame[i], &bytes, &length) == SG_PENDING, name,
                   "decoder not pending inside the frame");
    }
    ok = ok && check(sg_frame_decoder_push(&decoder, frame[frame_length - 1], &bytes, &length) == SG_OK,
                     name, "frame not accepted at its delimiter");
    ok = ok && check(same_bytes(bytes, length, envelope, envelope_length), name,
                     "deframed bytes differ from envelopeHex");
    free(buffer);
    return ok;
}

static int check_vector(const char *bin_path) {
    char json_path[512];
    char name[512];
    uint8_t envelope[SG_MAX_FRAME_BYTES];
    uint8_t frame[SG_FRAME_BYTES(SG_MAX_SERIAL_ENVELOPE_BYTES)];
    uint8_t *bin;
    char *json;
    size_t bin_length;
    size_t json_length;
    size_t length;
    long envelope_length;
    int root;
    int node;
    int ok = 1;
    sg_status_t status;
    swarmgate_v1_Envelope env;

    snprintf(name, sizeof name, "%s", strrchr(bin_path, '/') + 1);
    snprintf(json_path, sizeof json_path, "%.*s.json", (int)(strlen(bin_path) - 4), bin_path);
    bin = read_file(bin_path, &bin_length);
    json = (char *)read_file(json_path, &json_length);
    if (!check(bin != NULL && json != NULL, name, "cannot read the .bin or its .json")) goto done;
    root = json_parse(&doc, json);
    if (!check(root >= 0, name, "the .json does not parse")) { ok = 0; goto done; }
    node = json_get(&doc, root, "envelopeHex");
    envelope_length = node < 0 ? -1
                      : hex_decode(doc.nodes[node].text, doc.nodes[node].length, envelope, sizeof envelope);
    if (!check(envelope_length > 0, name, "no envelopeHex")) { ok = 0; goto done; }

    node = json_get(&doc, root, "crc32c");
    ok &= check(node >= 0 && strtoul(doc.nodes[node].text, NULL, 10) ==
                                 sg_crc32c(envelope, (size_t)envelope_length),
                name, "CRC-32C differs from the JSON's crc32c");
    ok &= deframes_to(name, bin, bin_length, envelope, (size_t)envelope_length);

    status = sg_envelope_decode(envelope, (size_t)envelope_length, &env);
    ok &= check(status == SG_OK, name, sg_status_name(status));
    ok &= check(message_matches_json(swarmgate_v1_Envelope_fields, &env, &doc, json_get(&doc, root, "envelope"),
                                     "envelope"),
                name, "decoded fields differ from the JSON's envelope");

    ok &= check(sg_envelope_encode(&env, frame, sizeof frame, &length) == SG_OK &&
                    same_bytes(frame, length, envelope, (size_t)envelope_length),
                name, "re-encoded Envelope differs from envelopeHex");
    ok &= check(sg_envelope_encode_frame(&env, frame, sizeof frame, &length) == SG_OK &&
                    same_bytes(frame, length, bin, bin_length),
                name, "encode + frame differs from the .bin");
    ok &= check(sg_frame_encode(envelope, (size_t)envelope_length, frame, sizeof frame, &length) == SG_OK &&
                    same_bytes(frame, length, bin, bin_length),
                name, "framing envelopeHex differs from the .bin");
done:
    free(bin);
    free(json);
    return ok;
}

int main(int argc, char **argv) {
    static char paths[MAX_VECTORS][512];
    size_t count;
    size_t i;
    size_t passed = 0;
    if (argc != 2) {
        fprintf(stderr, "usage: %s VECTORS_DIR\n", argv[0]);
        return 2;
    }
    count = list_vectors(argv[1], paths, MAX_VECTORS);
    if (count == 0) {
        fprintf(stderr, "no .bin vectors in %s\n", argv[1]);
        return 1;
    }
    for (i = 0; i < count; i++) passed += (size_t)check_vector(paths[i]);
    printf("vectors checked: %zu of %zu passed\n", passed, count);
    return passed == count ? 0 : 1;
}
