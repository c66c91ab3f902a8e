/*
 * bits.h — the bit operations on 64-bit candidate and position masks that
 * every generic path uses (one place, so no module keeps its own copy).
 */
#ifndef DOKU_UTIL_BITS_H
#define DOKU_UTIL_BITS_H

#include <stdint.h>

/* Population count without the popcnt instruction: the library is built
 * for any x86-64, where the builtin becomes a slow libgcc call. */
static inline int bits_count(uint64_t m)
{
    m -= (m >> 1) & 0x5555555555555555ull;
    m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
    m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((m * 0x0101010101010101ull) >> 56);
}
/* Index of the lowest / highest set bit; m must not be 0. */
static inline int bits_lowest(uint64_t m) { return __builtin_ctzll(m); }
static inline int bits_highest(uint64_t m) { return 63 - __builtin_clzll(m); }
/* 1 if m has at most one bit set (0 counts). */
static inline int bits_single(uint64_t m) { return (m & (m - 1)) == 0; }
/* The mask of digits 1..n (bits 0..n-1), n <= 64. */
static inline uint64_t bits_all(int n) { return n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1); }

#endif
