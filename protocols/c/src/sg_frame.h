/*
 * Serial frames, as protocols/src/framing (encodeFrame.ts, FrameDecoder.ts):
 *
 *   COBS( envelope bytes | CRC-32C(envelope bytes), uint32 little-endian ) | 0x00
 *
 * The unstuffed payload (envelope + CRC) is at most SG_MAX_FRAME_BYTES.
 */
#ifndef SG_FRAME_H
#define SG_FRAME_H

#include <stddef.h>
#include <stdint.h>

#include "sg_cobs.h"
#include "sg_status.h"

#define SG_MAX_FRAME_BYTES 512u /* MAX_FRAME_BYTES in protocols/src/limits.ts */
#define SG_FRAME_CRC_BYTES 4u
#define SG_MAX_SERIAL_ENVELOPE_BYTES (SG_MAX_FRAME_BYTES - SG_FRAME_CRC_BYTES)
#define SG_FRAME_DELIMITER 0x00u

/* Longest stuffed segment of a valid frame (delimiter excluded): a full-size receive buffer. */
#define SG_MAX_STUFFED_FRAME_BYTES SG_COBS_MAX_ENCODED(SG_MAX_FRAME_BYTES)

/* Bytes a complete frame of an n-byte Envelope takes, delimiter included. */
#define SG_FRAME_BYTES(n) (SG_COBS_MAX_ENCODED((n) + SG_FRAME_CRC_BYTES) + 1u)

/*
 * Where sg_frame_encode_in_place expects the Envelope bytes inside an output buffer of
 * capacity bytes: encoders write the Envelope there, then frame it without a second buffer.
 */
#define SG_FRAME_HEADROOM(capacity) SG_COBS_HEADROOM(capacity)

/*
 * Frames envelope_length bytes that sit at out + SG_FRAME_HEADROOM(capacity), in place.
 * SG_ERR_OVERSIZE over SG_MAX_SERIAL_ENVELOPE_BYTES; SG_ERR_BUFFER when the frame (or the
 * Envelope plus its CRC at the headroom offset) does not fit in capacity.
 */
sg_status_t sg_frame_encode_in_place(uint8_t *out, size_t capacity, size_t envelope_length,
                                     size_t *frame_length);

/* Frames a copy of envelope (which may overlap out) into out; errors as above. */
sg_status_t sg_frame_encode(const uint8_t *envelope, size_t envelope_length, uint8_t *out,
                            size_t capacity, size_t *frame_length);

typedef struct {
    uint32_t frames;        /* CRC-valid frames returned */
    uint32_t crc_errors;
    uint32_t decode_errors; /* counted by sg_frame_decoder_push_envelope */
    uint32_t oversize;
    uint32_t garbage_bytes;
} sg_frame_counters_t;

/*
 * Streaming decoder: push every received byte; it splits on 0x00, un-stuffs in place, checks
 * the CRC. It never reads or writes outside the caller's buffer, never allocates, and after any
 * error carries on at the next delimiter. A buffer smaller than SG_MAX_STUFFED_FRAME_BYTES
 * (a robot that only receives short commands) reports longer frames as SG_ERR_OVERSIZE.
 */
typedef struct {
    uint8_t *buffer;
    size_t capacity;
    size_t length;      /* stuffed bytes held of the current segment */
    uint8_t overflowed; /* the current segment outgrew the buffer; reported at its delimiter */
    sg_frame_counters_t counters;
} sg_frame_decoder_t;

void sg_frame_decoder_init(sg_frame_decoder_t *decoder, uint8_t *buffer, size_t capacity);

/*
 * Feeds one byte. SG_PENDING inside a segment and on idle delimiters (0x00 0x00). At the
 * delimiter ending a segment: SG_OK with *envelope / *envelope_length set to the Envelope bytes
 * (inside the decoder's buffer, valid until the next push), or SG_ERR_CRC, SG_ERR_OVERSIZE,
 * SG_ERR_GARBAGE.
 */
sg_status_t sg_frame_decoder_push(sg_frame_decoder_t *decoder, uint8_t byte,
                                  const uint8_t **envelope, size_t *envelope_length);

#endif
