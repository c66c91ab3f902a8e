/*
 * variant_rate.c — see variant_rate.h. One logic context a call: workers
 * share nothing, and a rating is rare beside the searches it follows.
 */
#include "variant_rate.h"

#include <string.h>

doku_status vrate_run(const doku_constraints *cs, const uint8_t *givens, uint64_t work,
                      double seconds, vrating *out)
{
    memset(out, 0, sizeof *out);
    doku_logic *lg;
    doku_status st = doku_logic_create_variant(cs, NULL, &lg);
    if (st != DOKU_OK)
        return st;
    size_t nc = (size_t)doku_shape_cells(doku_constraints_shape(cs));
    st = doku_logic_load(lg, givens, nc);
    if (st == DOKU_OK)
        st = doku_logic_set_work_limit(lg, work);
    if (st == DOKU_OK && seconds > 0)
        st = doku_logic_set_time_limit(lg, seconds > 1e-3 ? seconds : 1e-3);
    if (st == DOKU_OK)
        st = doku_logic_run(lg, NULL, NULL, &out->r, NULL, 0);
    for (int t = 0; t < DOKU_TECH_COUNT && (st == DOKU_OK || st == DOKU_GAVE_UP); t++)
        if (doku_logic_technique_count(lg, (doku_technique)t))
            out->used |= 1ull << t;
    if (st == DOKU_GAVE_UP) {
        out->timed_out = 1;
        out->r.solved = 0;
        out->reached = doku_logic_gave_up_at(lg);
        st = DOKU_OK;
    }
    doku_logic_free(lg);
    return st;
}

vrate_verdict vrate_judge(const vrating *v, const vrate_want *w)
{
    if (v->timed_out)
        return w->max < 0 && v->reached >= w->min && !w->require ? VRATE_IN : VRATE_HARDER;
    if (!v->r.solved)
        return VRATE_HARDER;
    /* ratings are on the one-decimal scale: compare as the ranges are written */
    if (v->r.er + 1e-9 < w->min)
        return VRATE_EASIER;
    if (w->max >= 0 && v->r.er - 1e-9 > w->max)
        return VRATE_HARDER;
    if (w->require && !(v->used & w->require))
        return VRATE_EASIER;
    return VRATE_IN;
}

doku_status vrate_filter(void *user, const doku_constraints *cs, const uint8_t *givens,
                         const uint8_t *solution, size_t ncells, bool *accept)
{
    (void)solution;
    (void)ncells;
    *accept = false;
    vrating v;
    doku_status st = vrate_run(cs, givens, VRATE_WORK, 0, &v);
    if (st == DOKU_OK)
        *accept = vrate_judge(&v, user) == VRATE_IN;
    /* givens that break cs cannot come from the generator; were they to,
     * they are not accepted rather than ending the run */
    return st == DOKU_ERR_NOMEM ? st : DOKU_OK;
}

void vrate_killer_cages(doku_difficulty d, doku_vgen_opts *vo)
{
    static const int max_cage[] = {5, 3, 5, 6, 7, 8}; /* ANY, EASY ... EXTREME */
    if (d != DOKU_DIFFICULTY_ANY && !vo->min_cage &&
        (unsigned)d < sizeof max_cage / sizeof max_cage[0]) {
        vo->min_cage = 2;
        vo->max_cage = max_cage[d];
    }
}
