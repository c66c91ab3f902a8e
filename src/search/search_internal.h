/*
 * search_internal.h — what the search engines share: the solver object,
 * the per-search context (limit, budget, counters, callback), and the
 * engine entry points that doku_search() dispatches to.
 */
#ifndef DOKU_SEARCH_INTERNAL_H
#define DOKU_SEARCH_INTERNAL_H

#include "shape_internal.h"

/* State of one running search, shared by every engine. */
typedef struct search_ctx {
    uint64_t limit;
    uint64_t node_budget;
    double deadline;          /* monotonic seconds; 0 = none */
    uint64_t solutions;
    uint64_t nodes;
    uint64_t guesses;
    int gave_up;
    int out_of_memory;  /* an engine could not grow its scratch: gave up */
    int stop;                 /* limit reached, callback asked, or budget */
    uint8_t *first_solution;  /* NULL or n*n output */
    const uint64_t *cands;    /* NULL, or n*n masks an empty cell's digit
                                 must lie in (pencil marks; generic engine) */
    doku_solution_fn on_solution;
    void *user;
    int except_digit;         /* 1..9: the classic 9x9 engine removes it */
    int except_cell;          /* from this open cell's candidates */
} search_ctx;

/* The context's bookkeeping (search_ctx.c), called by the engines. */
/* Records one complete grid; sets ctx->stop when the search must end. */
void search_report_solution(search_ctx *ctx, const uint8_t *grid, int ncells);
/* Whether the next solution's grid is read (first solution wanted, or a
 * callback); if not, search_report_solution accepts grid = NULL. */
int search_wants_grid(const search_ctx *ctx);
/* Records n solutions at once (only when search_wants_grid is 0): the
 * count stops at the limit, as n single reports would. */
void search_report_count(search_ctx *ctx, uint64_t n);

/* Sets a fresh context up from the caller's options (NULL: limit 1, no
 * budget): limit, node budget, deadline from now, and where solutions go.
 * The one place every search entry point reads doku_search_opts. */
void search_ctx_start(search_ctx *ctx, const doku_search_opts *opts, uint8_t *solution,
                      doku_solution_fn on_solution, void *user);

/* Counts a node; @return nonzero when the budget is exhausted. */
int search_count_node(search_ctx *ctx);

/* The generic engine: any shape, any variant. */
typedef struct generic_engine generic_engine;
doku_status generic_create(const doku_shape *s, generic_engine **out);
void generic_free(generic_engine *e);
void generic_run(generic_engine *e, const uint8_t *givens, search_ctx *ctx);

/* The classic 9x9 fast path (classic9.c). Variants: which compiled build
 * runs; classic9_set_variant(e, -1) picks the best the CPU supports,
 * another value asks for that one (falling back to what the CPU has).
 * @return the variant chosen. */
typedef struct classic9_engine classic9_engine;
enum { CLASSIC9_PORTABLE = 0, CLASSIC9_AVX2 = 1, CLASSIC9_AVX512 = 2, CLASSIC9_SSE42 = 3 };
doku_status classic9_create(classic9_engine **out);
void classic9_free(classic9_engine *e);
int classic9_set_variant(classic9_engine *e, int variant);
int classic9_variant(const classic9_engine *e); /* the build in use */
void classic9_run(classic9_engine *e, const uint8_t *givens, search_ctx *ctx);

/* The build classic9_set_variant takes (classic9_pick.c): requested is a
 * CLASSIC9_* build or -1 for the best; can holds CPU_CAN_* bits of the
 * builds the CPU may run. @return the requested build if allowed, else
 * the best allowed one below it (portable at least). Pure. */
enum { CPU_CAN_SSE42 = 1, CPU_CAN_AVX2 = 2, CPU_CAN_AVX512F = 4 };
int classic9_pick_variant(unsigned can, int requested);

/* The fast path for n <= 16 (board16.c). It solves every box shape and
 * variant, but units other than rows, columns and aligned boxes (X, hyper,
 * jigsaw) get hidden singles only, weaker than the generic engine's
 * propagation on them (a blank 16x16 hyper grid takes it seconds), so
 * doku_search uses it only without such units: allow_extra = 0 makes
 * board16_create refuse them (DOKU_ERR_VARIANT), as it refuses n > 16;
 * tests pass 1. Builds as for classic9: board16_set_variant(e, -1) picks
 * the best the CPU supports; a named build is taken if the CPU has it,
 * else the best below it (portable at least). @return the build taken. */
typedef struct board16_engine board16_engine;
enum { BOARD16_PORTABLE = 0, BOARD16_AVX2 = 1, BOARD16_AVX512 = 2 };
doku_status board16_create(const doku_shape *s, int allow_extra, board16_engine **out);
void board16_free(board16_engine *e);
int board16_set_variant(board16_engine *e, int variant);
int board16_variant(const board16_engine *e); /* the build in use */
void board16_run(board16_engine *e, const uint8_t *givens, search_ctx *ctx);

struct doku_solver {
    const doku_shape *shape;
    generic_engine *generic;     /* NULL until a search needs it (lazy) */
    classic9_engine *classic9;   /* NULL unless the shape is classic 9x9 */
    board16_engine *board16;     /* NULL unless n <= 16 (and not classic 9x9) */
    int board16_on;              /* doku_search sends the search to board16 */
};

#endif
