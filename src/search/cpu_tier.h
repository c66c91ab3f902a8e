/*
 * cpu_tier.h — what the fast paths need to compile one engine several
 * times for several SIMD tiers and to pick one at run time.
 *
 * CPU_TIER_BEGIN_*() ... CPU_TIER_END() around an #include of an engine
 * core compiles every function in it for that tier (gcc and clang spell
 * this differently, hence macros); cpu_has_*() say whether the running
 * CPU may execute it. The feature lists of a tier and of its check must
 * match: a tier chosen on a CPU without one of its features would be an
 * illegal instruction.
 */
#ifndef DOKU_SEARCH_CPU_TIER_H
#define DOKU_SEARCH_CPU_TIER_H

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define CPU_TIER_X86 1

#define CPU_TIER_SSE42 "sse4.2,popcnt"
#define CPU_TIER_AVX2 "avx2,bmi,bmi2,popcnt,lzcnt"
#define CPU_TIER_AVX512F CPU_TIER_AVX2 ",avx512f"
#define CPU_TIER_AVX512BW CPU_TIER_AVX512F ",avx512bw,avx512vl"

#define CPU_TIER_PRAGMA(x) _Pragma(#x)
#if defined(__clang__)
#define CPU_TIER_BEGIN(features) \
    CPU_TIER_PRAGMA(clang attribute push(__attribute__((target(features))), apply_to = function))
#define CPU_TIER_END() CPU_TIER_PRAGMA(clang attribute pop)
#else
#define CPU_TIER_BEGIN(features) \
    CPU_TIER_PRAGMA(GCC push_options) CPU_TIER_PRAGMA(GCC target(features))
#define CPU_TIER_END() CPU_TIER_PRAGMA(GCC pop_options)
#endif

/* x86-64-v2: SSE4.2 (with SSSE3, SSE4.1) and POPCNT. */
static inline int cpu_has_sse42(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("sse4.2") && __builtin_cpu_supports("popcnt");
}

/* AVX2 with the bit instructions the engines use beside it. */
static inline int cpu_has_avx2(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") &&
           __builtin_cpu_supports("popcnt");
}

/* CPU_TIER_AVX512F. */
static inline int cpu_has_avx512f(void)
{
    return cpu_has_avx2() && __builtin_cpu_supports("avx512f");
}

/* CPU_TIER_AVX512BW: byte/word operations and 128/256-bit EVEX forms. */
static inline int cpu_has_avx512bw(void)
{
    return cpu_has_avx512f() && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vl");
}
#endif

#endif
