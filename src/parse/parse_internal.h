/*
 * parse_internal.h — what the doku_parse_* parsers share: filling the
 * message and note of a doku_parse_error, and quoting the value typed.
 */
#ifndef DOKU_PARSE_INTERNAL_H
#define DOKU_PARSE_INTERNAL_H

#include "doku_parse.h"

#include <stddef.h>

/* Clears err (may be NULL): no message, no note. */
void parse_clear(doku_parse_error *err);

/* Writes "WHAT 'VALUE': " and then the printf-style reason into
 * err->message (err may be NULL), with the position line:col (0 0 for
 * the whole value). VALUE is text cut to a readable length; a NULL
 * text (a multi-line value) leaves out " 'VALUE'". @return
 * DOKU_ERR_PARSE, so a parser can `return parse_fail(...)`. */
doku_status parse_fail(doku_parse_error *err, int line, int col, const char *what,
                       const char *text, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* Writes the note of an accepted old spelling into err->note (printf
 * style; err may be NULL). */
void parse_note(doku_parse_error *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Writes text[0..len) into out (cap bytes) as the messages quote a part
 * of a value: cut after 40 bytes with "...", control bytes as '?'. */
void parse_quote(char *out, size_t cap, const char *text, size_t len);

/* Reads the decimal digits at *p and moves *p past them. @return their
 * value, or -1 when *p is not a digit or there are more than max_digits
 * (max_digits <= 9, so the value fits). */
long parse_digits(const char **p, size_t max_digits);

/* 1 if a (len bytes) equals the NUL-terminated word b, ignoring ASCII
 * case. */
int parse_word_is(const char *a, size_t len, const char *b);

#endif
