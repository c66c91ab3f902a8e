/*
 * message.c — what the doku_parse_* parsers share: their messages, in one
 * form, "WHAT 'VALUE': reason", so the CLI and the server say the same
 * thing for the same bad value and only prefix where it came from; and
 * the two small readers every parser needs (digits, words in any case).
 */
#include "parse_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void parse_clear(doku_parse_error *err)
{
    if (!err)
        return;
    err->line = err->col = 0;
    err->message[0] = '\0';
    err->note[0] = '\0';
}

void parse_quote(char *out, size_t cap, const char *text, size_t len)
{
    enum { SHOWN = 40 };
    if (cap == 0)
        return;
    size_t k = 0;
    for (size_t i = 0; i < len && i < SHOWN && k + 1 < cap; i++) {
        unsigned char c = (unsigned char)text[i];
        out[k++] = c < 0x20 || c == 0x7f ? '?' : (char)c;
    }
    if (len > SHOWN)
        for (int i = 0; i < 3 && k + 1 < cap; i++)
            out[k++] = '.';
    out[k] = '\0';
}

doku_status parse_fail(doku_parse_error *err, int line, int col, const char *what,
                       const char *text, const char *fmt, ...)
{
    if (!err)
        return DOKU_ERR_PARSE;
    char value[48];
    if (text)
        parse_quote(value, sizeof value, text, strlen(text));
    err->line = line;
    err->col = col;
    int k = text ? snprintf(err->message, sizeof err->message, "%s '%s': ", what, value)
                 : snprintf(err->message, sizeof err->message, "%s: ", what);
    if (k >= 0 && (size_t)k < sizeof err->message) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message + k, sizeof err->message - (size_t)k, fmt, ap);
        va_end(ap);
    }
    return DOKU_ERR_PARSE;
}

void parse_note(doku_parse_error *err, const char *fmt, ...)
{
    if (!err)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->note, sizeof err->note, fmt, ap);
    va_end(ap);
}

int parse_word_is(const char *a, size_t len, const char *b)
{
    if (strlen(b) != len)
        return 0;
    for (size_t i = 0; i < len; i++) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z')
            x = (char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z')
            y = (char)(y - 'A' + 'a');
        if (x != y)
            return 0;
    }
    return 1;
}

long parse_digits(const char **p, size_t max_digits)
{
    const char *s = *p;
    long v = 0;
    size_t k = 0;
    while (s[k] >= '0' && s[k] <= '9') {
        if (k < max_digits)
            v = v * 10 + (s[k] - '0');
        k++;
    }
    *p = s + k;
    return k == 0 || k > max_digits ? -1 : v;
}
