/*
 * variant_internal.h — what the logic engine keeps about a variant
 * puzzle's constraints (doku_logic_create_variant) and the variant
 * finders' signatures.
 *
 * Design: the unit techniques see the constraints only through the shape
 * (all-different sets of n cells become extra units of a private copy of
 * the shape) and through the placed-digit rule (cells that must differ
 * from a placed digit lose it, like the unit peers do). Everything else
 * a constraint says is a step of its own (variant_fit.c, variant_cage.c,
 * variant_innies.c), so each elimination is explained by name.
 */
#ifndef DOKU_LOGIC_VARIANT_INTERNAL_H
#define DOKU_LOGIC_VARIANT_INTERNAL_H

#include "logic_internal.h"
#include "doku_constraints.h"

/* One killer cage with a sum: its digit sets of the right size and sum. */
typedef struct lvar_cage {
    int con;            /* index in the constraint list */
    int sum;
    const uint16_t *cells;
    int m;
    lmask *combos;      /* every set of m digits summing to sum */
    int ncombos;
} lvar_cage;

/* A set of whole units for the 45 rule: its cells, their total and a
 * name ("rows 1-3"). */
typedef struct lvar_area {
    uint64_t *in;       /* [pwords] the cells */
    int total;          /* units * n(n+1)/2 */
    int nunits;
    char name[40];
} lvar_area;

/* A sum the 45 rule gives on the current grid, for the chain walks
 * (variant_chain.c): the open innies or outies of an area. */
enum { VSUM_MAX = 4 };
typedef struct lvar_vsum {
    uint16_t cells[VSUM_MAX];
    int k, sum, area, outies;
} lvar_vsum;

struct logic_variant {
    const doku_constraints *cs;
    doku_shape *shape;      /* the shape with the extra units (owned) */
    int base_nunits;        /* units of cs's shape; the rest are extra */
    int *extra_con;         /* [nunits - base_nunits] constraint of each extra
                               unit; -1 - g for disjoint group g */
    char (*extra_name)[64]; /* [nunits - base_nunits] its name (grid.c's
                               logic_unitname reads it: no call back) */
    /* the cells that must differ from each cell beyond its units: CSR */
    int *xoff;              /* [nc + 1] */
    uint16_t *xpeer;
    lvar_cage *cages;
    int ncages;
    int *cage_of;           /* [nc] index into cages, -1 */
    int overlap;            /* two sum cages share a cell: no 45 rule */
    int off_table;          /* some constraint says more than the unit table
                               holds (a sum, a dot, a line, a must-differ
                               pair): the chains cannot see it */
    lvar_area *areas;
    int nareas;
    uint64_t *fit_memo;     /* [count] candidate hash of a constraint when its
                               fit last found nothing, 0 none */
    uint64_t *cage_memo;    /* [ncages] the same for cage combinations */
    uint8_t *pair_differ;
    uint64_t *unit_memo;    /* [ncages] (variant_unit.c, made on first use)
                               the state of a cage's units when it found
                               nothing there */
    uint64_t *pair_memo;
    lvar_vsum *vsums;       /* [2 * nareas] (variant_chain.c, made on first
                               use) the 45 rule's sums for the placed digits
                               whose hash is vsum_key */
    int nvsums;
    uint64_t vsum_key;
    uint64_t *vsum_memo;    /* [2 * nareas * WALK_WAYS] as walk_memo */
    uint64_t *walk_memo;    /* [count * WALK_WAYS] states of a constraint's
                               cells inside chain walks that rule nothing
                               out (variant_chain.c), 0 none */
    uint64_t spent;         /* nodes of the constraints' own searches (fit,
                               sums, splits) not yet counted as work units:
                               logic_past_deadline counts them, so a work
                               limit bounds these searches too */
};

enum { WALK_WAYS = 8 };
/* (variant_pair.c, made on first use: [ncages * ncages]) pair_differ: 1
 * when every cell of cage a differs from every cell of cage b, 2 not;
 * pair_memo: the state of the pair when it last found nothing. */

/* Builds L->var for cs and switches L to the extended shape (variant.c).
 * @return DOKU_OK or DOKU_ERR_NOMEM. */
doku_status logic_variant_init(doku_logic *L, const doku_constraints *cs);
void logic_variant_free(doku_logic *L);
/* A placed digit leaves the cells that must differ from it. */
void logic_variant_placed(doku_logic *L, int cell, int digit);
/* After a load: every placed digit's constraint peers lose it. */
void logic_variant_loaded(doku_logic *L);
/* 1 if the filled cells break a constraint (load refuses them). */
int logic_variant_broken_givens(const doku_logic *L, const uint8_t *cells);
/* The reference search under the constraints. */
void logic_variant_reference(doku_logic *L, const uint8_t *cells);
/* Names extra unit e by its constraint con (extra_con[e]): "extra region
 * r1c1-r3c3", "cage r1c1-r1c9", "disjoint group 1" (variant_text.c).
 * @return the length written, as snprintf. */
int lvar_unit_name(const doku_constraints *cs, int con, char *buf, size_t cap);

/* Appends "killer cage r1c1-r1c3 (sum 7)": constraint con's name, its
 * cells in compact runs and its clue (variant_text.c). */
void lvar_text_con(doku_logic *L, int con);
/* Appends cells as compact runs: "r1c1-r1c3,r2c1". sorted: order them
 * first (a set, not a line). */
void lvar_text_cells(doku_logic *L, const uint16_t *cells, int m, int sorted);
/* A hash of the values and candidates of cells (the memos). */
uint64_t lvar_hash(const doku_logic *L, const uint16_t *cells, int m);

/* The sum rule shared by cages and the 45 rule: which digits of doms
 * (m cells, m <= 16) can take part in a filling that sums to sum, the
 * cells whose bit is set in distinct pairwise different (pairs: m*m
 * flags, 1 = must differ). Writes each cell's supported digits to ok and
 * adds the search's nodes to *spent (the context's V->spent).
 * @return 1 when some filling exists, 0 when none, -1 when the search
 * went over its budget (nothing may be concluded). (variant_sum.c) */
int lvar_sum_support(const lmask *doms, int m, const uint8_t *pairs, int sum, lmask *ok,
                     uint64_t *spent);
/* The same with a budget of search nodes for the whole call. */
int lvar_sum_support_budget(const lmask *doms, int m, const uint8_t *pairs, int sum, lmask *ok,
                            long budget, uint64_t *spent);

/* 1 when cells a and b must hold different digits: a shared unit or an
 * all-different constraint (variant_fit.c). */
int lvar_must_differ(const doku_logic *L, int a, int b);
/* 1 when digits x, y may sit on a pair of that dot or pair rule kind. */
int lvar_pair_ok(doku_constraint_kind kind, int x, int y);
/* A cell's digits: its value's bit when placed, else its candidates. */
lmask lvar_dom(const doku_logic *L, int cell);
/* Makes the step "<constraint>: only {..} fits rXcY, so rXcY is not d"
 * removing from cells[0..m) what sup[] does not support (name: the step
 * name; con: the constraint named, or -1 for name alone). @return 1, or
 * 0 (no step begun) when nothing is removed. */
int lvar_emit(doku_logic *L, doku_technique t, lrate rating, const char *name, int con,
              const int *cells, int m, const lmask *sup);
/* The supported digits of a sum clue's cells: arrow, little killer,
 * sandwich, X-sum (variant_clues.c); cells/m/sup as fit_line. @return 1
 * computed, 0 not (over budget). */
int lvar_clue_support(const doku_logic *L, const doku_constraint *c, int *cells, int *m,
                      lmask *sup);

/* The supported digits of constraint c's cells as its step would
 * find them (lines, dots, marks, sum clues, the rules on every pair of
 * neighbours): cells, *m and sup as fit_line; cells and sup hold
 * L->nc entries. @return 1 computed, 0 not (a kind handled elsewhere,
 * over budget) (variant_fit.c). */
int lvar_fit_support(const doku_logic *L, const doku_constraint *c, int *cells, int *m,
                     lmask *sup);
/* 1 when each of m cells (m <= 64) can take its own digit of dom[i]
 * (a bipartite matching; variant_cage.c). */
int lvar_match(const lmask *dom, int m);
/* The digits a unit has only in cage g, on L's grid; why[d-1] receives
 * that unit of each digit d (why: n entries, or NULL) (variant_cage.c). */
lmask lvar_cage_needs(const doku_logic *L, const lvar_cage *g, int *why);
/* Cage g's combinations that hold every digit of need: each cell's
 * digits some fitting set gives it into sup (g->m entries). @return the
 * number of fitting sets (0: none fits), -1 when the cage is too large
 * to list (variant_cage.c). */
int lvar_cage_support(const doku_logic *L, const lvar_cage *g, lmask need, lmask *sup);

/* The 45 rule's view of area a (variant_innies.c): flags[cage] 0 outside,
 * 1 wholly inside, 2 partly (flags: ncages entries); the cells inside it
 * in no cage wholly inside (inn, *ni), those in no cage at all (unc,
 * *uncaged), the cells of its partly inside cages outside it (out, *no),
 * the sum of those cages (*s_part); arrays of nc entries. @return the sum
 * of the inn cells. */
int lvar_area_split(const doku_logic *L, const lvar_area *a, uint8_t *flags, int *inn, int *ni,
                    int *unc, int *uncaged, int *out, int *no, int *s_part);

/* The constraints inside dynamic chain walks (variant_chain.c): each
 * constraint whose cells the walk narrowed, on the walk's grid g (digit
 * places gpos), reports the candidates it rules out as off nodes (the
 * chains' numbering), with the removals it needed as parent nodes and
 * the link's id (a constraint's index, or past the constraints a sum of
 * the 45 rule). @return the nodes reported. */
typedef void (*lvar_walk_sink)(void *ctx, int node, const int32_t *parents, int np, int con);
int logic_var_walk(doku_logic *L, const lmask *g, const lmask *gpos, lvar_walk_sink add, void *ctx);
/* Appends the name of a walk link's id: the constraint, or "45 rule on
 * rows 1-3: r1c1,r2c2 sum to 12". */
void lvar_text_link(doku_logic *L, int id);

/* The finders (variant_fit.c, variant_cage.c, variant_innies.c,
 * variant_split.c). */
int logic_var_marks(doku_logic *L);     /* cell marks and dots: 1.2-1.6 */
int logic_var_lines(doku_logic *L);     /* lines and sum clues: 2.0-2.2 */
int logic_var_cages(doku_logic *L);     /* combinations: 2.0 */
int logic_var_cage_locked(doku_logic *L); /* a digit every combination needs: 2.6 */
int logic_var_cage_pairs(doku_logic *L);  /* two cages that share no digit: 2.7 */
int logic_var_cage_unit(doku_logic *L);   /* a cage and the rest of its unit: 2.7 */
int logic_var_innies(doku_logic *L);    /* the 45 rule: 2.8+ */
int logic_var_split(doku_logic *L);     /* cage splitting: 3.0, 3.2 */

#endif
