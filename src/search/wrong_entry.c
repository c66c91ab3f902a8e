/*
 * wrong_entry.c — which filled cell of a grid with no solution is wrong.
 *
 * A person who copies a puzzle and mistypes one given (or a player who
 * enters one wrong digit) gets a grid with no solution, often with no
 * duplicate to point at. The puzzle it came from was unique, so if one
 * cell is wrong, it is among the cells that with another digit (or,
 * for an entry, empty) give the grid exactly one solution. Emptying a
 * cell alone does not tell: published puzzles are minimal, so without a
 * given they have several solutions, and another cell may then be the
 * one whose removal leaves exactly one. When no cell mends the grid so,
 * the cells without which the rest has solutions at all are named.
 * Searches of up to two solutions, one budget for all.
 */
#include <stdlib.h>
#include <string.h>

#include "search_internal.h"
#include "../util/clock.h"

/* Counts up to two solutions of work within the deadline end (0: none),
 * the first into sol. @return as doku_search: DOKU_GAVE_UP when the
 * budget is spent. */
static doku_status count_within(doku_solver *solver, const uint8_t *work, double end,
                                uint8_t *sol, doku_search_result *r)
{
    double left = end > 0 ? end - clock_monotonic_seconds() : 0;
    if (end > 0 && left <= 0)
        return DOKU_GAVE_UP;
    doku_search_opts o = {2, 0, left, 0};
    return doku_search(solver, work, (size_t)doku_shape_cells(solver->shape), &o, sol, NULL, NULL, r);
}

/* Keeps the marks of kind want as 1 and counts them; the other kinds'
 * marks are cleared. */
static size_t keep_kind(uint8_t *marks, int ncells, uint8_t want)
{
    size_t count = 0;
    for (int c = 0; c < ncells; c++) {
        marks[c] = marks[c] == want;
        count += marks[c];
    }
    return count;
}

doku_status doku_find_wrong_entry(doku_solver *solver, const uint8_t *cells, size_t count,
                                  double time_budget, uint8_t *marks, doku_wrong_entry *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!solver || !cells || !marks || !out || !(time_budget >= 0) ||
        count != (size_t)doku_shape_cells(solver->shape))
        return DOKU_ERR_ARG;
    int n = doku_shape_n(solver->shape), ncells = n * n;
    for (int c = 0; c < ncells; c++)
        if (cells[c] > n)
            return DOKU_ERR_ARG;
    memset(marks, 0, (size_t)ncells);
    uint8_t *work = malloc((size_t)ncells * 2);
    if (!work)
        return DOKU_ERR_NOMEM;
    uint8_t *sol = work + ncells;
    memcpy(work, cells, (size_t)ncells);
    double end = time_budget > 0 ? clock_monotonic_seconds() + time_budget : 0;
    doku_status st = DOKU_OK;
    doku_search_result r;
    /* a grid that has a solution has no wrong entry to name */
    doku_search_opts so = {1, 0, time_budget, 0};
    st = doku_search(solver, work, (size_t)ncells, &so, NULL, NULL, NULL, &r);
    if (st != DOKU_OK || r.solutions > 0) {
        free(work);
        return st;
    }
    size_t found[3] = {0, 0, 0};   /* by kind */
    uint8_t first[3] = {0, 0, 0};  /* the value of the kind's first cell */
    for (int c = 0; c < ncells && st == DOKU_OK; c++) {
        if (!cells[c])
            continue;
        /* emptied: no solution clears the cell; one names its digit */
        work[c] = 0;
        st = count_within(solver, work, end, sol, &r);
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
            st = count_within(solver, work, end, sol, &r);
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
    free(work);
    if (st != DOKU_OK) {
        /* half a scan names no culprit: nothing is marked */
        memset(marks, 0, (size_t)ncells);
        out->value = 0;
        return st;
    }
    int kind = found[DOKU_WRONG_DIGIT] ? DOKU_WRONG_DIGIT : DOKU_WRONG_SOME;
    out->suspects = keep_kind(marks, ncells, (uint8_t)kind);
    out->kind = out->suspects ? (doku_wrong_kind)kind : DOKU_WRONG_NONE;
    out->value = out->suspects == 1 ? first[kind] : 0;
    return DOKU_OK;
}
