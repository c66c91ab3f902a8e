/*
 * classic9_givens128.h — the givens set up on all boards at once in plain
 * GCC/clang 128-bit vector extensions (included by classic9_core.h in its
 * portable build; no include guard on purpose), so SSE2 on baseline x86-64
 * and NEON on ARM.
 *
 * Layout as in the vector builds (classic9_pass256.h): digits 0-3 and 4-7
 * of a band in two vectors (lane = digit), digit 8 of the three bands in a
 * third (lane = band). Each given clears its row, box and column for its
 * digit and its cell for the other digits, with no branch per cell (the
 * scalar setup's loop over each digit's givens mispredicts).
 */

typedef uint32_t C9_FN(v4) __attribute__((vector_size(16)));
#define C9Q C9_FN(v4)
/* Digits 0-3 (a) and 4-7 (b) of one band. */
typedef struct C9_FN(v8) {
    C9Q a, b;
} C9_FN(v8);
#define C9V C9_FN(v8)
#define C9_SPLAT(x) ((C9Q){0} + (uint32_t)(x))
#if defined(__clang__) || __GNUC__ >= 12
#define C9_SHUF(x, ...) __builtin_shufflevector(x, x, __VA_ARGS__)
#else
typedef int32_t C9_FN(v4s) __attribute__((vector_size(16)));
#define C9_SHUF(x, ...) __builtin_shuffle(x, (C9_FN(v4s)){__VA_ARGS__})
#endif
/* All ones in the lanes of x that are not zero. */
#define C9_NZ(x) (~(C9Q)((x) == 0))

static inline int C9_FN(q_any)(C9Q x)
{
    uint64_t q[2];
    memcpy(q, &x, sizeof q);
    return (q[0] | q[1]) != 0;
}

/* The 9-bit column set of each board. */
static inline C9Q C9_FN(q_cols)(C9Q v)
{
    return (v | v >> 9 | v >> 18) & 0x1FF;
}

/* Cells of the columns in x (9 bits per lane), in all three rows. */
static inline C9Q C9_FN(q_colrep)(C9Q x)
{
    return x | x << 9 | x << 18;
}

/* Clears the rows and boxes of the givens in own from away; *clash gets
 * lanes with two givens in one row, box or (away on entry: the columns
 * of the other bands) column. */
static inline C9Q C9_FN(q_units)(C9Q own, C9Q away, C9Q *clash)
{
    /* (First: a given in a column that holds its digit in another band.) */
    *clash |= own & away;
    for (int k = 0; k < 6; k++) {
        uint32_t unit = k < 3 ? 0x1FFu << (9 * k) : 0x1C0E07u << (3 * (k - 3));
        C9Q seg = own & unit;
        *clash |= seg & (seg - 1);
        away |= C9_NZ(seg) & unit;
    }
    return away;
}

/* Sets up the boards from the givens (mine[band * 16 + digit]: the cells
 * of each digit's givens; s->solved: the given cells). @return nonzero if
 * two givens clash. */
static inline int C9_FN(q_givens)(c9_state *s, const uint32_t *mine)
{
    C9V own[3];
    for (int b = 0; b < 3; b++) {
        memcpy(&own[b].a, mine + 16 * b, sizeof own[b].a);
        memcpy(&own[b].b, mine + 16 * b + 4, sizeof own[b].b);
    }
    C9Q own8 = {mine[8], mine[24], mine[40], 0};
    C9Q ca[3], cb[3];
    for (int b = 0; b < 3; b++) {
        ca[b] = C9_FN(q_cols)(own[b].a);
        cb[b] = C9_FN(q_cols)(own[b].b);
    }
    C9Q c8 = C9_FN(q_cols)(own8);
    /* Digit 8: its other bands are the other lanes. */
    C9Q away8 = C9_FN(q_colrep)(C9_SHUF(c8, 1, 2, 0, 3) | C9_SHUF(c8, 2, 0, 1, 3));
    C9Q clash = {0};
    away8 = C9_FN(q_units)(own8, away8, &clash);
    C9V away[3];
    for (int b = 0; b < 3; b++) {
        int b1 = b == 0 ? 1 : 0, b2 = b == 2 ? 1 : 2;
        away[b].a = C9_FN(q_units)(own[b].a, C9_FN(q_colrep)(ca[b1] | ca[b2]), &clash);
        away[b].b = C9_FN(q_units)(own[b].b, C9_FN(q_colrep)(cb[b1] | cb[b2]), &clash);
    }
    if (C9_FN(q_any)(clash))
        return 1;
    for (int b = 0; b < 3; b++) {
        uint32_t open = C9_FULL & ~s->solved[b];
        C9Q a = (C9_SPLAT(open) & ~away[b].a) | own[b].a;
        C9Q c = (C9_SPLAT(open) & ~away[b].b) | own[b].b;
        memcpy(s->cand + 16 * b, &a, sizeof a);
        memcpy(s->cand + 16 * b + 4, &c, sizeof c);
        s->cand[16 * b + 8] = (open & ~away8[b]) | own8[b];
        memset(s->cand + 16 * b + 9, 0, 7 * sizeof(uint32_t));
    }
    return 0;
}

#undef C9Q
#undef C9V
#undef C9_SPLAT
#undef C9_SHUF
#undef C9_NZ
