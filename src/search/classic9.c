/*
 * classic9.c — the classic 9x9 fast path behind doku_search().
 *
 * The engine itself is in classic9_core.h (bitboards per digit and band;
 * see the comment there). This file compiles it three times on x86-64: a
 * portable build for any x86-64 (or any other architecture), one for CPUs
 * with AVX2/BMI2/POPCNT, whose propagation works on all boards at once in
 * four 256-bit registers, and one for AVX-512F, which does the same in
 * three 512-bit ones. The variant is chosen when the engine is created,
 * from what the running CPU reports (a caller may ask for a lower one:
 * isa.c), so a binary built here never executes an instruction an older
 * CPU lacks.
 */
#include "search_internal.h"
#include "classic9_tables.h"


#include <stdlib.h>
#include <string.h>

typedef struct c9_state {
    uint32_t cand[48];   /* [band * 16 + digit]; digits 9..15 unused (0) */
    uint32_t solved[4];  /* per band: cells whose digit is placed */
    uint64_t dirty;      /* bit band * 16 + digit: board awaits its update */
    uint32_t coldirty;   /* bit digit: columns await their check */
    uint32_t pad;
} c9_state;

/* The open cells of a nearly solved state, searched cell by cell (see
 * residual in classic9_core.h): at most C9_RES_MAX of them. */
#ifndef C9_RES_MAX
#define C9_RES_MAX 16
#endif
#if C9_RES_MAX <= 16
typedef uint16_t c9_res_set;
#else
typedef uint32_t c9_res_set;
#endif
/* A grid as grid_of in classic9_core.h writes it: 81 cells and room for
 * its last 32-byte store. */
#define C9_GRID_BYTES (27 * 2 + 32)

typedef struct c9_resid {
    c9_res_set peers[C9_RES_MAX]; /* bit j: open cell j shares a unit */
    uint8_t cell[C9_RES_MAX];   /* global cell index 0..80 */
    uint8_t val[C9_RES_MAX];    /* digit 0..8 chosen on the current path */
    uint8_t grid[C9_GRID_BYTES]; /* the solved cells, when grids are wanted */
    int wants_grid;
} c9_resid;

typedef void (*c9_run_fn)(c9_state *stack, const uint8_t *givens, search_ctx *ctx);

struct classic9_engine {
    c9_state stack[82];  /* one level per guess depth; each guess fills a cell */
    c9_run_fn run;
    int variant;
};

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define C9_X86 1
#include <immintrin.h>
#include "cpu_tier.h"
#endif

/* Portable build: SSE2 is part of x86-64 itself; elsewhere plain C. */
#ifdef C9_X86
#define C9_SIMD 1
#else
#define C9_SIMD 0
#endif
#define C9_FN(name) c9_portable_##name
#include "classic9_core.h"
#undef C9_FN
#undef C9_SIMD

#ifdef C9_X86
/* x86-64-v2: the portable design with SSE4.1 extracts and POPCNT. */
CPU_TIER_BEGIN(CPU_TIER_SSE42)
#define C9_SIMD 1
#define C9_SSE42 1
#define C9_FN(name) c9_sse42_##name
#include "classic9_core.h"
#undef C9_FN
#undef C9_SSE42
#undef C9_SIMD
CPU_TIER_END()

CPU_TIER_BEGIN(CPU_TIER_AVX2)
#define C9_SIMD 2
#define C9_FN(name) c9_avx2_##name
#include "classic9_core.h"
#undef C9_FN
#undef C9_SIMD
CPU_TIER_END()

CPU_TIER_BEGIN(CPU_TIER_AVX512F)
#define C9_SIMD 3
#define C9_FN(name) c9_avx512_##name
#include "classic9_core.h"
#undef C9_FN
#undef C9_SIMD
CPU_TIER_END()


#endif

doku_status classic9_create(classic9_engine **out)
{
    classic9_engine *e = calloc(1, sizeof *e);
    if (!e)
        return DOKU_ERR_NOMEM;
    classic9_set_variant(e, -1);
    *out = e;
    return DOKU_OK;
}

int classic9_set_variant(classic9_engine *e, int variant)
{
    unsigned can = 0;
#ifdef C9_X86
    can = (unsigned)(cpu_has_sse42() ? CPU_CAN_SSE42 : 0) | (unsigned)(cpu_has_avx2() ? CPU_CAN_AVX2 : 0) |
          (unsigned)(cpu_has_avx512f() ? CPU_CAN_AVX512F : 0);
#endif
    e->variant = classic9_pick_variant(can, variant);
    switch (e->variant) {
#ifdef C9_X86
    case CLASSIC9_AVX512:
        e->run = c9_avx512_run;
        break;
    case CLASSIC9_AVX2:
        e->run = c9_avx2_run;
        break;
    case CLASSIC9_SSE42:
        e->run = c9_sse42_run;
        break;
#endif
    default:
        e->run = c9_portable_run;
        e->variant = CLASSIC9_PORTABLE;
    }
    return e->variant;
}

int classic9_variant(const classic9_engine *e)
{
    return e->variant;
}

void classic9_free(classic9_engine *e)
{
    free(e);
}

void classic9_run(classic9_engine *e, const uint8_t *givens, search_ctx *ctx)
{
    e->run(e->stack, givens, ctx);
}
