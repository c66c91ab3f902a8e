/*
 * variant_rate.c — see variant_rate.h. One logic context a call: the
 * server's workers share nothing, and a rating is rare beside the
 * searches it follows.
 */
#include "variant_rate.h"

#include <string.h>

doku_status srv_vrate(const doku_constraints *cs, const uint8_t *givens, double seconds,
                      srv_vrating *out)
{
    memset(out, 0, sizeof *out);
    doku_logic *lg;
    doku_status st = doku_logic_create_variant(cs, NULL, &lg);
    if (st != DOKU_OK)
        return st;
    size_t nc = (size_t)doku_shape_cells(doku_constraints_shape(cs));
    st = doku_logic_load(lg, givens, nc);
    if (st == DOKU_OK)
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

srv_vverdict srv_vrate_judge(const srv_vrating *v, const srv_vwant *w)
{
    if (v->timed_out)
        return w->max < 0 && v->reached >= w->min && !w->require ? SRV_VRATE_IN : SRV_VRATE_HARDER;
    if (!v->r.solved)
        return SRV_VRATE_HARDER;
    /* ratings are on the one-decimal scale: compare as the ranges are written */
    if (v->r.er + 1e-9 < w->min)
        return SRV_VRATE_EASIER;
    if (w->max >= 0 && v->r.er - 1e-9 > w->max)
        return SRV_VRATE_HARDER;
    if (w->require && !(v->used & w->require))
        return SRV_VRATE_EASIER;
    return SRV_VRATE_IN;
}
