/*
 * generic_internal.h — what the files of the generic engine share: the
 * table of unit pairs that overlap in two or more cells (built once per
 * solver by generic_tables.c, read by the propagation in generic.c).
 */
#ifndef DOKU_GENERIC_INTERNAL_H
#define DOKU_GENERIC_INTERNAL_H

#include "search_internal.h"

/* Two units overlapping in >= 2 cells; cell lists are offsets into pool. */
typedef struct generic_pair {
    uint32_t both, only_a, only_b;     /* overlap, a minus b, b minus a */
    uint16_t nboth, nonly_a, nonly_b;
    uint16_t a, b;                     /* the two units */
} generic_pair;

typedef struct generic_tables {
    generic_pair *pairs;
    size_t npairs;
    uint16_t *pool;
    uint32_t *unit_first;  /* [nunits + 1] pairs of unit u: */
    uint32_t *unit_pairs;  /* unit_pairs[unit_first[u] .. unit_first[u+1]) */
} generic_tables;

/* Fills t for shape s. @return DOKU_OK or DOKU_ERR_NOMEM (t then empty). */
doku_status generic_tables_build(const doku_shape *s, generic_tables *t);
void generic_tables_free(generic_tables *t);

#endif
