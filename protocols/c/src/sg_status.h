/*
 * Status codes of the swarmgate.v1 C library. Every function that can fail returns one;
 * nothing in the library aborts, allocates or writes past a buffer it was given.
 * The names mirror the TypeScript ProtocolError codes where one exists (SG_PROTO_*).
 */
#ifndef SG_STATUS_H
#define SG_STATUS_H

typedef enum {
    SG_OK = 0,
    SG_PENDING = 1,          /* frame decoder: no complete frame yet, feed more bytes */
    SG_ERR_CRC = -1,         /* a frame's CRC-32C does not match its Envelope bytes */
    SG_ERR_DECODE = -2,      /* not a swarmgate.v1.Envelope, or a field over its max_size/max_count */
    SG_ERR_OVERSIZE = -3,    /* a frame longer than the receive buffer or MAX_FRAME_BYTES */
    SG_ERR_GARBAGE = -4,     /* bytes between delimiters that are not COBS or too short for a CRC */
    SG_ERR_VERSION = -5,     /* no protocol version, or a major this side does not speak */
    SG_ERR_NO_BODY = -6,     /* no body, or a body kind this build does not carry */
    SG_ERR_BUFFER = -7,      /* the caller's output buffer is too small */
    SG_ERR_ARGUMENT = -8     /* an argument out of its documented range (e.g. a robot id too long) */
} sg_status_t;

/* "SG_ERR_CRC" etc., for logs and test messages. */
const char *sg_status_name(sg_status_t status);

#endif
