/*
 * classic9_core.h — the classic 9x9 search engine, compiled once per
 * instruction-set variant (classic9.c includes it with C9_FN naming the
 * functions and a target pragma around it; no include guard on purpose).
 *
 * Design: candidates are bitboards per (digit, band): 27 bits, one per cell
 * of the band's 3 rows x 9 columns (bit = row_in_band * 9 + column), so a
 * cell's global index is 27 * band + bit. The band is the unit in which rows
 * and boxes interact: a digit occupies one 'minirow' (row x box) per row and
 * per box of the band, i.e. a permutation row -> box. Reducing the 9-bit
 * minirow pattern to the union of its valid permutations (one table lookup)
 * does hidden singles in rows and boxes and both kinds of row/box locked
 * candidates at once. Columns are handled per digit across the three
 * bands: a box whose digit sits in one column locks that column in the
 * other bands (pointing), a column present in only one band confines the
 * digit to that column inside its box (claiming, which also finds hidden
 * singles in columns). Naked singles come from bit-sliced counting over the
 * nine digit boards of a band. Every changed board is queued (a dirty bit)
 * until the state is a fixpoint. The search then branches on the six
 * possible configurations (row -> box permutations) of one digit in one
 * band, or (column -> box) in one stack: the unit with the fewest
 * configurations over all digits, its digit with the fewest (tdoku's
 * heuristic over both orientations; it needs far fewer guesses than
 * branching on bivalue cells), trying the first and keeping the rest in
 * place; once every configuration is fixed, on the cell with the fewest
 * candidates. Minirow and minicolumn triads are checked before branching. A level of search state is 224 bytes, copied once per
 * guess; the last alternative of a branch reuses the level in place.
 * When at most C9_RESIDUAL cells are open, a scalar cell-by-cell search
 * finishes the state (see residual below): near the leaves, as when
 * counting every solution, it is much cheaper per node than a pass.
 * The AVX-512 and AVX2 builds replace the dirty-board queue by passes that
 * apply the same rules to all 27 boards at once (see propagate below, and
 * classic9_pass256.h for AVX2); the fixpoint, and so the search tree, is
 * the same.
 */

#define C9_FULL 0x7FFFFFFu
#ifndef C9_OPAQUE
/* Hides a table pointer from constant folding, so its entries stay loads. */
#define C9_OPAQUE(p) __asm__("" : "+r"(p))
#endif
#define C9_I(d, b) ((b) * 16 + (d))
/* The cells of the columns in the 9-bit set x, in all three rows of a band. */
#define c9_col_rep3(x) ((x) | (x) << 9 | (x) << 18)
/* Open cells at or below which a state is finished by the residual
 * search (serg counting: 8 -> +22%, 16 -> +30%, 24 slower). 16: at limits
 * 1 and 2 the fewest instructions on serg (-1.6% against 12; 14: -1.1%,
 * 18 and 20: more), the same on the other sets; its forward checking
 * guesses a little more than the full propagation (limit 2, 1106 set:
 * 109.13 guesses a puzzle at 16, 108.93 at 12; still under tdoku's). */
#ifndef C9_RESIDUAL
#define C9_RESIDUAL 16
#endif
_Static_assert(C9_RESIDUAL <= C9_RES_MAX, "the residual search holds C9_RES_MAX cells");

/* Population count: one instruction in the builds with POPCNT (and off
 * x86); baseline x86-64 has none and the builtin there is a library call
 * (7% of the portable build's instructions on serg), so it counts by SWAR. */
static inline int C9_FN(popcount)(uint32_t x)
{
#if C9_SIMD >= 2 || !defined(C9_X86) || defined(C9_SSE42)
    return __builtin_popcount(x);
#else
    x -= (x >> 1) & 0x55555555u;
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
#endif
}

/* search_count_node without the call when there is no budget: a call to
 * code compiled for plain x86-64 from inside vector code is not free. */
static inline int C9_FN(count_node)(search_ctx *ctx)
{
    if (ctx->node_budget || ctx->deadline > 0)
        return search_count_node(ctx);
    ctx->nodes++;
    return 0;
}

/* Clears mask from the boards of every digit of band b except keep, and
 * queues the boards that changed. The nine boards of a band are adjacent,
 * so this is one or two vector operations. */
static inline void C9_FN(band_clear)(c9_state *s, uint64_t *dq, int b, uint32_t mask, int keep,
                                     uint32_t kept)
{
    uint32_t *c = s->cand + b * 16;
    uint32_t hit;
#if C9_SIMD == 3
    __m512i v = _mm512_loadu_si512((const void *)c);
    __m512i m = _mm512_set1_epi32((int)mask);
    hit = (uint32_t)_mm512_test_epi32_mask(v, m);
    _mm512_storeu_si512((void *)c, _mm512_andnot_si512(m, v));
#elif C9_SIMD == 2
    __m256i v = _mm256_loadu_si256((const __m256i *)c);
    __m256i m = _mm256_set1_epi32((int)mask);
    __m256i z = _mm256_cmpeq_epi32(_mm256_and_si256(v, m), _mm256_setzero_si256());
    hit = ~(uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(z)) & 0xFFu;
    _mm256_storeu_si256((__m256i *)c, _mm256_andnot_si256(m, v));
    hit |= (uint32_t)((c[8] & mask) != 0) << 8;
    c[8] &= ~mask;
#elif C9_SIMD == 1
    __m128i m = _mm_set1_epi32((int)mask), zero = _mm_setzero_si128();
    __m128i v0 = _mm_loadu_si128((const __m128i *)c);
    __m128i v1 = _mm_loadu_si128((const __m128i *)(c + 4));
    __m128i z0 = _mm_cmpeq_epi32(_mm_and_si128(v0, m), zero);
    __m128i z1 = _mm_cmpeq_epi32(_mm_and_si128(v1, m), zero);
    hit = ~(uint32_t)(_mm_movemask_ps(_mm_castsi128_ps(z0)) |
                      _mm_movemask_ps(_mm_castsi128_ps(z1)) << 4) & 0xFFu;
    _mm_storeu_si128((__m128i *)c, _mm_andnot_si128(m, v0));
    _mm_storeu_si128((__m128i *)(c + 4), _mm_andnot_si128(m, v1));
    hit |= (uint32_t)((c[8] & mask) != 0) << 8;
    c[8] &= ~mask;
#else
    hit = 0;
    for (int e = 0; e < 9; e++) {
        hit |= (uint32_t)((c[e] & mask) != 0) << e;
        c[e] &= ~mask;
    }
#endif
    c[keep] = kept;
    hit &= ~(1u << keep);
    *dq |= (uint64_t)hit << (b * 16);
}

static inline void C9_FN(set)(c9_state *s, uint64_t *dq, int i, uint32_t v)
{
    if (v != s->cand[i]) {
        s->cand[i] = v;
        *dq |= (uint64_t)1 << i;
    }
}

/* The minirow pattern of a board: bit row * 3 + box if that minirow has
 * a candidate. */
static inline uint32_t C9_FN(pattern)(uint32_t m)
{
#if C9_SIMD == 3
    /* BMI2 is fast wherever AVX-512 is (not so on older AMD cores). */
    return _pext_u32(m | m >> 1 | m >> 2, 0x1249249u);
#else
    return (uint32_t)c9_row_boxes[m & 0x1FF] | (uint32_t)c9_row_boxes[(m >> 9) & 0x1FF] << 3 |
           (uint32_t)c9_row_boxes[m >> 18] << 6;
#endif
}

/* The cells of the minirows in pattern p. */
static inline uint32_t C9_FN(cells)(uint32_t p)
{
#if C9_SIMD == 3
    return _pdep_u32(p, 0x1249249u) * 7u;
#else
    return c9_expand[p];
#endif
}

/* Row/box reduction of digit d in band b, then pointing into the other
 * bands. @return 0 on contradiction. */
static inline int C9_FN(update)(c9_state *s, uint64_t *dq, uint32_t *cq, int d, int b)
{
    uint32_t m = s->cand[C9_I(d, b)];
    /* One lookup from the pattern to the cells kept (c9_keep: the
     * minirows of the permutations that fit, as cells), not two: one load
     * fewer on the chain every update waits for. */
    uint32_t keep = c9_keep[C9_FN(pattern)(m)];
    if (!keep)
        return 0;
    m &= keep;
    uint32_t r0 = m & 0x1FF, r1 = (m >> 9) & 0x1FF, r2 = m >> 18;
    /* A row with one cell left is a placement. */
    uint32_t placed = 0;
    if (!(r0 & (r0 - 1)))
        placed |= r0;
    if (!(r1 & (r1 - 1)))
        placed |= r1 << 9;
    if (!(r2 & (r2 - 1)))
        placed |= r2 << 18;
    placed &= ~s->solved[b];
    if (placed) {
        s->solved[b] |= placed;
        /* The new board goes in with the clearing: storing it first would
         * stall the vector load that follows (store forwarding). */
        C9_FN(band_clear)(s, dq, b, placed, d, m);
    } else {
        s->cand[C9_I(d, b)] = m;
    }
    uint32_t lock = c9_pointing[r0 | r1 | r2];
    if (lock) {
        int b1 = b == 0 ? 1 : 0, b2 = b == 2 ? 1 : 2;
        C9_FN(set)(s, dq, C9_I(d, b1), s->cand[C9_I(d, b1)] & ~lock);
        C9_FN(set)(s, dq, C9_I(d, b2), s->cand[C9_I(d, b2)] & ~lock);
    }
    *cq |= 1u << d;
    return 1;
}

/* Columns of digit d across the bands: every column needs the digit, and a
 * column present in one band only claims its box. @return 0 on contradiction. */
static inline int C9_FN(columns)(c9_state *s, uint64_t *dq, int d)
{
    uint32_t m0 = s->cand[C9_I(d, 0)], m1 = s->cand[C9_I(d, 1)], m2 = s->cand[C9_I(d, 2)];
    uint32_t o0 = (m0 | m0 >> 9 | m0 >> 18) & 0x1FF;
    uint32_t o1 = (m1 | m1 >> 9 | m1 >> 18) & 0x1FF;
    uint32_t o2 = (m2 | m2 >> 9 | m2 >> 18) & 0x1FF;
    if ((o0 | o1 | o2) != 0x1FF)
        return 0;
    uint32_t e0 = o0 & ~(o1 | o2), e1 = o1 & ~(o0 | o2), e2 = o2 & ~(o0 | o1);
    if (e0) {
        uint32_t k = c9_claiming[e0];
        if (k == 0xFFFFFFFFu)
            return 0;
        C9_FN(set)(s, dq, C9_I(d, 0), m0 & ~k);
    }
    if (e1) {
        uint32_t k = c9_claiming[e1];
        if (k == 0xFFFFFFFFu)
            return 0;
        C9_FN(set)(s, dq, C9_I(d, 1), m1 & ~k);
    }
    if (e2) {
        uint32_t k = c9_claiming[e2];
        if (k == 0xFFFFFFFFu)
            return 0;
        C9_FN(set)(s, dq, C9_I(d, 2), m2 & ~k);
    }
    return 1;
}

/* Places digit d at bit x of band b. @return 0 if d is not a candidate. */
static inline int C9_FN(place)(c9_state *s, uint64_t *dq, int d, int b, int x)
{
    uint32_t bit = 1u << x;
    if (!(s->cand[C9_I(d, b)] & bit))
        return 0;
    s->solved[b] |= bit;
    uint32_t old = s->cand[C9_I(d, b)], now = old & ~c9_band_peers[x];
    C9_FN(band_clear)(s, dq, b, bit, d, now);
    *dq |= (uint64_t)(now != old) << C9_I(d, b);
    uint32_t col = c9_col_rep[x % 9];
    int b1 = b == 0 ? 1 : 0, b2 = b == 2 ? 1 : 2;
    C9_FN(set)(s, dq, C9_I(d, b1), s->cand[C9_I(d, b1)] & ~col);
    C9_FN(set)(s, dq, C9_I(d, b2), s->cand[C9_I(d, b2)] & ~col);
    return 1;
}

/* Naked singles of the bands in todo (bit b: band b). @return 0 on
 * contradiction (an empty cell). */
static inline int C9_FN(naked)(c9_state *s, uint64_t *dq, unsigned todo)
{
    for (int b = 0; b < 3; b++) {
        if (!(todo >> b & 1))
            continue;
        /* Cells with one digit or more / two or more, counted as a tree
         * (pairs, then pairs of pairs): a chain of nine steps, each
         * waiting for the last, is on the path to the next pass. */
        const uint32_t *c = s->cand + b * 16;
        uint32_t o[4], t[4];
        for (int k = 0; k < 4; k++) {
            o[k] = c[2 * k] | c[2 * k + 1];
            t[k] = c[2 * k] & c[2 * k + 1];
        }
        uint32_t o01 = o[0] | o[1], t01 = t[0] | t[1] | (o[0] & o[1]);
        uint32_t o23 = o[2] | o[3], t23 = t[2] | t[3] | (o[2] & o[3]);
        uint32_t ones = o01 | o23 | c[8];
        uint32_t twos = t01 | t23 | (o01 & o23) | ((o01 | o23) & c[8]);
        if (ones != C9_FULL)
            return 0;
        uint32_t single = ones & ~twos & ~s->solved[b];
        for (int d = 0; single && d < 9; d++) {
            uint32_t hit = s->cand[C9_I(d, b)] & single;
            single &= ~hit;
            while (hit) {
                int x = __builtin_ctz(hit);
                hit &= hit - 1;
                if (!C9_FN(place)(s, dq, d, b, x))
                    return 0;
            }
        }
    }
    return 1;
}

#if C9_SIMD == 3
/* AVX-512: every rule on every board at once. The three bands are three
 * vectors (lane = digit, lanes 9..15 empty); one pass applies the row/box
 * reduction, row hidden singles, naked singles, pointing and claiming to
 * all 27 boards with a few dozen vector operations, and passes repeat until
 * nothing changes. This reaches the same fixpoint as the queued scalar
 * rules below (the same eliminations, closed under each other), without a
 * queue, a table lookup or a branch per board. */

/* Cells of digit lanes whose 9-bit column set is x, repeated in 3 rows. */
static inline __m512i C9_FN(vcolrep)(__m512i x)
{
    return _mm512_ternarylogic_epi32(x, _mm512_slli_epi32(x, 9), _mm512_slli_epi32(x, 18), 0xFE);
}

static inline __m512i C9_FN(vcols)(__m512i v)
{
    return _mm512_and_si512(_mm512_ternarylogic_epi32(v, _mm512_srli_epi32(v, 9),
                                                      _mm512_srli_epi32(v, 18), 0xFE),
                            _mm512_set1_epi32(0x1FF));
}

/* Per box (3 columns at 3j): bit 3j set if x has >= 1 (or3) / >= 2 (maj)
 * of the box's columns. */
static inline __m512i C9_FN(vbox_any)(__m512i x)
{
    return _mm512_and_si512(_mm512_ternarylogic_epi32(x, _mm512_srli_epi32(x, 1),
                                                      _mm512_srli_epi32(x, 2), 0xFE),
                            _mm512_set1_epi32(0x49));
}

static inline __m512i C9_FN(vbox_two)(__m512i x)
{
    return _mm512_and_si512(_mm512_ternarylogic_epi32(x, _mm512_srli_epi32(x, 1),
                                                      _mm512_srli_epi32(x, 2), 0xE8),
                            _mm512_set1_epi32(0x49));
}

static inline __m512i C9_FN(vspread3)(__m512i x)
{
    return _mm512_ternarylogic_epi32(x, _mm512_slli_epi32(x, 1), _mm512_slli_epi32(x, 2), 0xFE);
}

/* One band: row/box reduction, row hidden singles, naked singles.
 * @return nonzero on contradiction; *solved gets the cells holding one
 * digit. */
static inline int C9_FN(vband)(__m512i *pv, uint32_t *solved)
{
    const __m512i full = _mm512_set1_epi32((int)C9_FULL);
    __m512i v = *pv;
    /* Row/box: keep the minirows of the row->box permutations that fit. */
    __m512i t = _mm512_ternarylogic_epi32(v, _mm512_srli_epi32(v, 1), _mm512_srli_epi32(v, 2), 0xFE);
    __m512i nt = _mm512_andnot_si512(t, full);
    __m512i valid = _mm512_setzero_si512();
    /* The constants are read from memory (broadcast loads): built from
     * immediates, a dozen broadcasts per pass would compete with the
     * tests and permutes for the one shuffle port. */
    const uint32_t *cells = c9_config_cells, *heads = c9_config_heads;
    C9_OPAQUE(cells);
    C9_OPAQUE(heads);
    for (int k = 0; k < 6; k++) {
        __mmask16 ok = _mm512_testn_epi32_mask(nt, _mm512_set1_epi32((int)heads[k]));
        valid = _mm512_mask_or_epi32(valid, ok, valid, _mm512_set1_epi32((int)cells[k]));
    }
    v = _mm512_and_si512(v, valid);
    int bad = (_mm512_test_epi32_mask(v, v) & 0x1FF) != 0x1FF;
    /* Row hidden singles: a row with one cell fixes it; other digits lose it. */
    const uint32_t *rows = c9_row_cells;
    C9_OPAQUE(rows);
    __m512i f = _mm512_setzero_si512();
    for (int r = 0; r < 3; r++) {
        __m512i seg = _mm512_and_si512(v, _mm512_set1_epi32((int)rows[r]));
        __mmask16 one = _mm512_testn_epi32_mask(seg, _mm512_sub_epi32(seg, _mm512_set1_epi32(1)));
        f = _mm512_mask_or_epi32(f, one, f, seg);
    }
    /* Cells with one digit / two or more, and cells fixed by one digit /
     * by two or more, reduced over the lanes side by side (both reductions
     * read the boards before the fixed cells leave the other digits, which
     * keeps them off each other's critical path). */
    /* Two three-way steps over the nine digit lanes (rotations mod 9;
     * lanes 9..15 read the empty lane 15): lane i first combines digits
     * i, i+3, i+6, then those sums of i, i+1, i+2. "Two or more" of three
     * is their majority plus any part that already had two. */
    const __m512i r3 = _mm512_set_epi32(15, 15, 15, 15, 15, 15, 15, 2, 1, 0, 8, 7, 6, 5, 4, 3);
    const __m512i r6 = _mm512_set_epi32(15, 15, 15, 15, 15, 15, 15, 5, 4, 3, 2, 1, 0, 8, 7, 6);
    const __m512i r1 = _mm512_set_epi32(15, 15, 15, 15, 15, 15, 15, 0, 8, 7, 6, 5, 4, 3, 2, 1);
    const __m512i r2 = _mm512_set_epi32(15, 15, 15, 15, 15, 15, 15, 1, 0, 8, 7, 6, 5, 4, 3, 2);
    __m512i a3 = _mm512_permutexvar_epi32(r3, v), a6 = _mm512_permutexvar_epi32(r6, v);
    __m512i f3 = _mm512_permutexvar_epi32(r3, f), f6 = _mm512_permutexvar_epi32(r6, f);
    __m512i ones = _mm512_ternarylogic_epi32(v, a3, a6, 0xFE);
    __m512i twos = _mm512_ternarylogic_epi32(v, a3, a6, 0xE8);
    __m512i u = _mm512_ternarylogic_epi32(f, f3, f6, 0xFE);
    __m512i u2 = _mm512_ternarylogic_epi32(f, f3, f6, 0xE8);
    __m512i o1 = _mm512_permutexvar_epi32(r1, ones), o2 = _mm512_permutexvar_epi32(r2, ones);
    __m512i w1 = _mm512_permutexvar_epi32(r1, twos), w2 = _mm512_permutexvar_epi32(r2, twos);
    __m512i g1 = _mm512_permutexvar_epi32(r1, u), g2 = _mm512_permutexvar_epi32(r2, u);
    __m512i h1 = _mm512_permutexvar_epi32(r1, u2), h2 = _mm512_permutexvar_epi32(r2, u2);
    twos = _mm512_or_si512(_mm512_ternarylogic_epi32(twos, w1, w2, 0xFE),
                           _mm512_ternarylogic_epi32(ones, o1, o2, 0xE8));
    ones = _mm512_ternarylogic_epi32(ones, o1, o2, 0xFE);
    u2 = _mm512_or_si512(_mm512_ternarylogic_epi32(u2, h1, h2, 0xFE),
                         _mm512_ternarylogic_epi32(u, g1, g2, 0xE8));
    u = _mm512_ternarylogic_epi32(u, g1, g2, 0xFE);
    /* A fixed cell keeps only its digit: the counts follow without a
     * second reduction. An empty cell, or two digits fixed in one cell:
     * contradiction. */
    v = _mm512_andnot_si512(_mm512_andnot_si512(f, u), v);
    twos = _mm512_andnot_si512(u, twos);
    bad |= (_mm512_cmpneq_epi32_mask(ones, full) & 1) | (_mm512_test_epi32_mask(u2, u2) & 1);
    /* Naked singles: the digit leaves the rest of the cell's row (the
     * reduction then clears the box, pointing the column). */
    __m512i x = _mm512_and_si512(v, _mm512_andnot_si512(twos, ones));
    __m512i lines = _mm512_setzero_si512();
    for (int r = 0; r < 3; r++) {
        __m512i row = _mm512_set1_epi32((int)rows[r]);
        __m512i seg = _mm512_and_si512(x, row);
        lines = _mm512_mask_or_epi32(lines, _mm512_test_epi32_mask(x, row), lines, row);
        /* Two naked singles of one digit in a row (in a box or a column,
         * the reduction or the columns find them). */
        bad |= _mm512_test_epi32_mask(seg, _mm512_sub_epi32(seg, _mm512_set1_epi32(1))) != 0;
    }
    v = _mm512_andnot_si512(_mm512_andnot_si512(x, lines), v);
    *solved = (uint32_t)_mm_cvtsi128_si32(_mm512_castsi512_si128(_mm512_andnot_si512(twos, ones)));
    *pv = v;
    return bad;
}

/* Columns of every digit across the bands. The 9-bit column sets of a
 * digit's three bands, side by side in one 27-bit word, are per stack a
 * 3x3 matrix (band x column within the stack); the digit takes one
 * column per band and one band per column of each stack, a permutation,
 * just as it takes one box per row in a band. Keeping the entries that
 * lie on a permutation inside the matrix is pointing (a box whose digit
 * sits in one column locks it in the other bands) and claiming (a column
 * present in one band confines the digit to it within its box), closed
 * under each other, for all digits and stacks in a dozen vector steps.
 * @return nonzero on contradiction (a stack with no permutation left). */
static inline int C9_FN(vcolumns)(__m512i v[3], __m512i *last)
{
    /* Select masks: bits 0-1 (m1) / bit 0 (m2) of every 3-bit group,
     * and everything above bit 26 (zero in both shifted inputs). Read
     * from memory, as in vband. */
    const uint32_t *km = c9_col_masks;
    C9_OPAQUE(km);
    const __m512i nine = _mm512_set1_epi32((int)km[0]), full = _mm512_set1_epi32((int)C9_FULL);
    const __m512i m1 = _mm512_set1_epi32((int)km[1]), m2 = _mm512_set1_epi32((int)km[2]);
    __m512i c0 = C9_FN(vcols)(v[0]), c1 = C9_FN(vcols)(v[1]), c2 = C9_FN(vcols)(v[2]);
    __m512i o = _mm512_ternarylogic_epi32(c0, _mm512_slli_epi32(c1, 9), _mm512_slli_epi32(c2, 18), 0xFE);
    /* The same column sets as the last pass left (the band passes since
     * then kept every digit's columns): closed, nothing to do. */
    if (!_mm512_cmpneq_epi32_mask(o, *last))
        return 0;
    /* b1: band b sees band b + 1; b2: band b + 2 (mod 3). */
    __m512i b1 = _mm512_ternarylogic_epi32(_mm512_srli_epi32(o, 9), _mm512_slli_epi32(o, 18), full, 0xA8);
    __m512i b2 = _mm512_ternarylogic_epi32(_mm512_srli_epi32(o, 18), _mm512_slli_epi32(o, 9), full, 0xA8);
    /* Column c of a group sees column c + 1 (r1) / c + 2 (r2) (mod 3). */
#define C9_R1(x) _mm512_ternarylogic_epi32(m1, _mm512_srli_epi32(x, 1), _mm512_slli_epi32(x, 2), 0xCA)
#define C9_R2(x) _mm512_ternarylogic_epi32(m2, _mm512_srli_epi32(x, 2), _mm512_slli_epi32(x, 1), 0xCA)
    __m512i x = _mm512_and_si512(C9_R2(b1), C9_R1(b2));
    __m512i valid = _mm512_and_si512(o, _mm512_ternarylogic_epi32(C9_R1(b1), C9_R2(b2), x, 0xEA));
#undef C9_R1
#undef C9_R2
    const __m512i groups = _mm512_set1_epi32((int)km[3]);
    __m512i any = _mm512_and_si512(_mm512_ternarylogic_epi32(valid, _mm512_srli_epi32(valid, 1),
                                                             _mm512_srli_epi32(valid, 2), 0xFE), groups);
    int bad = (_mm512_cmpneq_epi32_mask(any, groups) & 0x1FF) != 0;
    *last = valid;
    __m512i drop = _mm512_andnot_si512(valid, o);
    v[0] = _mm512_andnot_si512(C9_FN(vcolrep)(_mm512_and_si512(drop, nine)), v[0]);
    v[1] = _mm512_andnot_si512(C9_FN(vcolrep)(_mm512_and_si512(_mm512_srli_epi32(drop, 9), nine)), v[1]);
    v[2] = _mm512_andnot_si512(C9_FN(vcolrep)(_mm512_srli_epi32(drop, 18)), v[2]);
    return bad;
}

static int C9_FN(propagate)(c9_state *s)
{
    __m512i v[3];
    for (int b = 0; b < 3; b++)
        v[b] = _mm512_loadu_si512((const void *)(s->cand + 16 * b));
    /* A band's pass depends on its own boards only: it runs when they
     * changed (the state was a fixpoint before the branch or the triads
     * marked its boards dirty); the columns run when any band changed
     * since they ran. */
    /* No column sets have all bits 27..31 set: the first pass runs. */
    __m512i last = _mm512_set1_epi32(-1);
    unsigned todo = 0;
    for (int b = 0; b < 3; b++)
        todo |= (unsigned)((s->dirty >> (16 * b) & 0x1FF) != 0) << b;
    s->dirty = 0;
    s->coldirty = 0;
    for (int first = 1;; first = 0) {
        unsigned changed = 0;
        int bad = 0;
        /* Unrolled: the three band vectors then stay in registers, where
         * a loop over an array of them goes through the stack (a store
         * forwarded to a load on every pass's chain). */
#if defined(__clang__)
#pragma clang loop unroll(full)
#elif defined(__GNUC__)
#pragma GCC unroll 3
#endif
        for (int b = 0; b < 3; b++)
            if (todo >> b & 1) {
                __m512i old = v[b];
                bad |= C9_FN(vband)(&v[b], &s->solved[b]);
                changed |= (unsigned)(_mm512_cmpneq_epi32_mask(old, v[b]) != 0) << b;
            }
        if (bad)
            return 0;
        if (!changed && !first)
            break;
        __m512i o0 = v[0], o1 = v[1], o2 = v[2];
        if (C9_FN(vcolumns)(v, &last))
            return 0;
        changed |= (unsigned)(_mm512_cmpneq_epi32_mask(o0, v[0]) != 0) |
                   (unsigned)(_mm512_cmpneq_epi32_mask(o1, v[1]) != 0) << 1 |
                   (unsigned)(_mm512_cmpneq_epi32_mask(o2, v[2]) != 0) << 2;
        if (!changed)
            break;
        todo = changed;
    }
    for (int b = 0; b < 3; b++)
        _mm512_storeu_si512((void *)(s->cand + 16 * b), v[b]);
    return 1;
}
#elif C9_SIMD == 2
#include "classic9_pass256.h"
#else
/* Runs every rule to a fixpoint. @return 0 on contradiction. */
static int C9_FN(propagate)(c9_state *s)
{
    /* The queues live in registers while propagating (their addresses
     * never escape the inlined rules). */
    uint64_t dirty = s->dirty;
    uint32_t coldirty = s->coldirty;
    /* Bands whose boards changed since naked last saw them (the state
     * was a fixpoint before the changes queued in dirty). */
    unsigned touched = 0;
    int ok = 0;
    for (;;) {
        while (dirty) {
            int i = __builtin_ctzll(dirty);
            dirty &= dirty - 1;
            touched |= 1u << (i >> 4);
            if (!C9_FN(update)(s, &dirty, &coldirty, i & 15, i >> 4))
                goto out;
        }
        if (coldirty) {
            uint32_t cd = coldirty;
            coldirty = 0;
            while (cd) {
                int d = __builtin_ctz(cd);
                cd &= cd - 1;
                if (!C9_FN(columns)(s, &dirty, d))
                    goto out;
            }
            if (dirty)
                continue;
        }
        if (!C9_FN(naked)(s, &dirty, touched))
            goto out;
        touched = 0;
        if (!dirty) {
            ok = 1;
            break;
        }
    }
out:
    s->dirty = 0;
    s->coldirty = 0;
    return ok;
}
#endif

/* Picks the branch cell: the first bivalue cell, else one with fewest
 * candidates. @return its digit set; *band, *bit locate it. */
static uint32_t C9_FN(choose)(const c9_state *s, int *band, int *bit)
{
    for (int b = 0; b < 3; b++) {
        uint32_t ones = 0, twos = 0, threes = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t m = s->cand[C9_I(d, b)];
            threes |= twos & m;
            twos |= ones & m;
            ones |= m;
        }
        uint32_t bi = twos & ~threes & ~s->solved[b];
        if (bi) {
            *band = b;
            *bit = __builtin_ctz(bi);
            break;
        }
    }
    if (*band < 0) {
        int best = 10;
        for (int b = 0; b < 3; b++) {
            uint32_t open = C9_FULL & ~s->solved[b];
            while (open) {
                int x = __builtin_ctz(open);
                open &= open - 1;
                int k = 0;
                for (int d = 0; d < 9; d++)
                    k += (s->cand[C9_I(d, b)] >> x) & 1;
                if (k < best) {
                    best = k;
                    *band = b;
                    *bit = x;
                }
            }
        }
    }
    uint32_t digits = 0;
    for (int d = 0; d < 9; d++)
        digits |= ((s->cand[C9_I(d, *band)] >> *bit) & 1u) << d;
    return digits;
}

/* A digit's only columns in their boxes, of its column word x (3-bit
 * groups: bit 9 * band + column). */
static inline uint32_t C9_FN(sole_cols)(uint32_t x)
{
    const uint32_t g0 = 0x1249249u, g01 = 0x36DB6DBu, g2 = 0x4924924u, g12 = 0x6DB6DB6u;
    return x & ~(((x >> 1) & g01) | ((x << 2) & g2) | ((x >> 2) & g0) | ((x << 1) & g12));
}

/* Configurations of a digit in a stack by the entries of its 3x3 matrix:
 * at a fixpoint every entry lies on a permutation, and such a matrix with
 * 3, 5, 6, 7, 8 or 9 entries holds 1, 2, 2, 3, 4 or 6 of them (4 and
 * below: none such at a fixpoint; 1 keeps the sum above nine while a
 * stack is open). Sixteen entries for a byte shuffle. */
static const uint8_t C9_FN(by_entries)[16] = {1, 1, 1, 1, 1, 2, 2, 3, 4, 6, 0, 0, 0, 0, 0, 0};

#if defined(C9_SSE42)
/* stack_words for digits d0..d0+3 in 128-bit registers (x86-64-v2: the
 * byte shuffle is SSSE3): stores their words and sole columns, returns
 * each lane's configurations per stack in bytes 0-2. */
static inline __m128i C9_FN(stack_words4)(const c9_state *s, int d0, uint32_t *o, uint32_t *q, __m128i *xo,
                                           __m128i *qo)
{
    __m128i c[3];
    for (int b = 0; b < 3; b++) {
        __m128i v = _mm_loadu_si128((const __m128i *)(s->cand + 16 * b + d0));
        c[b] = _mm_and_si128(_mm_or_si128(v, _mm_or_si128(_mm_srli_epi32(v, 9), _mm_srli_epi32(v, 18))),
                             _mm_set1_epi32(0x1FF));
    }
    __m128i x = _mm_or_si128(c[0], _mm_or_si128(_mm_slli_epi32(c[1], 9), _mm_slli_epi32(c[2], 18)));
    __m128i r = _mm_or_si128(_mm_or_si128(_mm_and_si128(_mm_srli_epi32(x, 1), _mm_set1_epi32(0x36DB6DB)),
                                          _mm_and_si128(_mm_slli_epi32(x, 2), _mm_set1_epi32(0x4924924))),
                             _mm_or_si128(_mm_and_si128(_mm_srli_epi32(x, 2), _mm_set1_epi32(0x1249249)),
                                          _mm_and_si128(_mm_slli_epi32(x, 1), _mm_set1_epi32(0x6DB6DB6))));
    _mm_storeu_si128((__m128i *)(o + d0), x);
    _mm_storeu_si128((__m128i *)(q + d0), _mm_andnot_si128(r, x));
    *xo = x;
    *qo = _mm_andnot_si128(r, x);
    /* As in the AVX2 build below. */
    const __m128i g0 = _mm_set1_epi32(0x1249249), low = _mm_set1_epi32(0x1FF), nib = _mm_set1_epi32(0xF);
    __m128i g = _mm_add_epi32(_mm_add_epi32(_mm_and_si128(x, g0), _mm_and_si128(_mm_srli_epi32(x, 1), g0)),
                              _mm_and_si128(_mm_srli_epi32(x, 2), g0));
    __m128i ge = _mm_and_si128(g, _mm_set1_epi32(0x30D86C3)), gd = _mm_and_si128(g, _mm_set1_epi32(0x603018));
    __m128i he = _mm_add_epi32(_mm_add_epi32(_mm_and_si128(ge, low), _mm_and_si128(_mm_srli_epi32(ge, 9), low)),
                               _mm_srli_epi32(ge, 18));
    __m128i hd = _mm_add_epi32(_mm_add_epi32(_mm_and_si128(gd, low), _mm_and_si128(_mm_srli_epi32(gd, 9), low)),
                               _mm_srli_epi32(gd, 18));
    __m128i idx = _mm_or_si128(
        _mm_or_si128(_mm_and_si128(he, nib), _mm_slli_epi32(_mm_and_si128(_mm_srli_epi32(hd, 3), nib), 8)),
        _mm_slli_epi32(_mm_and_si128(_mm_srli_epi32(he, 6), nib), 16));
    __m128i tab = _mm_loadu_si128((const __m128i *)C9_FN(by_entries));
    return _mm_and_si128(_mm_shuffle_epi8(tab, idx), _mm_set1_epi32(0xFFFFFF));
}
#endif

#if C9_SIMD >= 2 || defined(C9_SSE42)
/* Counts over words as thermometer planes: t[k] has bit i where at least
 * k + 1 of the words counted have bit i (saturating at four). Merges the
 * counts u into t, lane by lane. */
static inline void C9_FN(tmerge)(__m128i t[4], const __m128i u[4])
{
    __m128i c0 = _mm_or_si128(t[0], u[0]);
    __m128i c1 = _mm_or_si128(_mm_or_si128(t[1], u[1]), _mm_and_si128(t[0], u[0]));
    __m128i c2 = _mm_or_si128(_mm_or_si128(t[2], u[2]),
                              _mm_or_si128(_mm_and_si128(t[1], u[0]), _mm_and_si128(t[0], u[1])));
    __m128i c3 = _mm_or_si128(_mm_or_si128(_mm_or_si128(t[3], u[3]), _mm_and_si128(t[2], u[0])),
                              _mm_or_si128(_mm_and_si128(t[1], u[1]), _mm_and_si128(t[0], u[2])));
    t[0] = c0;
    t[1] = c1;
    t[2] = c2;
    t[3] = c3;
}

/* The counts over digits 0-7 of their column words (x0: digits 0-3, x1:
 * 4-7) and of their sole columns (q0, q1), plus digit 8's w8 and q8:
 * cnt[k] gets bit i where at least k + 1 digits have column entry i,
 * cnt[4 + k] the same for sole columns (k < 4). One register reduction
 * for both instead of a dependent chain of 72 scalar steps. */
static inline void C9_FN(stack_counts)(__m128i x0, __m128i x1, __m128i q0, __m128i q1, uint32_t w8,
                                       uint32_t q8, uint32_t *cnt)
{
    const __m128i z = _mm_setzero_si128();
    /* Lanes 0-3: pairs (d, d + 4) of x, then of q. */
    __m128i x[4] = {_mm_or_si128(x0, x1), _mm_and_si128(x0, x1), z, z};
    __m128i q[4] = {_mm_or_si128(q0, q1), _mm_and_si128(q0, q1), z, z};
    /* Lanes 0-1 of x and q side by side, against lanes 2-3. */
    __m128i t[4], u[4];
    for (int k = 0; k < 2; k++) {
        t[k] = _mm_unpacklo_epi64(x[k], q[k]);
        u[k] = _mm_unpackhi_epi64(x[k], q[k]);
    }
    t[2] = t[3] = u[2] = u[3] = z;
    C9_FN(tmerge)(t, u);
    /* Lane 0 against lane 1 (x), lane 2 against lane 3 (q). */
    for (int k = 0; k < 4; k++)
        u[k] = _mm_shuffle_epi32(t[k], 0xB1);
    C9_FN(tmerge)(t, u);
    __m128i n = _mm_setr_epi32((int)w8, 0, (int)q8, 0);
    __m128i v[4] = {n, z, z, z};
    C9_FN(tmerge)(t, v);
    for (int k = 0; k < 4; k++) {
        cnt[k] = (uint32_t)_mm_cvtsi128_si32(t[k]);
        cnt[4 + k] = (uint32_t)_mm_extract_epi32(t[k], 2);
    }
}
#endif

/* Every digit's column word (o[d]: bit 9 * band + column if the digit has
 * a candidate in that column of the band), its sole columns (q[d], as
 * sole_cols), its configurations per stack (cc[d], byte = stack), and
 * each stack's configurations summed over the digits (totals); the AVX2 and AVX-512 builds do digits 0-7 in one register,
 * the SSE4.2 build in two. Arrays of 16. */
static inline void C9_FN(stack_words)(const c9_state *s, uint32_t *o, uint32_t *q, uint32_t *cc, int *totals,
                                      uint32_t *cnt)
{
    int k = 0;
    totals[0] = totals[1] = totals[2] = 0;
#if C9_SIMD >= 2 || defined(C9_SSE42)
    __m128i xv[2], qv[2];
#endif
#if C9_SIMD >= 2
    __m256i c[3];
    for (int b = 0; b < 3; b++) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(s->cand + 16 * b));
        c[b] = _mm256_and_si256(_mm256_or_si256(v, _mm256_or_si256(_mm256_srli_epi32(v, 9), _mm256_srli_epi32(v, 18))),
                                _mm256_set1_epi32(0x1FF));
    }
    __m256i x = _mm256_or_si256(c[0], _mm256_or_si256(_mm256_slli_epi32(c[1], 9), _mm256_slli_epi32(c[2], 18)));
    __m256i r = _mm256_or_si256(
        _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(x, 1), _mm256_set1_epi32(0x36DB6DB)),
                        _mm256_and_si256(_mm256_slli_epi32(x, 2), _mm256_set1_epi32(0x4924924))),
        _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(x, 2), _mm256_set1_epi32(0x1249249)),
                        _mm256_and_si256(_mm256_slli_epi32(x, 1), _mm256_set1_epi32(0x6DB6DB6))));
    _mm256_storeu_si256((__m256i *)o, x);
    _mm256_storeu_si256((__m256i *)q, _mm256_andnot_si256(r, x));
    xv[0] = _mm256_castsi256_si128(x);
    xv[1] = _mm256_extracti128_si256(x, 1);
    qv[0] = _mm256_castsi256_si128(_mm256_andnot_si256(r, x));
    qv[1] = _mm256_extracti128_si256(_mm256_andnot_si256(r, x), 1);
    /* Entries per box (2-bit counts at bit 3 * box), then per stack over
     * the bands: stacks 0 and 2 at bits 0 and 6, stack 1 at bit 3 of a
     * second sum, so no 4-bit sum runs into another. */
    const __m256i g0 = _mm256_set1_epi32(0x1249249), low = _mm256_set1_epi32(0x1FF);
    __m256i g = _mm256_add_epi32(_mm256_add_epi32(_mm256_and_si256(x, g0), _mm256_and_si256(_mm256_srli_epi32(x, 1), g0)),
                                 _mm256_and_si256(_mm256_srli_epi32(x, 2), g0));
    __m256i ge = _mm256_and_si256(g, _mm256_set1_epi32(0x30D86C3)),
            gd = _mm256_and_si256(g, _mm256_set1_epi32(0x603018));
#define C9_BANDSUM(y)                                                                              \
    _mm256_add_epi32(_mm256_add_epi32(_mm256_and_si256(y, low), _mm256_and_si256(_mm256_srli_epi32(y, 9), low)), \
                     _mm256_srli_epi32(y, 18))
    __m256i he = C9_BANDSUM(ge), hd = C9_BANDSUM(gd);
#undef C9_BANDSUM
    const __m256i nib = _mm256_set1_epi32(0xF);
    __m256i idx = _mm256_or_si256(
        _mm256_or_si256(_mm256_and_si256(he, nib), _mm256_slli_epi32(_mm256_and_si256(_mm256_srli_epi32(hd, 3), nib), 8)),
        _mm256_slli_epi32(_mm256_and_si256(_mm256_srli_epi32(he, 6), nib), 16));
    __m256i tab = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)C9_FN(by_entries)));
    /* Byte 3 of each lane looks up entry 0; masked off. */
    __m256i cf = _mm256_and_si256(_mm256_shuffle_epi8(tab, idx), _mm256_set1_epi32(0xFFFFFF));
    _mm256_storeu_si256((__m256i *)cc, cf);
    /* Sums of the eight lanes, bytewise (at most 48 each). */
    __m128i h = _mm_add_epi32(_mm256_castsi256_si128(cf), _mm256_extracti128_si256(cf, 1));
    h = _mm_add_epi32(h, _mm_shuffle_epi32(h, 0x4E));
    h = _mm_add_epi32(h, _mm_shuffle_epi32(h, 0xB1));
    uint32_t sum = (uint32_t)_mm_cvtsi128_si32(h);
    totals[0] = (int)(sum & 0xFF);
    totals[1] = (int)(sum >> 8 & 0xFF);
    totals[2] = (int)(sum >> 16 & 0xFF);
    k = 8;
#elif defined(C9_SSE42)
    __m128i h0 = C9_FN(stack_words4)(s, 0, o, q, &xv[0], &qv[0]);
    __m128i h1 = C9_FN(stack_words4)(s, 4, o, q, &xv[1], &qv[1]);
    _mm_storeu_si128((__m128i *)cc, h0);
    _mm_storeu_si128((__m128i *)(cc + 4), h1);
    __m128i h = _mm_add_epi32(h0, h1);
    h = _mm_add_epi32(h, _mm_shuffle_epi32(h, 0x4E));
    h = _mm_add_epi32(h, _mm_shuffle_epi32(h, 0xB1));
    uint32_t sum = (uint32_t)_mm_cvtsi128_si32(h);
    totals[0] = (int)(sum & 0xFF);
    totals[1] = (int)(sum >> 8 & 0xFF);
    totals[2] = (int)(sum >> 16 & 0xFF);
    k = 8;
#endif
    for (int d = k; d < 9; d++) {
        uint32_t m0 = s->cand[C9_I(d, 0)], m1 = s->cand[C9_I(d, 1)], m2 = s->cand[C9_I(d, 2)];
        uint32_t w = ((m0 | m0 >> 9 | m0 >> 18) & 0x1FF) | ((m1 | m1 >> 9 | m1 >> 18) & 0x1FF) << 9 |
                     ((m2 | m2 >> 9 | m2 >> 18) & 0x1FF) << 18;
        o[d] = w;
        q[d] = C9_FN(sole_cols)(w);
        uint32_t k0 = C9_FN(by_entries)[C9_FN(popcount)(w & 0x1C0E07u)];
        uint32_t k1 = C9_FN(by_entries)[C9_FN(popcount)(w & 0xE07038u)];
        uint32_t k2 = C9_FN(by_entries)[C9_FN(popcount)(w & 0x70381C0u)];
        cc[d] = k0 | k1 << 8 | k2 << 16;
        totals[0] += (int)k0;
        totals[1] += (int)k1;
        totals[2] += (int)k2;
    }
#if C9_SIMD >= 2 || defined(C9_SSE42)
    C9_FN(stack_counts)(xv[0], xv[1], qv[0], qv[1], o[8], q[8], cnt);
#else
    for (int j = 0; j < 8; j++)
        cnt[j] = 0;
    for (int d = 0; d < 9; d++) {
        uint32_t x = o[d], y = q[d];
        cnt[3] |= cnt[2] & x;
        cnt[2] |= cnt[1] & x;
        cnt[1] |= cnt[0] & x;
        cnt[0] |= x;
        cnt[7] |= cnt[6] & y;
        cnt[6] |= cnt[5] & y;
        cnt[5] |= cnt[4] & y;
        cnt[4] |= y;
    }
#endif
}

/* The stacks' counterpart of the bands' configurations and triads. The
 * column sets of a digit's three bands, side by side in one 27-bit word
 * (o[d], bit 9 * band + column), hold each stack's 3x3 matrix (band x
 * column of the stack; an entry is a minicolumn, the three cells of a
 * column in one box): the digit takes one column per band and one band
 * per column, a permutation, as it takes one box per row in a band.
 * Totals: counted by entries (see by_entries). Triads: a
 * minicolumn holds three digits, so three digits that alone can go there
 * leave the rest of its column and box, and three that must go there
 * (their only column in that box) exclude the others; the counts over the
 * digits are bit-sliced, all 27 minicolumns at once (see stack_counts). o: room for 16
 * words (see stack_words). @return -1 on contradiction, 0 if boards
 * changed (propagate again), else 1 with o and totals (per stack) filled. */
static inline int C9_FN(stack_scan)(c9_state *s, uint32_t *o, uint32_t *cc, int *totals)
{
    uint32_t qs[16], cnt[8];
    C9_FN(stack_words)(s, o, qs, cc, totals, cnt);
    uint32_t c3 = cnt[2], c4 = cnt[3], s3 = cnt[6], s4 = cnt[7];
    if (c3 != C9_FULL || s4)
        return -1;
    uint32_t naked = c3 & ~c4 & ~s3, hidden = s3 & c4;
    if (!(naked | hidden))
        return 1;
    uint64_t before = s->dirty;
    s->dirty = 0;
    while (naked) {
        int e = __builtin_ctz(naked);
        naked &= naked - 1;
        /* Minicolumn e (band e / 9, column e % 9): its digits leave the
         * other columns of its box and its column in the other bands. */
        int b = e / 9, col = e % 9;
        uint32_t box = (7u << (col / 3 * 3)) & ~(1u << col);
        for (int d = 0; d < 9; d++)
            if (o[d] >> e & 1)
                for (int k = 0; k < 3; k++) {
                    uint32_t away = k == b ? c9_col_rep3(box) : c9_col_rep3(1u << col);
                    C9_FN(set)(s, &s->dirty, C9_I(d, k), s->cand[C9_I(d, k)] & ~away);
                }
    }
    while (hidden) {
        int e = __builtin_ctz(hidden);
        hidden &= hidden - 1;
        int b = e / 9, col = e % 9;
        uint32_t cells = c9_col_rep3(1u << col);
        for (int d = 0; d < 9; d++)
            if (!(qs[d] >> e & 1))
                C9_FN(set)(s, &s->dirty, C9_I(d, b), s->cand[C9_I(d, b)] & ~cells);
    }
    int changed = s->dirty != 0;
    s->dirty |= before;
    return !changed;
}

/* A band's digits by their number of fitting configurations (ok[k]: bit
 * d set if configuration k of digit d fits): bit d of by[n - 2] if digit
 * d has n of them, n = 2..6 (bit-sliced over the nine digits).
 * @return the digits with two or more. */
static inline uint32_t C9_FN(band_counts)(const uint32_t *ok, uint32_t *by)
{
    uint32_t c0 = 0, c1 = 0, c2 = 0; /* the count: c0 + 2 c1 + 4 c2 */
    for (int k = 0; k < 6; k++) {
        uint32_t m = ok[k], k0 = c0 & m, k1 = c1 & k0;
        c0 ^= m;
        c1 ^= k0;
        c2 |= k1;
    }
    by[0] = c1 & ~c0 & ~c2;
    by[1] = c1 & c0 & ~c2;
    by[2] = c2 & ~c1 & ~c0;
    by[3] = c2 & ~c1 & c0;
    by[4] = c2 & c1;
    return c1 | c2;
}

/* What decides between units with the same total (lower wins): the
 * fewest configurations of a digit above one, then the fewest digits
 * with more than one. Unit u: bands 0-2 by ok (as pick_config), stacks
 * 3-5 by cc (as stack_words). Measured on the shared 9x9 sets against
 * the first unit found (bands first): fewer guesses on the forum sets at
 * limits 1 and 2 (1106 at limit 2: 110.54 -> 108.93 a puzzle), about the
 * same on the others. */
static inline int C9_FN(unit_key)(uint32_t ok[3][6], const uint32_t *cc, int u)
{
    if (u < 3) {
        uint32_t by[5];
        uint32_t open = C9_FN(band_counts)(ok[u], by);
        int n = 2;
        while (n < 6 && !by[n - 2])
            n++;
        return n * 16 + C9_FN(popcount)(open);
    }
    int j = u - 3, fewest = 7, open = 0;
    for (int d = 0; d < 9; d++) {
        int k = (int)(cc[d] >> (8 * j) & 0xFF);
        if (k > 1) {
            open++;
            if (k < fewest)
                fewest = k;
        }
    }
    return fewest * 16 + open;
}

/* The branch choice of triads_choose from each digit's fitting
 * configurations in the bands (ok[band][k]: bit d set if configuration k
 * of digit d fits) and their totals per band, for every front, with the
 * stacks' configurations beside them: the unit (bands 0-2, then stacks
 * 3-5) with the fewest configurations above nine (tdoku's choice over
 * both orientations; ties as unit_key), in it the digit with the fewest
 * above one. @return as
 * triads_choose; *band gets the unit. */
static inline int C9_FN(pick_config)(c9_state *s, uint32_t ok[3][6], const int *totals, int *band,
                                     int *digit)
{
    uint32_t so[16], cc[16];
    int all[6];
    int st = C9_FN(stack_scan)(s, so, cc, all + 3);
    if (st <= 0)
        return st;
    all[0] = totals[0];
    all[1] = totals[1];
    all[2] = totals[2];
    int best_total = 1000;
    unsigned tied = 0;
    for (int u = 0; u < 6; u++)
        if (all[u] > 9 && all[u] <= best_total) {
            if (all[u] < best_total) {
                best_total = all[u];
                *band = u;
                tied = 0;
            }
            tied |= 1u << u;
        }
    if (best_total == 1000)
        return 1 << 6;
    if (tied & (tied - 1)) {
        int best_key = 1000;
        for (; tied; tied &= tied - 1) {
            int u = __builtin_ctz(tied), key = C9_FN(unit_key)(ok, cc, u);
            if (key < best_key) {
                best_key = key;
                *band = u;
            }
        }
    }
    if (*band >= 3) {
        /* The stack's digit with the fewest configurations above one
         * (counted by entries, as the totals). */
        int best = 7, j = *band - 3;
        for (int d = 0; d < 9; d++) {
            int k = (int)(cc[d] >> (8 * j) & 0xFF);
            if (k > 1 && k < best) {
                best = k;
                *digit = d;
            }
        }
        if (best == 7)
            return 0;
        uint32_t x = so[*digit] >> (3 * j);
        return (int)c9_configs[(x & 7) | (x >> 6 & 0x38) | (x >> 12 & 0x1C0)];
    }
    /* The fewest configurations above one: 2, 3, 4, 5 or 6. */
    uint32_t by[5];
    C9_FN(band_counts)(ok[*band], by);
    uint32_t pick = 0;
    for (int n = 0; n < 5 && !pick; n++)
        pick = by[n];
    if (!pick)
        return 0;
    int d = __builtin_ctz(pick);
    *digit = d;
    int cfg = 0;
    for (int k = 0; k < 6; k++)
        cfg |= (int)((ok[*band][k] >> d) & 1) << k;
    return cfg;
}

/* Triads, then the branch choice; both need every board's minirow
 * pattern. A minirow (3 cells of a row in one box) holds exactly three
 * digits: if only three digits can go there, each must, so it leaves the
 * rest of its row and box in the band; if three digits must go there (it is
 * their only minirow in that row), no other digit may. Without this check a
 * search that fixes digit configurations could wander for long in states
 * that put four digits in one minirow.
 * Branch choice: the band with the fewest digit configurations (row -> box
 * permutations) in total, and in it the digit with the fewest (at least
 * two). @return -1 on contradiction, 0 if triads changed boards (propagate
 * again), else the configuration set to branch on, with *band and *digit
 * (1 << 6 when every configuration is known: branch on a cell). */
static int C9_FN(triads_choose)(c9_state *s, int *band, int *digit)
{
    uint64_t *dq = &s->dirty;
    uint32_t pat[3][9];
    int totals[3];
    for (int b = 0; b < 3; b++) {
        uint32_t c1 = 0, c2 = 0, c3 = 0, c4 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0;
        int total = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t p = C9_FN(pattern)(s->cand[C9_I(d, b)]);
            uint32_t q = c9_sole[p];
            pat[b][d] = p;
            total += c9_nconfigs[p];
            c4 |= c3 & p;
            c3 |= c2 & p;
            c2 |= c1 & p;
            c1 |= p;
            s4 |= s3 & q;
            s3 |= s2 & q;
            s2 |= s1 & q;
            s1 |= q;
        }
        totals[b] = total;
        if (c3 != 0x1FF || s4)
            return -1;
        uint32_t naked = c3 & ~c4 & ~s3, hidden = s3 & c4;
        while (naked) {
            int mr = __builtin_ctz(naked);
            naked &= naked - 1;
            uint32_t away = ((7u << (mr / 3 * 3)) | (0x49u << (mr % 3))) & ~(1u << mr);
            for (int d = 0; d < 9; d++)
                if (pat[b][d] & (1u << mr))
                    C9_FN(set)(s, dq, C9_I(d, b), s->cand[C9_I(d, b)] & ~c9_expand[away]);
        }
        while (hidden) {
            int mr = __builtin_ctz(hidden);
            hidden &= hidden - 1;
            uint32_t cells = c9_expand[1u << mr];
            for (int d = 0; d < 9; d++)
                if (!(c9_sole[pat[b][d]] & (1u << mr)))
                    C9_FN(set)(s, dq, C9_I(d, b), s->cand[C9_I(d, b)] & ~cells);
        }
    }
    if (s->dirty)
        return 0;
    uint32_t ok[3][6] = {{0}};
    for (int b = 0; b < 3; b++)
        for (int d = 0; d < 9; d++)
            for (uint32_t c = c9_configs[pat[b][d]]; c; c &= c - 1)
                ok[b][__builtin_ctz(c)] |= 1u << d;
    return C9_FN(pick_config)(s, ok, totals, band, digit);
}

#if C9_SIMD >= 1
/* Per 6-bit field of x (counts <= 9): bit 5 set where the count is >= n. */
static inline uint32_t C9_FN(at_least)(uint32_t x, uint32_t n, uint32_t h, uint32_t l)
{
    return ((x | h) - n * l) & h;
}

/* The vector fronts' verdict on one band from the per-minirow counts over
 * the digits, in 6-bit fields, in the lanes of sums: how many digits have
 * a candidate in each even minirow, in each odd one (3 bits up), and how
 * many have it as their only minirow of the row, even and odd. 1 in the
 * common case: every minirow has three digits or more, none is a naked
 * triad (exactly three) and none holds three or more sole digits.
 * Anything else is a contradiction or a triad for the scalar
 * triads_choose. */
static inline int C9_FN(triads_none)(__m128i sums)
{
#if C9_SIMD >= 2 || defined(C9_SSE42)
    uint32_t et = (uint32_t)_mm_cvtsi128_si32(sums);
    uint32_t ot = (uint32_t)_mm_extract_epi32(sums, 1) >> 3;
    uint32_t eq = (uint32_t)_mm_extract_epi32(sums, 2);
    uint32_t oq = (uint32_t)_mm_extract_epi32(sums, 3) >> 3;
#else
    uint32_t sv[4];
    _mm_storeu_si128((__m128i *)sv, sums);
    uint32_t et = sv[0], ot = sv[1] >> 3, eq = sv[2], oq = sv[3] >> 3;
#endif
    const uint32_t he = 0x20820820u, le = 0x1041041u, ho = 0x820820u, lo = 0x41041u;
    uint32_t e3 = C9_FN(at_least)(et, 3, he, le), o3 = C9_FN(at_least)(ot, 3, ho, lo);
    uint32_t e4 = C9_FN(at_least)(et, 4, he, le), o4 = C9_FN(at_least)(ot, 4, ho, lo);
    uint32_t es3 = C9_FN(at_least)(eq, 3, he, le), os3 = C9_FN(at_least)(oq, 3, ho, lo);
    uint32_t es4 = C9_FN(at_least)(eq, 4, he, le), os4 = C9_FN(at_least)(oq, 4, ho, lo);
    return !(e3 != he || o3 != ho || (es4 | os4) || ((e3 & ~e4 & ~es3) | (o3 & ~o4 & ~os3)) ||
             ((es3 & e4) | (os3 & o4)));
}

#endif
#if C9_SIMD == 1
#include "classic9_triads128.h"
#elif C9_SIMD == 2
#include "classic9_triads256.h"
#endif

#if C9_SIMD == 3
/* The lane sums of four vectors at once (lanes of the result: a, b, c,
 * d): one shared shuffle tree instead of four reductions. */
static inline __m128i C9_FN(hsum4)(__m512i a, __m512i b, __m512i c, __m512i d)
{
    __m512i ab = _mm512_add_epi32(_mm512_unpacklo_epi32(a, b), _mm512_unpackhi_epi32(a, b));
    __m512i cd = _mm512_add_epi32(_mm512_unpacklo_epi32(c, d), _mm512_unpackhi_epi32(c, d));
    __m512i x = _mm512_add_epi32(_mm512_unpacklo_epi64(ab, cd), _mm512_unpackhi_epi64(ab, cd));
    __m256i y = _mm256_add_epi32(_mm512_castsi512_si256(x), _mm512_extracti64x4_epi64(x, 1));
    return _mm_add_epi32(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));
}

/* AVX-512 front of triads_choose: the minirow patterns, their counts over
 * the digits and every digit's configurations come from one band vector
 * each (horizontal sums of 6-bit fields, six subset tests) instead of
 * 27 table lookups. It decides the common case, a state with no triad and
 * no contradiction, and hands anything else to the scalar code, so the
 * result is the same by construction. */
static int C9_FN(triads_choose_fast)(c9_state *s, int *band, int *digit)
{
    const __m512i mr = _mm512_set1_epi32(0x1249249);
    const __m512i p0 = _mm512_set1_epi32(0x40201), p1 = _mm512_set1_epi32(0x201008),
                  p2 = _mm512_set1_epi32(0x1008040);
    const __m512i even = _mm512_set1_epi32(0x1041041), odd = _mm512_set1_epi32(0x208208);
    uint32_t ok[3][6];
    int totals[3];
    for (int b = 0; b < 3; b++) {
        __m512i v = _mm512_loadu_si512((const void *)(s->cand + 16 * b));
        /* Bit 3 * minirow: the digit has a candidate in that minirow. */
        __m512i t = _mm512_and_si512(
            _mm512_ternarylogic_epi32(v, _mm512_srli_epi32(v, 1), _mm512_srli_epi32(v, 2), 0xFE), mr);
        __m512i nt = _mm512_andnot_si512(t, mr);
        int total = 0;
        for (int k = 0; k < 6; k++) {
            ok[b][k] = (uint32_t)_mm512_testn_epi32_mask(
                           nt, _mm512_set1_epi32((int)(c9_config_cells[k] & 0x1249249u))) & 0x1FFu;
            total += __builtin_popcount(ok[b][k]);
        }
        totals[b] = total;
        /* The other minirows of the same row. */
        __m512i others = _mm512_or_si512(
            _mm512_or_si512(_mm512_and_si512(_mm512_srli_epi32(t, 3), _mm512_or_si512(p0, p1)),
                            _mm512_and_si512(_mm512_srli_epi32(t, 6), p0)),
            _mm512_or_si512(_mm512_and_si512(_mm512_slli_epi32(t, 3), _mm512_or_si512(p1, p2)),
                            _mm512_and_si512(_mm512_slli_epi32(t, 6), p2)));
        __m512i q = _mm512_andnot_si512(others, t);
        __m128i sums = C9_FN(hsum4)(_mm512_and_si512(t, even), _mm512_and_si512(t, odd),
                                    _mm512_and_si512(q, even), _mm512_and_si512(q, odd));
        /* Contradiction, naked triad or hidden triad: the scalar path. */
        if (!C9_FN(triads_none)(sums))
            return C9_FN(triads_choose)(s, band, digit);
    }
    return C9_FN(pick_config)(s, ok, totals, band, digit);
}
#endif

/* The solved cells' digits into grid (C9_GRID_BYTES; open cells: any of
 * their digits, or untouched). The AVX2, AVX-512 and SSE4.2 builds do a
 * band's 27 cells at once: byte i of a digit's board holds bit i (broadcast, byte
 * shuffle, bit test); each store's last five bytes are zero and the next
 * band overwrites them. */
static inline void C9_FN(grid_of)(const c9_state *s, uint8_t *grid)
{
#if C9_SIMD >= 2
    const __m256i sel = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2,
                                         2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
    const __m256i bits = _mm256_set1_epi64x((long long)0x8040201008040201ull);
    for (int b = 0; b < 3; b++) {
        __m256i acc = _mm256_setzero_si256();
        for (int d = 0; d < 9; d++) {
            __m256i m = _mm256_shuffle_epi8(_mm256_set1_epi32((int)s->cand[C9_I(d, b)]), sel);
            __m256i hit = _mm256_cmpeq_epi8(_mm256_and_si256(m, bits), bits);
            acc = _mm256_blendv_epi8(acc, _mm256_set1_epi8((char)(d + 1)), hit);
        }
        _mm256_storeu_si256((__m256i *)(grid + 27 * b), acc);
    }
#elif defined(C9_SSE42)
    /* The same in two 128-bit halves (byte shuffle: SSSE3, blend: SSE4.1). */
    const __m128i sel0 = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1);
    const __m128i sel1 = _mm_setr_epi8(2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
    const __m128i bits = _mm_set1_epi64x((long long)0x8040201008040201ull);
    for (int b = 0; b < 3; b++) {
        __m128i acc0 = _mm_setzero_si128(), acc1 = _mm_setzero_si128();
        for (int d = 0; d < 9; d++) {
            __m128i v = _mm_set1_epi32((int)s->cand[C9_I(d, b)]), dv = _mm_set1_epi8((char)(d + 1));
            __m128i m0 = _mm_shuffle_epi8(v, sel0), m1 = _mm_shuffle_epi8(v, sel1);
            acc0 = _mm_blendv_epi8(acc0, dv, _mm_cmpeq_epi8(_mm_and_si128(m0, bits), bits));
            acc1 = _mm_blendv_epi8(acc1, dv, _mm_cmpeq_epi8(_mm_and_si128(m1, bits), bits));
        }
        _mm_storeu_si128((__m128i *)(grid + 27 * b), acc0);
        _mm_storeu_si128((__m128i *)(grid + 27 * b + 16), acc1);
    }
#else
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 3; b++)
            for (uint32_t m = s->cand[C9_I(d, b)] & s->solved[b]; m; m &= m - 1)
                grid[27 * b + __builtin_ctz(m)] = (uint8_t)(d + 1);
#endif
}

static void C9_FN(report)(const c9_state *s, search_ctx *ctx)
{
    /* Counting needs no grid. */
    if (!search_wants_grid(ctx)) {
        search_report_solution(ctx, NULL, 81);
        return;
    }
    uint8_t grid[C9_GRID_BYTES];
    C9_FN(grid_of)(s, grid);
    search_report_solution(ctx, grid, 81);
}

/* The open cell (bit of open) with the fewest digits left in dom, the
 * first found; the scan stops at one with `enough` or fewer. Its count
 * goes to *least (10 when open is empty). */
static inline __attribute__((always_inline)) int C9_FN(res_fewest)(const uint16_t *dom, uint32_t open,
                                                                  int enough, int *least)
{
    int best = 0;
    *least = 10;
    for (uint32_t o = open; o; o &= o - 1) {
        int i = __builtin_ctz(o);
        int c = C9_FN(popcount)(dom[i]);
        if (c < *least) {
            *least = c;
            best = i;
            if (c <= enough)
                break;
        }
    }
    return best;
}

/* The residual search: once few cells are open, a fixpoint state is
 * finished cell by cell in scalar code, far cheaper per node than a
 * propagation pass over all 27 boards. At a fixpoint every open cell's
 * candidates avoid the digits placed in its units, so an assignment of
 * the open cells is a solution exactly when no two peers share a digit
 * (each unit's open cells then take its missing digits one to one).
 * Forward checking with the fewest-candidates cell first. */
static void C9_FN(res_dfs)(c9_resid *r, uint16_t *dom, uint32_t open, search_ctx *ctx)
{
    for (;;) {
        if (!open) {
            if (!r->wants_grid) {
                search_report_solution(ctx, NULL, 81);
                return;
            }
            uint8_t grid[81];
            memcpy(grid, r->grid, 81);
            for (int i = 0; i < C9_RES_MAX && r->cell[i] < 81; i++)
                grid[r->cell[i]] = (uint8_t)(r->val[i] + 1);
            search_report_solution(ctx, grid, 81);
            return;
        }
        int least;
        int best = C9_FN(res_fewest)(dom, open, 1, &least);
        if (!least)
            return;
        uint32_t ds = dom[best];
        open &= ~(1u << best);
        uint32_t pe = r->peers[best] & open;
        while (ds & (ds - 1)) {
            uint32_t bit = ds & -ds;
            ds &= ds - 1;
            ctx->guesses++;
            if (C9_FN(count_node)(ctx))
                return;
            uint16_t next[C9_RES_MAX];
            memcpy(next, dom, sizeof next);
            r->val[best] = (uint8_t)__builtin_ctz(bit);
            for (uint32_t p = pe; p; p &= p - 1)
                next[__builtin_ctz(p)] &= (uint16_t)~bit;
            C9_FN(res_dfs)(r, next, open, ctx);
            if (ctx->stop)
                return;
        }
        if (least > 1 && C9_FN(count_node)(ctx))
            return;
        r->val[best] = (uint8_t)__builtin_ctz(ds);
        for (uint32_t p = pe; p; p &= p - 1)
            dom[__builtin_ctz(p)] &= (uint16_t)~ds;
    }
}

/* Removes digit set bit from the open peers pe; peers left with one
 * digit join *forced. @return 0 if one is left with none (dom is then
 * left partly updated: callers drop it). */
static inline int C9_FN(res_clear)(uint16_t *dom, uint32_t pe, uint32_t bit, uint32_t *forced)
{
#if C9_SIMD >= 2 && C9_RES_MAX == 16
    /* All sixteen domains in one vector: no branch per peer on whether
     * it became forced (the scalar loop mispredicts those). */
    const __m256i lanes = _mm256_set_epi16((short)0x8000, 0x4000, 0x2000, 0x1000, 0x800, 0x400, 0x200,
                                           0x100, 0x80, 0x40, 0x20, 0x10, 8, 4, 2, 1);
    __m256i pm = _mm256_cmpeq_epi16(_mm256_and_si256(_mm256_set1_epi16((short)pe), lanes), lanes);
    __m256i d = _mm256_andnot_si256(_mm256_and_si256(pm, _mm256_set1_epi16((short)bit)),
                                    _mm256_loadu_si256((const __m256i *)dom));
    _mm256_storeu_si256((__m256i *)dom, d);
    __m256i zero = _mm256_setzero_si256();
    __m256i low = _mm256_and_si256(d, _mm256_sub_epi16(d, _mm256_set1_epi16(1)));
    __m256i f16 = _mm256_and_si256(_mm256_cmpeq_epi16(low, zero), pm);
    uint32_t one = (uint32_t)_mm256_movemask_epi8(f16);
    if (one) {
        if (_mm256_movemask_epi8(_mm256_and_si256(_mm256_cmpeq_epi16(d, zero), pm)))
            return 0;
        /* Two mask bits per 16-bit lane: keep one. Not pext, which AMD
         * cores before Zen 3 run as microcode (tens of cycles). */
        uint32_t f8 = (uint32_t)_mm256_movemask_epi8(_mm256_packs_epi16(f16, zero));
        *forced |= (f8 & 0xFFu) | (f8 >> 8 & 0xFF00u);
    }
    return 1;
#else
    for (; pe; pe &= pe - 1) {
        int i = __builtin_ctz(pe);
        uint32_t nd = dom[i] & ~bit;
        dom[i] = (uint16_t)nd;
        if (!(nd & (nd - 1))) {
            if (!nd)
                return 0;
            *forced |= 1u << i;
        }
    }
    return 1;
#endif
}

/* The residual search when no grid is wanted (counting, or proving a
 * second solution): the number of solutions, up to need (the result is
 * min(count, need)), reported once by the caller. Cells left with one
 * digit are tracked as forward checking makes them (forced), so the scan
 * for the fewest candidates runs only when none is pending, and then
 * every open cell has two or more: the first with two ends it. The cell
 * branched on is the same as res_dfs's, so nodes and guesses match. */
static uint64_t C9_FN(res_count)(const c9_res_set *peers, const uint16_t *dom_in, uint32_t open,
                                 uint32_t forced, uint64_t need, search_ctx *ctx)
{
    uint16_t dom[C9_RES_MAX];
    memcpy(dom, dom_in, sizeof dom);
    for (;;) {
        if (!open)
            return 1;
        if (forced) {
            int i = __builtin_ctz(forced);
            forced &= forced - 1;
            open &= ~(1u << i);
            if (!C9_FN(res_clear)(dom, peers[i] & open, dom[i], &forced))
                return 0;
            continue;
        }
        int least;
        int best = C9_FN(res_fewest)(dom, open, 2, &least);
        uint32_t ds = dom[best];
        open &= ~(1u << best);
        uint32_t pe = peers[best] & open;
        uint64_t sum = 0;
        for (;;) {
            uint32_t bit = ds & -ds;
            ds &= ds - 1;
            if (C9_FN(count_node)(ctx))
                return 0;
            if (!ds) {
                /* The last alternative: in place. */
                if (!C9_FN(res_clear)(dom, pe, bit, &forced))
                    return sum;
                need -= sum;
                break;
            }
            ctx->guesses++;
            uint16_t next[C9_RES_MAX];
            uint32_t nf = 0;
            memcpy(next, dom, sizeof next);
            if (C9_FN(res_clear)(next, pe, bit, &nf))
                sum += C9_FN(res_count)(peers, next, open, nf, need - sum, ctx);
            if (sum >= need || ctx->stop)
                return sum;
        }
        return sum + C9_FN(res_count)(peers, dom, open, forced, need, ctx);
    }
}

/* Finishes a fixpoint state whose open cells are few (<= C9_RES_MAX). */
static void C9_FN(residual)(const c9_state *s, search_ctx *ctx)
{
    c9_resid r;
    uint16_t dom[C9_RES_MAX];
    /* Each open cell's row, column and box (peers: any equal). */
    uint8_t ur[C9_RES_MAX] = {0}, uc[C9_RES_MAX] = {0}, ub[C9_RES_MAX] = {0};
    int k = 0;
    for (int b = 0; b < 3; b++) {
#if C9_SIMD == 3
        __m512i v = _mm512_loadu_si512((const void *)(s->cand + 16 * b));
#elif C9_SIMD == 2
        __m256i v = _mm256_loadu_si256((const __m256i *)(s->cand + 16 * b));
#elif C9_SIMD == 1
        __m128i v0 = _mm_loadu_si128((const __m128i *)(s->cand + 16 * b));
        __m128i v1 = _mm_loadu_si128((const __m128i *)(s->cand + 16 * b + 4));
#endif
        for (uint32_t o = C9_FULL & ~s->solved[b]; o; o &= o - 1) {
            int x = __builtin_ctz(o);
#if C9_SIMD == 3
            dom[k] = (uint16_t)(_mm512_test_epi32_mask(v, _mm512_set1_epi32((int)(1u << x))) & 0x1FF);
#elif C9_SIMD == 2
            __m256i bit = _mm256_set1_epi32((int)(1u << x));
            __m256i in = _mm256_cmpeq_epi32(_mm256_and_si256(v, bit), bit);
            dom[k] = (uint16_t)((uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(in)) |
                                ((s->cand[C9_I(8, b)] >> x) & 1u) << 8);
#elif C9_SIMD == 1
            __m128i bit = _mm_set1_epi32((int)(1u << x));
            __m128i in0 = _mm_cmpeq_epi32(_mm_and_si128(v0, bit), bit);
            __m128i in1 = _mm_cmpeq_epi32(_mm_and_si128(v1, bit), bit);
            dom[k] = (uint16_t)((uint32_t)_mm_movemask_ps(_mm_castsi128_ps(in0)) |
                                (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(in1)) << 4 |
                                ((s->cand[C9_I(8, b)] >> x) & 1u) << 8);
#else
            uint32_t m = 0;
            for (int d = 0; d < 9; d++)
                m |= ((s->cand[C9_I(d, b)] >> x) & 1u) << d;
            dom[k] = (uint16_t)m;
#endif
            int rb = (x >= 9) + (x >= 18), col = x - 9 * rb;
            r.cell[k] = (uint8_t)(27 * b + x);
            /* +1: no open cell compares equal with an unused slot (0). */
            ur[k] = (uint8_t)(3 * b + rb + 1);
            uc[k] = (uint8_t)(col + 1);
            ub[k] = (uint8_t)(3 * b + (col * 11 >> 5) + 1);
            k++;
        }
    }
    for (int i = k; i < C9_RES_MAX; i++) {
        r.cell[i] = 81;
        dom[i] = 0;
    }
#if C9_SIMD >= 1 && C9_RES_MAX == 16
    /* Byte compares of the 16 cells' units at once: no chain of
     * read-modify-writes through per-unit masks in memory. */
    __m128i vr = _mm_loadu_si128((const __m128i *)ur), vc = _mm_loadu_si128((const __m128i *)uc),
            vb = _mm_loadu_si128((const __m128i *)ub);
    for (int i = 0; i < k; i++) {
        __m128i eq = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(vr, _mm_set1_epi8((char)ur[i])),
                                               _mm_cmpeq_epi8(vc, _mm_set1_epi8((char)uc[i]))),
                                  _mm_cmpeq_epi8(vb, _mm_set1_epi8((char)ub[i])));
        r.peers[i] = (c9_res_set)((uint32_t)_mm_movemask_epi8(eq) & ~(1u << i));
    }
#else
    for (int i = 0; i < k; i++) {
        uint32_t m = 0;
        for (int j = 0; j < k; j++)
            m |= (uint32_t)(ur[j] == ur[i] || uc[j] == uc[i] || ub[j] == ub[i]) << j;
        r.peers[i] = (c9_res_set)(m & ~(1u << i));
    }
#endif
    r.wants_grid = search_wants_grid(ctx);
    uint32_t open = (1u << k) - 1;
    if (!r.wants_grid) {
        uint64_t n = C9_FN(res_count)(r.peers, dom, open, 0, ctx->limit - ctx->solutions, ctx);
        if (!ctx->stop || ctx->solutions + n >= ctx->limit)
            search_report_count(ctx, n);
        return;
    }
    /* The open cells get their digits in res_dfs. */
    C9_FN(grid_of)(s, r.grid);
    C9_FN(res_dfs)(&r, dom, open, ctx);
}

/* Whether the configurations in ks are exactly those inside their union
 * (a board holding that union admits no other): any one or two are, three
 * or more may not be. */
static inline int C9_FN(configs_exact)(uint32_t ks)
{
    /* Configuration k's entries of the 3x3 matrix (bit row * 3 + box). */
    static const uint16_t entries[6] = {0x111, 0x0A1, 0x10A, 0x062, 0x08C, 0x054};
    uint32_t u = 0;
    for (uint32_t k = ks; k; k &= k - 1)
        u |= entries[__builtin_ctz(k)];
    return c9_configs[u] == ks;
}

/* Keeps, of digit d's candidates in unit u (bands 0-2, stacks 3-5), the
 * configurations in ks (a union that configs_exact accepts). */
static inline void C9_FN(keep_configs)(c9_state *s, int u, int d, uint32_t ks)
{
    uint64_t *dq = &s->dirty;
    if (u < 3) {
        uint32_t keep = 0;
        for (; ks; ks &= ks - 1)
            keep |= c9_config_cells[__builtin_ctz(ks)];
        C9_FN(set)(s, dq, C9_I(d, u), s->cand[C9_I(d, u)] & keep);
        return;
    }
    /* Permutation k as band -> column within the stack. */
    static const uint8_t perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    int j = u - 3;
    uint32_t stack = 0x1C0E07u << (3 * j);
    for (int b = 0; b < 3; b++) {
        uint32_t keep = C9_FULL & ~stack;
        for (uint32_t k = ks; k; k &= k - 1)
            keep |= c9_col_rep[3 * j + perm[__builtin_ctz(k)][b]];
        C9_FN(set)(s, dq, C9_I(d, b), s->cand[C9_I(d, b)] & keep);
    }
}

/* Applies alternative k of a branch: digit k in cell (b, x), or
 * configuration k of digit xi in unit b. @return 0 on an immediate
 * contradiction. */
static inline int C9_FN(apply)(c9_state *s, int config, int b, int xi, int k)
{
    if (!config)
        return C9_FN(place)(s, &s->dirty, k, b, xi);
    C9_FN(keep_configs)(s, b, xi, 1u << k);
    return 1;
}

static void C9_FN(search)(c9_state *stack, int depth, search_ctx *ctx)
{
    c9_state *s = &stack[depth];
    for (;;) {
        if (!C9_FN(propagate)(s))
            return;
        if ((s->solved[0] & s->solved[1] & s->solved[2]) == C9_FULL) {
            C9_FN(report)(s, ctx);
            return;
        }
        int open = C9_FN(popcount)(C9_FULL & ~s->solved[0]) +
                   C9_FN(popcount)(C9_FULL & ~s->solved[1]) +
                   C9_FN(popcount)(C9_FULL & ~s->solved[2]);
        if (open <= C9_RESIDUAL) {
            C9_FN(residual)(s, ctx);
            return;
        }
        /* Branch on a digit's configuration in a band or a stack (which
         * minirow it takes in each row, or minicolumn in each column), as
         * tdoku does; once every digit's configuration is known, on a
         * cell. */
        int b = 0, d = 0;
#if C9_SIMD >= 1
        int t = C9_FN(triads_choose_fast)(s, &b, &d);
#else
        int t = C9_FN(triads_choose)(s, &b, &d);
#endif
        if (t < 0)
            return;
        if (t == 0)
            continue;
        uint32_t alts = (uint32_t)t;
        int config = 1, xi = d;
        if (alts == 1u << 6) {
            config = 0;
            b = -1;
            alts = C9_FN(choose)(s, &b, &xi);
        }
        /* Tries alternatives in order. A cell's last digit is placed in
         * place; a digit's configurations, once what is left can be
         * stated in place (one or two of them, or any set configs_exact
         * accepts), are kept in place and the next branch is chosen
         * afresh (tdoku's binary branching: the rest may be decided by
         * another unit). */
        for (;;) {
            int k = __builtin_ctz(alts);
            alts &= alts - 1;
            if (!alts) {
                if (C9_FN(count_node)(ctx) || !C9_FN(apply)(s, config, b, xi, k))
                    return;
                break;
            }
            ctx->guesses++;
            if (C9_FN(count_node)(ctx))
                return;
            c9_state *next = s + 1;
            *next = *s;
            if (C9_FN(apply)(next, config, b, xi, k))
                C9_FN(search)(stack, depth + 1, ctx);
            if (ctx->stop)
                return;
            if (config && C9_FN(configs_exact)(alts)) {
                if (C9_FN(count_node)(ctx))
                    return;
                C9_FN(keep_configs)(s, b, xi, alts);
                break;
            }
        }
    }
}

#if C9_SIMD < 2
#include "classic9_givens128.h"
#endif

#if C9_SIMD == 0
static inline uint32_t C9_FN(eq_scalar)(const uint8_t *g, int k)
{
    uint32_t m = 0;
    for (int x = 0; x < 27; x++)
        m |= (uint32_t)(g[x] == k) << x;
    return m;
}
#endif

/* The cells of each digit's givens per band (mine[band * 16 + digit]) and
 * the given cells (solved[band]): byte compares, no branch per cell
 * (givens are unpredictable) and no read-modify-write chain in memory. */
static inline void C9_FN(given_masks)(const uint8_t *givens, uint32_t *mine, uint32_t *solved)
{
    uint8_t buf[96] = {0};
    memcpy(buf, givens, 81);
    for (int b = 0; b < 3; b++) {
        const uint8_t *g = buf + 27 * b;
#if C9_SIMD >= 2
        __m256i v = _mm256_loadu_si256((const __m256i *)g);
#define C9_EQ(k) ((uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8((char)(k)))))
#elif C9_SIMD == 1
        __m128i lo = _mm_loadu_si128((const __m128i *)g), hi = _mm_loadu_si128((const __m128i *)(g + 16));
#define C9_EQ(k)                                                                                   \
    ((uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(lo, _mm_set1_epi8((char)(k)))) |                  \
     (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(hi, _mm_set1_epi8((char)(k)))) << 16)
#else
#define C9_EQ(k) C9_FN(eq_scalar)(g, k)
#endif
        solved[b] = ~C9_EQ(0) & C9_FULL;
        for (int d = 0; d < 9; d++)
            mine[b * 16 + d] = C9_EQ(d + 1) & C9_FULL;
#undef C9_EQ
    }
}

static void C9_FN(run)(c9_state *stack, const uint8_t *givens, search_ctx *ctx)
{
    c9_state *s = &stack[0];
    s->solved[3] = 0;
    C9_FN(count_node)(ctx);
    /* All givens at once: each digit's givens clear their band peers and
     * their columns; then the given cells lose every other digit. */
    uint32_t mine[48];
    C9_FN(given_masks)(givens, mine, s->solved);
#if C9_SIMD == 3
    /* The same on the three band vectors (lane = digit). */
    __m512i own[3], oc[3];
    for (int b = 0; b < 3; b++) {
        own[b] = _mm512_maskz_loadu_epi32(0x1FF, mine + 16 * b);
        oc[b] = C9_FN(vcols)(own[b]);
    }
    __mmask16 clash = 0;
    for (int b = 0; b < 3; b++) {
        int b1 = b == 0 ? 1 : 0, b2 = b == 2 ? 1 : 2;
        __m512i away = C9_FN(vcolrep)(_mm512_or_si512(oc[b1], oc[b2]));
        clash |= _mm512_test_epi32_mask(own[b], away);
        for (int k = 0; k < 6; k++) {
            /* Rows, then boxes: two givens in one is a clash; one clears it. */
            __m512i unit = _mm512_set1_epi32((int)(k < 3 ? 0x1FFu << (9 * k) : 0x1C0E07u << (3 * (k - 3))));
            __m512i seg = _mm512_and_si512(own[b], unit);
            clash |= _mm512_test_epi32_mask(seg, _mm512_sub_epi32(seg, _mm512_set1_epi32(1)));
            away = _mm512_mask_or_epi32(away, _mm512_test_epi32_mask(seg, seg), away, unit);
        }
        __m512i open = _mm512_maskz_mov_epi32(0x1FF, _mm512_set1_epi32((int)(C9_FULL & ~s->solved[b])));
        _mm512_storeu_si512((void *)(s->cand + 16 * b),
                            _mm512_ternarylogic_epi32(open, away, own[b], 0xBA));
    }
    if (clash)
        return;
#elif C9_SIMD == 2
    if (C9_FN(p_givens)(s, mine))
        return;
#else
    if (C9_FN(q_givens)(s, mine))
        return;
#endif
    if (ctx->except_digit) {
        /* search_except: one candidate fewer in an open cell; the first
         * pass sees it, as every board starts queued */
        int c = ctx->except_cell;
        s->cand[C9_I(ctx->except_digit - 1, c / 27)] &= ~(1u << (c % 27));
    }
    s->dirty = 0x01FF01FF01FFull;
    s->coldirty = 0x1FF;
    C9_FN(search)(stack, 0, ctx);
}

#undef C9_FULL
#undef C9_I
#undef c9_col_rep3
