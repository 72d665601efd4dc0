/*
 * Consistent Overhead Byte Stuffing (Cheshire & Baker 1999), mirroring
 * protocols/src/framing/cobs.ts line by line: the output has no 0x00, so 0x00 delimits frames.
 */
#ifndef SG_COBS_H
#define SG_COBS_H

#include <stddef.h>
#include <stdint.h>

#include "sg_status.h"

/* Upper bound of sg_cobs_encode's output for n input bytes: one code byte per 254, plus one. */
#define SG_COBS_MAX_ENCODED(n) ((n) + ((n) + 253u) / 254u + 1u)

/*
 * Stuffs n bytes of in into out (no delimiter appended) and returns the stuffed length.
 * out must hold SG_COBS_MAX_ENCODED(n) bytes. out may overlap in only when in starts at least
 * SG_COBS_HEADROOM(n) bytes after out (the encoder writes behind where it reads).
 */
size_t sg_cobs_encode(const uint8_t *in, size_t n, uint8_t *out);

/* Offset at which input of n bytes may sit inside the output buffer for an in-place encode. */
#define SG_COBS_HEADROOM(n) (1u + ((n) + 253u) / 254u)

/*
 * Un-stuffs n bytes into out (at most n bytes written; out may equal in: decoding in place is
 * safe because the write index never passes the read index). SG_ERR_GARBAGE when the input is
 * not valid COBS (contains 0x00, or a code points past the end).
 */
sg_status_t sg_cobs_decode(const uint8_t *in, size_t n, uint8_t *out, size_t *out_length);

#endif
