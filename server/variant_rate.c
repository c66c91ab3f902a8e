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
    if (st == DOKU_GAVE_UP) {
        out->timed_out = 1;
        out->r.solved = 0;
        out->reached = doku_logic_gave_up_at(lg);
        st = DOKU_OK;
    }
    doku_logic_free(lg);
    return st;
}

srv_vverdict srv_vrate_judge(const srv_vrating *v, double min, double max)
{
    if (v->timed_out)
        return max < 0 && v->reached >= min ? SRV_VRATE_IN : SRV_VRATE_HARDER;
    if (!v->r.solved)
        return SRV_VRATE_HARDER;
    /* ratings are on the one-decimal scale: compare as the ranges are written */
    double er = v->r.er + 1e-9;
    if (er < min)
        return SRV_VRATE_EASIER;
    if (max >= 0 && v->r.er - 1e-9 > max)
        return SRV_VRATE_HARDER;
    return SRV_VRATE_IN;
}
