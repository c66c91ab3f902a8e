/*
 * classic9_pick.c — which build of the classic 9x9 engine runs, as a pure
 * function of what the CPU can run and what the caller asked for, so a
 * test checks the choice for CPUs the test machine is not.
 *
 * The widest build the CPU has. By what the CPU is, rather than what it
 * runs, nothing differs any more: AMD's Zen 1 (which executes a 256-bit
 * operation as two 128-bit halves) and Zen 2 once got an AVX2 build of
 * their own, with digit 8 and the lane reductions at 128 bits (chosen by
 * cpuid family, 0x17). That build then measured faster on this Zen 5 as
 * well (1-4% on every shared set, interleaved) and modelled faster on
 * Skylake and Alder Lake (bench/mca), so it is the only AVX2 build
 * (classic9_pass256.h), on every CPU. The AVX2 build beats the SSE4.2 one
 * on Zen 1 and 2 in the model and on a real Zen 1 (issue 29): no SSE4.2
 * by family. Whether AVX-512 beats AVX2 on Zen 4 or Ice Lake the model
 * cannot settle (it misjudges AVX-512 on this Zen 5 by +20-30%), nor does
 * this machine; the widest is kept there. DOKU_ISA and `bench --isa`
 * force a tier.
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
