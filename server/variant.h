/*
 * variant.h — variant constraints in the API: which puzzle texts are
 * variant puzzles (doku's own text format, Interactive Sudoku Solver
 * strings, killer strings, links: doku_variant_format_guess), the
 * "constraints" request field read onto a shape,
 * and constraints written back as JSON for records and /api/open.
 *
 * The JSON form of one constraint (docs/API.md, docs/schema/defs.json):
 *   {"kind": "cage", "cells": ["r1c1", "r1c2"], "params": [15]}
 * kind is the keyword of doku's text format (doku_constraint_kind_key),
 * cells are rNcM names in the model's order, params the model's integers
 * (include/doku_constraints.h); written constraints add "text", the
 * library's sentence ("killer cage 15 at r1c1 r1c2").
 */
#ifndef DOKU_SERVER_VARIANT_H
#define DOKU_SERVER_VARIANT_H

#include "reply.h"

#include "doku.h"
#include "doku_constraints.h"

#include <cjson/cJSON.h>
#include <stddef.h>

typedef enum srv_text_kind {
    SRV_TEXT_CLASSIC = 0, /* grids, lines, any format the reader takes */
    SRV_TEXT_VARIANT = 1, /* one variant puzzle: doku's variant text
                             format, f-puzzles' JSON */
    SRV_TEXT_LINES = 2,   /* variant puzzles one a line: ISS strings,
                             SudokuWiki and compact killer strings */
    SRV_TEXT_LINK = 3     /* f-puzzles or SudokuPad links, one a line: a
                             variant puzzle when it has constraints, else
                             the classic reader's (its metadata, its
                             words) */
} srv_text_kind;

/* What text (len bytes) is, judged from its first statement as the CLI
 * judges a file (doku_variant_format_guess). */
srv_text_kind srv_text_kind_of(const char *text, size_t len);

/* Reads the request's "constraints" field (absent or null: nothing) onto
 * shape, appending to *cs (created on shape when NULL; the caller frees
 * it with doku_constraints_free). @return 0, or -1 with a 400 naming the
 * field ("constraints[2].cells[1]") and, for a constraint that cannot
 * hold, the library's sentence. */
int srv_read_constraints(const cJSON *req, const doku_shape *shape, doku_constraints **cs,
                         srv_reply *out);

/* Copies every constraint of from into *cs (created on shape when NULL).
 * @return 0, or -1 with a 500 in out. */
int srv_copy_constraints(const doku_constraints *from, const doku_shape *shape,
                         doku_constraints **cs, srv_reply *out);

/* The constraints of cs as a JSON array (NULL when out of memory). */
cJSON *srv_constraints_json(const doku_constraints *cs);

/* Adds cs's array to o as "constraints" (o keeps it). @return 1; 0 when
 * o is NULL or memory ran out (nothing added, nothing leaked). */
int srv_add_constraints(cJSON *o, const doku_constraints *cs);

/* The constraints of cs that the filled cells of cells (the shape's n*n
 * values) break, as the library words them: in *why the sentences joined
 * by "; " (malloc'd, the caller frees it; NULL when none is broken), each
 * broken constraint's cells flagged in marks (n*n, or NULL), and in *list
 * (the caller's to cJSON_Delete; NULL when *why is) one object per broken
 * constraint: {"constraint": index, "kind", "cells", "text"}.
 * @return 0, or -1 when memory ran out (*why and *list NULL). */
int srv_violations(const doku_constraints *cs, const uint8_t *cells, uint8_t *marks, char **why,
                   cJSON **list);

/* The jigsaw region of each cell of shape (n*n ids 0..n-1, malloc'd, the
 * caller frees it), or NULL when it has none or memory ran out. */
uint8_t *srv_region_map(const doku_shape *shape);

/* Adds to meta what a page needs of shape to draw it as doku reads it:
 * "variant" ("x", "hyper", "x,hyper"), "regions" (n*n symbols 1-9A-Z of
 * a jigsaw) and "keep_boxes" ("1") when there are any. */
void srv_shape_meta(cJSON *meta, const doku_shape *shape);

#endif
