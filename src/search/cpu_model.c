/*
 * cpu_model.c — which build of the classic 9x9 engine runs, as a pure
 * function of what the CPU can run and what the caller asked for, so a
 * test checks the choice for CPUs the test machine is not.
 *
 * The default is the widest build the CPU has, on every CPU kind. The
 * trace model of BENCHMARKS.md ("Every micro-architecture") was asked
 * whether a narrower build wins on some core: it says SSE4.2 beats AVX2 on
 * Zen 1 and Zen 2 (1.53x and 1.24x fewer cycles on the hardest set) and
 * AVX2 beats AVX-512 on Zen 4 and Ice Lake (1.11x, 1.10x). It is not
 * believed for that choice: checked against this Zen 5 it gets AVX2
 * against SSE4.2 within -13..+15%, but calls AVX-512 0.90-0.93x AVX2 where
 * this machine measures 1.18-1.23x; and on a real Zen 1 issue 29 measured
 * the AVX2 build the best (0.94-2.03x tdoku; the SSE4.2 one 0.86-1.00x).
 * A choice by cpuid family/model would rest on that model alone, so none
 * is made; DOKU_ISA and `bench --isa` force a build where measured
 * otherwise. (What surely depends on the core, pext, microcode on AMD
 * before Zen 3, the AVX2 build does not use.)
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
