/*
 * given_looks.h — which digits of a puzzle block are its givens, told by
 * how they look. A sheet that holds a puzzle together with its solution
 * or a player's entries (doku's own --format xlsx, or a person's sheet)
 * sets the givens apart: bold, black among coloured digits, or a fill.
 * The rule is written once here for every reader (xlsx, ods, xls).
 */
#ifndef DOKU_FORMATS_GIVEN_LOOKS_H
#define DOKU_FORMATS_GIVEN_LOOKS_H

#include <stdint.h>

typedef enum wb_givens {
    WB_GIVENS_ALL = 0,      /* the digits look alike (or differ only as
                               decoration): every digit is a given */
    WB_GIVENS_BY_LOOK = 1,  /* their looks tell the givens from the rest */
    WB_GIVENS_UNCLEAR = 2   /* they look different, but not in a way that
                               says which are givens: every digit is one */
} wb_givens;

/* The n*n cells of a block, row by row: values[i] (0 = empty) and
 * looks[i] (WB_LOOK_*, sheet.h); boxes br x bc (0, 0: none known), for
 * telling decoration (a fill that follows the boxes, rows or columns)
 * from marking. Features are tried in order: bold (the bold digits are
 * the givens), text colour (the black or automatic ones, when the others
 * are coloured), fill (the filled ones, when there is one fill and the
 * rest have none). Digits that differ otherwise are unclear, unless
 * all of them are bold (all look like givens: doku draws conflicting
 * givens bold on red among bold on blue). Writes given[i] = 1 for each
 * given, 0 elsewhere.
 * *feature (feature may be NULL) names what told them apart, or for
 * WB_GIVENS_UNCLEAR what differs: "bold", "colour" or "fill".
 * @return the verdict. */
wb_givens wb_pick_givens(int n, int br, int bc, const uint8_t *values, const uint64_t *looks,
                         uint8_t *given, const char **feature);

#endif
