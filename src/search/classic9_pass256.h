/*
 * classic9_pass256.h — the AVX2 propagation of the classic 9x9 engine:
 * every rule on all 27 boards at once, in 256-bit registers (included by
 * classic9_core.h in its AVX2 build only; no include guard on purpose).
 *
 * The rules and their fixpoint are the AVX-512 build's (see propagate in
 * classic9_core.h): row/box reduction by the six row -> box permutations,
 * row hidden singles, naked singles counted over the nine digits, and the
 * column closure per stack. What differs is the layout, since a 256-bit
 * register holds eight 32-bit boards, not nine: digits 0-7 of band b are
 * register lo[b] (lane = digit), and digit 8 of all three bands shares one
 * more register (lane = band). Four registers for 27 boards: a rule that
 * works board by board costs four instructions for the whole grid; only
 * the counts over the digits of a band (a horizontal reduction of lo[b],
 * plus lane b of the digit-8 register) and the columns of digit 8 (its
 * bands are lanes of one register, not three) need shuffles. The rules
 * board by board are in classic9_passrules.h; this file is the layout.
 * Digit 8 and the counts run at 128 bits (see C9C below).
 */

/* The rules for digit 8 at 128 bits (C9C below). */
#define C9V __m128i
#define C9_AND _mm_and_si128
#define C9_OR _mm_or_si128
#define C9_ANDN _mm_andnot_si128 /* ~a & b */
#define C9_XOR _mm_xor_si128
#define C9_SUB _mm_sub_epi32
#define C9_ADD _mm_add_epi32
#define C9_SET1(x) _mm_set1_epi32((int)(x))
#define C9_SRL _mm_srli_epi32
#define C9_SLL _mm_slli_epi32
#define C9_ZERO _mm_setzero_si128()
#define C9_EQ0(x) _mm_cmpeq_epi32((x), _mm_setzero_si128())
/* A broadcast load: _mm_set1_epi32 of a loaded value becomes a scalar
 * load, a move and a shuffle. */
#define C9_BCAST(p) _mm_castps_si128(_mm_broadcast_ss((const float *)(const void *)(p)))
#define C9_P(name) C9_FN(name##_x)
#include "classic9_passrules.h"
#undef C9_P
#undef C9_BCAST
#undef C9V
#undef C9_AND
#undef C9_OR
#undef C9_ANDN
#undef C9_XOR
#undef C9_SUB
#undef C9_ADD
#undef C9_SET1
#undef C9_SRL
#undef C9_SLL
#undef C9_ZERO
#undef C9_EQ0
#define C9V __m256i
#define C9_AND _mm256_and_si256
#define C9_OR _mm256_or_si256
#define C9_ANDN _mm256_andnot_si256 /* ~a & b */
#define C9_XOR _mm256_xor_si256
#define C9_SUB _mm256_sub_epi32
#define C9_ADD _mm256_add_epi32
#define C9_SET1(x) _mm256_set1_epi32((int)(x))
#define C9_SRL _mm256_srli_epi32
#define C9_SLL _mm256_slli_epi32
#define C9_ZERO _mm256_setzero_si256()
#define C9_EQ0(x) _mm256_cmpeq_epi32((x), _mm256_setzero_si256())
#define C9_BCAST(p) _mm256_set1_epi32((int)*(p))
#define C9_P(name) C9_FN(name##_y)
#include "classic9_passrules.h"
#undef C9_P
#undef C9_BCAST

/* Digit 8's boards (n: lane = band, three lanes) and the counts over the
 * digits of a band (p_count, a reduction across the eight lanes of a
 * register) live in C9C registers of 128 bits: the reduction folds the
 * halves first and its results are widened again where they meet the
 * boards. On CPUs that split 256-bit operations in halves (Zen 1: eight
 * for a lane-crossing permute) that is far fewer operations (bench/mca,
 * Zen 1 on serg: -5% cycles; digit 8 at 128 bits another -5%); it was
 * kept for those only until it measured faster on this Zen 5 too (1-4%
 * on every shared set, BENCHMARKS.md) and modelled faster on Skylake and
 * Alder Lake; the 256-bit layout it replaced modelled 1.4% faster on
 * Zen 3 and Zen 4 only, where the model also ranked it first on Zen 5,
 * against the measurement. */
#define C9C __m128i
#define C9C_AND _mm_and_si128
#define C9C_OR _mm_or_si128
#define C9C_ANDN _mm_andnot_si128
#define C9C_XOR _mm_xor_si128
#define C9C_SHUF _mm_shuffle_epi32
#define C9C_BLEND _mm_blend_epi32
#define C9C_SLLV _mm_sllv_epi32
#define C9C_SRLV _mm_srlv_epi32
#define C9C_SET1(x) _mm_set1_epi32((int)(x))
#define C9C_SETR4(a, b, c, d) _mm_setr_epi32(a, b, c, d)
#define C9C_ZERO _mm_setzero_si128()
#define C9C_MASK(x) _mm_movemask_ps(_mm_castsi128_ps(x))
#define C9C_EQ(x, y) _mm_cmpeq_epi32((x), (y))
#define C9C_WIDE(x) _mm256_broadcastsi128_si256(x)
#define C9C_LOW(x) (x)
#define C9C_ZEXT(x) _mm256_zextsi128_si256(x)
#define C9C_P(name) C9_FN(name##_x)

/* The cells of v present in at least one / two of its eight lanes, in
 * every lane. */
static inline void C9_FN(p_count)(C9V v, C9C *ones, C9C *twos)
{
    C9C x = _mm256_castsi256_si128(v), y = _mm256_extracti128_si256(v, 1);
    C9C t = C9C_AND(x, y);
    x = C9C_OR(x, y);
    y = C9C_SHUF(x, 0x4E);
    C9C ty = C9C_SHUF(t, 0x4E);
    t = C9C_OR(C9C_OR(t, ty), C9C_AND(x, y));
    x = C9C_OR(x, y);
    y = C9C_SHUF(x, 0xB1);
    ty = C9C_SHUF(t, 0xB1);
    *twos = C9C_OR(C9C_OR(t, ty), C9C_AND(x, y));
    *ones = C9C_OR(x, y);
}

/* Adds one more digit's board n (the same in every lane) to a count. */
static inline void C9_FN(p_count_add)(C9C n, C9C *ones, C9C *twos)
{
    *twos = C9C_OR(*twos, C9C_AND(*ones, n));
    *ones = C9C_OR(*ones, n);
}

/* Lane b of digit 8's register x in every lane. */
static inline C9C C9_FN(p_lane)(C9C x, int b)
{
    return _mm_castps_si128(_mm_permutevar_ps(_mm_castsi128_ps(x), _mm_set1_epi32(b)));
}

/* One pass over the bands in todo (bit b: band b changed since its last
 * pass): row/box reduction, row hidden singles, naked singles (lo[b]:
 * digits 0-7 of band b; n: digit 8, lane = band). A band whose boards did
 * not change would come out unchanged, so it is skipped. @return nonzero
 * on contradiction; solved[b] gets the cells holding one digit. */
static inline int C9_FN(p_bands)(C9V lo[3], C9C *n, uint32_t *solved, unsigned todo)
{
    C9C fn;
    *n = C9C_P(p_rowbox)(*n, &fn);
    /* An empty board: contradiction (lanes 3 and up of n are always empty). */
    int bad = C9C_MASK(C9C_EQ(*n, C9C_ZERO)) & 7;
    C9C u[3] = {C9C_ZERO, C9C_ZERO, C9C_ZERO}, sg[3] = {C9C_ZERO, C9C_ZERO, C9C_ZERO};
    C9C badc = C9C_ZERO;
    const C9C full = C9C_SET1(C9_FULL);
    C9V badv = C9_ZERO;
#if defined(__clang__)
#pragma clang loop unroll(full)
#elif defined(__GNUC__)
#pragma GCC unroll 3
#endif
    for (int b = 0; b < 3; b++) {
        if (!(todo >> b & 1))
            continue;
        C9V f;
        lo[b] = C9_FN(p_rowbox_y)(lo[b], &f);
        bad |= _mm256_movemask_ps(_mm256_castsi256_ps(C9_EQ0(lo[b])));
        /* Cells with one digit / two or more, and cells fixed by one
         * digit / two or more (both read the boards before the fixed
         * cells leave the other digits). */
        C9C ones, twos, u2;
        C9_FN(p_count)(lo[b], &ones, &twos);
        C9_FN(p_count)(f, &u[b], &u2);
        C9_FN(p_count_add)(C9_FN(p_lane)(*n, b), &ones, &twos);
        C9_FN(p_count_add)(C9_FN(p_lane)(fn, b), &u[b], &u2);
        /* Empty cell, or one cell fixed by two digits: contradiction. */
        badc = C9C_OR(badc, C9C_OR(C9C_XOR(ones, full), u2));
        /* A fixed cell keeps only its digit. */
        lo[b] = C9_ANDN(C9_ANDN(f, C9C_WIDE(u[b])), lo[b]);
        sg[b] = C9C_ANDN(C9C_ANDN(u[b], twos), ones);
        solved[b] = (uint32_t)_mm_cvtsi128_si32(C9C_LOW(sg[b]));
        lo[b] = C9_FN(p_naked_y)(lo[b], C9C_WIDE(sg[b]), &badv);
    }
    /* Digit 8 of the bands not in todo: nothing fixed, no single (their
     * lanes of u and sg are zero, and fn there is what the last pass
     * left, all of it kept). */
    C9C un = C9C_BLEND(C9C_BLEND(u[0], u[1], 0x02), u[2], 0x04);
    *n = C9C_ANDN(C9C_ANDN(fn, un), *n);
    C9C sn = C9C_BLEND(C9C_BLEND(sg[0], sg[1], 0x02), sg[2], 0x04);
    *n = C9C_P(p_naked)(*n, sn, &badc);
    badv = C9_OR(badv, C9C_ZEXT(badc));
    return bad | !_mm256_testz_si256(badv, badv);
}

/* Columns of every digit across the bands. *last holds the column words
 * the previous pass left (digits 0-7), *lastn digit 8's (lane 0): the
 * same words again are closed already. @return nonzero on contradiction. */
static inline int C9_FN(p_columns)(C9V lo[3], C9C *n, C9V *last, C9C *lastn)
{
    const C9V nine = C9_SET1(0x1FF);
    C9V o = C9_OR(C9_FN(p_cols_y)(lo[0]), C9_OR(C9_SLL(C9_FN(p_cols_y)(lo[1]), 9),
                                               C9_SLL(C9_FN(p_cols_y)(lo[2]), 18)));
    /* Digit 8: lane b holds band b; shifted into place and gathered in
     * lane 0 (lanes 3 and up are empty). */
    const C9C shifts = C9C_SETR4(0, 9, 18, 0), lane0 = C9C_SETR4(-1, 0, 0, 0);
    C9C cn = C9C_SLLV(C9C_P(p_cols)(*n), shifts);
    C9C on = C9C_OR(cn, C9C_OR(C9C_SHUF(cn, 0x55), C9C_SHUF(cn, 0xAA)));
    on = C9C_AND(on, lane0);
    C9V same = C9_OR(_mm256_xor_si256(o, *last), C9C_ZEXT(C9C_XOR(on, *lastn)));
    if (_mm256_testz_si256(same, same))
        return 0;
    C9V bad = C9_ZERO;
    C9C badn = C9C_ZERO;
    C9V valid = C9_FN(p_closure_y)(o, &bad);
    C9C validn = C9C_P(p_closure)(on, &badn);
    *last = valid;
    *lastn = validn;
    C9V drop = C9_ANDN(valid, o);
    lo[0] = C9_ANDN(C9_FN(p_colrep_y)(C9_AND(drop, nine)), lo[0]);
    lo[1] = C9_ANDN(C9_FN(p_colrep_y)(C9_AND(C9_SRL(drop, 9), nine)), lo[1]);
    lo[2] = C9_ANDN(C9_FN(p_colrep_y)(C9_SRL(drop, 18)), lo[2]);
    /* Lane 0 in lanes 0-3 (lanes 4-7 of a 256-bit one stay empty). */
    C9C dn = C9C_SHUF(C9C_ANDN(validn, on), 0);
    dn = C9C_AND(C9C_SRLV(dn, shifts), C9C_SET1(0x1FF));
    *n = C9C_ANDN(C9C_P(p_colrep)(dn), *n);
    bad = C9_OR(bad, C9C_ZEXT(C9C_AND(badn, lane0)));
    return !_mm256_testz_si256(bad, bad);
}

/* Bit b: band b differs between a and b (lanes 0-7 of lo, lane b of n). */
static inline unsigned C9_FN(p_changed)(const C9V a[3], C9C an, const C9V b[3], C9C bn)
{
    unsigned m = 0;
    for (int i = 0; i < 3; i++)
        m |= (unsigned)(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(a[i], b[i]))) != 0xFF) << i;
    return m | (~(unsigned)C9C_MASK(C9C_EQ(an, bn)) & 7);
}

/* Runs every rule to a fixpoint. @return 0 on contradiction. */
static int C9_FN(propagate)(c9_state *s)
{
    C9V lo[3];
    for (int b = 0; b < 3; b++)
        lo[b] = _mm256_loadu_si256((const __m256i *)(s->cand + 16 * b));
    C9C n = C9C_SETR4((int)s->cand[8], (int)s->cand[24], (int)s->cand[40], 0);
    /* A band's pass runs when its boards changed: at entry, those a
     * branch, the triads or the givens marked dirty (the state was a
     * fixpoint before, and solved[] holds its singles). */
    unsigned todo = 0;
    for (int b = 0; b < 3; b++)
        todo |= (unsigned)((s->dirty >> (16 * b) & 0x1FF) != 0) << b;
    s->dirty = 0;
    s->coldirty = 0;
    /* No column word has all bits 27..31 set: the first pass runs. */
    C9V last = _mm256_set1_epi32(-1);
    C9C lastn = C9C_SET1(-1);
    for (;;) {
        C9V o[3] = {lo[0], lo[1], lo[2]};
        C9C on = n;
        if (C9_FN(p_bands)(lo, &n, s->solved, todo))
            return 0;
        if (C9_FN(p_columns)(lo, &n, &last, &lastn))
            return 0;
        todo = C9_FN(p_changed)(o, on, lo, n);
        if (!todo)
            break;
    }
    for (int b = 0; b < 3; b++)
        _mm256_storeu_si256((__m256i *)(s->cand + 16 * b), lo[b]);
    s->cand[8] = (uint32_t)_mm_cvtsi128_si32(C9C_LOW(n));
    s->cand[24] = (uint32_t)_mm_extract_epi32(C9C_LOW(n), 1);
    s->cand[40] = (uint32_t)_mm_extract_epi32(C9C_LOW(n), 2);
    return 1;
}

#undef C9C
#undef C9C_AND
#undef C9C_OR
#undef C9C_ANDN
#undef C9C_XOR
#undef C9C_SHUF
#undef C9C_BLEND
#undef C9C_SLLV
#undef C9C_SRLV
#undef C9C_SET1
#undef C9C_SETR4
#undef C9C_ZERO
#undef C9C_MASK
#undef C9C_EQ
#undef C9C_WIDE
#undef C9C_LOW
#undef C9C_ZEXT
#undef C9C_P

/* Sets up the boards from the givens (mine[band * 16 + digit]: the cells
 * of each digit's givens; s->solved: the given cells), all at once: each
 * given clears its row, box and column for its digit, and its cell for
 * the other digits. @return nonzero if two givens clash. */
static inline int C9_FN(p_givens)(c9_state *s, const uint32_t *mine)
{
    C9V own[4], oc[4];
    for (int b = 0; b < 3; b++)
        own[b] = _mm256_loadu_si256((const __m256i *)(mine + 16 * b));
    own[3] = _mm256_setr_epi32((int)mine[8], (int)mine[24], (int)mine[40], 0, 0, 0, 0, 0);
    for (int b = 0; b < 4; b++)
        oc[b] = C9_FN(p_cols_y)(own[b]);
    C9V away[4];
    for (int b = 0; b < 3; b++) {
        int b1 = b == 0 ? 1 : 0, b2 = b == 2 ? 1 : 2;
        away[b] = C9_FN(p_colrep_y)(C9_OR(oc[b1], oc[b2]));
    }
    /* Digit 8: its other bands are the other lanes. */
    away[3] = C9_FN(p_colrep_y)(
        C9_OR(_mm256_permutevar8x32_epi32(oc[3], _mm256_setr_epi32(1, 2, 0, 3, 3, 3, 3, 3)),
              _mm256_permutevar8x32_epi32(oc[3], _mm256_setr_epi32(2, 0, 1, 3, 3, 3, 3, 3))));
    C9V clash = C9_ZERO;
    const C9V one = C9_SET1(1);
    for (int b = 0; b < 4; b++) {
        clash = C9_OR(clash, C9_AND(own[b], away[b]));
        for (int k = 0; k < 6; k++) {
            /* Rows, then boxes: two givens in one clash; one clears it. */
            C9V unit = C9_SET1(k < 3 ? 0x1FFu << (9 * k) : 0x1C0E07u << (3 * (k - 3)));
            C9V seg = C9_AND(own[b], unit);
            clash = C9_OR(clash, C9_AND(seg, _mm256_sub_epi32(seg, one)));
            away[b] = C9_OR(away[b], C9_ANDN(C9_EQ0(seg), unit));
        }
    }
    if (!_mm256_testz_si256(clash, clash))
        return 1;
    C9V open = _mm256_setr_epi32((int)(C9_FULL & ~s->solved[0]), (int)(C9_FULL & ~s->solved[1]),
                                 (int)(C9_FULL & ~s->solved[2]), 0, 0, 0, 0, 0);
    C9V n = C9_OR(C9_ANDN(away[3], open), own[3]);
    for (int b = 0; b < 3; b++) {
        C9V ob = _mm256_permutevar8x32_epi32(open, C9_SET1(b));
        _mm256_storeu_si256((__m256i *)(s->cand + 16 * b), C9_OR(C9_ANDN(away[b], ob), own[b]));
        /* Digit 8 and the unused boards 9-15 (zero) in one store. */
        _mm256_storeu_si256((__m256i *)(s->cand + 16 * b + 8),
                            _mm256_and_si256(_mm256_permutevar8x32_epi32(n, C9_SET1(b)),
                                             _mm256_setr_epi32(-1, 0, 0, 0, 0, 0, 0, 0)));
    }
    return 0;
}

#undef C9V
#undef C9_AND
#undef C9_OR
#undef C9_ANDN
#undef C9_XOR
#undef C9_SUB
#undef C9_ADD
#undef C9_SET1
#undef C9_SRL
#undef C9_SLL
#undef C9_ZERO
#undef C9_EQ0
