/*
 * output.h — what the commands share to write their records: a task and
 * the options as the library's record writers see them, and the CSV
 * header row. The records themselves are the library's (doku_format_*),
 * so the CLI and the server agree.
 */
#ifndef DOKU_CLI_OUTPUT_H
#define DOKU_CLI_OUTPUT_H

#include "runner.h"

/* "FILE:LINE" of the task, or "FILE:LINE:COL" when it has a column. */
void cli_task_where(const cli_task *t, char *buf, size_t cap);

/* The task as the library's record writers name it (symbols: the
 * alphabet of the puzzle's line form). */
doku_source cli_task_source(const cli_task *t, doku_symbols symbols);
/* How records are written under o in format (a doku_format; GRID takes
 * the layout of --format tokens|hex|lewis): style, timeout. */
doku_record_opts cli_format_opts(const cli_opts *o, int format);
/* cli_format_opts for the task's format. */
doku_record_opts cli_record_opts(const cli_task *t, const cli_opts *o);

/* Prints the CSV header row of cmd's records to stdout. */
void cli_print_csv_header(doku_command cmd, int stats, int history, int extra);

#endif
