/*
 * variant_wrong.c — see variant_wrong.h. A player's one wrong entry in a
 * unique variant puzzle leaves a grid with no solution and often no
 * broken rule to point at; one other digit (or none) in that cell gives
 * the puzzle back its one solution. Every search counts up to two
 * solutions under the constraints, all within one deadline.
 */
#include "variant_wrong.h"
#include "clock.h"

#include <stdlib.h>
#include <string.h>

/* Up to two solutions of work under cs by the deadline end, the first
 * into sol. @return as doku_constraints_search; DOKU_GAVE_UP once the
 * deadline has passed. */
static doku_status count_two(const doku_constraints *cs, const uint8_t *work, size_t nc,
                             double end, uint8_t *sol, doku_search_result *r)
{
    double left = end - now_seconds();
    if (left <= 0)
        return DOKU_GAVE_UP;
    doku_search_opts o = {2, 0, left, 0};
    return doku_constraints_search(cs, work, nc, &o, sol, NULL, NULL, r);
}

/* Scans every filled cell: marks[c] = DOKU_WRONG_DIGIT when a digit (or
 * emptiness) there leaves one solution, DOKU_WRONG_SOME when emptying it
 * leaves several and no digit does, else 0; first[kind] is the mending
 * digit of the kind's first cell. @return DOKU_OK or the search's
 * failure (the scan is then incomplete). */
static doku_status scan(const doku_constraints *cs, const uint8_t *cells, int n, double end,
                        uint8_t *work, uint8_t *sol, uint8_t *marks, size_t found[3],
                        uint8_t first[3])
{
    size_t nc = (size_t)n * (size_t)n;
    doku_status st = DOKU_OK;
    doku_search_result r;
    for (size_t c = 0; c < nc && st == DOKU_OK; c++) {
        if (!cells[c])
            continue;
        work[c] = 0;
        st = count_two(cs, work, nc, end, sol, &r);
        if (st != DOKU_OK || r.solutions == 0) {
            work[c] = cells[c];
            continue;
        }
        int fixes = r.solutions == 1;
        uint8_t value = fixes ? sol[c] : 0;
        for (int d = 1; !fixes && d <= n && st == DOKU_OK; d++) {
            if (d == cells[c])
                continue;
            work[c] = (uint8_t)d;
            st = count_two(cs, work, nc, end, sol, &r);
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

char *srv_variant_wrong_entry(const doku_constraints *cs, const srv_puzzle *p, double budget,
                              uint8_t *marks)
{
    if (!cs || !p || !p->cells || !marks || !(budget > 0))
        return NULL;
    int n = p->n;
    size_t nc = (size_t)n * (size_t)n;
    memset(marks, 0, nc);
    uint8_t *work = malloc(nc * 2);
    if (!work)
        return NULL;
    uint8_t *sol = work + nc;
    memcpy(work, p->cells, nc);
    size_t found[3] = {0, 0, 0};
    uint8_t first[3] = {0, 0, 0};
    doku_status st = scan(cs, p->cells, n, now_seconds() + budget, work, sol, marks, found,
                          first);
    free(work);
    int kind = found[DOKU_WRONG_DIGIT] ? DOKU_WRONG_DIGIT : DOKU_WRONG_SOME;
    doku_wrong_entry w = {0, DOKU_WRONG_NONE, 0};
    for (size_t c = 0; c < nc; c++) {
        marks[c] = st == DOKU_OK && marks[c] == kind;
        w.suspects += marks[c];
    }
    if (!w.suspects)
        return NULL;
    w.kind = (doku_wrong_kind)kind;
    w.value = w.suspects == 1 ? first[kind] : 0;
    doku_buf b = {0};
    if (doku_format_wrong_entry(&b, p->shape, p->cells, nc, p->symbols, marks, &w) != DOKU_OK ||
        b.failed) {
        doku_buf_free(&b);
        memset(marks, 0, nc);
        return NULL;
    }
    return b.data;
}
