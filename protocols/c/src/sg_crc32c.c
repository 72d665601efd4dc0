#include "sg_crc32c.h"

/*
 * Bitwise, no table: on an 8 MHz ATmega328 a 1 kB table would take half the RAM (or PROGMEM
 * reads), while 8 shifts per byte cost about 2 ms for a 100 B frame, a few percent of the CPU
 * at 10 frames/s each way.
 */
uint32_t sg_crc32c(const uint8_t *data, size_t length) {
    uint32_t crc = 0xFFFFFFFFUL;
    size_t i;
    for (i = 0; i < length; i++) {
        uint8_t bit;
        crc ^= data[i];
        for (bit = 0; bit < 8; bit++) {
            /* -(crc & 1) is all ones when the low bit is set: a branch-free conditional xor. */
            crc = (crc >> 1) ^ (0x82F63B78UL & (0UL - (crc & 1UL)));
        }
    }
    return crc ^ 0xFFFFFFFFUL;
}
