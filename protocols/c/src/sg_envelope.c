#include "sg_envelope.h"

#include <string.h>

#include "pb_decode.h"
#include "pb_encode.h"

sg_status_t sg_envelope_init(swarmgate_v1_Envelope *env, const char *robot_id, uint32_t seq,
                             uint64_t timestamp_ms) {
    const size_t id_length = strlen(robot_id);
    memset(env, 0, sizeof *env);
    if (id_length > SG_MAX_ROBOT_ID_CHARS) return SG_ERR_ARGUMENT;
    memcpy(env->robot_id, robot_id, id_length + 1);
    env->has_version = true;
    env->version.major = SG_PROTOCOL_MAJOR;
    env->version.minor = SG_PROTOCOL_MINOR;
    env->seq = seq;
    env->timestamp_ms = timestamp_ms;
    return SG_OK;
}

sg_status_t sg_envelope_decode(const uint8_t *bytes, size_t length, swarmgate_v1_Envelope *env) {
    pb_istream_t stream = pb_istream_from_buffer(bytes, length);
    if (!pb_decode(&stream, swarmgate_v1_Envelope_fields, env)) return SG_ERR_DECODE;
    if (!env->has_version || env->version.major != SG_PROTOCOL_MAJOR) return SG_ERR_VERSION;
    if (env->which_body == 0) return SG_ERR_NO_BODY;
    return SG_OK;
}

sg_status_t sg_envelope_encode(const swarmgate_v1_Envelope *env, uint8_t *out, size_t capacity,
                               size_t *length) {
    pb_ostream_t stream = pb_ostream_from_buffer(out, capacity);
    if (!pb_encode(&stream, swarmgate_v1_Envelope_fields, env)) return SG_ERR_BUFFER;
    *length = stream.bytes_written;
    return SG_OK;
}

sg_status_t sg_envelope_encode_frame(const swarmgate_v1_Envelope *env, uint8_t *out,
                                     size_t capacity, size_t *frame_length) {
    const size_t headroom = SG_FRAME_HEADROOM(capacity);
    size_t envelope_length;
    sg_status_t status;
    if (headroom + SG_FRAME_CRC_BYTES >= capacity) return SG_ERR_BUFFER;
    /* Leave room behind the Envelope for its CRC; the framing checks the rest. */
    status = sg_envelope_encode(env, out + headroom, capacity - headroom - SG_FRAME_CRC_BYTES,
                                &envelope_length);
    if (status != SG_OK) return status;
    return sg_frame_encode_in_place(out, capacity, envelope_length, frame_length);
}

sg_status_t sg_frame_decoder_push_envelope(sg_frame_decoder_t *decoder, uint8_t byte,
                                           swarmgate_v1_Envelope *env) {
    const uint8_t *bytes;
    size_t length;
    sg_status_t status = sg_frame_decoder_push(decoder, byte, &bytes, &length);
    if (status != SG_OK) return status;
    status = sg_envelope_decode(bytes, length, env);
    if (status != SG_OK) decoder->counters.decode_errors++;
    return status;
}
