/*
 * engine_build_internal.h — what the engine's build files share: the
 * builder (the propagators, their cells and tables as they grow) and the
 * calls that add a propagator to it.
 *
 * engine_build_prim.c adds single propagators (linear sums, cages);
 * engine_build_sums.c derives the 45-rule sums and groups sums' cells
 * into mutual peers; engine_build_little.c combines little killers and
 * grows peer groups as cliques; engine_build.c compiles each constraint
 * and lays the engine out. Calls go build -> sums -> little -> prim,
 * build -> little and build -> prim only.
 */
#ifndef DOKU_ENGINE_BUILD_INTERNAL_H
#define DOKU_ENGINE_BUILD_INTERNAL_H

#include "engine_internal.h"

#include <stdlib.h>

/* A growable int array. */
typedef struct ivec {
    int *v;
    size_t len, cap;
} ivec;

typedef struct builder {
    vengine *e;
    uint64_t *peer_bits; /* ncells x words */
    int words;
    ivec props;          /* vprop records as ints: packed below */
    vprop *pv;
    size_t npv, cappv;
    ivec pcells, aux, groups;
    vmask *combos;
    size_t ncombos, capcombos;
    int ok;
} builder;

/* Appends x to a. @return 0 when out of memory (a unchanged). */
static inline int vbuild_push(ivec *a, int x)
{
    if (a->len == a->cap) {
        size_t nc = a->cap ? a->cap * 2 : 64;
        int *p = realloc(a->v, nc * sizeof *p);
        if (!p)
            return 0;
        a->v = p;
        a->cap = nc;
    }
    a->v[a->len++] = x;
    return 1;
}

/* 1 when cells p and q are peers (all different) so far. */
static inline int vbuild_peers_of(const builder *b, int p, int q)
{
    return (int)(b->peer_bits[(size_t)p * (size_t)b->words + (size_t)(q / 64)] >> (q % 64)) & 1;
}

/* engine_build_prim.c. Each adds one propagator over cells[0..k-1]
 * (copied); on running out of memory it clears b->ok. */

/* A propagator of the type with zeroed parameters. @return it (valid
 * until the next one is added), or NULL when out of memory. */
vprop *vbuild_new_prop(builder *b, int type, const int *cells, int k);
/* sum of w_i x_i = value (weights of either sign, not 0). */
void vbuild_add_linear(builder *b, const int *cells, const int *w, int k, int value);
/* Distinct digits summing to sum: the cage's digit combinations. */
void vbuild_add_cage(builder *b, const int *cells, int k, int sum);
/* A renban line (its cells mutual peers already) with the matching
 * tables of VP_RENBAN. */
void vbuild_add_renban(builder *b, const int *cells, int k);

/* engine_build_sums.c. */

/* The sums the summed killer cages of cs imply with the shape's units
 * (the 45 rule: innies, outies, mixed differences, sum intersections;
 * little killers join the sum intersections). */
void vbuild_sums_45(builder *b, const doku_constraints *cs);
/* Orders the cells of every unit-weight linear sum into groups of mutual
 * peers, so the propagator bounds them as distinct digits. */
void vbuild_group_linear(builder *b);
/* The cages' digit-set table (e->sum_sets, e->sum_set_off) and cell
 * bits (e->cage_bits) when e has a cage. @return 0 when out of memory. */
int vbuild_sum_sets(vengine *e);

/* engine_build_little.c. */

/* Splits cells[0..k) (k <= 256) into groups of mutual peers of one sign
 * (sign NULL: one sign), each grown as a clique from the free cell that
 * sees the most free cells (Interactive Sudoku Solver's greedy exclusion
 * groups; first fit in cell order leaves smaller groups on long sums).
 * Writes each cell's group (0..) to grp. @return the number of groups. */
int vbuild_clique_groups(const builder *b, const int *cells, const int *sign, int k, int *grp);
/* A little killer's sum over cells[0..k): a cage when its cells are
 * mutual peers (with the rest of each unit holding them as a cage of the
 * unit's total less sum), else a linear sum. */
void vbuild_little_killer(builder *b, const int *cells, int k, int sum);
/* The combined sums of neighbouring little killers of cs. */
void vbuild_little_sums(builder *b, const doku_constraints *cs);

#endif
