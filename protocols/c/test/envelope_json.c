#include "envelope_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pb_common.h"
#include "swarmgate/v1/swarmgate.pb.h"

typedef struct {
    pb_size_t tag;
    const char *ltype; /* the generator's type token: FLOAT, UINT32, STRING, ... */
    const char *name;  /* field name, or "(oneof,member,path)" for a oneof member */
} field_name_t;

typedef struct {
    const pb_msgdesc_t *descriptor;
    const field_name_t *fields;
} message_names_t;

/* messages.inc (made from the generated header) lists SG_MESSAGE(swarmgate_v1_X) per message. */
#define SG_FIELD_NAME(a, atype, htype, ltype, name, tag) {tag, #ltype, #name},
#define SG_MESSAGE(m) static const field_name_t m##_names[] = {m##_FIELDLIST(SG_FIELD_NAME, 0){0, NULL, NULL}};
#include "messages.inc"
#undef SG_MESSAGE
#define SG_MESSAGE(m) {&m##_msg, m##_names},
static const message_names_t MESSAGES[] = {
#include "messages.inc"
};
#undef SG_MESSAGE

static const field_name_t *field_name(const pb_msgdesc_t *descriptor, pb_size_t tag) {
    size_t m;
    for (m = 0; m < sizeof MESSAGES / sizeof MESSAGES[0]; m++) {
        const field_name_t *f;
        if (MESSAGES[m].descriptor != descriptor) continue;
        for (f = MESSAGES[m].fields; f->name != NULL; f++) {
            if (f->tag == tag) return f;
        }
    }
    return NULL;
}

/* proto3 JSON name: snake_case to lowerCamelCase; a oneof member "(body,motor_command,...)". */
static void json_name(const char *name, char *out, size_t capacity) {
    size_t o = 0;
    int upper = 0;
    if (name[0] == '(') name = strchr(name, ',') + 1;
    for (; *name && *name != ',' && *name != ')' && o + 1 < capacity; name++) {
        if (*name == '_') {
            upper = 1;
            continue;
        }
        out[o++] = upper && *name >= 'a' && *name <= 'z' ? (char)(*name - 'a' + 'A') : *name;
        upper = 0;
    }
    out[o] = '\0';
}

static int names_a_field(const pb_msgdesc_t *descriptor, const json_node_t *key) {
    size_t m;
    for (m = 0; m < sizeof MESSAGES / sizeof MESSAGES[0]; m++) {
        const field_name_t *f;
        if (MESSAGES[m].descriptor != descriptor) continue;
        for (f = MESSAGES[m].fields; f->name != NULL; f++) {
            char name[64];
            json_name(f->name, name, sizeof name);
            if (strlen(name) == key->length && memcmp(name, key->text, key->length) == 0) return 1;
        }
    }
    return 0;
}

static int fail(const char *path, const char *what) {
    fprintf(stderr, "  %s: %s\n", path, what);
    return 0;
}

static int is_token(const field_name_t *f, const char *token) { return strcmp(f->ltype, token) == 0; }

static int is_signed(const field_name_t *f) {
    return is_token(f, "INT32") || is_token(f, "SINT32") || is_token(f, "SFIXED32") ||
           is_token(f, "INT64") || is_token(f, "SINT64") || is_token(f, "SFIXED64") ||
           is_token(f, "ENUM");
}

static int base64_value(char c) {
    const char *alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const char *at = c ? strchr(alphabet, c) : NULL;
    return at ? (int)(at - alphabet) : -1;
}

/* Decodes standard base64 (with padding); returns the length or -1. */
static long base64_decode(const char *text, uint8_t *out, size_t capacity) {
    size_t o = 0;
    unsigned bits = 0;
    int count = 0;
    for (; *text && *text != '='; text++) {
        const int v = base64_value(*text);
        if (v < 0) return -1;
        bits = (bits << 6) | (unsigned)v;
        count += 6;
        if (count >= 8) {
            count -= 8;
            if (o >= capacity) return -1;
            out[o++] = (uint8_t)(bits >> count);
        }
    }
    return (long)o;
}

/* Integer value of a scalar field stored in data_size bytes. */
static int read_integer(const void *p, size_t size, long long *s, unsigned long long *u) {
    switch (size) {
    case 1: *u = *(const uint8_t *)p; *s = *(const int8_t *)p; break;
    case 2: *u = *(const uint16_t *)p; *s = *(const int16_t *)p; break;
    case 4: *u = *(const uint32_t *)p; *s = *(const int32_t *)p; break;
    case 8: *u = *(const uint64_t *)p; *s = *(const int64_t *)p; break;
    default: return 0;
    }
    return 1;
}

static int value_matches(const pb_field_iter_t *it, const field_name_t *f, const void *p,
                         const json_doc_t *doc, int node, const char *path) {
    const json_node_t *j = &doc->nodes[node];
    char text[512];
    switch (PB_LTYPE(it->type)) {
    case PB_LTYPE_BOOL:
        if (j->type != JSON_BOOL) return fail(path, "expected a JSON boolean");
        return *(const bool *)p == (j->boolean != 0) ? 1 : fail(path, "boolean differs");
    case PB_LTYPE_STRING:
        if (json_string(doc, node, text, sizeof text) < 0) return fail(path, "expected a JSON string");
        return strcmp((const char *)p, text) == 0 ? 1 : fail(path, "string differs");
    case PB_LTYPE_BYTES: {
        const pb_bytes_array_t *bytes = (const pb_bytes_array_t *)p;
        uint8_t decoded[512];
        long n;
        if (json_string(doc, node, text, sizeof text) < 0) return fail(path, "expected a base64 string");
        n = base64_decode(text, decoded, sizeof decoded);
        if (n < 0) return fail(path, "bad base64");
        return (size_t)n == bytes->size && memcmp(decoded, bytes->bytes, (size_t)n) == 0
                   ? 1 : fail(path, "bytes differ");
    }
    case PB_LTYPE_SUBMESSAGE:
    case PB_LTYPE_SUBMSG_W_CB:
        if (j->type != JSON_OBJECT) return fail(path, "expected a JSON object");
        return message_matches_json(it->submsg_desc, p, doc, node, path);
    default:
        break;
    }
    if (j->type != JSON_NUMBER && j->type != JSON_STRING) return fail(path, "expected a JSON number");
    if ((size_t)snprintf(text, sizeof text, "%.*s", (int)j->length, j->text) >= sizeof text) {
        return fail(path, "number too long");
    }
    if (is_token(f, "FLOAT")) {
        /* JSON holds the float's exact decimal expansion; the same float must come back. */
        return *(const float *)p == (float)strtod(text, NULL) ? 1 : fail(path, "float differs");
    }
    if (is_token(f, "DOUBLE")) {
        return *(const double *)p == strtod(text, NULL) ? 1 : fail(path, "double differs");
    }
    {
        long long s;
        unsigned long long u;
        char *end;
        if (!read_integer(p, it->data_size, &s, &u)) return fail(path, "unexpected integer size");
        if (is_signed(f)) {
            const long long expected = strtoll(text, &end, 10);
            return *end == '\0' && s == expected ? 1 : fail(path, "integer differs");
        } else {
            const unsigned long long expected = strtoull(text, &end, 10);
            return *end == '\0' && u == expected ? 1 : fail(path, "integer differs");
        }
    }
}

/* True when a singular field holds its proto3 default (what JSON may leave out). */
static int is_default(const pb_field_iter_t *it) {
    const uint8_t *bytes = (const uint8_t *)it->pData;
    size_t i;
    if (PB_LTYPE(it->type) == PB_LTYPE_STRING) return bytes[0] == '\0';
    if (PB_LTYPE(it->type) == PB_LTYPE_BYTES) return ((const pb_bytes_array_t *)it->pData)->size == 0;
    for (i = 0; i < it->data_size; i++) {
        if (bytes[i] != 0) return 0;
    }
    return 1;
}

static int field_matches(const pb_field_iter_t *it, const field_name_t *f, const json_doc_t *doc,
                         int node, const char *path) {
    const pb_type_t htype = PB_HTYPE(it->type);
    const int absent = node < 0 || doc->nodes[node].type == JSON_NULL;
    if (PB_ATYPE(it->type) != PB_ATYPE_STATIC) {
        /* A field without max_size / max_count: nanopb skips it, so nothing could be compared. */
        return absent ? 1 : fail(path, "not a static field: give it a bound in swarmgate.options");
    }
    if (htype == PB_HTYPE_REPEATED) {
        const pb_size_t count = *(const pb_size_t *)it->pSize;
        pb_size_t i = 0;
        int element;
        if (absent) return count == 0 ? 1 : fail(path, "repeated field not in JSON");
        if (doc->nodes[node].type != JSON_ARRAY) return fail(path, "expected a JSON array");
        for (element = doc->nodes[node].first_child; element >= 0; element = doc->nodes[element].next, i++) {
            char element_path[256];
            if (i >= count) return fail(path, "fewer elements than in JSON");
            if (snprintf(element_path, sizeof element_path, "%s[%u]", path, (unsigned)i) >= (int)sizeof element_path) {
                return fail(path, "path too long");
            }
            if (!value_matches(it, f, (const uint8_t *)it->pData + (size_t)i * it->data_size, doc, element,
                               element_path)) {
                return 0;
            }
        }
        return i == count ? 1 : fail(path, "more elements than in JSON");
    }
    /* nanopb 0.4: PB_HTYPE_OPTIONAL == PB_HTYPE_SINGULAR; only a has_ member sets pSize. */
    if (htype == PB_HTYPE_ONEOF || it->pSize != NULL) {
        const int present = htype == PB_HTYPE_ONEOF ? *(const pb_size_t *)it->pSize == it->tag
                                                    : *(const bool *)it->pSize;
        if (absent) return present ? fail(path, "present, not in JSON") : 1;
        if (!present) return fail(path, "in JSON, absent after decode");
        return value_matches(it, f, it->pData, doc, node, path);
    }
    if (absent) return is_default(it) ? 1 : fail(path, "non-default value not in JSON");
    return value_matches(it, f, it->pData, doc, node, path);
}

int message_matches_json(const pb_msgdesc_t *descriptor, const void *message, const json_doc_t *doc,
                         int object, const char *path) {
    pb_field_iter_t it;
    int matched = 0;
    int members = 0;
    int key;
    for (key = doc->nodes[object].first_child; key >= 0; key = doc->nodes[doc->nodes[key].next].next) {
        members++;
    }
    if (pb_field_iter_begin_const(&it, descriptor, message)) {
        do {
            const field_name_t *f = field_name(descriptor, it.tag);
            char name[64];
            char field_path[256];
            int node;
            if (f == NULL) return fail(path, "a field missing from the name table");
            json_name(f->name, name, sizeof name);
            if (snprintf(field_path, sizeof field_path, "%s.%s", path, name) >= (int)sizeof field_path) {
                return fail(path, "path too long");
            }
            node = json_get(doc, object, name);
            if (node >= 0) matched++;
            if (!field_matches(&it, f, doc, node, field_path)) return 0;
        } while (pb_field_iter_next(&it));
    }
    /* Every JSON key must name a field: a key unknown here means the schemas disagree. */
    if (matched != members) {
        for (key = doc->nodes[object].first_child; key >= 0; key = doc->nodes[doc->nodes[key].next].next) {
            if (!names_a_field(descriptor, &doc->nodes[key])) {
                fprintf(stderr, "  %s: JSON key \"%.*s\" names no field of the message\n", path,
                        (int)doc->nodes[key].length, doc->nodes[key].text);
            }
        }
        return 0;
    }
    return 1;
}
