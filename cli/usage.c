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

int cli_parsed(const char *cmd, const char *opt, doku_status st, const doku_parse_error *e)
{
    if (st == DOKU_OK) {
        if (e->note[0])
            fprintf(stderr, "doku %s: note: %s: %s\n", cmd, opt, e->note);
        return 0;
    }
    if (st == DOKU_ERR_PARSE)
        return cli_usage_error(cmd, "%s: %s", opt, e->message);
    return cli_usage_error(cmd, "%s: %s", opt, doku_status_string(st));
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

