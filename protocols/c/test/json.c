#include "json.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    json_doc_t *doc;
    const char *p;
} parser_t;

static void skip_space(parser_t *ps) {
    while (*ps->p && isspace((unsigned char)*ps->p)) ps->p++;
}

static int new_node(parser_t *ps, json_type_t type) {
    json_node_t *node;
    if (ps->doc->count >= JSON_MAX_NODES) return -1;
    node = &ps->doc->nodes[ps->doc->count];
    memset(node, 0, sizeof *node);
    node->type = type;
    node->first_child = -1;
    node->next = -1;
    return ps->doc->count++;
}

static int parse_value(parser_t *ps);

static int parse_string(parser_t *ps) {
    int index;
    const char *start;
    if (*ps->p != '"') return -1;
    start = ++ps->p;
    while (*ps->p && *ps->p != '"') {
        if (*ps->p == '\\' && ps->p[1]) ps->p++;
        ps->p++;
    }
    if (*ps->p != '"') return -1;
    index = new_node(ps, JSON_STRING);
    if (index < 0) return -1;
    ps->doc->nodes[index].text = start;
    ps->doc->nodes[index].length = (size_t)(ps->p - start);
    ps->p++;
    return index;
}

/* Parses items until close; object members are key string nodes each followed by their value. */
static int parse_container(parser_t *ps, json_type_t type, char close) {
    int index = new_node(ps, type);
    int last = -1;
    if (index < 0) return -1;
    ps->p++;
    skip_space(ps);
    if (*ps->p == close) {
        ps->p++;
        return index;
    }
    for (;;) {
        int item;
        skip_space(ps);
        if (type == JSON_OBJECT) {
            int key = parse_string(ps);
            if (key < 0) return -1;
            skip_space(ps);
            if (*ps->p++ != ':') return -1;
            skip_space(ps);
            item = parse_value(ps);
            if (item < 0) return -1;
            ps->doc->nodes[key].next = item;
            if (last < 0) ps->doc->nodes[index].first_child = key;
            else ps->doc->nodes[last].next = key;
        } else {
            item = parse_value(ps);
            if (item < 0) return -1;
            if (last < 0) ps->doc->nodes[index].first_child = item;
            else ps->doc->nodes[last].next = item;
        }
        last = item;
        skip_space(ps);
        if (*ps->p == ',') {
            ps->p++;
            continue;
        }
        if (*ps->p++ != close) return -1;
        return index;
    }
}

static int parse_value(parser_t *ps) {
    int index;
    skip_space(ps);
    switch (*ps->p) {
    case '{': return parse_container(ps, JSON_OBJECT, '}');
    case '[': return parse_container(ps, JSON_ARRAY, ']');
    case '"': return parse_string(ps);
    case 't':
    case 'f':
        index = new_node(ps, JSON_BOOL);
        if (index < 0) return -1;
        ps->doc->nodes[index].boolean = *ps->p == 't';
        ps->p += *ps->p == 't' ? 4 : 5;
        return index;
    case 'n':
        ps->p += 4;
        return new_node(ps, JSON_NULL);
    default: {
        const char *start = ps->p;
        while (*ps->p && strchr("+-0123456789.eE", *ps->p)) ps->p++;
        if (ps->p == start) return -1;
        index = new_node(ps, JSON_NUMBER);
        if (index < 0) return -1;
        ps->doc->nodes[index].text = start;
        ps->doc->nodes[index].length = (size_t)(ps->p - start);
        return index;
    }
    }
}

int json_parse(json_doc_t *doc, const char *text) {
    parser_t ps;
    int root;
    doc->count = 0;
    ps.doc = doc;
    ps.p = text;
    root = parse_value(&ps);
    skip_space(&ps);
    return *ps.p == '\0' ? root : -1;
}

int json_get(const json_doc_t *doc, int object, const char *key) {
    int child;
    const size_t key_length = strlen(key);
    if (object < 0 || doc->nodes[object].type != JSON_OBJECT) return -1;
    for (child = doc->nodes[object].first_child; child >= 0;
         child = doc->nodes[doc->nodes[child].next].next) {
        const json_node_t *k = &doc->nodes[child];
        if (k->length == key_length && memcmp(k->text, key, key_length) == 0) return k->next;
    }
    return -1;
}

long json_string(const json_doc_t *doc, int node, char *out, size_t capacity) {
    const json_node_t *s = &doc->nodes[node];
    size_t i;
    size_t o = 0;
    if (s->type != JSON_STRING) return -1;
    for (i = 0; i < s->length; i++) {
        char c = s->text[i];
        if (c == '\\') {
            c = s->text[++i];
            if (c == 'n') c = '\n';
            else if (c == 't') c = '\t';
            else if (c == 'u') {
                char hex[5] = {0};
                if (i + 4 >= s->length) return -1;
                memcpy(hex, s->text + i + 1, 4);
                c = (char)strtol(hex, NULL, 16); /* the vectors are ASCII */
                i += 4;
            }
        }
        if (o + 1 >= capacity) return -1;
        out[o++] = c;
    }
    out[o] = '\0';
    return (long)o;
}
