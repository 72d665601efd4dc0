#include "sg_cobs.h"

size_t sg_cobs_encode(const uint8_t *in, size_t n, uint8_t *out) {
    size_t code_index = 0; /* where the current block's code byte goes */
    size_t o = 1;
    uint8_t code = 1;      /* 1 + bytes in the current block */
    size_t i;
    for (i = 0; i < n; i++) {
        const uint8_t byte = in[i]; /* read before any write: in-place callers rely on it */
        if (byte == 0) {
            out[code_index] = code;
            code_index = o++;
            code = 1;
            continue;
        }
        out[o++] = byte;
        code++;
        if (code == 0xFF) {
            /* A full block of 254 non-zero bytes carries no implied zero. */
            out[code_index] = code;
            code_index = o++;
            code = 1;
        }
    }
    out[code_index] = code;
    return o;
}

sg_status_t sg_cobs_decode(const uint8_t *in, size_t n, uint8_t *out, size_t *out_length) {
    size_t i = 0;
    size_t o = 0;
    while (i < n) {
        const uint8_t code = in[i++];
        size_t end;
        if (code == 0 || (size_t)(code - 1u) > n - i) return SG_ERR_GARBAGE;
        end = i + code - 1u;
        while (i < end) {
            const uint8_t byte = in[i++];
            if (byte == 0) return SG_ERR_GARBAGE;
            out[o++] = byte;
        }
        if (code != 0xFF && i < n) out[o++] = 0;
    }
    *out_length = o;
    return SG_OK;
}
