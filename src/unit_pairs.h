/*
 * unit_pairs.h — derived geometry (internal): the pairs of units that
 * share two or more cells, with the overlap as positions in each unit.
 *
 * Locked candidates (pointing and claiming) are one rule on such a pair:
 * a digit whose places in one unit all lie in the overlap leaves the rest
 * of the other unit. The generic search (on its view with implied units)
 * and the generator's level classifier both read this one table.
 */
#ifndef DOKU_UNIT_PAIRS_H
#define DOKU_UNIT_PAIRS_H

#include "shape_internal.h"

#include <stddef.h>

/* Two units overlapping in >= 2 cells, unit[0] < unit[1]; in[k] is the
 * overlap as positions (bit i = the unit's i-th cell) inside unit[k]. */
typedef struct unit_pair {
    uint64_t in[2];
    uint16_t unit[2];
} unit_pair;

typedef struct unit_pairs {
    unit_pair *pairs;       /* [npairs] in (unit[0], unit[1]) order */
    size_t npairs;
    /* The pairs of unit u are at[first[u] .. first[u+1]), each written as
     * pair * 2 + side (u is pairs[pair].unit[side]); in the order of the
     * other unit, lowest first. */
    uint32_t *first;        /* [nunits + 1] */
    uint32_t *at;           /* [2 * npairs] */
} unit_pairs;

/* Builds the table for s. @return DOKU_OK or DOKU_ERR_NOMEM (t then
 * empty). */
doku_status unit_pairs_build(const doku_shape *s, unit_pairs *t);
/* Frees the table (an empty or zeroed one is fine). */
void unit_pairs_free(unit_pairs *t);
/* @return the position of cell in unit (0..n-1), or -1 if not in it. */
int unit_position(const doku_shape *s, int unit, int cell);

#endif
