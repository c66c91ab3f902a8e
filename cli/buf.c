/*
 * buf.c — growable text buffers for the CLI. Commands build each puzzle's
 * output here (on worker threads) so the runner can print it in order.
 * Escaping for JSON and CSV lives here too, next to the bytes it guards.
 */
#include "common.h"

#include <stdlib.h>
#include <string.h>

void *cli_xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p) {
        fputs("doku: out of memory\n", stderr);
        exit(CLI_EXIT_USAGE);
    }
    return p;
}

void *cli_xrealloc(void *p, size_t size)
{
    void *q = realloc(p, size ? size : 1);
    if (!q) {
        fputs("doku: out of memory\n", stderr);
        exit(CLI_EXIT_USAGE);
    }
    return q;
}

static void buf_reserve(cli_buf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1)
        cap *= 2;
    b->data = cli_xrealloc(b->data, cap);
    b->cap = cap;
}

void cli_buf_put(cli_buf *b, const char *s, size_t len)
{
    buf_reserve(b, len);
    memcpy(b->data + b->len, s, len);
    b->len += len;
    b->data[b->len] = '\0';
}

void cli_buf_puts(cli_buf *b, const char *s)
{
    cli_buf_put(b, s, strlen(s));
}

void cli_buf_printf(cli_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char small[256];
    int need = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (need < 0)
        return;
    if ((size_t)need < sizeof small) {
        cli_buf_put(b, small, (size_t)need);
        return;
    }
    buf_reserve(b, (size_t)need);
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)need + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)need;
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

void cli_buf_json_string(cli_buf *b, const char *s)
{
    cli_buf_put(b, "\"", 1);
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        int len = 1;
        switch (*p) {
        case '"': cli_buf_put(b, "\\\"", 2); break;
        case '\\': cli_buf_put(b, "\\\\", 2); break;
        case '\n': cli_buf_put(b, "\\n", 2); break;
        case '\r': cli_buf_put(b, "\\r", 2); break;
        case '\t': cli_buf_put(b, "\\t", 2); break;
        default:
            /* Valid UTF-8 passes through; control bytes and bytes that are
             * not UTF-8 (comments may hold anything) are escaped, the
             * latter as the Latin-1 character they most likely meant. */
            len = utf8_length(p);
            if (*p < 0x20 || *p == 0x7f || len == 0) {
                cli_buf_printf(b, "\\u%04x", *p);
                len = 1;
            } else {
                cli_buf_put(b, (const char *)p, (size_t)len);
            }
        }
        p += len;
    }
    cli_buf_put(b, "\"", 1);
}

void cli_buf_csv_field(cli_buf *b, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        cli_buf_puts(b, s);
        return;
    }
    cli_buf_put(b, "\"", 1);
    for (const char *p = s; *p; p++) {
        if (*p == '"')
            cli_buf_put(b, "\"", 1);
        cli_buf_put(b, p, 1);
    }
    cli_buf_put(b, "\"", 1);
}

void cli_buf_reset(cli_buf *b)
{
    b->len = 0;
    if (b->data)
        b->data[0] = '\0';
}

void cli_buf_free(cli_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}
