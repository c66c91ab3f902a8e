/*
 * testutil.h — helpers shared by the unit tests: reading data files from
 * the shared data folder and the fixtures folder, line by line, and
 * feeding text to a reader.
 */
#ifndef DOKU_TESTUTIL_H
#define DOKU_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>

#include "doku.h"

/* Reads a whole file; NULL if it cannot be read. Caller frees. */
char *tu_read_file(const char *path, size_t *len);

/* Path of a file in the shared data folder, written into buf. Without
 * the data folder the calling cmocka test is skipped (reported SKIPPED by
 * name); call it only from inside a test. */
const char *tu_data_path(char *buf, size_t cap, const char *rel);

/* Path of a file in tests/fixtures, written into buf. */
const char *tu_fixture_path(char *buf, size_t cap, const char *rel);

/* Splits text into lines in place; returns count, *lines malloc'd. Lines
 * starting with '#' and empty lines are dropped when skip_comments. */
size_t tu_lines(char *text, char ***lines, int skip_comments);

/* doku_find_conflicts on the shape's n*n cells, as a count: the number
 * of conflicts (up to cap of them into out), or -1 for an error status. */
long tu_conflicts(const doku_shape *s, const uint8_t *cells, doku_conflict *out, size_t cap);

/* doku_generator_qqwing_level's level, DOKU_QQWING_ANY for any status
 * but DOKU_OK (a contradiction, a bad value). */
doku_qqwing_level tu_qqwing(doku_generator *g, const uint8_t *puzzle, size_t ncells);

/* doku_rating_filter_accept on puzzle (the shape's n*n values, no time
 * limit): 1 accepted, 0 rejected, or the negated status for any other
 * answer (-DOKU_ERR_NOMEM...). */
int tu_filter(doku_rating_filter *f, const doku_shape *s, const uint8_t *puzzle);

/* Converts an ASCII puzzle line ('.'/'0' empty, 1-9A-Z) to values. */
int tu_cells_from_text(const char *text, int ncells, uint8_t *cells);

/* A reader (opts as doku_reader_create takes them, NULL: size from the
 * input) fed every '\n'-separated line of text and finished, each call
 * asserted DOKU_OK. The caller reads its records and frees it. */
doku_reader *tu_reader_from_text(const doku_reader_opts *opts, const char *text);

/* The same for count lines given one by one. */
doku_reader *tu_reader_from_lines(const doku_reader_opts *opts, const char *const *lines,
                                  size_t count);

#endif
