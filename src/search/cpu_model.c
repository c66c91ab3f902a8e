/*
 * cpu_model.c — which build of the classic 9x9 engine runs, as a pure
 * function of what the CPU can run and what the caller asked for, so a
 * test checks the choice for CPUs the test machine is not.
 *
 * The default is the widest build the CPU has, on every CPU kind. The
 * trace model of BENCHMARKS.md ("Every micro-architecture") was asked
 * whether a narrower build wins on a split-datapath core: on Zen 1 (256-bit
 * operations as two 128-bit halves) and Zen 2 it has the AVX2 build ahead
 * of the SSE4.2 one on 17-clue (1.48x and 2.04x fewer cycles), magictour
 * (1.17x, 1.55x) and serg on Zen 2 (1.26x), with a tie on serg on Zen 1
 * (SSE4.2 by 1.4%, inside its error), as a real Zen 1 measured for issue
 * 29 (AVX2 0.94-2.03x tdoku,
 * SSE4.2 0.86-1.00x). An earlier model said the opposite only because
 * LLVM's Zen 1/2 models charge 100 cycles for vperm2i128 and vzeroupper
 * (placeholders; bench/mca/README.md). So no choice by cpuid family/model
 * is made; DOKU_ISA and `bench --isa` force a build where measured
 * otherwise. Whether AVX-512 beats AVX2 on Zen 4 or Ice Lake the model
 * cannot settle (it misjudges AVX-512 on this Zen 5 by +20-30%), nor does
 * this machine; the widest is kept there too. (What surely depends on the
 * core, pext, microcode on AMD before Zen 3, the AVX2 build does not use.)
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
