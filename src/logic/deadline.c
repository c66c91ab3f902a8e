/*
 * deadline.c — the logic engine's limits (work units, time), read by
 * every technique.
 * Apart from context.c (which creates the context and its chain
 * workspaces) so that the techniques' files, which context.c calls into,
 * never call back into it.
 */
#include "logic_internal.h"
#include "variant_internal.h"
#include "../util/clock.h"

/* Search nodes of the constraints' own rules (variant_fit.c, _sum.c,
 * _split.c) per work unit: a node there costs about a sixteenth of what
 * one check of the chain searches does, so that a unit is about the same
 * time in either. */
enum { NODES_PER_UNIT = 16 };

int logic_past_deadline(doku_logic *L)
{
    if (L->timed_out)
        return 1;
    if (L->var && L->var->spent >= NODES_PER_UNIT) {
        L->work += L->var->spent / NODES_PER_UNIT;
        L->var->spent %= NODES_PER_UNIT;
    }
    if (++L->work >= L->work_limit && L->work_limit)
        L->timed_out = 1;
    else if (L->deadline > 0 && clock_monotonic_seconds() > L->deadline)
        L->timed_out = 1;
    return L->timed_out;
}
