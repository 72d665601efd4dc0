/*
 * CRC-32C (Castagnoli): poly 0x1EDC6F41 reflected (0x82F63B78), init and xorout 0xFFFFFFFF,
 * check value sg_crc32c("123456789") = 0xE3069283. Same as protocols/src/framing/crc32c.ts.
 */
#ifndef SG_CRC32C_H
#define SG_CRC32C_H

#include <stddef.h>
#include <stdint.h>

uint32_t sg_crc32c(const uint8_t *data, size_t length);

#endif
