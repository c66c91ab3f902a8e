/*
 * usage.c — the message for a bad command line and strict parsing of
 * option values, shared by every command and option module.
 */
#include "usage.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "doku %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'doku %s --help'.\n", cmd);
    return -1;
}

int cli_parse_u64(const char *s, uint64_t *out)
{
    if (!s || *s < '0' || *s > '9')
        return -1;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        return -1;
    *out = v;
    return 0;
}

int cli_parse_band(const char *v, uint64_t *lo, uint64_t *hi)
{
    const char *dash = strchr(v, '-');
    if (!dash)
        return cli_parse_u64(v, lo) != 0 ? -1 : (*hi = *lo, 0);
    char first[32];
    size_t len = (size_t)(dash - v);
    if (len == 0 || len >= sizeof first)
        return -1;
    memcpy(first, v, len);
    first[len] = '\0';
    if (cli_parse_u64(first, lo) != 0 || cli_parse_u64(dash + 1, hi) != 0 || *lo > *hi)
        return -1;
    return 0;
}

int cli_parse_seconds(const char *s, double *out)
{
    if (!s || !*s)
        return -1;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || *end || !(v >= 0) || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

