/*
 * rng.c — the library's seedable random number generator.
 *
 * xoshiro256** (Blackman & Vigna) seeded through splitmix64, so any 64-bit
 * seed, even 0, gives a well-mixed state. The state is a plain value owned
 * by the caller: no global generator exists anywhere in the library, and
 * the same seed gives the same stream on every platform.
 */
#include "doku.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

void doku_rng_seed(doku_rng *r, uint64_t seed)
{
    if (!r)
        return;
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
}

uint64_t doku_rng_next(doku_rng *r)
{
    if (!r)
        return 0;
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t doku_rng_below(doku_rng *r, uint32_t bound)
{
    if (!r || bound <= 1)
        return 0;
    /* Lemire's multiply-shift with rejection: unbiased, usually one draw. */
    uint64_t m = (doku_rng_next(r) >> 32) * (uint64_t)bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (doku_rng_next(r) >> 32) * (uint64_t)bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

uint64_t doku_seed_derive(uint64_t master, uint64_t index)
{
    /* Two rounds of splitmix64 over (master, index): nearby indices give
     * unrelated seeds, and the result depends on nothing else. */
    uint64_t x = master ^ 0x6a09e667f3bcc909ull;
    uint64_t a = splitmix64(&x);
    x = a ^ (index * 0xd1342543de82ef95ull);
    return splitmix64(&x);
}
