/*
 * isa.c — which SIMD tier the fast paths of a solver run (doku_isa).
 *
 * The classic 9x9 and board16 engines are each compiled once per tier and
 * pick the best the CPU reports when created; this file lets a caller ask
 * for a lower tier, so every build can be tested and measured on one
 * machine. A tier the CPU lacks is refused, never run: that would be an
 * illegal instruction. The library reads no environment: the programs
 * apply DOKU_ISA (common/isa_env.c), as zstd's programs, not its library,
 * read ZSTD_CLEVEL.
 */
#include "search_internal.h"
#include "cpu_tier.h"

#include <string.h>

static const char *const isa_names[] = {"auto", "portable", "avx2", "avx512", "sse42"};

bool doku_isa_supported(doku_isa isa)
{
    switch (isa) {
    case DOKU_ISA_AUTO:
    case DOKU_ISA_PORTABLE:
        return true;
#ifdef CPU_TIER_X86
    case DOKU_ISA_SSE42:
        return cpu_has_sse42();
    case DOKU_ISA_AVX2:
        return cpu_has_avx2();
    case DOKU_ISA_AVX512:
        return cpu_has_avx512f();
#endif
    default:
        return false;
    }
}

const char *doku_isa_name(doku_isa isa)
{
    if ((unsigned)isa >= sizeof isa_names / sizeof isa_names[0])
        return NULL;
    return isa_names[isa];
}

doku_status doku_isa_from_name(const char *name, doku_isa *out)
{
    if (!name || !out)
        return DOKU_ERR_ARG;
    for (size_t i = 0; i < sizeof isa_names / sizeof isa_names[0]; i++)
        if (!strcmp(name, isa_names[i])) {
            *out = (doku_isa)i;
            return DOKU_OK;
        }
    return DOKU_ERR_PARSE;
}

doku_status doku_solver_set_isa(doku_solver *sv, doku_isa isa)
{
    if (!sv || !doku_isa_name(isa) || !doku_isa_supported(isa))
        return DOKU_ERR_ARG;
    static const int c9_variant[] = {-1, CLASSIC9_PORTABLE, CLASSIC9_AVX2, CLASSIC9_AVX512,
                                     CLASSIC9_SSE42};
    /* board16 has no SSE4.2 build: its portable one serves */
    static const int b16_variant[] = {-1, BOARD16_PORTABLE, BOARD16_AVX2, BOARD16_AVX512,
                                      BOARD16_PORTABLE};
    if (sv->classic9)
        classic9_set_variant(sv->classic9, c9_variant[isa]);
    if (sv->board16) {
        int got = board16_set_variant(sv->board16, b16_variant[isa]);
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
    static const doku_isa c9_isa[] = {DOKU_ISA_PORTABLE, DOKU_ISA_AVX2, DOKU_ISA_AVX512,
                                      DOKU_ISA_SSE42};
    static const doku_isa b16_isa[] = {DOKU_ISA_PORTABLE, DOKU_ISA_AVX2, DOKU_ISA_AVX512};
    if (sv->classic9)
        return c9_isa[classic9_variant(sv->classic9)];
    if (sv->board16 && sv->board16_on)
        return b16_isa[board16_variant(sv->board16)];
    return DOKU_ISA_PORTABLE;
}
