/*
 * meta_shape.h — puzzles whose text names their own shape: an f-puzzles
 * or SudokuPad link with both diagonals ("variant" = "x") or jigsaw
 * regions ("regions"), a workbook's grid sheet ("variant" = "x",
 * "hyper" or "x,hyper"; "boxes" = "kept" beside regions keeps the boxes).
 * The runner asks here for the shape of such a record; every other
 * record takes the shape of the command line.
 */
#ifndef DOKU_CLI_META_SHAPE_H
#define DOKU_CLI_META_SHAPE_H

#include "options.h"

/* Shapes made for records, kept until the run ends (workers key their
 * solvers by the shape's address, so none may be freed and reused). */
typedef struct cli_meta_shapes {
    doku_shape **shapes;
    char **keys;
    size_t count, cap;
} cli_meta_shapes;

/* The value of key in a packed "key\0value\0" list, or NULL. */
const char *cli_meta_get(const char *meta, size_t len, const char *key);

/* The shape a record's metadata asks for, made under o (its --box and
 * --variant still apply). @return 1 with *out; 0 when the metadata names
 * no shape (*out untouched); -1 with the reason in why. */
int cli_meta_shape(cli_meta_shapes *c, const cli_opts *o, int n, const char *meta, size_t len,
                   const doku_shape **out, char *why, size_t cap);

void cli_meta_shapes_free(cli_meta_shapes *c);

#endif
