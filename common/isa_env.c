/*
 * isa_env.c — see isa_env.h. getenv on each call: a program creates its
 * solvers once per worker, and a copy kept here would be global state.
 */
#include "isa_env.h"

#include <stdlib.h>

doku_status isa_env(doku_isa *out)
{
    *out = DOKU_ISA_AUTO;
    const char *name = getenv("DOKU_ISA");
    if (!name || !*name)
        return DOKU_OK;
    doku_isa isa;
    if (doku_isa_from_name(name, &isa) != DOKU_OK)
        return DOKU_ERR_PARSE;
    if (!doku_isa_supported(isa))
        return DOKU_ERR_ARG;
    *out = isa;
    return DOKU_OK;
}

void isa_env_solver(doku_solver *sv)
{
    doku_isa isa;
    if (sv && isa_env(&isa) == DOKU_OK && isa != DOKU_ISA_AUTO)
        (void)doku_solver_set_isa(sv, isa);
}

void isa_env_generator(doku_generator *g)
{
    doku_isa isa;
    if (g && isa_env(&isa) == DOKU_OK && isa != DOKU_ISA_AUTO)
        (void)doku_generator_set_isa(g, isa);
}
