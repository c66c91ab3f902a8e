/*
 * buf.h — growable text buffers (the library's doku_buf) and the CLI's
 * allocation helpers: out of memory ends the program with a message.
 */
#ifndef DOKU_CLI_BUF_H
#define DOKU_CLI_BUF_H

#include "doku.h"

#include <stddef.h>

/* The library's growable buffer: a command builds its records in it with
 * the library's record writers (doku_format_*) and these helpers. */
typedef doku_buf cli_buf;

void cli_buf_put(cli_buf *b, const char *s, size_t len);
void cli_buf_puts(cli_buf *b, const char *s);
/* printf into b (the library's doku_buf_printf); ENOMEM ends the program. */
#define cli_buf_printf(b, ...) cli_check_written(doku_buf_printf((b), __VA_ARGS__))
/* Writes s as a JSON string literal, quotes included. */
void cli_buf_json_string(cli_buf *b, const char *s);
/* Writes s as one CSV field, quoted when it needs to be. */
void cli_buf_csv_field(cli_buf *b, const char *s);
void cli_buf_reset(cli_buf *b);
void cli_buf_free(cli_buf *b);

/* Aborts the program with a message: the CLI's only answer to ENOMEM. */
void *cli_xmalloc(size_t size);
void *cli_xrealloc(void *p, size_t size);

/* Checks a record writer's status: out of memory ends the program like
 * every other allocation failure of the CLI. */
void cli_check_written(doku_status st);

#endif
