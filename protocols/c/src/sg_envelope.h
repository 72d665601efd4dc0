/*
 * The swarmgate.v1 Envelope: nanopb encode/decode with the checks of
 * protocols/src/Envelope.ts (version major, body presence), and frame helpers.
 * The struct types come from swarmgate/v1/swarmgate.pb.h, generated at build time from
 * protocols/proto with the nanopb options of the build (see swarmgate.mk).
 */
#ifndef SG_ENVELOPE_H
#define SG_ENVELOPE_H

#include <stddef.h>
#include <stdint.h>

#include "sg_frame.h"
#include "sg_status.h"
#include "swarmgate/v1/swarmgate.pb.h"

/* PROTOCOL_VERSION in protocols/src/limits.ts. */
#define SG_PROTOCOL_MAJOR 1u
#define SG_PROTOCOL_MINOR 2u

/* Longest robot id (characters), as the MQTT topic rules; the options file sizes the field. */
#define SG_MAX_ROBOT_ID_CHARS (sizeof(((swarmgate_v1_Envelope *)0)->robot_id) - 1u)

/*
 * Clears env and fills the header: this side's version, robot id, seq, timestamp. The caller
 * then sets env->which_body and the body. SG_ERR_ARGUMENT if robot_id does not fit.
 */
sg_status_t sg_envelope_init(swarmgate_v1_Envelope *env, const char *robot_id, uint32_t seq,
                             uint64_t timestamp_ms);

/*
 * Decodes and checks an Envelope. SG_ERR_DECODE (not protobuf, or a string / bytes / repeated
 * field over this build's limits), SG_ERR_VERSION (no version or another major),
 * SG_ERR_NO_BODY (no body, or a kind this build leaves out). Unknown fields are skipped.
 */
sg_status_t sg_envelope_decode(const uint8_t *bytes, size_t length, swarmgate_v1_Envelope *env);

/* Protobuf bytes of env into out. SG_ERR_BUFFER if they do not fit in capacity. */
sg_status_t sg_envelope_encode(const swarmgate_v1_Envelope *env, uint8_t *out, size_t capacity,
                               size_t *length);

/* A complete serial frame of env in out, with no second buffer (see sg_frame_encode_in_place). */
sg_status_t sg_envelope_encode_frame(const swarmgate_v1_Envelope *env, uint8_t *out,
                                     size_t capacity, size_t *frame_length);

/*
 * sg_frame_decoder_push, then sg_envelope_decode of a complete frame: SG_PENDING, SG_OK with
 * *env filled, or the first error of either step (decode errors counted in the decoder).
 */
sg_status_t sg_frame_decoder_push_envelope(sg_frame_decoder_t *decoder, uint8_t byte,
                                           swarmgate_v1_Envelope *env);

#endif
