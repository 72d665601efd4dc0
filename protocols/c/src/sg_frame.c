#include "sg_frame.h"

#include <string.h>

#include "sg_crc32c.h"

sg_status_t sg_frame_encode_in_place(uint8_t *out, size_t capacity, size_t envelope_length,
                                     size_t *frame_length) {
    const size_t headroom = SG_FRAME_HEADROOM(capacity);
    const size_t payload_length = envelope_length + SG_FRAME_CRC_BYTES;
    uint8_t *payload = out + headroom;
    uint32_t crc;
    size_t stuffed;
    if (envelope_length > SG_MAX_SERIAL_ENVELOPE_BYTES) return SG_ERR_OVERSIZE;
    if (headroom > capacity || payload_length > capacity - headroom ||
        SG_FRAME_BYTES(envelope_length) > capacity) {
        return SG_ERR_BUFFER;
    }
    crc = sg_crc32c(payload, envelope_length);
    payload[envelope_length] = (uint8_t)crc;
    payload[envelope_length + 1] = (uint8_t)(crc >> 8);
    payload[envelope_length + 2] = (uint8_t)(crc >> 16);
    payload[envelope_length + 3] = (uint8_t)(crc >> 24);
    /* Safe overlap: the payload starts SG_COBS_HEADROOM(capacity) >= SG_COBS_HEADROOM(payload) in. */
    stuffed = sg_cobs_encode(payload, payload_length, out);
    out[stuffed] = SG_FRAME_DELIMITER;
    *frame_length = stuffed + 1;
    return SG_OK;
}

sg_status_t sg_frame_encode(const uint8_t *envelope, size_t envelope_length, uint8_t *out,
                            size_t capacity, size_t *frame_length) {
    const size_t headroom = SG_FRAME_HEADROOM(capacity);
    if (envelope_length > SG_MAX_SERIAL_ENVELOPE_BYTES) return SG_ERR_OVERSIZE;
    if (headroom > capacity || envelope_length + SG_FRAME_CRC_BYTES > capacity - headroom) {
        return SG_ERR_BUFFER;
    }
    memmove(out + headroom, envelope, envelope_length);
    return sg_frame_encode_in_place(out, capacity, envelope_length, frame_length);
}

void sg_frame_decoder_init(sg_frame_decoder_t *decoder, uint8_t *buffer, size_t capacity) {
    memset(decoder, 0, sizeof *decoder);
    decoder->buffer = buffer;
    decoder->capacity = capacity;
}

/* Checks the segment just ended; the decoder is already reset for the next one. */
static sg_status_t end_segment(sg_frame_decoder_t *decoder, size_t length, uint8_t overflowed,
                               const uint8_t **envelope, size_t *envelope_length) {
    uint8_t *payload = decoder->buffer;
    size_t payload_length;
    size_t n;
    uint32_t expected;
    if (overflowed) {
        decoder->counters.oversize++;
        return SG_ERR_OVERSIZE;
    }
    if (sg_cobs_decode(payload, length, payload, &payload_length) != SG_OK ||
        payload_length <= SG_FRAME_CRC_BYTES) {
        decoder->counters.garbage_bytes += (uint32_t)length;
        return SG_ERR_GARBAGE;
    }
    if (payload_length > SG_MAX_FRAME_BYTES) {
        decoder->counters.oversize++;
        return SG_ERR_OVERSIZE;
    }
    n = payload_length - SG_FRAME_CRC_BYTES;
    expected = (uint32_t)payload[n] | (uint32_t)payload[n + 1] << 8 |
               (uint32_t)payload[n + 2] << 16 | (uint32_t)payload[n + 3] << 24;
    if (sg_crc32c(payload, n) != expected) {
        decoder->counters.crc_errors++;
        return SG_ERR_CRC;
    }
    decoder->counters.frames++;
    *envelope = payload;
    *envelope_length = n;
    return SG_OK;
}

sg_status_t sg_frame_decoder_push(sg_frame_decoder_t *decoder, uint8_t byte,
                                  const uint8_t **envelope, size_t *envelope_length) {
    if (byte == SG_FRAME_DELIMITER) {
        const size_t length = decoder->length;
        const uint8_t overflowed = decoder->overflowed;
        decoder->length = 0;
        decoder->overflowed = 0;
        if (length == 0 && !overflowed) return SG_PENDING; /* idle line, not an error */
        return end_segment(decoder, length, overflowed, envelope, envelope_length);
    }
    if (decoder->length < decoder->capacity) {
        decoder->buffer[decoder->length++] = byte;
    } else {
        decoder->overflowed = 1;
    }
    return SG_PENDING;
}
