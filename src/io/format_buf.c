/*
 * format_buf.c — the growable text buffer every record writer appends to,
 * and the escaping of JSON strings and CSV fields, next to the bytes they
 * guard.
 *
 * The one design idea: an allocation failure is sticky. The buffer keeps
 * what it had, sets failed and drops later appends, so a writer appends
 * freely and its caller checks once, instead of every line checking.
 */
#include "io_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int io_buf_reserve(doku_buf *b, size_t extra)
{
    if (b->failed)
        return -1;
    if (b->len + extra + 1 <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1) {
        if (cap > SIZE_MAX / 2) {
            b->failed = 1;
            return -1;
        }
        cap *= 2;
    }
    char *p = realloc(b->data, cap);
    if (!p) {
        b->failed = 1;
        return -1;
    }
    b->data = p;
    b->cap = cap;
    return 0;
}

doku_status io_buf_status(const doku_buf *b)
{
    return b->failed ? DOKU_ERR_NOMEM : DOKU_OK;
}

doku_status doku_buf_append(doku_buf *b, const char *s, size_t len)
{
    if (!b || (!s && len))
        return DOKU_ERR_ARG;
    if (io_buf_reserve(b, len) != 0)
        return DOKU_ERR_NOMEM;
    if (len)
        memcpy(b->data + b->len, s, len);
    b->len += len;
    b->data[b->len] = '\0';
    return DOKU_OK;
}

void io_buf_puts(doku_buf *b, const char *s)
{
    doku_buf_append(b, s, strlen(s));
}

void io_buf_put_utf8(doku_buf *b, uint32_t cp)
{
    char t[4];
    size_t n;
    /* half a UTF-16 surrogate pair (a JSON "\ud800", a lone unit in
     * lz-string data, "&#xD800;") is no character: in UTF-8 it would
     * make every record written from the text invalid */
    if (cp >= 0xD800 && cp < 0xE000)
        cp = 0xFFFD;
    if (cp < 0x80) {
        t[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        t[0] = (char)(0xC0 | cp >> 6);
        t[1] = (char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        t[0] = (char)(0xE0 | cp >> 12);
        t[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        t[2] = (char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        t[0] = (char)(0xF0 | cp >> 18);
        t[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        t[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        t[3] = (char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    doku_buf_append(b, t, n);
}

doku_status doku_buf_printf(doku_buf *b, const char *fmt, ...)
{
    if (!b || !fmt)
        return DOKU_ERR_ARG;
    va_list ap;
    va_start(ap, fmt);
    char small[256];
    int need = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (need < 0)
        return DOKU_ERR_ARG;
    if ((size_t)need < sizeof small)
        return doku_buf_append(b, small, (size_t)need);
    /* too long for the stack copy: print a second time straight into b */
    if (io_buf_reserve(b, (size_t)need) != 0)
        return DOKU_ERR_NOMEM;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)need + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)need;
    return DOKU_OK;
}

void io_buf_cell(doku_buf *b, const doku_shape *s, int cell)
{
    char name[24];
    size_t k;
    if (doku_cell_name(s, cell, name, sizeof name, &k) == DOKU_OK && k > 0)
        doku_buf_append(b, name, k < sizeof name ? k : sizeof name - 1);
}

/* Length of the valid UTF-8 sequence at p (1..4), or 0 if it is not one. */
static int utf8_length(const unsigned char *p)
{
    int len;
    unsigned min;
    unsigned cp;
    if (p[0] < 0x80)
        return 1;
    if ((p[0] & 0xE0) == 0xC0) {
        len = 2, min = 0x80, cp = p[0] & 0x1Fu;
    } else if ((p[0] & 0xF0) == 0xE0) {
        len = 3, min = 0x800, cp = p[0] & 0x0Fu;
    } else if ((p[0] & 0xF8) == 0xF0) {
        len = 4, min = 0x10000, cp = p[0] & 0x07u;
    } else {
        return 0;
    }
    for (int i = 1; i < len; i++) {
        if ((p[i] & 0xC0) != 0x80)
            return 0;   /* also stops at the terminating NUL */
        cp = (cp << 6) | (p[i] & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

doku_status doku_buf_append_json_string(doku_buf *b, const char *s)
{
    if (!b)
        return DOKU_ERR_ARG;
    doku_buf_append(b, "\"", 1);
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    while (*p) {
        /* the plain run up to the next byte that needs a look */
        const unsigned char *q = p;
        while (*q >= 0x20 && *q < 0x7f && *q != '"' && *q != '\\')
            q++;
        if (q > p) {
            doku_buf_append(b, (const char *)p, (size_t)(q - p));
            p = q;
            continue;
        }
        int len = 1;
        switch (*p) {
        case '"': doku_buf_append(b, "\\\"", 2); break;
        case '\\': doku_buf_append(b, "\\\\", 2); break;
        case '\n': doku_buf_append(b, "\\n", 2); break;
        case '\r': doku_buf_append(b, "\\r", 2); break;
        case '\t': doku_buf_append(b, "\\t", 2); break;
        default:
            /* Valid UTF-8 passes through; control bytes and bytes that are
             * not UTF-8 (comments may hold anything) are escaped, the
             * latter as the Latin-1 character they most likely meant. */
            len = utf8_length(p);
            if (*p < 0x20 || *p == 0x7f || len == 0) {
                io_buf_printf(b, "\\u%04x", *p);
                len = 1;
            } else {
                doku_buf_append(b, (const char *)p, (size_t)len);
            }
        }
        p += len;
    }
    doku_buf_append(b, "\"", 1);
    return io_buf_status(b);
}

doku_status doku_buf_append_csv_field(doku_buf *b, const char *s)
{
    if (!b)
        return DOKU_ERR_ARG;
    if (!s)
        return io_buf_status(b);
    if (!strpbrk(s, ",\"\r\n")) {
        io_buf_puts(b, s);
        return io_buf_status(b);
    }
    doku_buf_append(b, "\"", 1);
    for (const char *p = s; *p; p++) {
        if (*p == '"')
            doku_buf_append(b, "\"", 1);
        doku_buf_append(b, p, 1);
    }
    doku_buf_append(b, "\"", 1);
    return io_buf_status(b);
}

void doku_buf_reset(doku_buf *b)
{
    if (!b)
        return;
    b->len = 0;
    b->failed = 0;
    if (b->data)
        b->data[0] = '\0';
}

void doku_buf_free(doku_buf *b)
{
    if (!b)
        return;
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
    b->failed = 0;
}
