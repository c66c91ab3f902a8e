/*
 * rating.c — the full logical solve and its Sudoku Explainer rating.
 *
 * Design: exactly SE's definitions. ER is the hardest step of the path the
 * engine takes; ED is the rating of the first step; EP the hardest step up
 * to and including the first placement. The difficulty name of a rating is
 * doku's vocabulary (src/generate/scale.c).
 */
#include "logic_internal.h"

#include <string.h>

doku_status doku_logic_run(doku_logic *L, doku_step_fn on_step, void *user,
                           doku_rating *rating, char *history, size_t cap)
{
    if (!L)
        return DOKU_ERR_ARG;
    doku_rating r;
    memset(&r, 0, sizeof r);
    memset(L->run_counts, 0, sizeof L->run_counts);
    r.hardest = DOKU_TECH_FULL_HOUSE;
    int er = 0, ep = 0, ed = 0, have_ep = 0, have_ed = 0;
    size_t hl = 0;
    doku_status k = DOKU_OK;
    if (history && cap)
        history[0] = 0;
    for (;;) {
        doku_step st;
        k = doku_logic_next(L, &st);
        if (k != DOKU_OK)
            break;
        if (on_step && on_step(user, &st))
            break;
        int rt = L->step.rating;
        if (rt > er) {
            er = rt;
            r.hardest = st.technique;
        }
        if ((unsigned)st.technique < DOKU_TECH_COUNT)
            L->run_counts[st.technique]++;
        r.steps++;
        if (history && hl + 1 < cap) {
            history[hl++] = doku_technique_symbol(st.technique);
            history[hl] = 0;
        }
        int places = st.nplacements > 0;
        doku_logic_apply(L);
        if (!have_ep) {
            if (!have_ed) {
                ed = er;
                have_ed = 1;
            }
            if (places) {
                ep = er;
                have_ep = 1;
            }
        }
    }
    r.solved = doku_logic_solved(L);
    r.er = er / 10.0;
    r.ep = ep / 10.0;
    r.ed = ed / 10.0;
    r.difficulty = doku_difficulty_of(r.er, r.solved);
    if (rating)
        *rating = r;
    /* solved, stuck or a broken grid end the run as its rating says */
    return k == DOKU_ERR_NOMEM || k == DOKU_GAVE_UP ? k : DOKU_OK;
}

unsigned doku_logic_technique_count(const doku_logic *L, doku_technique t)
{
    if (!L || (unsigned)t >= DOKU_TECH_COUNT)
        return 0;
    return L->run_counts[t];
}
