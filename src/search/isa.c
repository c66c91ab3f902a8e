/*
 * isa.c — which SIMD tier the fast paths of a solver run (doku_isa).
 *
 * The classic 9x9 and board16 engines are each compiled once per tier and
 * pick the best the CPU reports when created; this file lets a caller (or
 * DOKU_ISA in the environment) ask for a lower tier, so every build can be
 * tested and measured on one machine. A tier the CPU lacks is refused,
 * never run: that would be an illegal instruction.
 */
#include "search_internal.h"
#include "cpu_tier.h"

#include <stdlib.h>
#include <string.h>

static const char *const isa_names[] = {"auto", "portable", "avx2", "avx512"};

int doku_isa_supported(doku_isa isa)
{
    switch (isa) {
    case DOKU_ISA_AUTO:
    case DOKU_ISA_PORTABLE:
        return 1;
#ifdef CPU_TIER_X86
    case DOKU_ISA_AVX2:
        return cpu_has_avx2();
    case DOKU_ISA_AVX512:
        return cpu_has_avx512f();
#endif
    default:
        return 0;
    }
}

const char *doku_isa_name(doku_isa isa)
{
    if ((unsigned)isa >= sizeof isa_names / sizeof isa_names[0])
        return NULL;
    return isa_names[isa];
}

int doku_isa_from_name(const char *name)
{
    if (!name)
        return -1;
    for (size_t i = 0; i < sizeof isa_names / sizeof isa_names[0]; i++)
        if (!strcmp(name, isa_names[i]))
            return (int)i;
    return -1;
}

doku_status doku_solver_set_isa(doku_solver *sv, doku_isa isa)
{
    if (!sv || !doku_isa_name(isa) || !doku_isa_supported(isa))
        return DOKU_ERR_ARG;
    /* The engines number their builds portable, AVX2, AVX-512 from 0. */
    int variant = isa == DOKU_ISA_AUTO ? -1 : (int)isa - 1;
    if (sv->classic9)
        classic9_set_variant(sv->classic9, variant);
    if (sv->board16) {
        int got = board16_set_variant(sv->board16, variant);
        /* Chosen by itself, the portable board16 build loses to the
         * generic engine (search.c), so AUTO keeps that policy; a forced
         * tier is what the caller asked for. */
        sv->board16_on = got != BOARD16_PORTABLE;
    }
    return DOKU_OK;
}

doku_isa doku_solver_isa(const doku_solver *sv)
{
    if (!sv)
        return DOKU_ISA_PORTABLE;
    int v = -1;
    if (sv->classic9)
        v = classic9_variant(sv->classic9);
    else if (sv->board16 && sv->board16_on)
        v = board16_variant(sv->board16);
    return v < 0 ? DOKU_ISA_PORTABLE : (doku_isa)(v + 1);
}

void search_isa_from_env(doku_solver *sv)
{
    int isa = doku_isa_from_name(getenv("DOKU_ISA"));
    if (isa > DOKU_ISA_AUTO)
        (void)doku_solver_set_isa(sv, (doku_isa)isa);
}
