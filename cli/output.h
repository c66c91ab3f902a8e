/*
 * output.h — what the commands share to write their records: a task and
 * the options as the library's record writers see them, the sentence
 * naming duplicate givens, and the CSV header row. The records themselves
 * are the library's (doku_format_*), so the CLI and the server agree.
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

/* Describes the duplicate givens of cells (up to max of them) as
 * "r1c1 and r1c5 both hold 5 in row 1; ..." into b. If marks is not NULL,
 * sets marks[cell] = 1 for every cell involved. @return the number of
 * conflicts (0: none), or -1 for a value outside 0..n. */
long cli_describe_conflicts(cli_buf *b, const doku_shape *s, const uint8_t *cells,
                            doku_symbols symbols, uint8_t *marks, int max);

/* Prints the CSV header row of cmd's records to stdout. */
void cli_print_csv_header(doku_command cmd, int stats, int history, int extra);

#endif
