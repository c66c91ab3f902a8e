/*
 * deadline.c — the logic engine's time limit, read by every technique.
 * Apart from context.c (which creates the context and its chain
 * workspaces) so that the techniques' files, which context.c calls into,
 * never call back into it.
 */
#include "logic_internal.h"
#include "../util/clock.h"

int logic_past_deadline(doku_logic *L)
{
    if (!L->timed_out && L->deadline > 0 && clock_monotonic_seconds() > L->deadline)
        L->timed_out = 1;
    return L->timed_out;
}
