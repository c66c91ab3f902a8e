/*
 * vgen_check.c — the variant generator's uniqueness check: one limit-2
 * search of the variant engine, keeping the second solution, since the
 * cells where it differs from the grid are where the puzzle needs more.
 */
#include "vgen_internal.h"
#include "util/clock.h"

#include <string.h>

typedef struct catch_alt {
    vgen *v;
    int found;
} catch_alt;

static int on_solution(void *user, const uint8_t *sol)
{
    catch_alt *c = user;
    if (!c->found && memcmp(sol, c->v->grid, (size_t)c->v->ncells) != 0) {
        memcpy(c->v->alt, sol, (size_t)c->v->ncells);
        c->found = 1;
    }
    return 0;
}

int vgen_check(vgen *v, const doku_constraints *cs, const uint8_t *givens)
{
    uint64_t budget = v->o->check_budget ? v->o->check_budget : VGEN_CHECK_BUDGET;
    doku_search_opts so = {2, v->trim_budget ? v->trim_budget : budget, 0, 0};
    if (v->deadline > 0) {
        so.time_budget = v->deadline - clock_monotonic_seconds();
        if (so.time_budget <= 0) {
            v->late = 1;
            v->have_alt = 0;
            return 0;
        }
    }
    catch_alt c = {v, 0};
    doku_search_result r;
    doku_status st = doku_constraints_search(cs, givens, (size_t)v->ncells, &so, NULL,
                                             on_solution, &c, &r);
    v->res->checks++;
    if (st == DOKU_ERR_NOMEM)
        return -1;
    v->nodes = r.nodes;
    v->guesses = r.guesses;
    if (st == DOKU_GAVE_UP && v->deadline > 0 && clock_monotonic_seconds() > v->deadline)
        v->late = 1;
    v->have_alt = c.found;
    if (c.found) {
        memcpy(v->alts + (size_t)v->alt_next * (size_t)v->ncells, v->alt, (size_t)v->ncells);
        v->alt_next = (v->alt_next + 1) % VGEN_ALTS;
        if (v->nalts < VGEN_ALTS)
            v->nalts++;
    }
    return st == DOKU_OK && r.solutions == 1;
}

void vgen_shuffle(vgen *v, int *a, int k)
{
    for (int i = k - 1; i > 0; i--) {
        int j = vgen_below(v, i + 1), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
