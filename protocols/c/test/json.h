/* A small JSON reader for the test vectors' .json files (test code only: fixed node pool). */
#ifndef SG_TEST_JSON_H
#define SG_TEST_JSON_H

#include <stddef.h>

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type_t;

typedef struct {
    json_type_t type;
    const char *text; /* number: its literal; string: the raw (still escaped) characters */
    size_t length;    /* of text */
    int first_child;  /* array element / object key (a string node whose value follows it) */
    int next;         /* next sibling, -1 at the end */
    int boolean;
} json_node_t;

#define JSON_MAX_NODES 4096

typedef struct {
    json_node_t nodes[JSON_MAX_NODES];
    int count;
} json_doc_t;

/* Parses text (NUL-terminated, kept alive by the caller); returns the root index or -1. */
int json_parse(json_doc_t *doc, const char *text);

/* Value node of key in object node, or -1. */
int json_get(const json_doc_t *doc, int object, const char *key);

/* Unescapes a string node into out (NUL-terminated); returns its length or -1 if it does not fit. */
long json_string(const json_doc_t *doc, int node, char *out, size_t capacity);

#endif
