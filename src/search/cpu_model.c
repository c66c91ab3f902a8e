/*
 * cpu_model.c — which build of the classic 9x9 engine runs, as a pure
 * function of what the CPU can run and what the caller asked for, so a
 * test checks the choice for CPUs the test machine is not.
 *
 * The default is the widest build the CPU has, with one exception by what
 * the CPU is rather than what it runs: on cores that execute a 256-bit
 * operation as two 128-bit halves (Zen 1 and Zen+, Hygon's Dhyana, the
 * Bulldozer line) the AVX2 build's lane reductions fold to 128 bits first
 * (CLASSIC9_AVX2_SPLIT, classic9_pass256.h). The trace model of
 * BENCHMARKS.md ("Every micro-architecture", bench/mca) gives it 5% fewer
 * cycles on Zen 1 for serg, and the plain AVX2 build 2% fewer on Zen 4
 * (1-2% measured on this Zen 5), so each runs where it wins. It has the
 * AVX2 build ahead of the SSE4.2 one on Zen 1 and Zen 2 (17-clue 1.48x
 * and 2.04x fewer cycles, magictour 1.17x, 1.55x, serg 1.26x on Zen 2,
 * a tie on Zen 1), as a real Zen 1 measured for issue 29 (AVX2 0.94-2.03x
 * tdoku, SSE4.2 0.86-1.00x): no SSE4.2 by family/model. An earlier model
 * said the opposite only because LLVM's Zen 1/2 models charge 100 cycles
 * for vperm2i128 and vzeroupper (placeholders; bench/mca/README.md).
 * Whether AVX-512 beats AVX2 on Zen 4 or Ice Lake the model cannot settle
 * (it misjudges AVX-512 on this Zen 5 by +20-30%), nor does this machine;
 * the widest is kept there. DOKU_ISA and `bench --isa` force a tier.
 */
#include "search_internal.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#endif

int cpu_model_splits_256(int vendor, unsigned family, unsigned model)
{
    if (vendor == CPU_VENDOR_AMD)
        return family == 0x15 || (family == 0x17 && model < 0x30);
    return vendor == CPU_VENDOR_HYGON && family == 0x18;
}

int cpu_splits_256(void)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d))
        return 0;
    /* The vendor string, in ebx, edx, ecx: "AuthenticAMD", "HygonGenuine". */
    int vendor = b == 0x68747541u && d == 0x69746E65u && c == 0x444D4163u   ? CPU_VENDOR_AMD
                 : b == 0x6F677948u && d == 0x6E65476Eu && c == 0x656E6975u ? CPU_VENDOR_HYGON
                                                                             : CPU_VENDOR_OTHER;
    if (vendor == CPU_VENDOR_OTHER || !__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    unsigned family = (a >> 8) & 0xF, model = (a >> 4) & 0xF;
    if (family == 0xF) {
        family += (a >> 20) & 0xFF;
        model |= ((a >> 16) & 0xF) << 4;
    }
    return cpu_model_splits_256(vendor, family, model);
#else
    return 0;
#endif
}

int classic9_pick_variant(unsigned can, int requested)
{
    int want512 = requested < 0 || requested == CLASSIC9_AVX512;
    int want256 = want512 || requested == CLASSIC9_AVX2 || requested == CLASSIC9_AVX2_SPLIT;
    if (want512 && (can & CPU_CAN_AVX512F))
        return CLASSIC9_AVX512;
    if (want256 && (can & CPU_CAN_AVX2))
        return (can & CPU_CAN_SPLIT256) || requested == CLASSIC9_AVX2_SPLIT ? CLASSIC9_AVX2_SPLIT
                                                                            : CLASSIC9_AVX2;
    if (requested != CLASSIC9_PORTABLE && (can & CPU_CAN_SSE42))
        return CLASSIC9_SSE42;
    return CLASSIC9_PORTABLE;
}
