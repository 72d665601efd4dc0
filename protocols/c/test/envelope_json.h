/*
 * Compares a decoded nanopb message with its proto3 JSON (camelCase keys, numbers, base64 bytes),
 * field by field, for any message of the generated schema: names come from the generated
 * *_FIELDLIST X-macros, so a field added to the .proto is compared without touching this code.
 */
#ifndef SG_TEST_ENVELOPE_JSON_H
#define SG_TEST_ENVELOPE_JSON_H

#include "json.h"
#include "pb.h"

/* 1 if equal; otherwise 0 after printing the path of the first difference to stderr. */
int message_matches_json(const pb_msgdesc_t *descriptor, const void *message, const json_doc_t *doc,
                         int object, const char *path);

#endif
