/*
 * stdin_peek.h — decides whether standard input holds variant puzzles
 * before any reader touches it.
 */
#ifndef DOKU_CLI_STDIN_PEEK_H
#define DOKU_CLI_STDIN_PEEK_H

#include "options.h"

/* 1 when text (len bytes: a whole input, or its start up to its first
 * statement) is variant puzzles: doku_variant_format_guess names a
 * variant form, and for links and JSON, whose classic puzzles the
 * classic readers take, the first puzzle has constraints or does not
 * read (the variant reader's message is the precise one). */
int cli_is_variant_text(const char *text, size_t len);

/* Reads standard input up to its first statement. When that is a variant
 * puzzle (doku_variant_format_guess), reads the rest too into
 * o->stdin_text / o->stdin_len (freed by cli_opts_free) and returns 1.
 * Otherwise returns 0 and standard input reads as before: the bytes
 * already taken are handed back in front of the rest. A terminal is not
 * peeked at (0). -1: standard input could not be read or handed back
 * (its bytes are lost; the caller reports it). */
int cli_stdin_peek(cli_opts *o);

#endif
