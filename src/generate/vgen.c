/*
 * vgen.c — doku_variant_generate: the options, the loop over full grids,
 * and acceptance (the effort band, the caller's filter). The puzzle of
 * one grid is made by vgen_killer.c or vgen_sets.c.
 */
#include "gen_internal.h"
#include "vgen_internal.h"
#include "util/clock.h"

#include <stdlib.h>
#include <string.h>

#define DEFAULT_ATTEMPTS 50

const char *doku_vgen_set_name(doku_vgen_set set)
{
    static const char *const names[DOKU_VGEN_SET_COUNT] = {"killer", "thermo", "arrow", "kropki",
                                                           "xv"};
    return (unsigned)set < DOKU_VGEN_SET_COUNT ? names[set] : "";
}

/* Fills the defaults into o. @return 1 when the options are usable. */
static int settle(doku_vgen_opts *o, int n)
{
    if ((unsigned)o->set >= DOKU_VGEN_SET_COUNT || !(o->time_budget >= 0) ||
        (o->band && o->max_guesses < o->min_guesses))
        return 0;
    if (!o->min_cage && !o->max_cage) {
        o->min_cage = 2;
        o->max_cage = n / 2 + 1 < 5 ? n / 2 + 1 : 5;
    }
    if (o->min_cage < 1 || o->min_cage > o->max_cage || o->max_cage > n)
        return 0;
    if (!o->max_attempts)
        o->max_attempts = DEFAULT_ATTEMPTS;
    return 1;
}

/* Whether the unique puzzle (cs, givens) is accepted. @return 1 yes, 0
 * no, or a negative doku_status from the filter. */
static int accept(vgen *v, const doku_constraints *cs, const uint8_t *givens)
{
    const doku_vgen_opts *o = v->o;
    v->res->best_guesses = v->guesses;
    v->res->candidates++;
    if (o->band && (v->guesses < o->min_guesses || v->guesses > o->max_guesses))
        return 0;
    if (!o->filter)
        return 1;
    bool ok = false;
    doku_status st = o->filter(o->filter_user, cs, givens, v->grid, (size_t)v->ncells, &ok);
    if (st != DOKU_OK)
        return -(int)st;
    return ok;
}

doku_status doku_variant_generate(doku_generator *g, uint64_t seed, const doku_vgen_opts *opts,
                                  doku_constraints **out, uint8_t *givens, uint8_t *solution,
                                  size_t ncells, doku_vgen_result *res)
{
    doku_vgen_result dummy;
    if (!res)
        res = &dummy;
    memset(res, 0, sizeof *res);
    if (out)
        *out = NULL;
    if (!g || !out || !givens || ncells != (size_t)g->ncells || g->n > DOKU_CONSTRAINTS_MAX_N)
        return DOKU_ERR_ARG;
    doku_vgen_opts o;
    memset(&o, 0, sizeof o);
    if (opts)
        o = *opts;
    if (!settle(&o, g->n))
        return DOKU_ERR_ARG;
    doku_rng rng;
    doku_rng_seed(&rng, seed);
    vgen v;
    memset(&v, 0, sizeof v);
    v.g = g;
    v.s = g->s;
    v.n = g->n;
    v.ncells = g->ncells;
    v.rng = &rng;
    v.o = &o;
    v.res = res;
    v.deadline = o.time_budget > 0 ? clock_monotonic_seconds() + o.time_budget : 0;
    v.grid = malloc(ncells);
    v.alt = malloc(ncells);
    v.alts = malloc(ncells * VGEN_ALTS);
    doku_status st = DOKU_GAVE_UP;
    if (!v.grid || !v.alt || !v.alts) {
        st = DOKU_ERR_NOMEM;
        goto done;
    }
    while (res->attempts < o.max_attempts && !v.late) {
        if (v.deadline > 0 && res->attempts > 0 && clock_monotonic_seconds() > v.deadline)
            break;
        res->attempts++;
        int r = gen_fill(g, &rng, v.deadline, v.grid);
        if (r == -2)
            break;
        if (r <= 0) {
            st = r < 0 ? DOKU_ERR_NOMEM : DOKU_ERR_SHAPE;
            break;
        }
        doku_constraints *cs = NULL;
        memset(givens, 0, ncells);
        r = o.set == DOKU_VGEN_KILLER ? vgen_killer(&v, &cs) : vgen_set(&v, &cs, givens);
        if (r < 0) {
            st = DOKU_ERR_NOMEM;
            break;
        }
        if (r == 0 || v.late) {
            doku_constraints_free(cs);
            continue;
        }
        int a = accept(&v, cs, givens);
        if (a < 0) {
            doku_constraints_free(cs);
            st = (doku_status)-a;
            break;
        }
        if (!a) {
            doku_constraints_free(cs);
            continue;
        }
        res->found = 1;
        res->nodes = v.nodes;
        res->guesses = v.guesses;
        res->constraints = doku_constraints_count(cs);
        for (size_t c = 0; c < ncells; c++)
            res->givens += givens[c] != 0;
        if (solution)
            memcpy(solution, v.grid, ncells);
        *out = cs;
        st = DOKU_OK;
        break;
    }
done:
    if (st != DOKU_OK)
        memset(givens, 0, ncells);
    free(v.grid);
    free(v.alt);
    free(v.alts);
    return st;
}
