/*
 * cpu_model.c — which build of the classic 9x9 engine runs, as a pure
 * function of what the CPU can run and what the caller asked for, so a
 * test checks the choice for CPUs the test machine is not.
 *
 * The default is the widest build the CPU has, with one exception by what
 * the CPU is rather than what it runs: on AMD family 0x17 (Zen 1, Zen+,
 * which execute a 256-bit operation as two 128-bit halves, and Zen 2),
 * Hygon's Dhyana (a Zen 1) and the Bulldozer line, the AVX2 build whose
 * lane reductions and digit-8 boards run at 128 bits
 * (CLASSIC9_AVX2_SPLIT, classic9_pass256.h). The trace model
 * (BENCHMARKS.md "Every micro-architecture", bench/mca; 60 puzzles,
 * limit 2) gives it 12% fewer cycles than the plain AVX2 build on Zen 1
 * for serg and 16% for 17-clue, 3% and 4.5% on Zen 2. Elsewhere the plain
 * build stays: the model has them within 2% on Zen 4, and other cores
 * were not compared. The AVX2 build beats the SSE4.2 one on Zen 1 and 2
 * in the model (17-clue 1.48x and 2.04x, magictour 1.17x, 1.55x, serg a
 * tie on Zen 1) and on a real Zen 1 (issue 29): no SSE4.2 by family.
 * An earlier model said the opposite only because LLVM's Zen 1/2 models
 * charge 100 cycles for vperm2i128 and vzeroupper (bench/mca/README.md).
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
    (void)model; /* every model of these families, so far */
    if (vendor == CPU_VENDOR_AMD)
        return family == 0x15 || family == 0x17;
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
