/*
 * search_ctx.c — the bookkeeping every engine reports to: solutions
 * against the limit, nodes against the budget and the deadline.
 *
 * Engines call these; search.c only sets the context up and dispatches,
 * so no two files of the search call each other.
 */
#include "search_internal.h"
#include "util/clock.h"

#include <string.h>

void search_ctx_start(search_ctx *ctx, const doku_search_opts *opts, uint8_t *solution,
                      doku_solution_fn on_solution, void *user)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->limit = opts && opts->limit ? opts->limit : 1;
    ctx->node_budget = opts ? opts->node_budget : 0;
    if (opts && opts->time_budget > 0)
        ctx->deadline = clock_monotonic_seconds() + opts->time_budget;
    ctx->first_solution = solution;
    ctx->on_solution = on_solution;
    ctx->user = user;
}

void search_report_solution(search_ctx *ctx, const uint8_t *grid, int ncells)
{
    if (ctx->solutions == 0 && ctx->first_solution)
        memcpy(ctx->first_solution, grid, (size_t)ncells);
    ctx->solutions++;
    if (ctx->on_solution && ctx->on_solution(ctx->user, grid))
        ctx->stop = 1;
    if (ctx->solutions >= ctx->limit)
        ctx->stop = 1;
}

void search_report_count(search_ctx *ctx, uint64_t n)
{
    uint64_t room = ctx->limit - ctx->solutions;
    ctx->solutions += n < room ? n : room;
    if (ctx->solutions >= ctx->limit)
        ctx->stop = 1;
}

int search_wants_grid(const search_ctx *ctx)
{
    return ctx->on_solution || (ctx->solutions == 0 && ctx->first_solution);
}

int search_count_node(search_ctx *ctx)
{
    ctx->nodes++;
    if (ctx->node_budget && ctx->nodes > ctx->node_budget) {
        ctx->gave_up = ctx->stop = 1;
        return 1;
    }
    /* Reading the clock costs more than a node; sample it. */
    if (ctx->deadline > 0 && (ctx->nodes & 255) == 0 &&
        clock_monotonic_seconds() > ctx->deadline) {
        ctx->gave_up = ctx->stop = 1;
        return 1;
    }
    return 0;
}
