/*
 * classic9_triads256.h — the AVX2 front of triads_choose (included by
 * classic9_core.h in its AVX2 build, after the scalar triads_choose; no
 * include guard on purpose). The same computation as the AVX-512 build's
 * triads_choose_fast, on the AVX2 layout of classic9_pass256.h: digits 0-7
 * of a band in one register, digit 8 of every band in lane = band of
 * another. The minirow patterns, their counts over the digits and each
 * digit's configurations come from the registers; a state with a triad or
 * a contradiction goes to the scalar code, so the result is the same.
 */

/* Lane sums of four vectors: lanes 0-3 of the result hold those of a, b,
 * c and d. */
static inline __m128i C9_FN(hsum4_256)(__m256i a, __m256i b, __m256i c, __m256i d)
{
    __m256i ab = _mm256_add_epi32(_mm256_unpacklo_epi32(a, b), _mm256_unpackhi_epi32(a, b));
    __m256i cd = _mm256_add_epi32(_mm256_unpacklo_epi32(c, d), _mm256_unpackhi_epi32(c, d));
    __m256i x = _mm256_add_epi32(_mm256_unpacklo_epi64(ab, cd), _mm256_unpackhi_epi64(ab, cd));
    return _mm_add_epi32(_mm256_castsi256_si128(x), _mm256_extracti128_si256(x, 1));
}

/* Bit k of the result: configuration k fits (per lane: all three
 * minirow heads of k present in t). */
static inline uint32_t C9_FN(cfg_mask)(__m256i nt, int k)
{
    __m256i h = _mm256_set1_epi32((int)(c9_config_cells[k] & 0x1249249u));
    return (uint32_t)_mm256_movemask_ps(
        _mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_and_si256(nt, h), _mm256_setzero_si256())));
}

static int C9_FN(triads_choose_fast)(c9_state *s, int *band, int *digit)
{
    const __m256i mr = _mm256_set1_epi32(0x1249249);
    const __m256i p0 = _mm256_set1_epi32(0x40201), p1 = _mm256_set1_epi32(0x201008),
                  p2 = _mm256_set1_epi32(0x1008040);
    const __m256i even = _mm256_set1_epi32(0x1041041), odd = _mm256_set1_epi32(0x208208);
    __m256i t[4], q[4];
    for (int b = 0; b < 4; b++) {
        __m256i v = b < 3 ? _mm256_loadu_si256((const __m256i *)(s->cand + 16 * b))
                          : _mm256_setr_epi32((int)s->cand[8], (int)s->cand[24], (int)s->cand[40],
                                              0, 0, 0, 0, 0);
        /* Bit 3 * minirow: the digit has a candidate in that minirow. */
        t[b] = _mm256_and_si256(
            _mm256_or_si256(v, _mm256_or_si256(_mm256_srli_epi32(v, 1), _mm256_srli_epi32(v, 2))), mr);
        /* The other minirows of the same row. */
        __m256i x = t[b];
        __m256i others = _mm256_or_si256(
            _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(x, 3), _mm256_or_si256(p0, p1)),
                            _mm256_and_si256(_mm256_srli_epi32(x, 6), p0)),
            _mm256_or_si256(_mm256_and_si256(_mm256_slli_epi32(x, 3), _mm256_or_si256(p1, p2)),
                            _mm256_and_si256(_mm256_slli_epi32(x, 6), p2)));
        q[b] = _mm256_andnot_si256(others, x);
    }
    uint32_t ok[3][6], okn[6];
    for (int k = 0; k < 6; k++)
        okn[k] = C9_FN(cfg_mask)(_mm256_andnot_si256(t[3], mr), k);
    int totals[3];
    for (int b = 0; b < 3; b++) {
        __m256i nt = _mm256_andnot_si256(t[b], mr);
        int total = 0;
        for (int k = 0; k < 6; k++) {
            ok[b][k] = C9_FN(cfg_mask)(nt, k) | (okn[k] >> b & 1) << 8;
            total += __builtin_popcount(ok[b][k]);
        }
        totals[b] = total;
        /* Digit 8 of this band joins the sums in lane b. */
        const __m256i lane = _mm256_cmpeq_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
                                                _mm256_set1_epi32(b));
        __m256i tn = _mm256_and_si256(t[3], lane), qn = _mm256_and_si256(q[3], lane);
#define C9_FIELDS(x, xn, m) _mm256_add_epi32(_mm256_and_si256(x, m), _mm256_and_si256(xn, m))
        __m128i sums = C9_FN(hsum4_256)(C9_FIELDS(t[b], tn, even), C9_FIELDS(t[b], tn, odd),
                                        C9_FIELDS(q[b], qn, even), C9_FIELDS(q[b], qn, odd));
#undef C9_FIELDS
        /* Contradiction, naked triad or hidden triad: the scalar path. */
        if (!C9_FN(triads_none)(sums))
            return C9_FN(triads_choose)(s, band, digit);
    }
    return C9_FN(pick_config)(s, ok, totals, band, digit);
}
