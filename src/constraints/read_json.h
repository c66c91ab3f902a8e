/*
 * read_json.h — what the JSON readers of variant puzzles share (f-puzzles,
 * read_fpuzzles.c; SudokuPad, read_sudokupad.c): the parsed document and
 * the small value readers over it (read_json.c).
 */
#ifndef DOKU_READ_JSON_H
#define DOKU_READ_JSON_H

#include "io/io_internal.h"
#include "puzzle_internal.h"

/* @return 1 with *v when node is an integer: a JSON number without a
 * fraction or a string of decimal digits (f-puzzles writes sums as
 * strings, "15"); 0 otherwise (also for node < 0). */
int rj_int(const io_json *j, int node, int *v);

/* 1 for true, a nonzero number, a non-empty string, array or object. */
int rj_truthy(const io_json *j, int node);

/* A short rendering of a value for messages (a string's text, a number,
 * "an array"...), into buf (cap bytes). @return buf. */
const char *rj_show(const io_json *j, int node, char *buf, size_t cap);

/* Element i of an array node, or -1. */
int rj_at(const io_json *j, int arr, int i);

/* f-puzzles' "R3C12" (case-insensitive) into 1-based *r, *c, each
 * 0..n+1 (0 and n+1 lie outside the grid, where clues sit). @return 1,
 * or 0 when node is not such a string. */
int rj_rc(const io_json *j, int node, int n, int *r, int *c);

/* One JSON reader's state: the document, the puzzle it fills, where its
 * messages go, and the field being read ("killercage[2]") that each
 * message names after the format's name ("f-puzzles", "SudokuPad"). */
typedef struct rj_reader {
    const char *format;
    const io_json *j;
    doku_variant_puzzle *p;
    int n;
    char *msg;
    size_t cap;
    doku_status *st;
    char where[96];
} rj_reader;

/* Sets the message "FORMAT FIELD: " + fmt and DOKU_ERR_PARSE. @return 0. */
int rj_bad(rj_reader *f, const char *fmt, ...) DOKU_PRINTF(2, 3);

/* Adds a constraint through vp_add, its refusals prefixed by the format
 * and field. @return vp_add's result. */
int rj_add(rj_reader *f, doku_constraint_kind kind, const uint16_t *cells, size_t ncells,
           const int *params, size_t nparams);

#endif
