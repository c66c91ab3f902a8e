/*
 * buf.c — growable text buffers for the CLI. Commands build each puzzle's
 * output here (on worker threads) so the runner can print it in order.
 * They are the library's doku_buf; the CLI's only addition is that running
 * out of memory ends the program.
 */
#include "buf.h"
#include "usage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Out of memory: the CLI's one answer, for every allocation. */
static void die_nomem(void)
{
    fputs("doku: out of memory\n", stderr);
    exit(CLI_EXIT_USAGE);
}

void *cli_xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p)
        die_nomem();
    return p;
}

void *cli_xrealloc(void *p, size_t size)
{
    void *q = realloc(p, size ? size : 1);
    if (!q)
        die_nomem();
    return q;
}

void cli_check_written(doku_status st)
{
    if (st == DOKU_ERR_NOMEM)
        die_nomem();
}

void cli_buf_put(cli_buf *b, const char *s, size_t len)
{
    cli_check_written(doku_buf_append(b, s, len));
}

void cli_buf_puts(cli_buf *b, const char *s)
{
    cli_buf_put(b, s, strlen(s));
}

void cli_buf_json_string(cli_buf *b, const char *s)
{
    cli_check_written(doku_buf_append_json_string(b, s));
}

void cli_buf_csv_field(cli_buf *b, const char *s)
{
    cli_check_written(doku_buf_append_csv_field(b, s));
}

void cli_buf_reset(cli_buf *b)
{
    doku_buf_reset(b);
}

void cli_buf_free(cli_buf *b)
{
    doku_buf_free(b);
}
