/*
 * read_json.c — value readers the JSON variant readers share (see
 * read_json.h).
 */
#include "read_json.h"

#include <stdarg.h>

#include <ctype.h>
#include <stdio.h>
#include <string.h>

int rj_int(const io_json *j, int node, int *v)
{
    if (node < 0)
        return 0;
    const io_json_node *x = &j->nodes[node];
    if (x->type == IO_JSON_NUMBER) {
        if (x->num != (double)(long)x->num || x->num < -1e6 || x->num > 1e6)
            return 0;
        *v = (int)x->num;
        return 1;
    }
    const char *s = io_json_str(j, node);
    if (!s)
        return 0;
    while (*s == ' ')
        s++;
    int neg = *s == '-';
    s += neg;
    if (!isdigit((unsigned char)*s))
        return 0;
    long x2 = 0;
    while (isdigit((unsigned char)*s) && x2 < 1000000)
        x2 = x2 * 10 + (*s++ - '0');
    while (*s == ' ')
        s++;
    if (*s || x2 >= 1000000)
        return 0;
    *v = (int)(neg ? -x2 : x2);
    return 1;
}

int rj_truthy(const io_json *j, int node)
{
    if (node < 0)
        return 0;
    const io_json_node *x = &j->nodes[node];
    switch (x->type) {
    case IO_JSON_TRUE: return 1;
    case IO_JSON_NUMBER: return x->num != 0;
    case IO_JSON_STRING: return j->strings.data[x->str] != 0;
    case IO_JSON_ARRAY:
    case IO_JSON_OBJECT: return x->count > 0;
    default: return 0;
    }
}

const char *rj_show(const io_json *j, int node, char *buf, size_t cap)
{
    if (node < 0) {
        snprintf(buf, cap, "nothing");
        return buf;
    }
    const io_json_node *x = &j->nodes[node];
    switch (x->type) {
    case IO_JSON_NULL: snprintf(buf, cap, "null"); break;
    case IO_JSON_FALSE: snprintf(buf, cap, "false"); break;
    case IO_JSON_TRUE: snprintf(buf, cap, "true"); break;
    case IO_JSON_NUMBER: snprintf(buf, cap, "%g", x->num); break;
    case IO_JSON_STRING: snprintf(buf, cap, "'%.40s'", io_json_str(j, node)); break;
    case IO_JSON_ARRAY: snprintf(buf, cap, "an array"); break;
    case IO_JSON_OBJECT: snprintf(buf, cap, "an object"); break;
    }
    return buf;
}

int rj_at(const io_json *j, int arr, int i)
{
    if (arr < 0 || j->nodes[arr].type != IO_JSON_ARRAY || i < 0)
        return -1;
    int k = j->nodes[arr].first;
    while (k >= 0 && i-- > 0)
        k = j->nodes[k].next;
    return k;
}

int rj_rc(const io_json *j, int node, int n, int *r, int *c)
{
    const char *s = io_json_str(j, node);
    if (!s)
        return 0;
    int v[2];
    for (int i = 0; i < 2; i++) {
        if (toupper((unsigned char)*s) != (i ? 'C' : 'R'))
            return 0;
        s++;
        if (!isdigit((unsigned char)*s))
            return 0;
        int x = 0;
        while (isdigit((unsigned char)*s) && x < 1000)
            x = x * 10 + (*s++ - '0');
        if (x > n + 1)
            return 0;
        v[i] = x;
    }
    if (*s)
        return 0;
    *r = v[0];
    *c = v[1];
    return 1;
}

int rj_bad(rj_reader *f, const char *fmt, ...)
{
    int k = snprintf(f->msg, f->cap, "%s %s: ", f->format, f->where);
    if (k >= 0 && (size_t)k < f->cap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(f->msg + k, f->cap - (size_t)k, fmt, ap);
        va_end(ap);
    }
    *f->st = DOKU_ERR_PARSE;
    return 0;
}

int rj_add(rj_reader *f, doku_constraint_kind kind, const uint16_t *cells, size_t ncells,
           const int *params, size_t nparams)
{
    char where[128];
    snprintf(where, sizeof where, "%s %s: ", f->format, f->where);
    return vp_add(f->p, where, kind, cells, ncells, params, nparams, f->msg, f->cap, f->st);
}
