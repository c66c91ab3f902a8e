/*
 * json_mini.c — a small JSON reader for the puzzle formats that carry
 * JSON (f-puzzles and SudokuPad links): the whole text into a flat node
 * table, strings decoded (escapes, \u surrogate pairs to UTF-8).
 *
 * The one design idea: nodes are indexes into one array linked as first
 * child / next sibling, so a document is two allocations and a lookup is
 * a walk; depth and size are bounded, so no input can recurse deeply or
 * grow without limit. The library stays free of dependencies.
 */
#include "io_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 64, MAX_NODES = 1 << 20 };

typedef struct parser {
    const char *s;
    size_t len, pos;
    io_json *j;
    char *why;
    size_t cap;
} parser;

static int fail(parser *p, const char *what)
{
    if (p->why && p->cap)
        snprintf(p->why, p->cap, "JSON: %s at byte %zu", what, p->pos + 1);
    return -1;
}

static void skip_ws(parser *p)
{
    while (p->pos < p->len && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' ||
                               p->s[p->pos] == '\n' || p->s[p->pos] == '\r'))
        p->pos++;
}

static int new_node(parser *p, io_json_type t)
{
    io_json *j = p->j;
    if (j->count == MAX_NODES)
        return fail(p, "too many values");
    if (j->count == j->cap) {
        size_t nc = j->cap ? j->cap * 2 : 64;
        io_json_node *nn = realloc(j->nodes, nc * sizeof *nn);
        if (!nn)
            return fail(p, "out of memory");
        j->nodes = nn;
        j->cap = nc;
    }
    io_json_node *n = &j->nodes[j->count];
    memset(n, 0, sizeof *n);
    n->type = t;
    n->first = n->next = -1;
    n->key = -1;
    return (int)j->count++;
}

static int hex4(const char *s, unsigned *v)
{
    *v = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            return 0;
        *v = *v << 4 | (unsigned)d;
    }
    return 1;
}

/* A string at p->pos (on the quote) into the arena. @return its offset. */
static long parse_string(parser *p)
{
    doku_buf *a = &p->j->strings;
    size_t off = a->len;
    p->pos++;
    while (p->pos < p->len) {
        char c = p->s[p->pos];
        if (c == '"') {
            p->pos++;
            doku_buf_append(a, "", 1); /* the terminating NUL */
            return a->failed ? fail(p, "out of memory") : (long)off;
        }
        if ((unsigned char)c < 0x20)
            return fail(p, "control character in a string");
        if (c != '\\') {
            doku_buf_append(a, &c, 1);
            p->pos++;
            continue;
        }
        if (p->pos + 1 >= p->len)
            break;
        char e = p->s[p->pos + 1];
        size_t at = p->pos; /* the backslash, where an error points */
        p->pos += 2;
        const char *simple = strchr("\"\\/bfnrt", e);
        if (e && simple) {
            static const char out[] = "\"\\/\b\f\n\r\t";
            doku_buf_append(a, &out[simple - "\"\\/bfnrt"], 1);
            continue;
        }
        unsigned cp, lo;
        if (e != 'u' || p->pos + 4 > p->len || !hex4(p->s + p->pos, &cp)) {
            p->pos = at;
            return fail(p, "bad escape");
        }
        p->pos += 4;
        if (cp >= 0xD800 && cp < 0xDC00 && p->pos + 6 <= p->len && p->s[p->pos] == '\\' &&
            p->s[p->pos + 1] == 'u' && hex4(p->s + p->pos + 2, &lo) && lo >= 0xDC00 && lo < 0xE000) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            p->pos += 6;
        }
        io_buf_put_utf8(a, cp);
    }
    return fail(p, "unterminated string");
}

static int parse_value(parser *p, int depth);

static int parse_container(parser *p, int depth, int object)
{
    int me = new_node(p, object ? IO_JSON_OBJECT : IO_JSON_ARRAY);
    if (me < 0)
        return -1;
    p->pos++;
    skip_ws(p);
    char close = object ? '}' : ']';
    if (p->pos < p->len && p->s[p->pos] == close) {
        p->pos++;
        return me;
    }
    int last = -1;
    for (;;) {
        long key = -1;
        skip_ws(p);
        if (object) {
            if (p->pos >= p->len || p->s[p->pos] != '"')
                return fail(p, "expected a key");
            key = parse_string(p);
            if (key < 0)
                return -1;
            skip_ws(p);
            if (p->pos >= p->len || p->s[p->pos] != ':')
                return fail(p, "expected ':'");
            p->pos++;
        }
        int v = parse_value(p, depth + 1);
        if (v < 0)
            return -1;
        p->j->nodes[v].key = key;
        if (last < 0)
            p->j->nodes[me].first = v;
        else
            p->j->nodes[last].next = v;
        p->j->nodes[me].count++;
        last = v;
        skip_ws(p);
        if (p->pos < p->len && p->s[p->pos] == ',') {
            p->pos++;
            continue;
        }
        if (p->pos < p->len && p->s[p->pos] == close) {
            p->pos++;
            return me;
        }
        return fail(p, object ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static int parse_value(parser *p, int depth)
{
    if (depth > MAX_DEPTH)
        return fail(p, "nested too deeply");
    skip_ws(p);
    if (p->pos >= p->len)
        return fail(p, "unexpected end");
    char c = p->s[p->pos];
    if (c == '{' || c == '[')
        return parse_container(p, depth, c == '{');
    if (c == '"') {
        int me = new_node(p, IO_JSON_STRING);
        if (me < 0)
            return -1;
        long off = parse_string(p);
        if (off < 0)
            return -1;
        p->j->nodes[me].str = off;
        return me;
    }
    static const struct {
        const char *word;
        io_json_type t;
    } words[] = {{"true", IO_JSON_TRUE}, {"false", IO_JSON_FALSE}, {"null", IO_JSON_NULL}};
    for (size_t i = 0; i < 3; i++) {
        size_t wl = strlen(words[i].word);
        if (p->len - p->pos >= wl && !memcmp(p->s + p->pos, words[i].word, wl)) {
            p->pos += wl;
            return new_node(p, words[i].t);
        }
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
        char tmp[64];
        size_t k = 0, at = p->pos;
        while (p->pos < p->len && k + 1 < sizeof tmp && strchr("+-0123456789.eE", p->s[p->pos]) &&
               p->s[p->pos])
            tmp[k++] = p->s[p->pos++];
        tmp[k] = '\0';
        char *end;
        double v = strtod(tmp, &end);
        if (end == tmp || *end) {
            p->pos = at;
            return fail(p, "bad number");
        }
        int me = new_node(p, IO_JSON_NUMBER);
        if (me >= 0)
            p->j->nodes[me].num = v;
        return me;
    }
    return fail(p, "unexpected character");
}

int io_json_parse(io_json *j, const char *s, size_t len, char *why, size_t cap)
{
    memset(j, 0, sizeof *j);
    parser p = {s, len, 0, j, why, cap};
    int root = parse_value(&p, 0);
    if (root < 0)
        return -1;
    skip_ws(&p);
    if (p.pos != len)
        return fail(&p, "text after the value");
    return 0;
}

void io_json_free(io_json *j)
{
    free(j->nodes);
    doku_buf_free(&j->strings);
    memset(j, 0, sizeof *j);
}

int io_json_get(const io_json *j, int obj, const char *key)
{
    if (obj < 0 || j->nodes[obj].type != IO_JSON_OBJECT)
        return -1;
    for (int k = j->nodes[obj].first; k >= 0; k = j->nodes[k].next)
        if (!strcmp(j->strings.data + j->nodes[k].key, key))
            return k;
    return -1;
}

const char *io_json_str(const io_json *j, int node)
{
    return node >= 0 && j->nodes[node].type == IO_JSON_STRING ? j->strings.data + j->nodes[node].str
                                                               : NULL;
}

const char *io_json_key(const io_json *j, int node)
{
    return node >= 0 && j->nodes[node].key >= 0 ? j->strings.data + j->nodes[node].key : NULL;
}
