/*
 * cpu_model.c — which build of the classic 9x9 engine runs, as a pure
 * function of what the CPU can run and what the caller asked for, so a
 * test checks the choice for CPUs the test machine is not.
 *
 * The default is the widest build the CPU has, on every CPU kind: by the
 * llvm-mca model of the kernels (BENCHMARKS.md, "Every
 * micro-architecture") the AVX2 build costs fewer cycles per node than
 * the SSE4.2 one even where 256-bit operations run as two 128-bit halves
 * (Zen 1: 3,579 against 4,539 over the shared sets), and AVX-512 fewer
 * than AVX2 where it runs on 256-bit units (Zen 4: 2,109 against 2,159),
 * so no CPU family needs an exception. What did depend on the core was
 * pext, microcode on AMD cores before Zen 3: the AVX2 build no longer
 * uses it.
 */
#include "search_internal.h"

int classic9_pick_variant(unsigned can, int requested)
{
    int want512 = requested < 0 || requested == CLASSIC9_AVX512;
    int want256 = want512 || requested == CLASSIC9_AVX2;
    if (want512 && (can & CPU_CAN_AVX512F))
        return CLASSIC9_AVX512;
    if (want256 && (can & CPU_CAN_AVX2))
        return CLASSIC9_AVX2;
    if (requested != CLASSIC9_PORTABLE && (can & CPU_CAN_SSE42))
        return CLASSIC9_SSE42;
    return CLASSIC9_PORTABLE;
}
