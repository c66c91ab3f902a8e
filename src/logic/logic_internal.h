/*
 * logic_internal.h — the logic engine's shared state and the one signature
 * every technique family implements.
 *
 * Design: a technique is a function `int finder(doku_logic *L)` that looks
 * at the candidate grid and, if it finds a step, writes it into the step
 * builder in L (technique, rating, placements, eliminations, proof, text)
 * and returns 1. Techniques never change the grid; the engine applies the
 * step. All geometry comes from the shape's unit table.
 */
#ifndef DOKU_LOGIC_INTERNAL_H
#define DOKU_LOGIC_INTERNAL_H

#include "../cands.h"
#include "../shape_internal.h"
#include "doku.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

typedef uint64_t lmask;

#define LBIT(d) ((lmask)1 << ((d) - 1))  /* candidate bit of digit d (1-based) */

/* Portable popcount: the builtin becomes a libgcc call without -mpopcnt,
 * which is slower than this SWAR version on the small masks used here. */
static inline int lpop(lmask m)
{
    m = m - ((m >> 1) & 0x5555555555555555ull);
    m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
    m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((m * 0x0101010101010101ull) >> 56);
}
static inline int lfirst(lmask m) { return __builtin_ctzll(m); } /* 0-based bit */

/* Technique sets (technique_keywords.c, context.c). */
#define LOGIC_TB(t) ((uint64_t)1 << (t))
/* The extended techniques: not in SE's order, so off unless asked for. */
#define LOGIC_EXTENDED_MASK                                                                    \
    (LOGIC_TB(DOKU_TECH_FINNED_X_WING) | LOGIC_TB(DOKU_TECH_FINNED_SWORDFISH) |              \
     LOGIC_TB(DOKU_TECH_FINNED_JELLYFISH) | LOGIC_TB(DOKU_TECH_W_WING) |                     \
     LOGIC_TB(DOKU_TECH_REMOTE_PAIR) | LOGIC_TB(DOKU_TECH_SIMPLE_COLOURING) |                \
     LOGIC_TB(DOKU_TECH_MULTI_COLOURING) | LOGIC_TB(DOKU_TECH_UNIQUE_RECTANGLE_6) |          \
     LOGIC_TB(DOKU_TECH_HIDDEN_RECTANGLE) | LOGIC_TB(DOKU_TECH_SUE_DE_COQ) |                 \
     LOGIC_TB(DOKU_TECH_ALS_XZ) | LOGIC_TB(DOKU_TECH_ALS_XY_WING) |                          \
     LOGIC_TB(DOKU_TECH_GROUPED_X_CHAIN) | LOGIC_TB(DOKU_TECH_GROUPED_AIC))
/* SE's technique set: the default. */
#define LOGIC_SE_MASK ((((uint64_t)1 << DOKU_TECH_COUNT) - 1) & ~LOGIC_EXTENDED_MASK)
/* The singles, always allowed. */
#define LOGIC_SINGLES_MASK                                                                     \
    (LOGIC_TB(DOKU_TECH_FULL_HOUSE) | LOGIC_TB(DOKU_TECH_HIDDEN_SINGLE) |                    \
     LOGIC_TB(DOKU_TECH_NAKED_SINGLE))

/* A growable array of candidates (placements, eliminations, proof). */
typedef struct lcands {
    doku_cand *v;
    size_t n, cap;
} lcands;

/* Rating in tenths (SE ratings are multiples of 0.1). */
typedef int lrate;

typedef struct lstep {
    doku_technique tech;
    lrate rating;
    char name[64];
    lcands place, elim, proof;
    char *text;
    size_t textlen, textcap;
    int valid;
} lstep;

struct chain_ws;   /* chain workspace (chain_internal.h) */

struct doku_logic {
    const doku_shape *shape;
    int n, nc, nunits;
    uint64_t allowed;       /* technique mask */
    int uniq_opt;           /* doku_logic_opts.uniqueness */
    int no_trial;
    uint64_t search_nodes;  /* node budget of the reference search */
    int unique;             /* puzzle known to have exactly one solution */
    int has_solution;

    cands_grid grid;        /* the candidate grid (the kernel's, cands.h) */
    uint8_t *val;           /* [nc] grid.val */
    lmask *cand;            /* [nc] grid.cand: a placed cell's mask is 0 */
    lmask *pos;             /* [nunits*n] positions of digit d in unit u: bit i = i-th cell */
    uint8_t *solution;      /* [nc] when has_solution */

    /* Geometry in SE's order, read from the shape (shape_internal.h): for
     * each cell its units box first, then row, column, then extra units;
     * and its peers in that order. */
    const uint16_t *cunits; /* [nc * maxcu] */
    const uint8_t *ncunits; /* [nc] */
    int maxcu;
    const uint16_t *peers;  /* [nc * maxp] */
    const uint16_t *npeers; /* [nc] */
    int maxp;
    const int *box_of;      /* [nc] unit index of the cell's box/region, -1 */
    const int *row_of, *col_of; /* [nc] unit index */
    const uint8_t *cell_in_unit; /* [nunits * nc] 0xff if not in unit, else position */
    const uint64_t *peerbits;    /* [nc * pwords] peer matrix */
    int pwords;

    /* Failure memo (grid.c): a single-digit technique that found nothing
     * records each digit's candidate plane; while a plane is unchanged, the
     * technique skips that digit, which cannot give it anything new. */
    uint64_t *plane;        /* [n * pwords] cells holding each digit as candidate */
    uint64_t *memo;         /* [LMEMO_COUNT * n * (pwords + 1)] flag + plane */
    /* The same for techniques local to one unit: a unit's version changes
     * whenever a cell of it changes (value or candidates). */
    lmask *snapcand;        /* [nc] candidates at the last logic_positions */
    uint8_t *snapval;       /* [nc] values then */
    uint64_t *uver;         /* [nunits] unit versions, from 1 */
    uint64_t *umemo;        /* [LUMEMO_COUNT * nunits] version + 1 at failure, 0 none */
    /* And for pattern techniques: the whole grid when one last found
     * nothing; a new find then needs a changed cell in its pattern. */
    lmask *cmemo_cand;      /* [LCMEMO_COUNT * nc] */
    uint8_t *cmemo_val;     /* [LCMEMO_COUNT * nc] */
    uint8_t cmemo_valid[8]; /* [LCMEMO_COUNT] */
    uint8_t *hot;           /* [nc] scratch: cells changed since that grid */

    lstep step;
    lcands tmp;             /* scratch */
    struct chain_ws *cw;
    doku_solver *solver;
    unsigned run_counts[DOKU_TECH_COUNT]; /* steps per technique, last run */

    /* Limits (doku_logic_set_time_limit, doku_logic_set_work_limit): the
     * monotonic second after which a search stops (0 = none), the work
     * units spent (one per logic_stop or logic_past_deadline call: they
     * also space the clock reads inside hot loops) and the most allowed
     * (0 = none), and whether a limit ran out. */
    double deadline;
    uint64_t work, work_limit;
    int timed_out;
    /* An allocation of the step builder or of a finder failed since the
     * last doku_logic_next began: the step found (or not) is unreliable,
     * so doku_logic_next reports -3 instead (logic_nomem). */
    int nomem;
    /* The lowest rating the technique being searched can give (set by the
     * slow chain searches; 0 unknown): with a timeout, the interrupted
     * step is known to be at least this hard. */
    lrate floor;
    /* The constraints of a variant puzzle (doku_logic_create_variant;
     * variant_internal.h), NULL for a classic context. */
    struct logic_variant *var;
};

/* Records an allocation failure on L (see nomem). @return 0, so a finder
 * can `return logic_nomem(L);` as "nothing found". */
static inline int logic_nomem(doku_logic *L)
{
    L->nomem = 1;
    return 0;
}

/* Spends one work unit; 1 if the work limit or the time limit has run
 * out (then L->timed_out stays 1 and every technique returns "nothing
 * found" at its next check, so the engine reports the interruption
 * instead of a step). Reads the clock on every call: use it once per
 * outer iteration (a cell, a source, a unit). */
int logic_past_deadline(doku_logic *L);   /* deadline.c */
/* The same for inner loops: reads the clock once every 256 calls. */
static inline int logic_stop(doku_logic *L)
{
    if (L->timed_out)
        return 1;
    if (++L->work >= L->work_limit && L->work_limit) {
        L->timed_out = 1;
        return 1;
    }
    if (L->deadline <= 0 || (L->work & 255u))
        return 0;
    return logic_past_deadline(L);
}

/* --- step builder (step.c) --- */
void lstep_begin(doku_logic *L, doku_technique t, lrate rating, const char *name);
int lstep_place(doku_logic *L, int cell, int digit);
int lstep_elim(doku_logic *L, int cell, int digit);
int lstep_proof(doku_logic *L, int cell, int digit);
void lstep_text(doku_logic *L, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Appends len bytes of str to the text as they are (no format). */
void lstep_append(doku_logic *L, const char *str, size_t len);
/* Appends the names of k cells: "r1c1,r2c2" with sep ",", or "r1c1, r2c2
 * and r3c3" with sep ", " and last " and " (last NULL: sep throughout). */
void lstep_text_cells(doku_logic *L, const int *cells, int k, const char *sep, const char *last);
/* Appends the eliminations list "r1c2<>5, r3c4<>5" style to the text. */
void lstep_text_elims(doku_logic *L);
/* Appends a candidate set as {1,2,7}. */
void logic_text_set(doku_logic *L, lmask m);
void logic_geometry_init(doku_logic *L);
int lcands_push(lcands *a, int cell, int digit);

/* --- grid helpers (grid.c) --- */
/* bring L->pos, L->plane and the unit versions up to date with L->cand and
 * L->val (incrementally: nothing else may write pos or plane) */
void logic_positions(doku_logic *L);

/* Failure memo slots: techniques whose finding for a digit depends only on
 * that digit's candidate plane (and the fixed geometry and options). */
enum { LMEMO_X_WING, LMEMO_SWORDFISH, LMEMO_JELLYFISH, LMEMO_TURBOT, LMEMO_THREE_LINKS,
       LMEMO_DIRECT_INTERSECTION, LMEMO_INTERSECTION, LMEMO_COUNT };
int logic_memo_alloc(doku_logic *L);

/* Unit memo slots: techniques whose finding in a unit depends only on the
 * values and candidates of that unit's cells. */
enum { LUMEMO_NAKED_PAIR, LUMEMO_NAKED_TRIPLE, LUMEMO_NAKED_QUAD, LUMEMO_HIDDEN_PAIR,
       LUMEMO_HIDDEN_TRIPLE, LUMEMO_HIDDEN_QUAD, LUMEMO_DIRECT_HIDDEN_PAIR,
       LUMEMO_DIRECT_HIDDEN_TRIPLE, LUMEMO_COUNT };
/* Cell memo slots: pattern techniques (see cmemo_cand above). */
enum { LCMEMO_WXYZ_WING, LCMEMO_VWXYZ_WING, LCMEMO_ALIGNED_PAIR, LCMEMO_ALIGNED_TRIPLE,
       LCMEMO_COUNT };
_Static_assert(LCMEMO_COUNT <= 8, "struct doku_logic: cmemo_valid[8] holds one flag per slot");
/* NULL if the technique of slot has no failure on record; else L->hot,
 * filled with 1 for each cell whose value or candidates changed since. */
const uint8_t *logic_cmemo_hot(doku_logic *L, int slot);
/* the technique of slot found nothing on the grid as it is now */
void logic_cmemo_fail(doku_logic *L, int slot);
/* forget every such record (a new grid: candidates may grow again) */
void logic_cmemo_reset(doku_logic *L);
/* Forgets every failure memo (plane, unit and pattern): a load does, so
 * the work a run spends (doku_logic_work) never depends on the puzzles
 * the context saw before. */
void logic_memo_reset(doku_logic *L);

/* 1 if the technique of slot found nothing in unit u as it is now */
static inline int logic_umemo_known(const doku_logic *L, int slot, int u)
{
    return L->umemo[(size_t)slot * (size_t)L->nunits + (size_t)u] == L->uver[u] + 1;
}
/* the technique of slot found nothing in unit u as it is now */
static inline void logic_umemo_fail(doku_logic *L, int slot, int u)
{
    if (L->timed_out)
        return; /* a search cut short proves no failure */
    L->umemo[(size_t)slot * (size_t)L->nunits + (size_t)u] = L->uver[u] + 1;
}
/* 1 if the technique of slot found nothing for digit d on this very plane */
int logic_memo_known(const doku_logic *L, int slot, int d);
/* the digits d with logic_memo_known(L, slot, d), as a mask of LBIT(d) */
lmask logic_memo_skip(const doku_logic *L, int slot);
/* the technique of slot found nothing at all: remember every digit's plane */
void logic_memo_fail(doku_logic *L, int slot);
int logic_cellname(const doku_logic *L, int cell, char *buf, size_t cap);
int logic_unitname(const doku_logic *L, int unit, char *buf, size_t cap);
/* share a unit, a != b: one bit test in the peer matrix */
static inline int logic_sees(const doku_logic *L, int a, int b)
{
    size_t i = (size_t)a * (size_t)L->pwords + ((size_t)b >> 6);
    return (int)((L->peerbits[i] >> (b & 63)) & 1u);
}
int logic_is_line(const doku_logic *L, int unit);  /* row or column */
int logic_is_box(const doku_logic *L, int unit);   /* box or jigsaw region */
static inline int logic_allowed(const doku_logic *L, doku_technique t)
{
    return (int)((L->allowed >> t) & 1u);
}
static inline int logic_unit_cell(const doku_logic *L, int u, int i)
{
    return L->shape->unit_cells[(size_t)u * L->n + i];
}

/* --- the combination walker (combo.c) --- */
enum { LOGIC_COMBO_MAX = 16 }; /* the largest k a walk takes */
/* Receives one pick: k ids (ascending positions in the item list) and the
 * union of their masks. @return nonzero to stop the walk with that value. */
typedef int (*logic_combo_fn)(void *ctx, const int *pick, int k, lmask uni);
/* Calls visit for every k-subset of items 0..m-1 in lexicographic order,
 * skipping those whose masks' union has more than limit bits (masks may
 * be NULL: every union is 0). pick holds ids[i] for each chosen item i, or
 * i itself when ids is NULL. k = 0 visits the empty pick once; k > m or
 * k > LOGIC_COMBO_MAX visits nothing. @return the first nonzero visit
 * result, or 0. */
int logic_combinations(const lmask *masks, const int *ids, int m, int k, int limit,
                       logic_combo_fn visit, void *ctx);

/* --- technique finders: one signature --- */
typedef int (*logic_finder)(doku_logic *L);

int logic_full_house(doku_logic *L);
int logic_hidden_single(doku_logic *L);
int logic_naked_single(doku_logic *L);
int logic_direct_intersection(doku_logic *L);
int logic_intersection(doku_logic *L);
int logic_direct_hidden_pair(doku_logic *L);
int logic_direct_hidden_triple(doku_logic *L);
int logic_naked_pair(doku_logic *L);
int logic_naked_triple(doku_logic *L);
int logic_naked_quad(doku_logic *L);
int logic_hidden_pair(doku_logic *L);
int logic_hidden_triple(doku_logic *L);
int logic_hidden_quad(doku_logic *L);
int logic_x_wing(doku_logic *L);
int logic_swordfish(doku_logic *L);
int logic_jellyfish(doku_logic *L);
int logic_turbot(doku_logic *L);
/* turbot.c's grouped forms (turbot_grouped.c), 4.3; skip: digits whose
 * plane is known to give nothing. emit 0: @return the best pattern's
 * number of eliminations (0: none); emit 1: makes it the step, @return 1
 * (0 if none or the technique is not allowed). */
int logic_turbot_grouped(doku_logic *L, lmask skip, int emit);
int logic_xy_wing(doku_logic *L);
int logic_xyz_wing(doku_logic *L);
int logic_unique_loops(doku_logic *L);
int logic_bug(doku_logic *L);
int logic_three_links(doku_logic *L);
int logic_wxyz_wing(doku_logic *L);
int logic_vwxyz_wing(doku_logic *L);
int logic_aligned_pair(doku_logic *L);
int logic_aligned_triple(doku_logic *L);
int logic_chain_cycles(doku_logic *L);
int logic_chain_nishio(doku_logic *L);
int logic_chain_multiple(doku_logic *L);
int logic_chain_dynamic(doku_logic *L);
int logic_chain_dynamic_plus(doku_logic *L);
int logic_chain_nested(doku_logic *L);
int logic_trial(doku_logic *L);

/* extended techniques (off by default; see engine.c) */
int logic_finned_x_wing(doku_logic *L);       /* finned.c */
int logic_finned_swordfish(doku_logic *L);
int logic_finned_jellyfish(doku_logic *L);
int logic_w_wing(doku_logic *L);              /* wings.c */
int logic_remote_pair(doku_logic *L);         /* colouring.c */
int logic_simple_colouring(doku_logic *L);
int logic_multi_colouring(doku_logic *L);
int logic_unique_rectangle_6(doku_logic *L);  /* rectangles.c */
int logic_hidden_rectangle(doku_logic *L);
int logic_sue_de_coq(doku_logic *L);          /* sue_de_coq.c */
int logic_als_xz(doku_logic *L);              /* als_chains.c */
int logic_als_xy_wing(doku_logic *L);
int logic_grouped_chains(doku_logic *L);      /* grouped.c */
/* SE's chain length increment (tenths) for a chain of `nodes` nodes:
 * +0.1 each time nodes-2 passes 4, 6, 8, 12, 16, 24, 32, 48 ... (see
 * docs/TECHNIQUES.md); shared by the chain modules and grouped.c. */
static inline int logic_length_bonus(int nodes)
{
    int added = 0, ceil = 4, length = nodes - 2, odd = 0;
    while (length > ceil) {
        added++;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return added;
}

/* chain workspace lifetime (chain_arena.c) */
int logic_chain_ws_create(doku_logic *L);
void logic_chain_ws_free(doku_logic *L);

/* Subset search shared by direct and plain hidden/naked sets (subsets.c). */

#endif
