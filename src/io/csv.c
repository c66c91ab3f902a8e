/*
 * csv.c — splits a line as spreadsheets save it: fields separated by ',',
 * ';' or tabs, each optionally in double quotes ("" is a quote inside).
 *
 * The one design idea: the delimiter is read from the line itself (the
 * most frequent of the three outside quotes), so Excel's "CSV", European
 * Excel's ';' and LibreOffice's tab exports need no option.
 */
#include "io_internal.h"

#include <string.h>

char io_csv_delimiter(const char *s, size_t len)
{
    /* most lines hold none of the three: three memchr calls say so */
    if (!len || (!memchr(s, ',', len) && !memchr(s, ';', len) && !memchr(s, '\t', len)))
        return 0;
    size_t comma = 0, semi = 0, tab = 0;
    int quoted = 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == '"')
            quoted = !quoted;
        else if (quoted)
            continue;
        else if (c == ',')
            comma++;
        else if (c == ';')
            semi++;
        else if (c == '\t')
            tab++;
    }
    if (!comma && !semi && !tab)
        return 0;
    if (comma >= semi && comma >= tab)
        return ',';
    return semi >= tab ? ';' : '\t';
}

size_t io_csv_split(const char *s, size_t len, char delim, io_field *f, size_t max)
{
    size_t n = 0, i = 0;
    for (;;) {
        size_t b = i;
        int quoted = 0;
        /* spaces before an opening quote belong to no field */
        size_t q = i;
        while (q < len && (s[q] == ' ' || (s[q] == '\t' && delim != '\t')))
            q++;
        /* ="..." is how spreadsheets are told a digit string is text (Excel
         * and LibreOffice keep its leading zeros and all its digits): the
         * '=' belongs to no field */
        int text = q + 1 < len && s[q] == '=' && s[q + 1] == '"';
        q += (size_t)text;
        if (q < len && s[q] == '"') {
            quoted = 1 + text;
            i = q + 1;
            b = i;
            while (i < len) {
                if (s[i] == '"') {
                    if (i + 1 < len && s[i + 1] == '"') {
                        i += 2;
                        continue;
                    }
                    break;
                }
                i++;
            }
        } else {
            while (i < len && s[i] != delim)
                i++;
        }
        size_t e = i;
        if (quoted) {
            if (i < len)
                i++; /* the closing quote; what follows up to the delimiter is dropped */
            while (i < len && s[i] != delim)
                i++;
        } else {
            while (b < e && (s[b] == ' ' || s[b] == '\t'))
                b++;
            while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r'))
                e--;
        }
        if (n < max) {
            f[n].p = s + b;
            f[n].len = e - b;
            f[n].col = b + 1;
            f[n].quoted = quoted;
        }
        n++;
        if (i >= len)
            break;
        i++; /* the delimiter */
    }
    return n;
}
