/*
 * json_check.h — a strict RFC 8259 checker for the fuzz targets that
 * write JSON (fuzz_records, fuzz_http_body): every value, string escape
 * and number form is checked, nothing is built. Static functions, for
 * inclusion in one target each.
 */
#ifndef DOKU_FUZZ_JSON_CHECK_H
#define DOKU_FUZZ_JSON_CHECK_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *ws(const char *p)
{
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
        p++;
    return p;
}

static const char *value(const char *p, int depth);

static const char *string(const char *p)
{
    if (*p++ != '"')
        return NULL;
    for (;;) {
        unsigned char c = (unsigned char)*p++;
        if (c == '"')
            return p;
        if (c < 0x20)
            return NULL;
        if (c == '\\') {
            c = (unsigned char)*p++;
            if (c == 'u') {
                for (int i = 0; i < 4; i++, p++)
                    if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f') ||
                          (*p >= 'A' && *p <= 'F')))
                        return NULL;
            } else if (!strchr("\"\\/bfnrt", c) || !c) {
                return NULL;
            }
        }
    }
}

static const char *number(const char *p)
{
    if (*p == '-')
        p++;
    if (*p == '0')
        p++;
    else if (*p >= '1' && *p <= '9')
        while (*p >= '0' && *p <= '9')
            p++;
    else
        return NULL;
    if (*p == '.') {
        p++;
        if (!(*p >= '0' && *p <= '9'))
            return NULL;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!(*p >= '0' && *p <= '9'))
            return NULL;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    return p;
}

static const char *value(const char *p, int depth)
{
    if (depth > 64)
        return NULL;
    p = ws(p);
    if (*p == '{' || *p == '[') {
        char close = *p == '{' ? '}' : ']';
        int obj = *p == '{';
        p = ws(p + 1);
        if (*p == close)
            return p + 1;
        for (;;) {
            if (obj) {
                p = string(ws(p));
                if (!p || *(p = ws(p)) != ':')
                    return NULL;
                p++;
            }
            p = value(p, depth + 1);
            if (!p)
                return NULL;
            p = ws(p);
            if (*p == close)
                return p + 1;
            if (*p++ != ',')
                return NULL;
        }
    }
    if (*p == '"')
        return string(p);
    if (!strncmp(p, "true", 4))
        return p + 4;
    if (!strncmp(p, "false", 5))
        return p + 5;
    if (!strncmp(p, "null", 4))
        return p + 4;
    return number(p);
}

/* text (NUL-terminated, NULL: empty) holds whole JSON values, one
 * after another; anything else aborts, naming the offset. */
static void check_json(const char *text)
{
    const char *p = text ? text : "";
    for (p = ws(p); *p; p = ws(p)) {
        const char *at = p;
        p = value(p, 0);
        if (!p) {
            fprintf(stderr, "not JSON at offset %zu of:\n%s\n", (size_t)(at - text), text);
            abort();
        }
    }
}

#endif
