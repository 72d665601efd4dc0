/* Helpers shared by the host tests: file reading and hex parsing. */
#ifndef SG_TEST_UTIL_H
#define SG_TEST_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* Whole file into a malloc'd, NUL-terminated buffer (*length excludes the NUL), or NULL. */
uint8_t *read_file(const char *path, size_t *length);

/* Hex text into out; returns the byte count or -1 (odd length, bad digit, too long). */
long hex_decode(const char *hex, size_t hex_length, uint8_t *out, size_t capacity);

/* Paths of the .bin files in directory, sorted; returns the count (at most capacity). */
size_t list_vectors(const char *directory, char paths[][512], size_t capacity);

#endif
