/*
 * classic9_triads128.h — the SSE2 front of triads_choose (included by
 * classic9_core.h in its portable x86-64 build, after the scalar
 * triads_choose; no include guard on purpose). The AVX2 front's
 * computation (classic9_triads256.h) in 128-bit registers, which every
 * x86-64 has: digits 0-3 and 4-7 of a band in two registers, digit 8 of
 * every band in lane = band of a third. A state with a triad or a
 * contradiction goes to the scalar code, so the result is the same.
 */

/* Lane sums of four vectors: lanes 0-3 of the result hold those of a, b,
 * c and d. */
static inline __m128i C9_FN(hsum4_128)(__m128i a, __m128i b, __m128i c, __m128i d)
{
    __m128i ab = _mm_add_epi32(_mm_unpacklo_epi32(a, b), _mm_unpackhi_epi32(a, b));
    __m128i cd = _mm_add_epi32(_mm_unpacklo_epi32(c, d), _mm_unpackhi_epi32(c, d));
    return _mm_add_epi32(_mm_unpacklo_epi64(ab, cd), _mm_unpackhi_epi64(ab, cd));
}

/* Bit lane of the result: configuration k fits in that lane's board (its
 * three minirow heads present; nt: the heads absent). */
static inline uint32_t C9_FN(cfg_mask128)(__m128i nt, int k)
{
    __m128i h = _mm_set1_epi32((int)(c9_config_cells[k] & 0x1249249u));
    return (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(nt, h), _mm_setzero_si128())));
}

static int C9_FN(triads_choose_fast)(c9_state *s, int *band, int *digit)
{
    const __m128i mr = _mm_set1_epi32(0x1249249);
    const __m128i p0 = _mm_set1_epi32(0x40201), p01 = _mm_set1_epi32(0x40201 | 0x201008),
                  p2 = _mm_set1_epi32(0x1008040), p12 = _mm_set1_epi32(0x201008 | 0x1008040);
    const __m128i even = _mm_set1_epi32(0x1041041), odd = _mm_set1_epi32(0x208208);
    /* Vectors 2b, 2b + 1: digits 0-3 and 4-7 of band b; 6: digit 8. */
    __m128i t[7], q[7];
    for (int i = 0; i < 7; i++) {
        __m128i v = i < 6 ? _mm_loadu_si128((const __m128i *)(s->cand + 16 * (i >> 1) + 4 * (i & 1)))
                          : _mm_setr_epi32((int)s->cand[8], (int)s->cand[24], (int)s->cand[40], 0);
        /* Bit 3 * minirow: the digit has a candidate in that minirow. */
        __m128i x = _mm_and_si128(_mm_or_si128(v, _mm_or_si128(_mm_srli_epi32(v, 1), _mm_srli_epi32(v, 2))), mr);
        /* The other minirows of the same row. */
        __m128i others = _mm_or_si128(
            _mm_or_si128(_mm_and_si128(_mm_srli_epi32(x, 3), p01), _mm_and_si128(_mm_srli_epi32(x, 6), p0)),
            _mm_or_si128(_mm_and_si128(_mm_slli_epi32(x, 3), p12), _mm_and_si128(_mm_slli_epi32(x, 6), p2)));
        t[i] = x;
        q[i] = _mm_andnot_si128(others, x);
    }
    uint32_t ok[3][6], okn[6];
    for (int k = 0; k < 6; k++)
        okn[k] = C9_FN(cfg_mask128)(_mm_andnot_si128(t[6], mr), k);
    int totals[3];
    for (int b = 0; b < 3; b++) {
        __m128i nta = _mm_andnot_si128(t[2 * b], mr), ntb = _mm_andnot_si128(t[2 * b + 1], mr);
        for (int k = 0; k < 6; k++)
            ok[b][k] = C9_FN(cfg_mask128)(nta, k) | C9_FN(cfg_mask128)(ntb, k) << 4 |
                       (okn[k] >> b & 1) << 8;
        /* Nine bits each: three masks per count (no POPCNT here). */
        totals[b] = C9_FN(popcount)(ok[b][0] | ok[b][1] << 9 | ok[b][2] << 18) +
                    C9_FN(popcount)(ok[b][3] | ok[b][4] << 9 | ok[b][5] << 18);
        /* Digit 8 of this band joins the sums in lane b. */
        const __m128i lane = _mm_cmpeq_epi32(_mm_setr_epi32(0, 1, 2, 3), _mm_set1_epi32(b));
        __m128i tn = _mm_and_si128(t[6], lane), qn = _mm_and_si128(q[6], lane);
#define C9_FIELDS(x, y, z, m)                                                                      \
    _mm_add_epi32(_mm_add_epi32(_mm_and_si128(x, m), _mm_and_si128(y, m)), _mm_and_si128(z, m))
        __m128i sums = C9_FN(hsum4_128)(C9_FIELDS(t[2 * b], t[2 * b + 1], tn, even),
                                        C9_FIELDS(t[2 * b], t[2 * b + 1], tn, odd),
                                        C9_FIELDS(q[2 * b], q[2 * b + 1], qn, even),
                                        C9_FIELDS(q[2 * b], q[2 * b + 1], qn, odd));
#undef C9_FIELDS
        /* Contradiction, naked triad or hidden triad: the scalar path. */
        if (!C9_FN(triads_none)(sums))
            return C9_FN(triads_choose)(s, band, digit);
    }
    return C9_FN(pick_config)(s, ok, totals, band, digit);
}
