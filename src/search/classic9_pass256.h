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
 * bands are lanes of one register, not three) need shuffles.
 */

#define C9V __m256i
#define C9_AND _mm256_and_si256
#define C9_OR _mm256_or_si256
#define C9_ANDN _mm256_andnot_si256 /* ~a & b */
#define C9_SET1(x) _mm256_set1_epi32((int)(x))
#define C9_SRL _mm256_srli_epi32
#define C9_SLL _mm256_slli_epi32
#define C9_ZERO _mm256_setzero_si256()
#define C9_EQ0(x) _mm256_cmpeq_epi32((x), _mm256_setzero_si256())

/* The three cells of the minirow starting at bit i, ORed into bit i. */
static inline C9V C9_FN(p_or3)(C9V v)
{
    return C9_OR(v, C9_OR(C9_SRL(v, 1), C9_SRL(v, 2)));
}

/* Row/box reduction and row hidden singles of the boards in v (any
 * lanes). @return the reduced boards; *fixed gets, per board, the cells
 * that are the only place of their row. */
static inline C9V C9_FN(p_rowbox)(C9V v, C9V *fixed)
{
    const uint32_t *cells = c9_config_cells, *heads = c9_config_heads, *rows = c9_row_cells;
    C9_OPAQUE(cells);
    C9_OPAQUE(heads);
    C9_OPAQUE(rows);
    C9V t = C9_FN(p_or3)(v);
    C9V valid = C9_ZERO;
    for (int k = 0; k < 6; k++) {
        /* Configuration k fits if each of its three minirows has a cell. */
        C9V ok = C9_EQ0(C9_ANDN(t, C9_SET1(heads[k])));
        valid = C9_OR(valid, C9_AND(ok, C9_SET1(cells[k])));
    }
    v = C9_AND(v, valid);
    /* Every row of a board that kept a configuration has a cell, so one
     * subtraction clears the lowest cell of all three rows without a
     * borrow between them (an empty board gives garbage, masked by v). */
    C9V w = C9_AND(v, _mm256_sub_epi32(v, C9_SET1(0x40201u)));
    C9V fm = C9_ZERO;
    for (int r = 0; r < 3; r++) {
        C9V row = C9_SET1(rows[r]);
        fm = C9_OR(fm, C9_AND(C9_EQ0(C9_AND(w, row)), row));
    }
    *fixed = C9_AND(v, fm);
    return v;
}

/* The cells of x present in at least one / two lanes, in every lane. */
static inline void C9_FN(p_count)(C9V x, C9V *ones, C9V *twos)
{
    C9V y = _mm256_permute2x128_si256(x, x, 1);
    C9V t = C9_AND(x, y);
    x = C9_OR(x, y);
    y = _mm256_shuffle_epi32(x, 0x4E);
    C9V ty = _mm256_shuffle_epi32(t, 0x4E);
    t = C9_OR(C9_OR(t, ty), C9_AND(x, y));
    x = C9_OR(x, y);
    y = _mm256_shuffle_epi32(x, 0xB1);
    ty = _mm256_shuffle_epi32(t, 0xB1);
    t = C9_OR(C9_OR(t, ty), C9_AND(x, y));
    *ones = C9_OR(x, y);
    *twos = t;
}

/* Adds one more digit's board n (the same in every lane) to a count. */
static inline void C9_FN(p_count_add)(C9V n, C9V *ones, C9V *twos)
{
    *twos = C9_OR(*twos, C9_AND(*ones, n));
    *ones = C9_OR(*ones, n);
}

/* Naked singles of the boards v, given their band's cell counts: the
 * digit leaves the rest of the cell's row. *bad gets lanes with two
 * naked singles of one digit in one row. */
static inline C9V C9_FN(p_naked)(C9V v, C9V single, C9V *bad)
{
    const uint32_t *rows = c9_row_cells;
    C9_OPAQUE(rows);
    C9V x = C9_AND(v, single), lines = C9_ZERO;
    for (int r = 0; r < 3; r++) {
        C9V row = C9_SET1(rows[r]);
        C9V seg = C9_AND(x, row);
        lines = C9_OR(lines, C9_ANDN(C9_EQ0(seg), row));
        *bad = C9_OR(*bad, C9_AND(seg, _mm256_sub_epi32(seg, C9_SET1(1))));
    }
    return C9_ANDN(C9_ANDN(x, lines), v);
}

/* Lane b of x in every lane. */
static inline C9V C9_FN(p_lane)(C9V x, int b)
{
    return _mm256_permutevar8x32_epi32(x, C9_SET1(b));
}

/* One pass over the bands in todo (bit b: band b changed since its last
 * pass): row/box reduction, row hidden singles, naked singles (lo[b]:
 * digits 0-7 of band b; n: digit 8, lane = band). A band whose boards did
 * not change would come out unchanged, so it is skipped. @return nonzero
 * on contradiction; solved[b] gets the cells holding one digit. */
static inline int C9_FN(p_bands)(C9V lo[3], C9V *n, uint32_t *solved, unsigned todo)
{
    C9V f[3], fn;
    *n = C9_FN(p_rowbox)(*n, &fn);
    /* An empty board: contradiction (lanes 3-7 of n are always empty). */
    int bad = _mm256_movemask_ps(_mm256_castsi256_ps(C9_EQ0(*n))) & 7;
    C9V ones[3], twos[3], u[3] = {C9_ZERO, C9_ZERO, C9_ZERO}, sg[3] = {C9_ZERO, C9_ZERO, C9_ZERO};
    const C9V full = C9_SET1(C9_FULL);
    C9V badv = C9_ZERO;
#if defined(__clang__)
#pragma clang loop unroll(full)
#elif defined(__GNUC__)
#pragma GCC unroll 3
#endif
    for (int b = 0; b < 3; b++) {
        if (!(todo >> b & 1))
            continue;
        lo[b] = C9_FN(p_rowbox)(lo[b], &f[b]);
        bad |= _mm256_movemask_ps(_mm256_castsi256_ps(C9_EQ0(lo[b])));
        /* Cells with one digit / two or more, and cells fixed by one
         * digit / two or more (both read the boards before the fixed
         * cells leave the other digits). */
        C9V u2;
        C9_FN(p_count)(lo[b], &ones[b], &twos[b]);
        C9_FN(p_count)(f[b], &u[b], &u2);
        C9_FN(p_count_add)(C9_FN(p_lane)(*n, b), &ones[b], &twos[b]);
        C9_FN(p_count_add)(C9_FN(p_lane)(fn, b), &u[b], &u2);
        /* Empty cell, or one cell fixed by two digits: contradiction. */
        badv = C9_OR(badv, C9_OR(_mm256_xor_si256(ones[b], full), u2));
        /* A fixed cell keeps only its digit. */
        lo[b] = C9_ANDN(C9_ANDN(f[b], u[b]), lo[b]);
        sg[b] = C9_ANDN(C9_ANDN(u[b], twos[b]), ones[b]);
        solved[b] = (uint32_t)_mm_cvtsi128_si32(_mm256_castsi256_si128(sg[b]));
        lo[b] = C9_FN(p_naked)(lo[b], sg[b], &badv);
    }
    /* Digit 8 of the bands not in todo: nothing fixed, no single (their
     * lanes of u and sg are zero, and fn there is what the last pass
     * left, all of it kept). */
    C9V un = _mm256_blend_epi32(_mm256_blend_epi32(u[0], u[1], 0x02), u[2], 0x04);
    *n = C9_ANDN(C9_ANDN(fn, un), *n);
    C9V sn = _mm256_blend_epi32(_mm256_blend_epi32(sg[0], sg[1], 0x02), sg[2], 0x04);
    *n = C9_FN(p_naked)(*n, sn, &badv);
    return bad | !_mm256_testz_si256(badv, badv);
}

/* The column closure of the 27-bit column words in o (any lanes): per
 * stack, the 3x3 band x column matrix keeps the entries that lie on a
 * permutation (see vcolumns). @return the entries kept; *bad gets lanes
 * where a stack lost every permutation. */
static inline C9V C9_FN(p_closure)(C9V o, C9V *bad)
{
    const uint32_t *km = c9_col_masks;
    C9_OPAQUE(km);
    const C9V full = C9_SET1(C9_FULL), m1 = C9_SET1(km[1]), m2 = C9_SET1(km[2]);
    const C9V groups = C9_SET1(km[3]);
    C9V b1 = C9_AND(C9_OR(C9_SRL(o, 9), C9_SLL(o, 18)), full);
    C9V b2 = C9_AND(C9_OR(C9_SRL(o, 18), C9_SLL(o, 9)), full);
#define C9_R1(x) C9_OR(C9_AND(m1, C9_SRL(x, 1)), C9_ANDN(m1, C9_SLL(x, 2)))
#define C9_R2(x) C9_OR(C9_AND(m2, C9_SRL(x, 2)), C9_ANDN(m2, C9_SLL(x, 1)))
    C9V x = C9_AND(C9_R2(b1), C9_R1(b2));
    C9V valid = C9_AND(o, C9_OR(C9_AND(C9_R1(b1), C9_R2(b2)), x));
#undef C9_R1
#undef C9_R2
    C9V any = C9_AND(C9_FN(p_or3)(valid), groups);
    *bad = _mm256_xor_si256(any, groups);
    return valid;
}

/* The 9-bit column set of each board. */
static inline C9V C9_FN(p_cols)(C9V v)
{
    return C9_AND(C9_OR(v, C9_OR(C9_SRL(v, 9), C9_SRL(v, 18))), C9_SET1(0x1FF));
}

/* Cells of the columns in x (9 bits per lane), in all three rows. */
static inline C9V C9_FN(p_colrep)(C9V x)
{
    return C9_OR(x, C9_OR(C9_SLL(x, 9), C9_SLL(x, 18)));
}

/* Columns of every digit across the bands. *last holds the column words
 * the previous pass left (lo: digits 0-7; lane 0 of last[1]: digit 8):
 * the same words again are closed already. @return nonzero on
 * contradiction. */
static inline int C9_FN(p_columns)(C9V lo[3], C9V *n, C9V last[2])
{
    const C9V nine = C9_SET1(0x1FF);
    C9V o = C9_OR(C9_FN(p_cols)(lo[0]), C9_OR(C9_SLL(C9_FN(p_cols)(lo[1]), 9),
                                             C9_SLL(C9_FN(p_cols)(lo[2]), 18)));
    /* Digit 8: lane b holds band b; shifted into place and gathered in
     * lane 0 (lanes 3-7 are empty). */
    C9V cn = _mm256_sllv_epi32(C9_FN(p_cols)(*n), _mm256_setr_epi32(0, 9, 18, 0, 0, 0, 0, 0));
    C9V on = C9_OR(cn, C9_OR(_mm256_shuffle_epi32(cn, 0x55), _mm256_shuffle_epi32(cn, 0xAA)));
    on = _mm256_and_si256(on, _mm256_setr_epi32(-1, 0, 0, 0, 0, 0, 0, 0));
    C9V same = C9_OR(_mm256_xor_si256(o, last[0]), _mm256_xor_si256(on, last[1]));
    if (_mm256_testz_si256(same, same))
        return 0;
    C9V bad = C9_ZERO, badn = C9_ZERO;
    C9V valid = C9_FN(p_closure)(o, &bad);
    C9V validn = C9_FN(p_closure)(on, &badn);
    last[0] = valid;
    last[1] = validn;
    C9V drop = C9_ANDN(valid, o);
    lo[0] = C9_ANDN(C9_FN(p_colrep)(C9_AND(drop, nine)), lo[0]);
    lo[1] = C9_ANDN(C9_FN(p_colrep)(C9_AND(C9_SRL(drop, 9), nine)), lo[1]);
    lo[2] = C9_ANDN(C9_FN(p_colrep)(C9_SRL(drop, 18)), lo[2]);
    C9V dn = _mm256_broadcastd_epi32(_mm256_castsi256_si128(C9_ANDN(validn, on)));
    dn = C9_AND(_mm256_srlv_epi32(dn, _mm256_setr_epi32(0, 9, 18, 0, 0, 0, 0, 0)), nine);
    *n = C9_ANDN(C9_FN(p_colrep)(dn), *n);
    badn = _mm256_and_si256(badn, _mm256_setr_epi32(-1, 0, 0, 0, 0, 0, 0, 0));
    return !_mm256_testz_si256(C9_OR(bad, badn), C9_OR(bad, badn));
}

/* Bit b: band b differs between a and b (lanes 0-7 of lo, lane b of n). */
static inline unsigned C9_FN(p_changed)(const C9V a[3], C9V an, const C9V b[3], C9V bn)
{
    unsigned m = 0;
    for (int i = 0; i < 3; i++)
        m |= (unsigned)(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(a[i], b[i]))) != 0xFF) << i;
    return m | (~(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(an, bn))) & 7);
}

/* Runs every rule to a fixpoint. @return 0 on contradiction. */
static int C9_FN(propagate)(c9_state *s)
{
    C9V lo[3], n;
    for (int b = 0; b < 3; b++)
        lo[b] = _mm256_loadu_si256((const __m256i *)(s->cand + 16 * b));
    n = _mm256_setr_epi32((int)s->cand[8], (int)s->cand[24], (int)s->cand[40], 0, 0, 0, 0, 0);
    /* A band's pass runs when its boards changed: at entry, those a
     * branch, the triads or the givens marked dirty (the state was a
     * fixpoint before, and solved[] holds its singles). */
    unsigned todo = 0;
    for (int b = 0; b < 3; b++)
        todo |= (unsigned)((s->dirty >> (16 * b) & 0x1FF) != 0) << b;
    s->dirty = 0;
    s->coldirty = 0;
    /* No column word has all bits 27..31 set: the first pass runs. */
    C9V last[2] = {_mm256_set1_epi32(-1), _mm256_set1_epi32(-1)};
    for (;;) {
        C9V o[3] = {lo[0], lo[1], lo[2]}, on = n;
        if (C9_FN(p_bands)(lo, &n, s->solved, todo))
            return 0;
        if (C9_FN(p_columns)(lo, &n, last))
            return 0;
        todo = C9_FN(p_changed)(o, on, lo, n);
        if (!todo)
            break;
    }
    for (int b = 0; b < 3; b++)
        _mm256_storeu_si256((__m256i *)(s->cand + 16 * b), lo[b]);
    s->cand[8] = (uint32_t)_mm256_extract_epi32(n, 0);
    s->cand[24] = (uint32_t)_mm256_extract_epi32(n, 1);
    s->cand[40] = (uint32_t)_mm256_extract_epi32(n, 2);
    return 1;
}

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
        oc[b] = C9_FN(p_cols)(own[b]);
    C9V away[4];
    for (int b = 0; b < 3; b++) {
        int b1 = b == 0 ? 1 : 0, b2 = b == 2 ? 1 : 2;
        away[b] = C9_FN(p_colrep)(C9_OR(oc[b1], oc[b2]));
    }
    /* Digit 8: its other bands are the other lanes. */
    away[3] = C9_FN(p_colrep)(
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
#undef C9_SET1
#undef C9_SRL
#undef C9_SLL
#undef C9_ZERO
#undef C9_EQ0
