/*
 * output.h — what the commands share to write their records: a task and
 * the options as the library's record writers see them, and the CSV
 * header row. The records themselves are the library's (doku_format_*),
 * so the CLI and the server agree.
 */
#ifndef DOKU_CLI_OUTPUT_H
#define DOKU_CLI_OUTPUT_H

#include "doku_records.h"
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

/* For a pencil-mark puzzle (t->cands) that has no solution under its
 * marks: searches the givens alone (limit 1, budget seconds, 0 = none)
 * and, when they have a solution, appends to why that the marks exclude
 * every solution, naming cells where the one found has a digit the marks
 * crossed out. @return 1 when written, 0 (nothing written) when there
 * are no marks or the givens have no solution either. */
int cli_marks_exclude(doku_solver *sv, const cli_task *t, double budget, cli_buf *why);
/* The search for the likely wrong cell without --timeout (check, classic
 * and variant): one search per filled cell (and digit) takes a few ms on
 * 9x9 but can take long on a 25x25 or a hard killer; past this it is
 * left out, the verdict unchanged. */
#define CLI_WRONG_ENTRY_SECONDS 2.0

/* For a task whose filled cells have no solution: appends to why the
 * sentence naming the likely wrong entry (doku_find_wrong_entry, within
 * budget seconds) and, if marks (n*n) is not NULL, flags its suspects
 * there. @return 1 if it names one; 0 (nothing written) if none is found,
 * more than one entry is wrong or the budget ran out. */
int cli_wrong_entry(doku_solver *sv, const cli_task *t, double budget, cli_buf *why, uint8_t *marks);

/* Prints the CSV header row of cmd's records to stdout. */
void cli_print_csv_header(doku_command cmd, int stats, int history, int extra);

#endif
