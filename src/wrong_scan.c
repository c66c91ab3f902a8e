/*
 * wrong_scan.c — which filled cell of a grid with no solution is wrong.
 *
 * A person who copies a puzzle and mistypes one given (or a player who
 * enters one wrong digit) gets a grid with no solution, often with no
 * duplicate or broken cage to point at. The puzzle it came from was
 * unique, so if one cell is wrong, it is among the cells that with
 * another digit (or, for an entry, empty) give the grid exactly one
 * solution. Emptying a cell alone does not tell: published puzzles are
 * minimal, so without a given they have several solutions, and another
 * cell may then be the one whose removal leaves exactly one. When no
 * cell mends the grid so, the cells without which the rest has
 * solutions at all are named. Searches of up to two solutions, one
 * budget for all, asked of whichever engine holds the puzzle's rules.
 */
#include <stdlib.h>
#include <string.h>

#include "wrong_scan.h"
#include "util/clock.h"

/* The search and what it is asked about, with the deadline of the scan. */
typedef struct scan_ctx {
    wrong_scan_search_fn search;
    void *ctx;
    size_t ncells;
    double end;   /* clock_monotonic_seconds deadline; 0: none */
} scan_ctx;

/* Counts up to two solutions of work within the deadline, the first into
 * sol. @return as doku_search: DOKU_GAVE_UP when the budget is spent. */
static doku_status count_within(const scan_ctx *sc, const uint8_t *work, uint8_t *sol,
                                doku_search_result *r)
{
    double left = sc->end > 0 ? sc->end - clock_monotonic_seconds() : 0;
    if (sc->end > 0 && left <= 0)
        return DOKU_GAVE_UP;
    doku_search_opts o = {2, 0, left, 0};
    return sc->search(sc->ctx, work, sc->ncells, &o, sol, r);
}

/* Keeps the marks of kind want as 1 and counts them; the other kinds'
 * marks are cleared. */
static size_t keep_kind(uint8_t *marks, size_t ncells, uint8_t want)
{
    size_t count = 0;
    for (size_t c = 0; c < ncells; c++) {
        marks[c] = marks[c] == want;
        count += marks[c];
    }
    return count;
}

/* Tries every filled cell of cells (work is its copy, restored after each
 * cell): marks[c] = DOKU_WRONG_DIGIT when another digit there, or none,
 * leaves one solution, DOKU_WRONG_SOME when emptying it leaves several and
 * no digit leaves one; found[kind] counts them, first[kind] is the mending
 * digit of the kind's first cell. @return DOKU_OK or the search's failure
 * (the scan is then incomplete). */
static doku_status scan(const scan_ctx *sc, int n, const uint8_t *cells, uint8_t *work,
                        uint8_t *sol, uint8_t *marks, size_t found[3], uint8_t first[3])
{
    doku_status st = DOKU_OK;
    doku_search_result r;
    for (size_t c = 0; c < sc->ncells && st == DOKU_OK; c++) {
        if (!cells[c])
            continue;
        /* emptied: no solution clears the cell; one names its digit */
        work[c] = 0;
        st = count_within(sc, work, sol, &r);
        if (st != DOKU_OK || r.solutions == 0) {
            work[c] = cells[c];
            continue;
        }
        int fixes = r.solutions == 1;
        uint8_t value = fixes ? sol[c] : 0;
        /* several: which other digit there leaves exactly one? */
        for (int d = 1; !fixes && d <= n && st == DOKU_OK; d++) {
            if (d == cells[c])
                continue;
            work[c] = (uint8_t)d;
            st = count_within(sc, work, sol, &r);
            if (st == DOKU_OK && r.solutions == 1) {
                fixes = 1;
                value = (uint8_t)d;
            }
        }
        work[c] = cells[c];
        int kind = fixes ? DOKU_WRONG_DIGIT : DOKU_WRONG_SOME;
        marks[c] = (uint8_t)kind;
        if (!found[kind]++)
            first[kind] = value;
    }
    return st;
}

doku_status wrong_scan(wrong_scan_search_fn search, void *ctx, int n, const uint8_t *cells,
                       double time_budget, uint8_t *marks, doku_wrong_entry *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!cells || !marks || !out || !(time_budget >= 0))
        return DOKU_ERR_ARG;
    size_t ncells = (size_t)n * (size_t)n;
    for (size_t c = 0; c < ncells; c++)
        if (cells[c] > n)
            return DOKU_ERR_ARG;
    memset(marks, 0, ncells);
    uint8_t *work = malloc(ncells * 2);
    if (!work)
        return DOKU_ERR_NOMEM;
    uint8_t *sol = work + ncells;
    memcpy(work, cells, ncells);
    scan_ctx sc = {search, ctx, ncells,
                   time_budget > 0 ? clock_monotonic_seconds() + time_budget : 0};
    /* a grid that has a solution has no wrong entry to name */
    doku_search_result r;
    doku_search_opts so = {1, 0, time_budget, 0};
    doku_status st = search(ctx, work, ncells, &so, NULL, &r);
    if (st != DOKU_OK || r.solutions > 0) {
        free(work);
        return st;
    }
    size_t found[3] = {0, 0, 0};   /* by kind */
    uint8_t first[3] = {0, 0, 0};  /* the value of the kind's first cell */
    st = scan(&sc, n, cells, work, sol, marks, found, first);
    free(work);
    if (st != DOKU_OK) {
        /* half a scan names no culprit: nothing is marked */
        memset(marks, 0, ncells);
        return st;
    }
    int kind = found[DOKU_WRONG_DIGIT] ? DOKU_WRONG_DIGIT : DOKU_WRONG_SOME;
    out->suspects = keep_kind(marks, ncells, (uint8_t)kind);
    out->kind = out->suspects ? (doku_wrong_kind)kind : DOKU_WRONG_NONE;
    out->value = out->suspects == 1 ? first[kind] : 0;
    return DOKU_OK;
}
