/*
 * puzzle_internal.h — a variant puzzle being read: the shape declaration
 * gathered first (side, x, hyper, jigsaw map), then the shape, givens and
 * constraints. Shared by puzzle.c (the object and the format dispatch)
 * and the readers (read_iss.c, read_text.c, read_killer.c, read_link.c).
 */
#ifndef DOKU_PUZZLE_INTERNAL_H
#define DOKU_PUZZLE_INTERNAL_H

#include "cons_internal.h"

struct doku_variant_puzzle {
    doku_shape *shape;
    doku_constraints *cs;
    uint8_t *givens;
    uint8_t *solution; /* NULL when the text had none */
    char *title;       /* the puzzle's title and author (f-puzzles,
                          SudokuPad, doku's text); NULL when none */
    char *author;
};

/* Sets *field (title or author of a puzzle, freed first) to the len bytes
 * of s, control characters as spaces and the ends trimmed; an empty
 * result leaves NULL. @return 1, or 0 with *st = DOKU_ERR_NOMEM. */
int vp_set_words(char **field, const char *s, size_t len, doku_status *st);

/* The shape a reader declares before its constraints. */
typedef struct vp_decl {
    int n;                 /* 0: not said (9) */
    unsigned variants;
    uint8_t regions[DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N];
    int has_regions;
    int keep_boxes;        /* with regions: the boxes stay too */
} vp_decl;

/* Makes p's shape, an empty list and empty givens from d. @return 1, or 0
 * with msg saying why (DOKU_ERR_NOMEM in *st when memory ran out). */
int vp_begin(doku_variant_puzzle *p, const vp_decl *d, char *msg, size_t cap,
             doku_status *st);

/* Adds a constraint; a refusal is prefixed with where ("part 3: ").
 * @return 1, or 0 with msg and *st set. */
int vp_add(doku_variant_puzzle *p, const char *where, doku_constraint_kind kind,
           const uint16_t *cells, size_t ncells, const int *params, size_t nparams,
           char *msg, size_t cap, doku_status *st);

/* Readers: each fills p (whose fields start NULL) or returns 0 with msg
 * and *st (DOKU_ERR_PARSE or DOKU_ERR_NOMEM). */
int vp_read_iss(doku_variant_puzzle *p, const char *text, size_t len, char *msg, size_t cap,
                doku_status *st);
int vp_read_text(doku_variant_puzzle *p, const char *text, size_t len, char *msg, size_t cap,
                 doku_status *st);
/* doku's JSON record with "constraints" (read_record.c). */
int vp_read_record(doku_variant_puzzle *p, const char *text, size_t len, char *msg, size_t cap,
                   doku_status *st);
/* f-puzzles / SudokuPad links, their payloads and JSON (read_link.c). */
int vp_read_link(doku_variant_puzzle *p, const char *text, size_t len, char *msg, size_t cap,
                 doku_status *st);
/* SudokuWiki killer strings "3x3:d:k:..." and the compact killer format
 * (read_killer.c). vp_is_killer: 1 SudokuWiki, 2 compact, 0 neither. */
int vp_is_killer(const char *text, size_t len);
int vp_read_killer(doku_variant_puzzle *p, const char *text, size_t len, char *msg, size_t cap,
                   doku_status *st);

/* A parsed JSON document (io/io_internal.h), for the readers below. */
struct io_json;
/* f-puzzles' JSON document (read_fpuzzles.c). */
int vp_read_fpuzzles(doku_variant_puzzle *p, const struct io_json *j, char *msg, size_t cap,
                     doku_status *st);
/* SudokuPad's JSON document, long keys (read_sudokupad.c). */
int vp_read_sudokupad(doku_variant_puzzle *p, const struct io_json *j, char *msg, size_t cap,
                      doku_status *st);
/* SudokuPad's zipped JSON (scl) into plain JSON appended to out
 * (read_scl.c). @return 0, or -1 with why (out->failed: out of memory). */
int vp_scl_unzip(const char *z, size_t len, doku_buf *out, char *why, size_t cap);

/* Reads a cell name "r1c1" (case-insensitive; 10..16 also as a letter
 * a..g after R or C) at *s, advancing it. @return the cell, -1 when it
 * is not one or lies outside n. */
int vp_cell(const char **s, const char *end, int n);

#endif
