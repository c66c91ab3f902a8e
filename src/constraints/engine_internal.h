/*
 * engine_internal.h — the variant engine: the shape's units and every
 * constraint compiled into one model of domains (a digit mask per cell)
 * and propagators, searched depth-first with a copy of the domains per
 * level (at most 16x16: 1 KB a level).
 *
 * engine_build.c compiles a constraint list into an engine;
 * engine_prop.c runs propagation to a fixed point (the rule families in
 * engine_sum.c, engine_line.c, engine_place.c); engine_search.c is
 * doku_constraints_search. Calls go search -> prop, search -> build only.
 */
#ifndef DOKU_ENGINE_INTERNAL_H
#define DOKU_ENGINE_INTERNAL_H

#include "cons_internal.h"
#include "search/search_internal.h"

typedef uint32_t vmask; /* digit d is bit d-1; n <= 16 */

enum { PAIR_TAB_N = 10 };
enum { RENBAN_TAB3 = 1 << 9, RENBAN_TAB2 = 1 << 4 }; /* the largest n with whole-mask pair tables */

enum {
    VP_PAIR,     /* two cells, a relation table (value: its whole-mask
                    tables in pair_tab, -1 none) */
    VP_LINEAR,   /* sum of w_i x_i = value (weights > 0 after folding) */
    VP_CAGE,     /* distinct cells summing to value: the combinations */
    VP_SANDWICH, /* cells of a row/column; value between 1 and n */
    VP_XSUM,     /* cells from the clue; value = first X cells */
    VP_RENBAN,   /* distinct run; aux: the matching tables of 3 cells to
                    3 digits (RENBAN_TAB3 entries) then of 2 to 2, shared
                    by every renban (engine_build_prim.c) */
    VP_BETWEEN,  /* ends first and last */
    VP_QUAD,     /* 4 cells; aux: required count per digit (n+1 ints) */
    VP_ARROW,    /* a one-digit circle and two or three line cells
                    summing to it; value: which line cells are peers
                    (bits 0-2: first and second, first and third, second
                    and third) */
    VP_SAME      /* two groups' cells outside their intersection, k and
                    k: both hold the same k digits (locked candidates);
                    run when one of its cells is fixed */
};

typedef struct vprop {
    uint8_t type;
    uint8_t on_fix;       /* queued only when one of its cells is fixed */
    int ncells, cell_off; /* into pcells */
    int aux_off, naux;    /* into aux (weights, tables, counts) or combos */
    int value;            /* sum; for VP_LINEAR the folded sum */
    int neg_off;          /* VP_LINEAR: into aux, 1 where the weight was
                             negative (the digit is mirrored: n+1-x) */
    int grp_off, ngrp;    /* VP_LINEAR with unit weights: ngrp groups of
                             mutual peers of one sign, contiguous in the
                             cell list, their ngrp + 1 starts in aux at
                             grp_off (ngrp 0: no group of two); VP_CAGE:
                             its cells as peer_words bits at cage_bits +
                             grp_off */
} vprop;

typedef struct vengine {
    const doku_constraints *cs;
    int n, ncells;
    vmask all;
    vmask *init;        /* [ncells] starting domains (even/odd cells) */
    /* all-different: each cell's peers (units, cages, anti-knight ...) */
    int *peer_off;      /* [ncells + 1] into peers */
    uint64_t *peer_bits; /* [ncells * peer_words] the same as bit rows */
    int peer_words;
    uint16_t *peers;
    /* groups whose every digit must appear (units of n cells):
     * hidden singles */
    int ngroups;
    uint16_t *group_cells; /* [ngroups * n] */
    int *cell_group_off;   /* [ncells + 1] into cell_groups */
    int *cell_groups;
    /* propagators */
    int nprops;
    vprop *props;
    uint16_t *pcells;
    int *aux;
    vmask *combos;
    int *cell_prop_off;    /* [ncells + 1] into cell_props */
    int *cell_props;
    int *cell_fix_off;     /* [ncells + 1] into cell_fix: the on_fix props */
    int *cell_fix;
    int *cell_bnd_off;     /* [ncells + 1] into cell_bnd: the linear sums,
                              which read only their cells' least and
                              greatest digits while three or more are
                              open, so are queued on those changing */
    int *cell_bnd;
    int max_prop_cells;
    vmask *pair_tab;       /* n <= PAIR_TAB_N: for each distinct pair
                              relation, 2^n masks (the digits b may take
                              given a's digits) then 2^n back: one load
                              a pair side instead of a loop over digits */
    uint32_t *prio;        /* [ncells] the branching's starting scores:
                              how much rule weighs on each cell */
    int bits_words;        /* words of the sum DP bitsets */
    /* cages: every digit set ordered by size, then total; the sets of
     * size t and total s are sum_sets[sum_set_off[t * (T + 1) + s]] up to
     * the next offset (T = n(n+1)/2); NULL when there is no cage */
    uint16_t *sum_sets;
    int *sum_set_off;
    uint64_t *cage_bits;   /* each cage's cells (vprop.grp_off) */
    /* scratch for one propagation: the queues (engine_prop_internal.h) */
    struct vqueue *q;
    uint64_t *dp;          /* (max_prop_cells + 1) * 2 * bits_words */
    /* what the last failed propagation failed on (for the branching's
     * conflict scores): VFAIL_CELL (a placed cell's peers), VFAIL_GROUP
     * or VFAIL_PROP, and its index */
    int fail_kind, fail_id;
} vengine;

enum { VFAIL_CELL, VFAIL_GROUP, VFAIL_PROP };

/* Compiles cs into a new engine (engine_build.c). @return DOKU_OK or
 * DOKU_ERR_NOMEM (*out NULL). */
doku_status vengine_create(const doku_constraints *cs, vengine **out);
void vengine_free(vengine *e);

/* The propagation queues of e, once its groups and propagators are
 * built (engine_prop.c). @return 0 when out of memory; vqueue_free
 * frees them (NULL-safe, as e->q). */
int vqueue_create(vengine *e);
void vqueue_free(struct vqueue *q);

/* Narrows dom (ncells masks; fixed[c] = 1 once c's digit has left its
 * peers) to a fixed point, starting from the cells listed in start (all
 * cells when start is NULL): dom must be a fixed point but for them (each
 * rule and group runs again only for what changed). @return 0 on a
 * contradiction (engine_prop.c). */
int vengine_propagate(vengine *e, vmask *dom, uint8_t *fixed, const int *start, int nstart);

#endif
