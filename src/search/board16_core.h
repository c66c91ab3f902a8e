/*
 * board16_core.h — the board16 search engine, compiled once per
 * instruction-set variant (board16.c includes it with B16_FN naming the
 * functions and a target pragma around it; no include guard on purpose).
 *
 * Design: the state is one 256-bit board per digit (board16_internal.h),
 * 544 bytes in all, so a search level is a copy of the level above and
 * backtracking is free: no trail. Propagation works in rounds on whole
 * boards instead of following single events: bit-sliced counting over the
 * digit boards finds every naked single and empty cell at once; per digit,
 * lane-wise arithmetic finds the hidden singles of all rows, a butterfly
 * over the lanes those of all columns, shifts within and across lanes
 * those of all aligned boxes, and a masked test each extra unit (hyper, X,
 * jigsaw); locked candidates (pointing and claiming between boxes and
 * lines) come from the same folds. All placements of a round are applied
 * together (a peer mask per cell), and only digits whose board changed are
 * looked at again (the AVX-512 build does the passes over all boards, the
 * 4x4-box hidden singles and locked candidates on two boards per 512-bit
 * register). A round costs a few hundred vector operations, whatever
 * number of cells it settles. Naked and hidden pairs (pairs()) run after
 * propagation at search nodes, not in probes.
 *
 * Branching is the generic engine's: the cell with the fewest candidates,
 * ties to the most constrained; when that is two, up to 16 two-candidate
 * cells are probed both ways (a refuted digit is dropped on the spot, what
 * both branches remove is removed) and the cell whose branches reach
 * furthest wins (its two probe states become the child and the level after
 * it); when no cell has two, a digit with two places in a row,
 * column or 4x4 box is the (binary) branch; a short plain first run for
 * solve and uniqueness (see generic.c), but no restarts (run()).
 */

#define B16_ZERO ((b16v){0})
#define B16_SPLAT(v) ((b16v){v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v})
/* The box folds loop over k < R or C; fully unrolled for a constant box
 * size, their lane shifts become single shuffles instead of a switch. */
#if defined(__OPTIMIZE__)
#define B16_UNROLL _Pragma("GCC unroll 8")
#define B16_UNROLL16 _Pragma("GCC unroll 16")
#else /* gcc -O0 warns that it ignores the annotation */
#define B16_UNROLL
#define B16_UNROLL16
#endif

static inline __attribute__((always_inline)) int B16_FN(any)(b16v v)
{
#if B16_SIMD >= 2
    __m256i x = (__m256i)v;
    return !_mm256_testz_si256(x, x);
#else
    uint64_t w[4];
    memcpy(w, &v, sizeof w);
    return ((w[0] | w[1]) | (w[2] | w[3])) != 0;
#endif
}

static inline __attribute__((always_inline)) int B16_FN(popcount)(uint64_t m)
{
#if B16_SIMD >= 2
    return __builtin_popcountll(m);
#else
    m -= (m >> 1) & 0x5555555555555555ull;
    m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
    m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((m * 0x0101010101010101ull) >> 56);
#endif
}

static inline __attribute__((always_inline)) int B16_FN(count)(b16v v)
{
    uint64_t w[4];
    memcpy(w, &v, sizeof w);
    return B16_FN(popcount)(w[0]) + B16_FN(popcount)(w[1]) + B16_FN(popcount)(w[2]) +
           B16_FN(popcount)(w[3]);
}

/* Constant lane permutes: __builtin_shufflevector (clang, gcc >= 12), or
 * gcc's older __builtin_shuffle with a constant mask (same code). */
#if defined(__clang__) || __GNUC__ >= 12
#define B16_SHUFFLE(a, b, ...) __builtin_shufflevector(a, b, __VA_ARGS__)
#else
#define B16_SHUFFLE(a, b, ...) __builtin_shuffle(a, b, (b16v){__VA_ARGS__})
#endif

/* Lane i of the result is lane i ^ m of x (a butterfly step). */
#define B16_X(x, m)                                                                            \
    B16_SHUFFLE(x, x, 0 ^ (m), 1 ^ (m), 2 ^ (m), 3 ^ (m), 4 ^ (m), 5 ^ (m), 6 ^ (m), \
                            7 ^ (m), 8 ^ (m), 9 ^ (m), 10 ^ (m), 11 ^ (m), 12 ^ (m), 13 ^ (m),   \
                            14 ^ (m), 15 ^ (m))
/* Butterflies: lanes i ^ 8 ... i ^ 1; bits j ^ 1, j ^ 2 inside each lane. */
#define B16_P8(v) B16_X(v, 8)
#define B16_P4(v) B16_X(v, 4)
#define B16_P2(v) B16_X(v, 2)
#define B16_P1(v) B16_X(v, 1)
#define B16_SW1(v) ((((v) >> 1) & B16_SPLAT(0x5555)) | (((v) & B16_SPLAT(0x5555)) << 1))
#define B16_SW2(v) ((((v) >> 2) & B16_SPLAT(0x3333)) | (((v) & B16_SPLAT(0x3333)) << 2))
/* Lane i of the result is lane i + k of x (down) or i - k (up), 0 outside. */
#define B16_D1(i, k) ((i) + (k) < 16 ? (i) + (k) : 16)
#define B16_U1(i, k) ((i) >= (k) ? (i) - (k) : 16)
#define B16_SH(F, x, k)                                                                        \
    B16_SHUFFLE(x, B16_ZERO, F(0, k), F(1, k), F(2, k), F(3, k), F(4, k), F(5, k),   \
                            F(6, k), F(7, k), F(8, k), F(9, k), F(10, k), F(11, k), F(12, k),    \
                            F(13, k), F(14, k), F(15, k))
#define B16_CASES(F, x)                                                                        \
    case 1: return B16_SH(F, x, 1);  case 2: return B16_SH(F, x, 2);                           \
    case 3: return B16_SH(F, x, 3);  case 4: return B16_SH(F, x, 4);                           \
    case 5: return B16_SH(F, x, 5);  case 6: return B16_SH(F, x, 6);                           \
    case 7: return B16_SH(F, x, 7);  case 8: return B16_SH(F, x, 8);                           \
    default: return B16_ZERO;

static inline __attribute__((always_inline)) b16v B16_FN(lanes_down)(b16v x, int k)
{
    switch (k) {
        B16_CASES(B16_D1, x)
    }
}

static inline __attribute__((always_inline)) b16v B16_FN(lanes_up)(b16v x, int k)
{
    switch (k) {
        B16_CASES(B16_U1, x)
    }
}

/* The lanes of v that are not zero, as a 16-bit mask. */
static inline __attribute__((always_inline)) unsigned B16_FN(lanes)(b16v v)
{
#if B16_SIMD >= 3
    return (unsigned)_mm256_test_epi16_mask((__m256i)v, (__m256i)v);
#elif B16_SIMD == 2
    /* Packed to bytes per 128-bit half: lanes 0-7 in bits 0-7, 8-15 in
     * bits 16-23. */
    __m256i nz = (__m256i)(b16v)(v != B16_ZERO);
    unsigned m = (unsigned)_mm256_movemask_epi8(_mm256_packs_epi16(nz, nz));
    return (m & 0xFFu) | ((m >> 8) & 0xFF00u);
#else
    b16v nz = (b16v)(v != B16_ZERO);
    unsigned m = 0;
    for (int i = 0; i < 16; i++)
        m |= (unsigned)(nz[i] & 1) << i;
    return m;
#endif
}

/* Two digit boards side by side (digits 2i, 2i + 1 of a state): one
 * 512-bit register in the AVX-512 build, two 256-bit ones elsewhere, so
 * the passes over all boards take half the instructions there. */
typedef uint16_t B16_FN(pair) __attribute__((vector_size(64), aligned(32), may_alias));

/* Bit 0: the low board of x is not empty; bit 1: the high one. */
static inline __attribute__((always_inline)) unsigned B16_FN(any2)(B16_FN(pair) x)
{
#if B16_SIMD >= 3
    __mmask32 k = _mm512_test_epi16_mask((__m512i)x, (__m512i)x);
    return (unsigned)((uint16_t)k != 0) | (unsigned)((k >> 16) != 0) << 1;
#else
    b16v lo, hi;
    memcpy(&lo, &x, sizeof lo);
    memcpy(&hi, (const char *)&x + sizeof lo, sizeof hi);
    return (unsigned)B16_FN(any)(lo) | (unsigned)B16_FN(any)(hi) << 1;
#endif
}

#if B16_SIMD >= 3
/* Bit i: board i of eight pairs is not empty, from the pairs' lane masks
 * k[] (_mm512_test_epi16_mask): per two pairs, the 16-bit groups of a
 * 64-bit word folded to their low bit and gathered by one multiply (the
 * products of bits 0, 16, 32, 48 land on 48-51, no others there). Two
 * mask-to-flag steps per pair took ~15% of propagate. */
static inline __attribute__((always_inline)) unsigned B16_FN(boards_nz)(const __mmask32 *k)
{
    unsigned out = 0;
    B16_UNROLL
    for (int j = 0; j < 4; j++) {
        uint64_t x = (uint64_t)k[2 * j] | (uint64_t)k[2 * j + 1] << 32;
        x |= x >> 8;
        x |= x >> 4;
        x |= x >> 2;
        x |= x >> 1;
        x &= 0x0001000100010001ull;
        out |= (unsigned)((x * 0x0001000200040008ull) >> 48) << (4 * j);
    }
    return out;
}
#endif

/* Cells with one or more (*once) / two or more (*twice) candidates. */
static inline __attribute__((always_inline)) void B16_FN(count12)(const b16v *cand, b16v *once,
                                                                   b16v *twice)
{
    const B16_FN(pair) *p = (const B16_FN(pair) *)cand;
    B16_FN(pair) o = p[0], t = (B16_FN(pair)){0};
    B16_UNROLL
    for (int i = 1; i < 8; i++) {
        t |= o & p[i];
        o |= p[i];
    }
    b16v ol, oh, tl, th;
    memcpy(&ol, &o, sizeof ol);
    memcpy(&oh, (const char *)&o + sizeof ol, sizeof oh);
    memcpy(&tl, &t, sizeof tl);
    memcpy(&th, (const char *)&t + sizeof tl, sizeof th);
    *once = ol | oh;
    *twice = tl | th | (ol & oh);
}

/* Adds (o2, t2) to the count (o, t): o = seen once or more, t = twice or more. */
#define B16_ADD(o, t, o2, t2)                                                                  \
    do {                                                                                       \
        t = t | (t2) | (o & (o2));                                                             \
        o = o | (o2);                                                                          \
    } while (0)

/* The hidden singles of digit board x in every unit, plus what locked
 * candidates remove from it (*drop). @return 0 when a unit has no place
 * left for the digit. */
static inline __attribute__((always_inline)) int B16_FN(hidden)(const b16_geom *g,
                                                                const b16v *xp, b16v *out,
                                                                const int R, const int C)
{
    const b16v x = *xp;
    const b16v z = B16_ZERO;
    /* Rows: a lane with no bit is a contradiction, with one a single.
     * Contradictions are gathered in bad and tested once. */
    b16v bad = (b16v)(x == z) & g->rows;
    b16v hs = x & (b16v)((x & (x - 1)) == z);
    /* Columns: a butterfly leaves every lane with the whole column count. */
    b16v o = x, t = z, y;
    y = B16_X(o, 8);
    t = o & y;
    o = o | y;
    y = B16_X(o, 4);
    B16_ADD(o, t, y, B16_X(t, 4));
    y = B16_X(o, 2);
    B16_ADD(o, t, y, B16_X(t, 2));
    y = B16_X(o, 1);
    B16_ADD(o, t, y, B16_X(t, 1));
    bad |= g->cols & ~o;
    hs |= x & o & ~t;
    if (R == 4 && C == 4) {
        /* 4x4 boxes: counts at each nibble's low bit by shifts inside the
         * lane (the nibble's other bits collect garbage, masked off), then
         * butterflies over the lane quad; the singles spread back. */
        const b16v low = B16_SPLAT(0x1111);
        b16v bo = x | (x >> 1), bt = x & (x >> 1);
        b16v o2 = bo >> 2, t2 = bt >> 2;
        B16_ADD(bo, bt, o2, t2);
        y = B16_X(bo, 1);
        B16_ADD(bo, bt, y, B16_X(bt, 1));
        y = B16_X(bo, 2);
        B16_ADD(bo, bt, y, B16_X(bt, 2));
        bad |= g->cells & low & ~bo;
        b16v one = bo & ~bt & low;
        one |= one << 1;
        one |= one << 2;
        hs |= x & one;
    }
    if (B16_FN(any)(bad))
        return 0;
    if (R && !(R == 4 && C == 4)) {
        /* Segments (row x box): counted at the box's first column. */
        b16v so = x, st = z;
        B16_UNROLL
        for (int k = 1; k < C && k < 8; k++) {
            y = x >> k;
            st |= so & y;
            so |= y;
        }
        /* Boxes: the segment counts summed over the box's rows, at its
         * top-left cell. */
        b16v bo = so, bt = st;
        B16_UNROLL
        for (int k = 1; k < R && k < 8; k++)
            B16_ADD(bo, bt, B16_FN(lanes_down)(so, k), B16_FN(lanes_down)(st, k));
        if (B16_FN(any)(g->box_start & ~bo))
            return 0;
        b16v s = g->box_start & bo & ~bt, sr = s;
        B16_UNROLL
        for (int k = 1; k < R && k < 8; k++)
            sr |= B16_FN(lanes_up)(s, k);
        b16v sa = sr;
        B16_UNROLL
        for (int k = 1; k < C && k < 8; k++)
            sa |= sr << k;
        hs |= x & sa;
    }
    for (int i = 0; i < g->nextra; i++) {
        b16v u = x & g->extra[i];
        uint64_t w[4];
        memcpy(w, &u, sizeof w);
        uint64_t a = w[0] | w[1], b = w[2] | w[3], all = a | b;
        if (!all)
            return 0;
        uint64_t dup = (w[0] & w[1]) | (w[2] & w[3]) | (a & b) | (all & (all - 1));
        if (!dup)
            hs |= u;
    }
    *out = hs;
    return 1;
}

/* Lanes i ^ 8, ^ 4, ^ 2, ^ 1 folded: every lane holds the OR of all. */
static inline __attribute__((always_inline)) b16v B16_FN(all_lanes)(b16v x)
{
    x |= B16_X(x, 8);
    x |= B16_X(x, 4);
    x |= B16_X(x, 2);
    return x | B16_X(x, 1);
}

/* Locked candidates of digit board x between aligned boxes and lines:
 * pointing (a box whose digit lies in one row or column takes it from the
 * rest of that line) and claiming (a line whose digit lies in one box takes
 * it from the rest of that box). @return the candidates to remove. */
static inline __attribute__((always_inline)) b16v B16_FN(locked)(const b16_geom *g, b16v x,
                                                                 const int R, const int C)
{
    const b16v z = B16_ZERO;
    /* Row segments holding the digit, at the box's first column. */
    b16v seg = x;
    B16_UNROLL
    for (int k = 1; k < C && k < 8; k++)
        seg |= x >> k;
    seg &= g->start_cols;
    /* Claiming by rows: a row with one segment. */
    b16v cl = seg & (b16v)((seg & (seg - 1)) == z);
    /* Pointing to rows: a box with one row, counted at its top lane. */
    b16v ro = seg, rt = z;
    B16_UNROLL
    for (int k = 1; k < R && k < 8; k++) {
        b16v y = B16_FN(lanes_down)(seg, k);
        rt |= ro & y;
        ro |= y;
    }
    b16v one = ro & ~rt & g->box_start, ob = one;
    B16_UNROLL
    for (int k = 1; k < R && k < 8; k++)
        ob |= B16_FN(lanes_up)(one, k);
    b16v pr = ob & seg;
    b16v cle = cl, pre = pr;
    B16_UNROLL
    for (int k = 1; k < C && k < 8; k++) {
        cle |= cl << k;
        pre |= pr << k;
    }
    b16v drop = (b16v)(pre != z) & ~pre;
    B16_UNROLL
    for (int k = 1; k < R && k < 8; k++)
        drop |= (B16_FN(lanes_down)(cle, k) & g->band_dn[k]) |
                (B16_FN(lanes_up)(cle, k) & g->band_up[k]);
    /* Column segments (column x box), at the box's top lane. */
    b16v cs = x;
    B16_UNROLL
    for (int k = 1; k < R && k < 8; k++)
        cs |= B16_FN(lanes_down)(x, k);
    cs &= g->top;
    /* Claiming by columns: a column in one band (the bands' count of
     * each column, by a butterfly over the lanes). */
    b16v o = cs, t, y;
    y = B16_X(o, 8);
    t = o & y;
    o = o | y;
    y = B16_X(o, 4);
    B16_ADD(o, t, y, B16_X(t, 4));
    y = B16_X(o, 2);
    B16_ADD(o, t, y, B16_X(t, 2));
    y = B16_X(o, 1);
    B16_ADD(o, t, y, B16_X(t, 1));
    b16v mark = cs & o & ~t, ms = z;
    B16_UNROLL
    for (int k = 1; k < C && k < 8; k++)
        ms |= ((mark << k) & g->grp_up[k]) | ((mark >> k) & g->grp_dn[k]);
    b16v msl = ms;
    B16_UNROLL
    for (int k = 1; k < R && k < 8; k++)
        msl |= B16_FN(lanes_up)(ms, k);
    drop |= msl;
    /* Pointing to columns: a box with one column. */
    b16v co = cs, ct = z;
    B16_UNROLL
    for (int k = 1; k < C && k < 8; k++) {
        y = cs >> k;
        ct |= co & y;
        co |= y;
    }
    b16v onec = co & ~ct & g->box_start, oce = onec;
    B16_UNROLL
    for (int k = 1; k < C && k < 8; k++)
        oce |= onec << k;
    b16v pc = oce & cs, pcb = pc;
    B16_UNROLL
    for (int k = 1; k < R && k < 8; k++)
        pcb |= B16_FN(lanes_up)(pc, k);
    drop |= B16_FN(all_lanes)(pc) & ~pcb;
    return drop & x;
}

/* locked() for 4x4 boxes (the same removals): a box is a lane quad x a
 * nibble, so its rows and columns are folded by butterflies inside the
 * quad (lanes i ^ 1, ^ 2) and the nibble (bits j ^ 1, ^ 2), both cheap
 * shuffles, where locked() shifts lanes across 128-bit halves. */
static inline __attribute__((always_inline)) b16v B16_FN(locked44)(b16v x)
{
    const b16v m1 = B16_SPLAT(0x1111);
    b16v o, t, y;
    /* Row segments: every cell of a non-empty row x box segment. */
    b16v S = x | B16_SW1(x);
    S |= B16_SW2(S);
    /* Pointing to rows: a box with one non-empty row segment (counted over
     * the quad) takes the digit from the rest of that row. */
    o = S;
    y = B16_P1(o);
    t = o & y;
    o |= y;
    y = B16_P2(o);
    B16_ADD(o, t, y, B16_P2(t));
    b16v pr = S & o & ~t;
    b16v drop = (b16v)(pr != B16_ZERO) & ~pr;
    /* Claiming by rows: a row with one non-empty segment takes the digit
     * from the other rows of that box. */
    b16v s1 = S & m1;
    b16v cl = S & (b16v)(s1 != B16_ZERO) & (b16v)((s1 & (s1 - 1)) == B16_ZERO);
    b16v cl2 = B16_P2(cl);
    drop |= B16_P1(cl) | cl2 | B16_P1(cl2);
    /* Column segments: every lane of the quad holds the band's columns. */
    b16v CS = x | B16_P1(x);
    CS |= B16_P2(CS);
    /* Pointing to columns: a box with one column (counted over the nibble)
     * takes the digit from that column in the other bands. */
    o = CS;
    y = B16_SW1(o);
    t = o & y;
    o |= y;
    y = B16_SW2(o);
    B16_ADD(o, t, y, B16_SW2(t));
    b16v pc = CS & o & ~t;
    drop |= B16_FN(all_lanes)(pc) & ~pc;
    /* Claiming by columns: a column in one band takes the digit from the
     * other columns of that box. */
    o = CS;
    y = B16_P4(o);
    t = o & y;
    o |= y;
    y = B16_P8(o);
    B16_ADD(o, t, y, B16_P8(t));
    b16v mc = CS & o & ~t, mc2 = B16_SW2(mc);
    drop |= B16_SW1(mc) | mc2 | B16_SW1(mc2);
    return drop & x;
}

#if B16_SIMD >= 3 && (defined(__clang__) || __GNUC__ >= 12)
/* locked44 on two boards at once (one zmm register): the same code on
 * 32 lanes, the butterflies staying inside each half. */
#undef B16_PAIRS
#define B16_PAIRS 1
#define B16_X32(x, m) __builtin_shufflevector(x, x, 0 ^ (m), 1 ^ (m), 2 ^ (m), 3 ^ (m), 4 ^ (m), 5 ^ (m), 6 ^ (m), 7 ^ (m), 8 ^ (m), 9 ^ (m), 10 ^ (m), 11 ^ (m), 12 ^ (m), 13 ^ (m), 14 ^ (m), 15 ^ (m), 16 ^ (m), 17 ^ (m), 18 ^ (m), 19 ^ (m), 20 ^ (m), 21 ^ (m), 22 ^ (m), 23 ^ (m), 24 ^ (m), 25 ^ (m), 26 ^ (m), 27 ^ (m), 28 ^ (m), 29 ^ (m), 30 ^ (m), 31 ^ (m))
#define B16_Q8(v) B16_X32(v, 8)
#define B16_Q4(v) B16_X32(v, 4)
#define B16_Q2(v) B16_X32(v, 2)
#define B16_Q1(v) B16_X32(v, 1)
#define B16_PSPLAT(v) (((B16_FN(pair)){0}) + (uint16_t)(v))
#define B16_QSW1(v) ((((v) >> 1) & B16_PSPLAT(0x5555)) | (((v) & B16_PSPLAT(0x5555)) << 1))
#define B16_QSW2(v) ((((v) >> 2) & B16_PSPLAT(0x3333)) | (((v) & B16_PSPLAT(0x3333)) << 2))
#define B16_JOIN(lo, hi) __builtin_shufflevector(lo, hi, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31)
#define B16_LO(x) __builtin_shufflevector(x, x, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
#define B16_HI(x) __builtin_shufflevector(x, x, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31)

static inline __attribute__((always_inline)) B16_FN(pair) B16_FN(all_lanes2)(B16_FN(pair) x)
{
    x |= B16_Q8(x);
    x |= B16_Q4(x);
    x |= B16_Q2(x);
    return x | B16_Q1(x);
}

static inline __attribute__((always_inline)) B16_FN(pair) B16_FN(locked44x2)(B16_FN(pair) x)
{
    const B16_FN(pair) m1 = B16_PSPLAT(0x1111);
    B16_FN(pair) o, t, y;
    /* Row segments: every cell of a non-empty row x box segment. */
    B16_FN(pair) S = x | B16_QSW1(x);
    S |= B16_QSW2(S);
    /* Pointing to rows: a box with one non-empty row segment (counted over
     * the quad) takes the digit from the rest of that row. */
    o = S;
    y = B16_Q1(o);
    t = o & y;
    o |= y;
    y = B16_Q2(o);
    B16_ADD(o, t, y, B16_Q2(t));
    B16_FN(pair) pr = S & o & ~t;
    B16_FN(pair) drop = (B16_FN(pair))(pr != ((B16_FN(pair)){0})) & ~pr;
    /* Claiming by rows: a row with one non-empty segment takes the digit
     * from the other rows of that box. */
    B16_FN(pair) s1 = S & m1;
    B16_FN(pair) cl = S & (B16_FN(pair))(s1 != ((B16_FN(pair)){0})) & (B16_FN(pair))((s1 & (s1 - 1)) == ((B16_FN(pair)){0}));
    B16_FN(pair) cl2 = B16_Q2(cl);
    drop |= B16_Q1(cl) | cl2 | B16_Q1(cl2);
    /* Column segments: every lane of the quad holds the band's columns. */
    B16_FN(pair) CS = x | B16_Q1(x);
    CS |= B16_Q2(CS);
    /* Pointing to columns: a box with one column (counted over the nibble)
     * takes the digit from that column in the other bands. */
    o = CS;
    y = B16_QSW1(o);
    t = o & y;
    o |= y;
    y = B16_QSW2(o);
    B16_ADD(o, t, y, B16_QSW2(t));
    B16_FN(pair) pc = CS & o & ~t;
    drop |= B16_FN(all_lanes2)(pc) & ~pc;
    /* Claiming by columns: a column in one band takes the digit from the
     * other columns of that box. */
    o = CS;
    y = B16_Q4(o);
    t = o & y;
    o |= y;
    y = B16_Q8(o);
    B16_ADD(o, t, y, B16_Q8(t));
    B16_FN(pair) mc = CS & o & ~t, mc2 = B16_QSW2(mc);
    drop |= B16_QSW1(mc) | mc2 | B16_QSW1(mc2);
    return drop & x;
}

/* hidden() for 4x4 boxes and no extra units on two boards at once:
 * rows2, cols2, cells2 are the geometry's masks in both halves. @return
 * the halves with a contradiction (bit 0 low, bit 1 high). */
static inline __attribute__((always_inline)) unsigned
B16_FN(hidden44x2)(B16_FN(pair) x, B16_FN(pair) rows2, B16_FN(pair) cols2,
                   B16_FN(pair) cells2, B16_FN(pair) *out)
{
    const B16_FN(pair) z = {0};
    B16_FN(pair) bad = (B16_FN(pair))(x == z) & rows2;
    B16_FN(pair) hs = x & (B16_FN(pair))((x & (x - 1)) == z);
    B16_FN(pair) o = x, t, y;
    y = B16_Q8(o);
    t = o & y;
    o = o | y;
    y = B16_Q4(o);
    B16_ADD(o, t, y, B16_Q4(t));
    y = B16_Q2(o);
    B16_ADD(o, t, y, B16_Q2(t));
    y = B16_Q1(o);
    B16_ADD(o, t, y, B16_Q1(t));
    bad |= cols2 & ~o;
    hs |= x & o & ~t;
    const B16_FN(pair) low = B16_PSPLAT(0x1111);
    B16_FN(pair) bo = x | (x >> 1), bt = x & (x >> 1);
    B16_FN(pair) o2 = bo >> 2, t2 = bt >> 2;
    B16_ADD(bo, bt, o2, t2);
    y = B16_Q1(bo);
    B16_ADD(bo, bt, y, B16_Q1(bt));
    y = B16_Q2(bo);
    B16_ADD(bo, bt, y, B16_Q2(bt));
    bad |= cells2 & low & ~bo;
    B16_FN(pair) one = bo & ~bt & low;
    one |= one << 1;
    one |= one << 2;
    *out = hs | (x & one);
    return B16_FN(any2)(bad);
}
#else
#undef B16_PAIRS
#define B16_PAIRS 0
#endif

/* Runs the rules to a fixpoint; dirty: the digits whose boards changed
 * since they were last looked at. @return 0 on contradiction. */
static inline __attribute__((always_inline)) int
B16_FN(propagate_rc)(const b16_geom *g, b16_state *st, unsigned dirty, const int R, const int C)
{
    /* 4x4 boxes mean n = 16: a constant, so the digit loops unroll. */
    const int n = R == 4 && C == 4 ? 16 : g->n;
    b16v *cand = st->cand;
    unsigned lc_dirty = 0;
    /* Cells with one or more / two or more candidates: counted here, then
     * by each round's update of the boards. */
    b16v once, twice;
    B16_FN(count12)(cand, &once, &twice);
#if B16_PAIRS
    const B16_FN(pair) rows2 = B16_JOIN(g->rows, g->rows), cols2 = B16_JOIN(g->cols, g->cols),
                       cells2 = B16_JOIN(g->cells, g->cells);
#endif
    for (;;) {
        if (B16_FN(any)(g->cells & ~once))
            return 0;
        b16v open = ~st->solved;
        b16v single = once & ~twice & open;
        b16v place[16], all = B16_ZERO;
        unsigned placing = 0;
        /* Only digits with a naked single or a changed board can place. */
        unsigned look = B16_FN(any)(single) ? (1u << n) - 1 : dirty;
#if B16_PAIRS
        const int paired = R == 4 && C == 4 && !g->nextra;
        if (paired) {
            /* Every digit's placements, pairs of boards at once (4x4
             * boxes, no extra units): naked singles, and the hidden singles
             * of the pairs with a changed board (a board that did not
             * change has none new; its contradictions, were it to have
             * one, are real as well). Fixed pairs, in registers: hidden
             * singles of paired changed digits written per digit and read
             * back per pair cost a store-forwarding stall and zeroing.
             * A cell claimed by two digits (counted as in count12) is a
             * contradiction. */
            const B16_FN(pair) single2 = B16_JOIN(single, single), open2 = B16_JOIN(open, open);
            const B16_FN(pair) *pc = (const B16_FN(pair) *)cand;
            B16_FN(pair) *pp = (B16_FN(pair) *)place, o = {0}, t = {0};
            __mmask32 kp[8];
            B16_UNROLL
            for (int i = 0; i < 8; i++) {
                B16_FN(pair) P = pc[i] & single2;
                if ((dirty >> (2 * i)) & 3u) {
                    B16_FN(pair) hs2;
                    if (B16_FN(hidden44x2)(pc[i], rows2, cols2, cells2, &hs2))
                        return 0;
                    P |= hs2 & open2;
                }
                pp[i] = P;
                t |= o & P;
                o |= P;
                kp[i] = _mm512_test_epi16_mask((__m512i)P, (__m512i)P);
            }
            placing = B16_FN(boards_nz)(kp);
            b16v tl = B16_LO(t), th = B16_HI(t), ol = B16_LO(o), oh = B16_HI(o);
            if (B16_FN(any)(tl | th | (ol & oh)))
                return 0;
            all = ol | oh;
            look = 0;
        }
#endif
        for (unsigned l = look; l; l &= l - 1) {
            int d = __builtin_ctz(l);
            b16v p = single & cand[d];
            if (dirty & (1u << d)) {
                b16v hs;
                if (!B16_FN(hidden)(g, &cand[d], &hs, R, C))
                    return 0;
                p |= hs & open;
            }
            if (!B16_FN(any)(p))
                continue;
            /* A cell claimed by two digits is a contradiction. */
            if (B16_FN(any)(p & all))
                return 0;
            place[d] = p;
            all |= p;
            placing |= 1u << d;
        }
        lc_dirty |= dirty;
        if (!placing) {
            /* Singles are exhausted: locked candidates, on the digits
             * changed since their last look. */
            if (!R || !lc_dirty)
                return 1;
            dirty = 0;
#if B16_PAIRS
            /* Two digits per register. */
            if (R == 4 && C == 4) {
                for (unsigned l = lc_dirty; l; l &= l - 1) {
                    int d1 = __builtin_ctz(l), d2 = d1;
                    l &= l - 1;
                    b16v hi = B16_ZERO;
                    if (l) {
                        d2 = __builtin_ctz(l);
                        hi = cand[d2];
                    }
                    B16_FN(pair) drop = B16_FN(locked44x2)(B16_JOIN(cand[d1], hi));
                    unsigned any = B16_FN(any2)(drop);
                    if (any & 1) {
                        cand[d1] &= ~B16_LO(drop);
                        dirty |= 1u << d1;
                    }
                    if (any & 2) {
                        cand[d2] &= ~B16_HI(drop);
                        dirty |= 1u << d2;
                    }
                    if (!l)
                        break;
                }
            } else
#endif
            for (unsigned l = lc_dirty; l; l &= l - 1) {
                int d = __builtin_ctz(l);
                b16v drop = R == 4 && C == 4 ? B16_FN(locked44)(cand[d])
                                             : B16_FN(locked)(g, cand[d], R, C);
                if (B16_FN(any)(drop)) {
                    cand[d] &= ~drop;
                    dirty |= 1u << d;
                }
            }
            lc_dirty = 0;
            if (!dirty)
                return 1;
            B16_FN(count12)(cand, &once, &twice);
            continue;
        }
        st->solved |= all;
        /* Every board loses the placed cells (pairs of boards at once),
         * then the placing digits get theirs back and lose their peers. */
        b16v keep[16];
        for (unsigned l = placing; l; l &= l - 1) {
            int d = __builtin_ctz(l);
            keep[d] = cand[d];
        }
        dirty = 0;
        /* A naked single's cell holds no other digit: only the cells of
         * hidden singles with other candidates take anything from other
         * boards (in probes, most rounds place naked singles only). */
        const b16v multi = all & twice;
        if (B16_FN(any)(multi)) {
            B16_FN(pair) *pc = (B16_FN(pair) *)cand;
            B16_FN(pair) all2;
            memcpy(&all2, &multi, sizeof multi);
            memcpy((char *)&all2 + sizeof multi, &multi, sizeof multi);
#if B16_SIMD >= 3
            __mmask32 kr[8];
            B16_UNROLL
            for (int i = 0; i < 8; i++) {
                B16_FN(pair) x = pc[i], y = x & all2;
                kr[i] = _mm512_test_epi16_mask((__m512i)y, (__m512i)y);
                pc[i] = x & ~all2;
            }
            dirty = B16_FN(boards_nz)(kr);
#else
            B16_UNROLL
            for (int i = 0; i < 8; i++) {
                B16_FN(pair) x = pc[i];
                if (i * 2 >= n)
                    break;
                dirty |= B16_FN(any2)(x & all2) << (2 * i);
                pc[i] = x & ~all2;
            }
#endif
        }
        for (unsigned l = placing; l; l &= l - 1) {
            int d = __builtin_ctz(l);
            /* Two placements of d in one unit remove each other: the
             * cells left empty are the contradiction. */
            b16v c = cand[d] | place[d];
            /* By the lanes that hold a placement: most rounds place a
             * digit in one cell, where four words cost four branches. */
            for (unsigned ln = B16_FN(lanes)(place[d]); ln; ln &= ln - 1) {
                int r = __builtin_ctz(ln);
                for (unsigned m = place[d][r]; m; m &= m - 1)
                    c &= ~g->peers[r * 16 + __builtin_ctz(m)];
            }
            cand[d] = c;
            dirty = B16_FN(any)(c ^ keep[d]) ? dirty | 1u << d : dirty & ~(1u << d);
        }
        B16_FN(count12)(cand, &once, &twice);
    }
}

/* propagate_rc with the box size a constant for the common shapes, so
 * the folds unroll into straight vector code. */
static int B16_FN(propagate)(const b16_geom *g, b16_state *st, unsigned dirty)
{
    if (g->box_r == 4 && g->box_c == 4)
        return B16_FN(propagate_rc)(g, st, dirty, 4, 4);
    if (g->box_r == 3 && g->box_c == 3)
        return B16_FN(propagate_rc)(g, st, dirty, 3, 3);
    return B16_FN(propagate_rc)(g, st, dirty, g->box_r, g->box_c);
}

/* Keeps only digit d in cell (lane, bit) and propagates. @return 0 on
 * contradiction. */
static int B16_FN(assign)(const b16_geom *g, b16_state *st, int cell, int d)
{
    b16v bit = B16_ZERO;
    bit[cell >> 4] = (uint16_t)(1u << (cell & 15));
    unsigned dirty = 0;
    for (int e = 0; e < 16; e++) /* boards of digits >= n are empty */
        if (e != d && B16_FN(any)(st->cand[e] & bit)) {
            st->cand[e] &= ~bit;
            dirty |= 1u << e;
        }
    return B16_FN(propagate)(g, st, dirty);
}

/* Removes digit d from cell and propagates. @return 0 on contradiction. */
static int B16_FN(refute)(const b16_geom *g, b16_state *st, int cell, int d)
{
    b16v bit = B16_ZERO;
    bit[cell >> 4] = (uint16_t)(1u << (cell & 15));
    st->cand[d] &= ~bit;
    return B16_FN(propagate)(g, st, 1u << d);
}

/* The digits of cell as a mask. */
static inline int B16_FN(cell_digits)(const b16_geom *g, const b16_state *st, int cell)
{
    int lane = cell >> 4, bit = cell & 15, m = 0;
    (void)g; /* boards of digits >= n are empty: a constant 16 unrolls */
    for (int d = 0; d < 16; d++)
        m |= ((st->cand[d][lane] >> bit) & 1) << d;
    return m;
}

/* How many cells changed between a and b (a probe's reach). */
static inline int B16_FN(reach)(const b16_geom *g, const b16_state *a, const b16_state *b)
{
    b16v diff = B16_ZERO;
    (void)g;
    for (int d = 0; d < 16; d++)
        diff |= a->cand[d] ^ b->cand[d];
    return B16_FN(count)(diff);
}

/* The open cell with the fewest candidates; ties go to the cell whose
 * units have the most open cells (it constrains most), as in generic.c.
 * On the 16x16_1to9only set, where most choices are not between two
 * digits, the first such cell instead took 3x the nodes on the worst
 * puzzles. ge[k] = cells with at least k + 1 candidates. When the fewest
 * is two and probing will choose (probe_two), the tie-break is skipped. */
static int B16_FN(pick_cell)(const board16_engine *e, const b16_state *st, int *two_only,
                             int probe_two)
{
    const b16_geom *g = &e->g;
    b16v ge[17];
    const int n = g->n;
    for (int k = 0; k <= n; k++)
        ge[k] = B16_ZERO;
    for (int d = 0; d < n; d++) {
        b16v x = st->cand[d];
        for (int k = d; k > 0; k--)
            ge[k] |= ge[k - 1] & x;
        ge[0] |= x;
    }
    b16v open = ~st->solved & g->cells;
    for (int k = 1; k < n; k++) {
        b16v exact = ge[k] & ~ge[k + 1] & open;
        if (!B16_FN(any)(exact))
            continue;
        *two_only = k == 1;
        uint64_t w[4];
        memcpy(w, &exact, sizeof w);
        if (k == 1 && probe_two) {
            for (int i = 0; i < 4; i++)
                if (w[i])
                    return i * 64 + __builtin_ctzll(w[i]);
        }
        /* Open cells per row, column and box. */
        int ro[16], co[16] = {0}, bo[16] = {0};
        const int R = g->box_r, C = g->box_c;
        for (int r = 0; r < n; r++) {
            unsigned m = open[r];
            ro[r] = __builtin_popcount(m);
            for (; m; m &= m - 1) {
                int c = __builtin_ctz(m);
                co[c]++;
                if (R)
                    bo[(r / R) * R + c / C]++;
            }
        }
        int best = -1;
        long best_score = -1;
        for (int i = 0; i < 4; i++)
            for (uint64_t m = w[i]; m; m &= m - 1) {
                int x = i * 64 + __builtin_ctzll(m), r = x >> 4, c = x & 15;
                long score = ro[r] + co[c] + (R ? bo[(r / R) * R + c / C] : 0);
                for (int u = 0; u < g->nextra; u++)
                    if ((g->extra[u][r] >> c) & 1)
                        score += B16_FN(count)(open & g->extra[u]);
                if (score > best_score) {
                    best_score = score;
                    best = x;
                }
            }
        return best;
    }
    *two_only = 0;
    return -1;
}

static int B16_FN(pairs)(const b16_geom *g, b16_state *st, int hidden);

/* The open cells with exactly two candidates, as four 64-bit words. */
static void B16_FN(two_cells)(const b16_geom *g, const b16_state *st, uint64_t *w)
{
    b16v o = B16_ZERO, t = B16_ZERO, h = B16_ZERO;
    (void)g;
    for (int d = 0; d < 16; d++) {
        b16v x = st->cand[d];
        h |= t & x;
        t |= o & x;
        o |= x;
    }
    b16v two = t & ~h & ~st->solved;
    memcpy(w, &two, 4 * sizeof *w);
}

/* Counts one unit of work. @return nonzero when the search must unwind:
 * budget exhausted (ctx->stop) or the plain first run's allowance used up. */
static int B16_FN(count_node)(board16_engine *e, search_ctx *ctx)
{
    if (search_count_node(ctx))
        return 1;
    if (e->run_cap && ctx->nodes >= e->run_cap) {
        e->aborted = 1;
        return 1;
    }
    return 0;
}

/* The probe memo: a probe of cell x = d from level state P ends in a
 * propagated state S. A later probe of x = d from a state C inside P (the
 * same level after refutations, or a level below it) ends where a probe
 * from C & S ends: the rules are monotone, so the fixpoint below
 * C & {x = d} lies inside S, and from C & S only the rounds the new
 * removals cause are run (the cells S placed are placed already). Same
 * probes, same results, same nodes: on blue 16x16 puzzle 13, 58% of the
 * probes start from a memo state and cost 0.37x a fresh one (all
 * instructions 0.88x, median time 0.91x). A level's entries are its own
 * earlier probes, its parent's and its grandparent's (search() empties a
 * level when it enters it, so these all lie above the current state);
 * looking further up or keeping 32 cells a level found 1-3% more. */
static int B16_FN(memo_find)(const board16_engine *e, int level, int x)
{
    for (int l = level; l >= 0 && l >= level - 2; l--) {
        const b16_memo_level *m = &e->memo_at[l];
        for (int i = 0; i < m->n; i++)
            if (m->cell[i] == x)
                return l * B16_MEMO_CELLS + i;
    }
    return -1;
}

/* The entry of level for cell x: its own (found), or a new one (the
 * oldest replaced when the level is full), marked as holding no probe. */
static int B16_FN(memo_slot)(board16_engine *e, int level, int x, int found)
{
    b16_memo_level *m = &e->memo_at[level];
    int i = found >= 0 && found / B16_MEMO_CELLS == level ? found % B16_MEMO_CELLS : -1;
    if (i < 0 && m->n < B16_MEMO_CELLS) {
        i = m->n++;
    } else if (i < 0) {
        i = m->next;
        m->next = (uint8_t)((i + 1) % B16_MEMO_CELLS);
    }
    m->cell[i] = (int16_t)x;
    m->ok[i] = 0;
    return level * B16_MEMO_CELLS + i;
}

/* Probes cell x = d from st into out, starting from the memo state from
 * when there is one (it may be out itself). @return the probe's reach
 * (cells changed), -1 on contradiction. */
static int B16_FN(probe)(const b16_geom *g, const b16_state *st, b16_state *out,
                         const b16_state *from, int x, int d)
{
    int ok;
    if (from) {
        unsigned dirty = 0;
        for (int k = 0; k < 16; k++) {
            /* A board equal to st's or to from's is at its fixpoint for
             * the rules of one board (hidden singles, locked candidates):
             * only boards that differ from both are looked at. */
            b16v v = st->cand[k] & from->cand[k];
            dirty |= (unsigned)(B16_FN(any)(v ^ st->cand[k]) & B16_FN(any)(v ^ from->cand[k])) << k;
            out->cand[k] = v;
        }
        out->solved = st->solved | from->solved;
        ok = B16_FN(propagate)(g, out, dirty);
    } else {
        *out = *st;
        ok = B16_FN(assign)(g, out, x, d);
    }
    return ok ? B16_FN(reach)(g, st, out) : -1;
}

/* Chooses the branch cell and its first digit in level st (st + 1 and
 * st + 2 are scratch for probes without a memo). When the fewest candidates is two, up to
 * B16_PROBE_CELLS such cells are probed both ways: a refuted digit is
 * removed at once (B16_AGAIN: choose again; B16_DEAD if that removal
 * fails); otherwise the product of the two reaches decides. */
static inline b16v B16_FN(two_in)(b16v x, int kind);
static int B16_FN(choose)(board16_engine *e, b16_state *st, search_ctx *ctx, int *first,
                         int *reuse)
{
    const b16_geom *g = &e->g;
    *reuse = 0;
    int two;
    int c = B16_FN(pick_cell)(e, st, &two, e->probing);
    if (c < 0)
        return B16_DEAD;
    int m = B16_FN(cell_digits)(g, st, c);
    *first = __builtin_ctz((unsigned)m);
    if (!two) {
        /* No cell has two candidates: a digit with two places in a row,
         * column or 4x4 box is a binary choice as well (the child places
         * it in the first place; the parent, removing it there, leaves
         * the other as a hidden single), where the cell would branch
         * three or more ways. On 16x16_1to9only, where such states are
         * common, this halved the nodes (the worst puzzle: 290k to 123k). */
        const int kinds = g->box_r == 4 && g->box_c == 4 ? 3 : 2;
        for (int k = 0; k < kinds; k++)
            for (int d = 0; d < g->n; d++) {
                b16v t2 = B16_FN(two_in)(st->cand[d], k) & ~st->solved;
                uint64_t w[4];
                memcpy(w, &t2, sizeof w);
                for (int i = 0; i < 4; i++)
                    if (w[i]) {
                        *first = d;
                        return i * 64 + __builtin_ctzll(w[i]);
                    }
            }
        return c;
    }
    if (!e->probing)
        return c;
    const int level = (int)(st - e->stack);
    uint64_t w[4];
    B16_FN(two_cells)(g, st, w);
    int budget = g->n < B16_PROBE_CELLS ? g->n : B16_PROBE_CELLS;
    int probed = 0, best = -1, changed = 0;
    double best_score = -1;
    /* The best cell's two probe states, kept while level st does not
     * change after them: they are then the child (d1) and, once the child
     * is done, the level itself (d2: refuting d1 leaves d2 a naked single),
     * so search() need not propagate either again. */
    b16_state *kept = e->alt + 2 * (st - e->stack);
    for (int i = 0; i < 4 && probed < budget; i++) {
        /* w is read afresh after each change, as generic.c reads the
         * candidates live: a cell further on left with two by a
         * refutation is probed in this pass, not after a new choice. */
        for (int b = 0; b < 64 && probed < budget; b++) {
            uint64_t m64 = w[i] & (~(uint64_t)0 << b);
            if (!m64)
                break;
            b = __builtin_ctzll(m64);
            int x = i * 64 + b;
            int dm = B16_FN(cell_digits)(g, st, x);
            if (__builtin_popcount((unsigned)dm) != 2)
                continue; /* changed by an earlier refutation */
            probed++;
            if (B16_FN(count_node)(e, ctx))
                return B16_DEAD;
            int d1 = __builtin_ctz((unsigned)dm), d2 = 31 - __builtin_clz((unsigned)dm);
            /* Probes run singles and locked candidates, not the pair rules:
             * those were 55% of the instructions in probes, and without
             * them a probe is ~2.5x cheaper for ~1.0-1.3x the nodes (blue
             * set: 0.55x the time; the tree's own nodes keep them). */
            b16_state *tmp = st + 1; /* scratch without a memo */
            const b16_state *from = NULL;
            int was = 0, slot = -1;
            if (e->memo) {
                int found = B16_FN(memo_find)(e, level, x);
                if (found >= 0) {
                    was = e->memo_at[found / B16_MEMO_CELLS].ok[found % B16_MEMO_CELLS];
                    from = e->memo + 2 * (size_t)found;
                }
                slot = B16_FN(memo_slot)(e, level, x, found);
                tmp = e->memo + 2 * (size_t)slot;
            }
            b16_state *tmp2 = tmp + 1;
            int r1 = B16_FN(probe)(g, st, tmp, was & 1 ? from : NULL, x, d1);
            int r2 = 0;
            if (r1 >= 0)
                r2 = B16_FN(probe)(g, st, tmp2, was & 2 ? from + 1 : NULL, x, d2);
            if (slot >= 0)
                e->memo_at[level].ok[slot % B16_MEMO_CELLS] =
                    (uint8_t)((r1 >= 0) | (r1 >= 0 && r2 >= 0) << 1);
            if (r1 < 0 || r2 < 0) {
                if (!B16_FN(refute)(g, st, x, r1 < 0 ? d1 : d2))
                    return B16_DEAD;
                changed = 1;
                *reuse = 0;
                B16_FN(two_cells)(g, st, w);
                continue;
            }
            if (B16_BOTH) {
                /* What both branches remove is removed here. */
                unsigned dirty = 0;
                for (int d = 0; d < 16; d++) {
                    b16v keep = st->cand[d] & (tmp->cand[d] | tmp2->cand[d]);
                    if (B16_FN(any)(keep ^ st->cand[d])) {
                        st->cand[d] = keep;
                        dirty |= 1u << d;
                    }
                }
                if (dirty) {
                    if (!B16_FN(propagate)(g, st, dirty))
                        return B16_DEAD;
                    changed = 1;
                    /* This cell's own states stay valid below st (the
                     * rules are monotone), others' do not. */
                    *reuse = 0;
                    B16_FN(two_cells)(g, st, w);
                }
            }
            double score = (double)(r1 + 1) * (double)(r2 + 1);
            if (score > best_score) {
                best_score = score;
                best = x;
                *first = d1;
                kept[0] = *tmp;
                kept[1] = *tmp2;
                *reuse = 1;
            }
        }
    }
    if (best < 0)
        return B16_AGAIN;
    if (changed) {
        int dm = B16_FN(cell_digits)(g, st, best);
        if (!(dm & (1 << *first)) || __builtin_popcount((unsigned)dm) < 2)
            return B16_AGAIN;
    }
    return best;
}

/* Three-level counts (at least 1, 2, 3) combined. */
#define B16_ADD3(o, t, h, o2, t2, h2)                                                          \
    do {                                                                                       \
        h = h | (h2) | (t & (o2)) | (o & (t2));                                                \
        t = t | (t2) | (o & (o2));                                                             \
        o = o | (o2);                                                                          \
    } while (0)
#define B16_STEP3P(o, t, h, PERM)                                                              \
    do {                                                                                       \
        B16_FN(pair) o2_ = PERM(o), t2_ = PERM(t), h2_ = PERM(h);                              \
        B16_ADD3(o, t, h, o2_, t2_, h2_);                                                      \
    } while (0)
#define B16_STEP3(o, t, h, PERM)                                                               \
    do {                                                                                       \
        b16v o2_ = PERM(o), t2_ = PERM(t), h2_ = PERM(h);                                      \
        B16_ADD3(o, t, h, o2_, t2_, h2_);                                                      \
    } while (0)

/* The cells of x in rows (kind 0), columns (1) or 4x4 boxes (2) where x
 * has exactly two cells. */
static inline __attribute__((always_inline)) b16v B16_FN(two_in)(b16v x, int kind)
{
    const b16v z = B16_ZERO;
    if (kind == 0) {
        b16v y = x & (x - 1);
        return x & (b16v)(y != z) & (b16v)((y & (y - 1)) == z);
    }
    b16v o = x, t = z, h = z;
    if (kind == 1) {
        B16_STEP3(o, t, h, B16_P8);
        B16_STEP3(o, t, h, B16_P4);
        B16_STEP3(o, t, h, B16_P2);
        B16_STEP3(o, t, h, B16_P1);
    } else {
        B16_STEP3(o, t, h, B16_SW1);
        B16_STEP3(o, t, h, B16_SW2);
        B16_STEP3(o, t, h, B16_P1);
        B16_STEP3(o, t, h, B16_P2);
    }
    return x & t & ~h;
}

#if B16_PAIRS
/* two_in() on two boards at once. */
static inline __attribute__((always_inline)) B16_FN(pair) B16_FN(two_in2)(B16_FN(pair) x, int kind)
{
    const B16_FN(pair) z = {0};
    if (kind == 0) {
        B16_FN(pair) y = x & (x - 1);
        return x & (B16_FN(pair))(y != z) & (B16_FN(pair))((y & (y - 1)) == z);
    }
    B16_FN(pair) o = x, t = z, h = z;
    if (kind == 1) {
        B16_STEP3P(o, t, h, B16_Q8);
        B16_STEP3P(o, t, h, B16_Q4);
        B16_STEP3P(o, t, h, B16_Q2);
        B16_STEP3P(o, t, h, B16_Q1);
    } else {
        B16_STEP3P(o, t, h, B16_QSW1);
        B16_STEP3P(o, t, h, B16_QSW2);
        B16_STEP3P(o, t, h, B16_Q1);
        B16_STEP3P(o, t, h, B16_Q2);
    }
    return x & t & ~h;
}
#endif

/* Every cell of each row / column / 4x4 box holding a cell of v. */
static inline __attribute__((always_inline)) b16v B16_FN(spread)(b16v v, int kind)
{
    if (kind == 0)
        return (b16v)(v != B16_ZERO);
    if (kind == 1)
        return B16_FN(all_lanes)(v);
    v |= B16_SW1(v);
    v |= B16_SW2(v);
    v |= B16_P1(v);
    return v | B16_P2(v);
}

/* Removes rm from digit d's board; marks d dirty if it changed. */
#define B16_DROP(d, rm)                                                                        \
    do {                                                                                       \
        b16v rm_ = (rm);                                                                       \
        if (B16_FN(any)(cand[d] & rm_)) {                                                      \
            cand[d] &= ~rm_;                                                                   \
            dirty |= 1u << (d);                                                                \
        }                                                                                      \
    } while (0)

/* Naked and hidden pairs in every unit, then propagation, until neither
 * changes anything. Rows, columns and 4x4 boxes are done for all units
 * at once per digit pair (counts by folds as in hidden()); other boxes
 * and extra units one unit at a time. Without pairs, puzzles whose givens
 * use few digits (16x16_1to9only) take thousands of times more nodes: the
 * interchangeable digits are told apart only by subsets. @return 0 on
 * contradiction. */
static int B16_FN(pairs)(const b16_geom *g, b16_state *st, int hidden)
{
    const int n = g->n;
    const int kinds = g->box_r == 4 && g->box_c == 4 ? 3 : 2;
    b16v *cand = st->cand;
    for (;;) {
        unsigned dirty = 0;
        const b16v open = ~st->solved;
        b16v o = B16_ZERO, t = B16_ZERO, h = B16_ZERO;
        for (int d = 0; d < n; d++) {
            b16v x = cand[d];
            h |= t & x;
            t |= o & x;
            o |= x;
        }
        const b16v bival = t & ~h & open;
        /* Naked pairs: per digit pair, the two-candidate cells holding
         * both (read fresh: earlier drops may have changed them). */
        for (int d1 = 0; d1 < n; d1++) {
            b16v b1 = bival & cand[d1];
            if (B16_FN(count)(b1) < 2)
                continue;
            for (int d2 = d1 + 1; d2 < n; d2++) {
                if (B16_FN(count)(b1 & cand[d2]) < 2)
                    continue;
                b16v P = bival & cand[d1] & cand[d2];
                for (int k = 0; k < kinds; k++) {
                    b16v two = B16_FN(two_in)(P, k);
                    if (!B16_FN(any)(two))
                        continue;
                    b16v rm = B16_FN(spread)(two, k) & ~two;
                    B16_DROP(d1, rm);
                    B16_DROP(d2, rm);
                }
            }
        }
        /* Hidden pairs: two digits with the same two places in a unit.
         * Only cells where two or more digits have two places in the same
         * kind of unit can hold one, and only the digits there are paired. */
        for (int k = 0; k < kinds && hidden; k++) {
            b16v two[16], o2 = B16_ZERO, t2 = B16_ZERO;
#if B16_PAIRS
            if (n == 16) {
                /* Two boards per register (AVX-512). */
                const B16_FN(pair) open2 = B16_JOIN(open, open);
                const B16_FN(pair) *pc = (const B16_FN(pair) *)cand;
                B16_FN(pair) *tp = (B16_FN(pair) *)two, po = {0}, pt = {0};
                for (int i = 0; i < 8; i++) {
                    B16_FN(pair) y = B16_FN(two_in2)(pc[i], k) & open2;
                    tp[i] = y;
                    pt |= po & y;
                    po |= y;
                }
                t2 = B16_LO(pt) | B16_HI(pt) | (B16_LO(po) & B16_HI(po));
            } else
#endif
            for (int d = 0; d < n; d++) {
                two[d] = B16_FN(two_in)(cand[d], k) & open;
                t2 |= o2 & two[d];
                o2 |= two[d];
            }
            /* A pair only removes something from a cell with three or
             * more candidates (h, from before this pass's removals: a
             * superset): pairs already applied, met again at every node
             * below, are passed over at once. */
            t2 &= h;
            if (!B16_FN(any)(t2))
                continue;
            int list[16], nl = 0;
#if B16_PAIRS
            if (n == 16) {
                const B16_FN(pair) t22 = B16_JOIN(t2, t2);
                const B16_FN(pair) *tp = (const B16_FN(pair) *)two;
                __mmask32 km[8];
                for (int i = 0; i < 8; i++) {
                    B16_FN(pair) y = tp[i] & t22;
                    km[i] = _mm512_test_epi16_mask((__m512i)y, (__m512i)y);
                }
                for (unsigned lm = B16_FN(boards_nz)(km); lm; lm &= lm - 1)
                    list[nl++] = __builtin_ctz(lm);
            } else
#endif
            for (int d = 0; d < n; d++)
                if (B16_FN(any)(two[d] & t2))
                    list[nl++] = d;
            for (int a = 0; a < nl; a++)
                for (int b = a + 1; b < nl; b++) {
                    int d1 = list[a], d2 = list[b];
                    b16v c = two[d1] & two[d2] & h;
                    if (!B16_FN(any)(c))
                        continue;
                    c &= ~B16_FN(spread)(two[d1] ^ two[d2], k);
                    if (!B16_FN(any)(c))
                        continue;
                    for (int d = 0; d < n; d++)
                        if (d != d1 && d != d2)
                            B16_DROP(d, c);
                }
        }
        /* Other units one by one (boxes of other sizes, extra units). */
        for (int u = 0; u < g->nunits; u++) {
            const b16v U = g->unit[u];
            b16v b = bival & U;
            if (B16_FN(count)(b) >= 2) {
                uint64_t w[4];
                memcpy(w, &b, sizeof w);
                int cells[16], masks[16], k = 0;
                for (int i = 0; i < 4; i++)
                    for (uint64_t m = w[i]; m && k < 16; m &= m - 1) {
                        cells[k] = i * 64 + __builtin_ctzll(m);
                        masks[k] = B16_FN(cell_digits)(g, st, cells[k]);
                        k++;
                    }
                for (int i = 0; i < k; i++)
                    for (int j = i + 1; j < k; j++) {
                        if (masks[i] != masks[j])
                            continue;
                        b16v keep = B16_ZERO;
                        keep[cells[i] >> 4] |= (uint16_t)(1u << (cells[i] & 15));
                        keep[cells[j] >> 4] |= (uint16_t)(1u << (cells[j] & 15));
                        for (int mm = masks[i]; mm; mm &= mm - 1)
                            B16_DROP(__builtin_ctz((unsigned)mm), U & ~keep);
                    }
            }
            b16v tw[16];
            int digit[16], k = 0;
            for (int d = 0; d < n; d++) {
                b16v y = cand[d] & U;
                if (B16_FN(count)(y) == 2 && B16_FN(any)(y & open)) {
                    tw[k] = y;
                    digit[k++] = d;
                }
            }
            for (int i = 0; i < k; i++)
                for (int j = i + 1; j < k; j++) {
                    if (B16_FN(any)(tw[i] ^ tw[j]))
                        continue;
                    for (int d = 0; d < n; d++)
                        if (d != digit[i] && d != digit[j])
                            B16_DROP(d, tw[i]);
                }
        }
        if (!dirty)
            return 1;
        if (!B16_FN(propagate)(g, st, dirty))
            return 0;
    }
}

/* Writes level st as a grid (values 1..n, row-major n x n). */
static void B16_FN(grid)(const b16_geom *g, const b16_state *st, uint8_t *out)
{
    for (int d = 0; d < g->n; d++) {
        uint64_t w[4];
        memcpy(w, &st->cand[d], sizeof w);
        for (int i = 0; i < 4; i++)
            for (uint64_t m = w[i]; m; m &= m - 1) {
                int c = i * 64 + __builtin_ctzll(m);
                out[(c >> 4) * g->n + (c & 15)] = (uint8_t)(d + 1);
            }
    }
}

static void B16_FN(report)(board16_engine *e, const b16_state *st, search_ctx *ctx)
{
    B16_FN(grid)(&e->g, st, e->grid);
    /* The probing run may meet the solution the plain first run already
     * reported. */
    if (ctx->solutions == 1 && e->have_first &&
        memcmp(e->first, e->grid, (size_t)e->g.ncells) == 0)
        return;
    if (ctx->solutions == 0) {
        memcpy(e->first, e->grid, (size_t)e->g.ncells);
        e->have_first = 1;
    }
    search_report_solution(ctx, e->grid, e->g.ncells);
}

/* Searches below the propagated level st; st + 1 onwards is free. */
static void B16_FN(search)(board16_engine *e, b16_state *st, search_ctx *ctx)
{
    const b16_geom *g = &e->g;
    for (;;) {
        if (!B16_FN(any)(g->cells & ~st->solved)) {
            B16_FN(report)(e, st, ctx);
            return;
        }
        int d, reuse;
        int c = B16_FN(choose)(e, st, ctx, &d, &reuse);
        if (c == B16_DEAD || ctx->stop || e->aborted)
            return;
        if (c == B16_AGAIN)
            continue;
        if (B16_FN(count_node)(e, ctx))
            return;
        ctx->guesses++;
        const b16_state *kept = e->alt + 2 * (st - e->stack);
        if (e->memo) /* a new child: its level's memo is stale */
            e->memo_at[st + 1 - e->stack].n = e->memo_at[st + 1 - e->stack].next = 0;
        if (reuse)
            st[1] = kept[0];
        else
            st[1] = *st;
        if ((reuse || B16_FN(assign)(g, st + 1, c, d)) && B16_FN(pairs)(g, st + 1, 1))
            B16_FN(search)(e, st + 1, ctx);
        if (ctx->stop || e->aborted)
            return;
        /* Every solution with this digit has been seen: drop it. */
        if (reuse)
            *st = kept[1];
        else if (!B16_FN(refute)(g, st, c, d))
            return;
        if (!B16_FN(pairs)(g, st, 1))
            return;
    }
}

/* Sets up the givens and propagates. @return 0 if they contradict. */
static int B16_FN(start)(const b16_geom *g, b16_state *st, const uint8_t *givens)
{
    for (int d = 0; d < 16; d++)
        st->cand[d] = d < g->n ? g->cells : B16_ZERO;
    st->solved = B16_ZERO;
    for (int r = 0; r < g->n; r++)
        for (int c = 0; c < g->n; c++) {
            int v = givens[r * g->n + c];
            if (!v)
                continue;
            uint16_t bit = (uint16_t)(1u << c);
            for (int d = 0; d < g->n; d++)
                if (d != v - 1)
                    st->cand[d][r] &= (uint16_t)~bit;
        }
    return B16_FN(propagate)(g, st, (1u << g->n) - 1);
}

/* For limit <= 2 a plain first run of B16_PLAIN_FIRST nodes (easy puzzles
 * end there, where probing would cost more than the whole search), then
 * one probing run to the end. No restarts: on 16x16 they cost more than
 * they saved (generic.c needs them for 25x25 phase-transition grids,
 * which this engine does not take): without them the blue set took 0.78x
 * the nodes and the worst 16x16_1to9only puzzle 0.71x, and no lewis 16x16
 * instance grew a tail. */
static void B16_FN(run)(board16_engine *e, const uint8_t *givens, search_ctx *ctx)
{
    e->have_first = 0;
    search_count_node(ctx);
    int plain_first = ctx->limit <= 2;
    for (int run = plain_first ? 0 : 1; run < 2; run++) {
        e->probing = run == 1;
        e->aborted = 0;
        e->run_cap = e->probing ? 0 : ctx->nodes + B16_PLAIN_FIRST;
        if (e->probing && b16_memo_alloc(e))
            e->memo_at[0].n = e->memo_at[0].next = 0;
        if (B16_FN(start)(&e->g, e->stack, givens) && B16_FN(pairs)(&e->g, e->stack, 1))
            B16_FN(search)(e, e->stack, ctx);
        if (!e->aborted || ctx->stop)
            return;
    }
}
