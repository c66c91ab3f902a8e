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

void cli_buf_json_string(cli_buf *b, const char *s)
{
    cli_buf_put(b, "\"", 1);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': cli_buf_put(b, "\\\"", 2); break;
        case '\\': cli_buf_put(b, "\\\\", 2); break;
        case '\n': cli_buf_put(b, "\\n", 2); break;
        case '\r': cli_buf_put(b, "\\r", 2); break;
        case '\t': cli_buf_put(b, "\\t", 2); break;
        default:
            /* Control bytes are escaped; bytes >= 0x80 that are not
             * valid UTF-8 would make invalid JSON, so escape those too
             * as the Latin-1 code point they most likely meant. */
            if (*p < 0x20 || *p >= 0x7f)
                cli_buf_printf(b, "\\u%04x", *p);
            else
                cli_buf_put(b, (const char *)p, 1);
        }
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
