/*
 * classic9_passrules.h — the rules of the vector propagation pass of the
 * classic 9x9 engine, board by board, for any register width: row/box
 * reduction with row hidden singles, naked singles, the column closure
 * (included twice by classic9_pass256.h, with C9V and the operation macros
 * naming 128-bit and then 256-bit operations and C9_P naming the
 * functions; no include guard on purpose). Each lane is one board (or one
 * column word); nothing crosses lanes, so the width only says how many
 * boards one operation serves. C9_BCAST(p) is *p in every lane, read
 * from memory (the tables' constants: see C9_OPAQUE).
 */

/* The three cells of the minirow starting at bit i, ORed into bit i. */
static inline C9V C9_P(p_or3)(C9V v)
{
    return C9_OR(v, C9_OR(C9_SRL(v, 1), C9_SRL(v, 2)));
}

/* Row/box reduction and row hidden singles of the boards in v (any
 * lanes). @return the reduced boards; *fixed gets, per board, the cells
 * that are the only place of their row. */
static inline C9V C9_P(p_rowbox)(C9V v, C9V *fixed)
{
    const uint32_t *cells = c9_config_cells, *heads = c9_config_heads, *rows = c9_row_cells;
    C9_OPAQUE(cells);
    C9_OPAQUE(heads);
    C9_OPAQUE(rows);
    C9V t = C9_P(p_or3)(v);
    C9V valid = C9_ZERO;
    for (int k = 0; k < 6; k++) {
        /* Configuration k fits if each of its three minirows has a cell. */
        C9V ok = C9_EQ0(C9_ANDN(t, C9_BCAST(heads + k)));
        valid = C9_OR(valid, C9_AND(ok, C9_BCAST(cells + k)));
    }
    v = C9_AND(v, valid);
    /* Every row of a board that kept a configuration has a cell, so one
     * subtraction clears the lowest cell of all three rows without a
     * borrow between them (an empty board gives garbage, masked by v). */
    C9V w = C9_AND(v, C9_SUB(v, C9_SET1(0x40201u)));
    C9V fm = C9_ZERO;
    for (int r = 0; r < 3; r++) {
        C9V row = C9_BCAST(rows + r);
        fm = C9_OR(fm, C9_AND(C9_EQ0(C9_AND(w, row)), row));
    }
    *fixed = C9_AND(v, fm);
    return v;
}

/* Naked singles of the boards v, given their band's cell counts: the
 * digit leaves the rest of the cell's row. *bad gets lanes with two
 * naked singles of one digit in one row. */
static inline C9V C9_P(p_naked)(C9V v, C9V single, C9V *bad)
{
    /* Three rows at once, carries kept in each 9-bit row: the low eight
     * bits plus 0xFF reach bit 8 if any is set, so bit 8 marks the rows
     * holding a single; its bit 0 subtracted spreads the mark over the
     * row, and from x clears each row's lowest single. 13 operations
     * where a test per row takes 30 (bench/mca, Zen 1 on serg: -4%;
     * Zen 4 +2% there, yet the whole build measures faster on Zen 5). */
    const C9V low = C9_SET1(0x3FDFEFFu);
    C9V x = C9_AND(v, single);
    C9V top = C9_AND(C9_OR(C9_ADD(C9_AND(x, low), low), x), C9_SET1(0x4020100u));
    C9V one = C9_SRL(top, 8);
    C9V lines = C9_OR(top, C9_SUB(top, one));
    *bad = C9_OR(*bad, C9_AND(x, C9_SUB(x, one)));
    return C9_ANDN(C9_ANDN(x, lines), v);
}

/* The column closure of the 27-bit column words in o (any lanes): per
 * stack, the 3x3 band x column matrix keeps the entries that lie on a
 * permutation (see vcolumns). @return the entries kept; *bad gets lanes
 * where a stack lost every permutation. */
static inline C9V C9_P(p_closure)(C9V o, C9V *bad)
{
    const uint32_t *km = c9_col_masks;
    C9_OPAQUE(km);
    const C9V full = C9_SET1(C9_FULL), m1 = C9_BCAST(km + 1), m2 = C9_BCAST(km + 2);
    const C9V groups = C9_BCAST(km + 3);
    C9V b1 = C9_AND(C9_OR(C9_SRL(o, 9), C9_SLL(o, 18)), full);
    C9V b2 = C9_AND(C9_OR(C9_SRL(o, 18), C9_SLL(o, 9)), full);
#define C9_R1(x) C9_OR(C9_AND(m1, C9_SRL(x, 1)), C9_ANDN(m1, C9_SLL(x, 2)))
#define C9_R2(x) C9_OR(C9_AND(m2, C9_SRL(x, 2)), C9_ANDN(m2, C9_SLL(x, 1)))
    C9V x = C9_AND(C9_R2(b1), C9_R1(b2));
    C9V valid = C9_AND(o, C9_OR(C9_AND(C9_R1(b1), C9_R2(b2)), x));
#undef C9_R1
#undef C9_R2
    C9V any = C9_AND(C9_P(p_or3)(valid), groups);
    *bad = C9_XOR(any, groups);
    return valid;
}

/* The 9-bit column set of each board. */
static inline C9V C9_P(p_cols)(C9V v)
{
    return C9_AND(C9_OR(v, C9_OR(C9_SRL(v, 9), C9_SRL(v, 18))), C9_SET1(0x1FF));
}

/* Cells of the columns in x (9 bits per lane), in all three rows. */
static inline C9V C9_P(p_colrep)(C9V x)
{
    return C9_OR(x, C9_OR(C9_SLL(x, 9), C9_SLL(x, 18)));
}

