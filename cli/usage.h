/*
 * usage.h — exit codes, the message for a bad command line, and strict
 * parsing of option values: what every command and option module shares.
 */
#ifndef DOKU_CLI_USAGE_H
#define DOKU_CLI_USAGE_H

#include "doku_parse.h"

#include <stdint.h>

/* Exit codes of every command. */
enum {
    CLI_EXIT_OK = 0,      /* everything as hoped */
    CLI_EXIT_FAIL = 1,    /* some puzzle unsolvable / invalid / not unique */
    CLI_EXIT_USAGE = 2    /* bad command line or unreadable input */
};

/* Prints "doku CMD: message" and a hint to stderr. @return -1. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The largest value cli_parse_u64 takes (2^64-1), for messages that name
 * an option's real range. */
#define CLI_U64_MAX_TEXT "18446744073709551615"

/* Strict number parsing for option values. @return 0 or -1. */
int cli_parse_u64(const char *s, uint64_t *out);
int cli_parse_seconds(const char *s, double *out);

/* Reports what a doku_parse_* call said about the value of option opt:
 * on DOKU_OK its note (an old spelling accepted) as "doku CMD: note:
 * ..." and 0; otherwise "doku CMD: OPT: message" (the library's message,
 * the same the server gives) and -1. */
int cli_parsed(const char *cmd, const char *opt, doku_status st, const doku_parse_error *e);

#endif
