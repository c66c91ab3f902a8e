/*
 * variant_cnf.c — writes each variant puzzle of a TSV file (NAME<TAB>puzzle
 * text<TAB>solution, the lines /work/shared/tools/iss-export.mjs prints)
 * as a DIMACS CNF, OUTDIR/NAME.cnf, for the comparison with a SAT solver
 * (bench/variants/cadical.py). Written on the public API only, separately
 * from the engine, in the encoding a SAT user would write by hand:
 *  - variable c*n + d is "cell c holds digit d" (1 <= d <= n); each cell
 *    holds exactly one digit (one clause, pairwise at-most-one);
 *  - each unit holds each digit at least once and no digit twice;
 *  - givens are unit clauses;
 *  - sums (killer cages, little killers, arrows, region sum lines) by a
 *    sequential partial-sum encoding both ways: S(i,v) "the first i cells
 *    sum to v", S(i,v) and cell i+1 = d imply S(i+1, v + w d), S(i+1, v)
 *    and cell i+1 = d imply S(i, v - w d) (none there: that digit is
 *    refused), the target's final sum is true and every other false
 *    (forward only, as before 2026-11-28, unit propagation prunes a sum's
 *    cells only once the others are set: CaDiCaL needed 1.39x the
 *    conflicts and 1.27x the CPU, geomean over the LK, HS and example
 *    puzzles, so that encoding was weak by accident);
 *  - lines, dots and the global rules as binary clauses forbidding each
 *    pair of digits the rule forbids (thermometers, whispers, renban as
 *    distinct digits pairwise closer than its length, palindromes, kropki,
 *    X/V, greater-than, the negative rules, anti-knight/king); between
 *    lines by ternary clauses; quadruples by at-least-k clauses;
 *  - sandwich clues by a parity chain along the row: e_i "cell i holds 1
 *    or n", p_i "an odd number of e_1..e_i", in_i = p_(i-1) and not e_i
 *    "cell i lies between the 1 and the n"; then partial sums that grow by
 *    cell i's digit where in_i holds and stay where it does not, capped
 *    at the clue, the final sum forced to the clue (both ways, as sums);
 *  - X-sum clues by partial sums of the first k cells (both ways), and
 *    "first cell = X" makes the clue the sum of the first X cells.
 * A kind not listed is reported on stderr and its puzzle skipped. Exit 0,
 * or 2 when a file cannot be read or written.
 */
#define _POSIX_C_SOURCE 200809L
#include "doku_constraints.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct cnf {
    int n, ncells, nvars;
    FILE *body; /* clauses, counted, prefixed by the header at the end */
    long nclauses;
} cnf;

static int lit(const cnf *f, int cell, int d) { return cell * f->n + d; }

static void clause(cnf *f, const int *lits, int k)
{
    for (int i = 0; i < k; i++)
        fprintf(f->body, "%d ", lits[i]);
    fputs("0\n", f->body);
    f->nclauses++;
}

static void clause2(cnf *f, int a, int b)
{
    int l[2] = {a, b};
    clause(f, l, 2);
}

/* Forbids each digit pair (x at a, y at b) that ok() refuses. */
typedef int (*rel_fn)(int x, int y, int p);

static void pair_rule(cnf *f, int a, int b, rel_fn ok, int p)
{
    for (int x = 1; x <= f->n; x++)
        for (int y = 1; y <= f->n; y++)
            if (!ok(x, y, p))
                clause2(f, -lit(f, a, x), -lit(f, b, y));
}

static int r_diff(int x, int y, int p) { (void)p; return x != y; }
static int r_less(int x, int y, int p) { (void)p; return x < y; }
static int r_greater(int x, int y, int p) { (void)p; return x > y; }
static int r_equal(int x, int y, int p) { (void)p; return x == y; }
static int r_whisper(int x, int y, int p) { return abs(x - y) >= p; }
static int r_renban(int x, int y, int p) { return x != y && abs(x - y) < p; }
static int r_white(int x, int y, int p) { (void)p; return abs(x - y) == 1; }
static int r_black(int x, int y, int p) { (void)p; return x == 2 * y || y == 2 * x; }
static int r_sum(int x, int y, int p) { return x + y == p; }
/* the negative rules: bit 0 not consecutive, 1 not ratio 2, 2 not sum
 * 10, 3 not sum 5 */
static int r_neg(int x, int y, int p)
{
    return !((p & 1 && abs(x - y) == 1) || (p & 2 && (x == 2 * y || y == 2 * x)) ||
             (p & 4 && x + y == 10) || (p & 8 && x + y == 5));
}

static void distinct(cnf *f, const uint16_t *cells, size_t k)
{
    for (size_t i = 0; i < k; i++)
        for (size_t j = i + 1; j < k; j++)
            pair_rule(f, cells[i], cells[j], r_diff, 0);
}

/* sum of w[i] * cell[i] = target, by partial sums. */
static void linear(cnf *f, const int *cells, const int *w, int k, int target)
{
    int n = f->n, lo = 0, hi = 0;
    int *prev = NULL, plo = 0, phi = -1;
    for (int i = 0; i < k; i++) {
        int a = w[i] > 0 ? w[i] : w[i] * n, b = w[i] > 0 ? w[i] * n : w[i];
        int nlo = lo + a, nhi = hi + b;
        int *cur = malloc((size_t)(nhi - nlo + 1) * sizeof *cur);
        if (!cur)
            exit(2);
        for (int v = nlo; v <= nhi; v++)
            cur[v - nlo] = ++f->nvars;
        for (int d = 1; d <= n; d++) {
            if (i == 0) {
                clause2(f, -lit(f, cells[0], d), cur[w[0] * d - nlo]);
                for (int v = nlo; v <= nhi; v++)
                    if (v != w[0] * d)
                        clause2(f, -cur[v - nlo], -lit(f, cells[0], d));
                continue;
            }
            for (int v = plo; v <= phi; v++) {
                int l[3] = {-prev[v - plo], -lit(f, cells[i], d), cur[v + w[i] * d - nlo]};
                clause(f, l, 3);
            }
            for (int v = nlo; v <= nhi; v++) {
                int u = v - w[i] * d;
                if (u >= plo && u <= phi) {
                    int l[3] = {-cur[v - nlo], -lit(f, cells[i], d), prev[u - plo]};
                    clause(f, l, 3);
                } else {
                    clause2(f, -cur[v - nlo], -lit(f, cells[i], d));
                }
            }
        }
        free(prev);
        prev = cur;
        plo = lo = nlo;
        phi = hi = nhi;
    }
    for (int v = plo; v <= phi; v++)
        if (v != target) {
            int l = -prev[v - plo];
            clause(f, &l, 1);
        }
    if (target >= plo && target <= phi)
        clause(f, &prev[target - plo], 1);
    free(prev);
}

static int new_var(cnf *f) { return ++f->nvars; }

/* v <-> (a or b) */
static void def_or(cnf *f, int v, int a, int b)
{
    clause2(f, -a, v);
    clause2(f, -b, v);
    int l[3] = {-v, a, b};
    clause(f, l, 3);
}

/* v <-> (a xor b) */
static void def_xor(cnf *f, int v, int a, int b)
{
    int l1[3] = {-v, a, b}, l2[3] = {-v, -a, -b}, l3[3] = {v, -a, b}, l4[3] = {v, a, -b};
    clause(f, l1, 3);
    clause(f, l2, 3);
    clause(f, l3, 3);
    clause(f, l4, 3);
}

/* v <-> (a and not b) */
static void def_and_not(cnf *f, int v, int a, int b)
{
    clause2(f, -v, a);
    clause2(f, -v, -b);
    int l[3] = {v, -a, b};
    clause(f, l, 3);
}

/* Sandwich: the digits strictly between the 1 and the n of the row (k
 * cells, a unit, so each of 1 and n appears once) sum to target. */
static void sandwich(cnf *f, const int *cells, int k, int target)
{
    int n = f->n, p = 0; /* p: parity variable of the prefix (0: false) */
    int *sum = malloc((size_t)(target + 1) * sizeof *sum), *next = malloc((size_t)(target + 1) * sizeof *next);
    if (!sum || !next)
        exit(2);
    /* sum[v]: "the inner digits so far sum to v"; before the row: 0 */
    for (int v = 0; v <= target; v++) {
        sum[v] = new_var(f);
        int l = v ? -sum[v] : sum[v];
        clause(f, &l, 1);
    }
    for (int i = 0; i < k; i++) {
        int e = new_var(f), in = new_var(f), np = new_var(f);
        def_or(f, e, lit(f, cells[i], 1), lit(f, cells[i], n));
        if (p) {
            def_and_not(f, in, p, e);
            def_xor(f, np, p, e);
        } else {
            int l = -in;
            clause(f, &l, 1);
            clause2(f, -np, e);
            clause2(f, np, -e);
        }
        p = np;
        for (int v = 0; v <= target; v++)
            next[v] = new_var(f);
        for (int v = 0; v <= target; v++) {
            int stay[3] = {-sum[v], in, next[v]}, back[3] = {-next[v], in, sum[v]};
            clause(f, stay, 3);
            clause(f, back, 3);
            for (int d = 2; d < n; d++) {
                if (v + d <= target) {
                    int l[4] = {-sum[v], -in, -lit(f, cells[i], d), next[v + d]};
                    clause(f, l, 4);
                } else {
                    int l[3] = {-sum[v], -in, -lit(f, cells[i], d)};
                    clause(f, l, 3);
                }
                /* and back: the sum before this cell */
                if (v - d >= 0) {
                    int l[4] = {-next[v], -in, -lit(f, cells[i], d), sum[v - d]};
                    clause(f, l, 4);
                } else {
                    int l[3] = {-next[v], -in, -lit(f, cells[i], d)};
                    clause(f, l, 3);
                }
            }
        }
        memcpy(sum, next, (size_t)(target + 1) * sizeof *sum);
    }
    for (int v = 0; v < target; v++) {
        int l = -sum[v];
        clause(f, &l, 1);
    }
    clause(f, &sum[target], 1);
    free(sum);
    free(next);
}

/* X-sum: the first cell holds X, and the first X cells sum to target. */
static void xsum(cnf *f, const int *cells, int k, int target)
{
    int n = f->n, max = n * (n + 1) / 2;
    int *prev = malloc((size_t)(max + 1) * sizeof *prev), *cur = malloc((size_t)(max + 1) * sizeof *cur);
    if (!prev || !cur)
        exit(2);
    /* prev[v]: "the first i cells sum to v" (forced true forward, so the
     * real prefix sum's variable is always true) */
    for (int v = 0; v <= max; v++)
        prev[v] = 0;
    for (int i = 0; i < k && i < n; i++) {
        for (int v = 0; v <= max; v++)
            cur[v] = new_var(f);
        for (int d = 1; d <= n; d++) {
            if (i == 0) {
                clause2(f, -lit(f, cells[0], d), cur[d]);
                for (int v = 0; v <= max; v++)
                    if (v != d)
                        clause2(f, -cur[v], -lit(f, cells[0], d));
                continue;
            }
            for (int v = 0; v + d <= max; v++)
                if (prev[v]) {
                    int l[3] = {-prev[v], -lit(f, cells[i], d), cur[v + d]};
                    clause(f, l, 3);
                }
            /* and back: the sum before this cell */
            for (int v = 0; v <= max; v++)
                if (v - d >= 0 && prev[v - d]) {
                    int l[3] = {-cur[v], -lit(f, cells[i], d), prev[v - d]};
                    clause(f, l, 3);
                } else {
                    clause2(f, -cur[v], -lit(f, cells[i], d));
                }
        }
        /* X = i + 1: the clue is the prefix sum, no other */
        clause2(f, -lit(f, cells[0], i + 1), cur[target <= max ? target : 0]);
        for (int v = 0; v <= max; v++)
            if (v != target)
                clause2(f, -lit(f, cells[0], i + 1), -cur[v]);
        memcpy(prev, cur, (size_t)(max + 1) * sizeof *prev);
    }
    free(prev);
    free(cur);
}

static int orth(int n, int a, int b)
{
    int dr = abs(a / n - b / n), dc = abs(a % n - b % n);
    return dr + dc == 1;
}

/* @return 0 when the constraint is not encoded. */
static int encode(cnf *f, const doku_constraints *cs, const doku_shape *s, size_t idx,
                  int neg_flags)
{
    doku_constraint c;
    doku_constraints_get(cs, idx, &c);
    int n = f->n, k = (int)c.ncells;
    int cells[512], w[512];
    for (int i = 0; i < k; i++)
        cells[i] = c.cells[i];
    switch (c.kind) {
    case DOKU_CON_CAGE:
    case DOKU_CON_REGION:
        distinct(f, c.cells, c.ncells);
        if (c.kind == DOKU_CON_CAGE && c.nparams) {
            for (int i = 0; i < k; i++)
                w[i] = 1;
            linear(f, cells, w, k, c.params[0]);
        }
        if (k == n)
            for (int d = 1; d <= n; d++) {
                int l[DOKU_CONSTRAINTS_MAX_N];
                for (int i = 0; i < k; i++)
                    l[i] = lit(f, cells[i], d);
                clause(f, l, k);
            }
        return 1;
    case DOKU_CON_LITTLE_KILLER:
        for (int i = 0; i < k; i++)
            w[i] = 1;
        linear(f, cells, w, k, c.params[0]);
        return 1;
    case DOKU_CON_SANDWICH:
        sandwich(f, cells, k, c.params[0]);
        return 1;
    case DOKU_CON_XSUM:
        xsum(f, cells, k, c.params[0]);
        return 1;
    case DOKU_CON_ARROW: {
        int m = c.params[0], pw = 1;
        for (int i = m - 1; i >= 0; i--, pw *= 10)
            w[i] = -pw;
        for (int i = m; i < k; i++)
            w[i] = 1;
        linear(f, cells, w, k, 0);
        return 1;
    }
    case DOKU_CON_REGION_SUM: {
        int start[257], np = 0;
        for (int i = 0; i < k; i++) {
            int bi = -1, bj = -1, cnt;
            const uint16_t *u = doku_shape_cell_units(s, cells[i], &cnt);
            for (int j = 0; j < cnt; j++)
                if (doku_shape_unit_kind(s, u[j]) == DOKU_UNIT_BOX ||
                    doku_shape_unit_kind(s, u[j]) == DOKU_UNIT_REGION)
                    bi = u[j];
            if (i > 0) {
                u = doku_shape_cell_units(s, cells[i - 1], &cnt);
                for (int j = 0; j < cnt; j++)
                    if (doku_shape_unit_kind(s, u[j]) == DOKU_UNIT_BOX ||
                        doku_shape_unit_kind(s, u[j]) == DOKU_UNIT_REGION)
                        bj = u[j];
            }
            if (i == 0 || bi != bj)
                start[np++] = i;
        }
        start[np] = k;
        for (int j = 1; j < np; j++) {
            int lc[512], lw[512], m = 0;
            for (int i = start[0]; i < start[1]; i++) {
                lc[m] = cells[i];
                lw[m++] = 1;
            }
            for (int i = start[j]; i < start[j + 1]; i++) {
                lc[m] = cells[i];
                lw[m++] = -1;
            }
            linear(f, lc, lw, m, 0);
        }
        return 1;
    }
    case DOKU_CON_THERMO:
        for (int i = 1; i < k; i++)
            pair_rule(f, cells[i - 1], cells[i], r_less, 0);
        return 1;
    case DOKU_CON_WHISPER: {
        int d = c.nparams ? c.params[0] : (n + 1) / 2;
        for (int i = 1; i < k; i++)
            pair_rule(f, cells[i - 1], cells[i], r_whisper, d);
        return 1;
    }
    case DOKU_CON_RENBAN:
        for (int i = 0; i < k; i++)
            for (int j = i + 1; j < k; j++)
                pair_rule(f, cells[i], cells[j], r_renban, k);
        return 1;
    case DOKU_CON_PALINDROME:
        for (int i = 0; i < k / 2; i++)
            pair_rule(f, cells[i], cells[k - 1 - i], r_equal, 0);
        return 1;
    case DOKU_CON_BETWEEN:
        for (int x = 1; x <= n; x++)
            for (int y = 1; y <= n; y++)
                for (int i = 1; i < k - 1; i++)
                    for (int d = 1; d <= n; d++) {
                        int lo = x < y ? x : y, hi = x < y ? y : x;
                        if (d > lo && d < hi)
                            continue;
                        int l[3] = {-lit(f, cells[0], x), -lit(f, cells[k - 1], y),
                                    -lit(f, cells[i], d)};
                        clause(f, l, 3);
                    }
        return 1;
    case DOKU_CON_KROPKI_WHITE: pair_rule(f, cells[0], cells[1], r_white, 0); return 1;
    case DOKU_CON_KROPKI_BLACK: pair_rule(f, cells[0], cells[1], r_black, 0); return 1;
    case DOKU_CON_X: pair_rule(f, cells[0], cells[1], r_sum, 10); return 1;
    case DOKU_CON_V: pair_rule(f, cells[0], cells[1], r_sum, 5); return 1;
    case DOKU_CON_GREATER: pair_rule(f, cells[0], cells[1], r_greater, 0); return 1;
    case DOKU_CON_QUADRUPLE:
        for (int d = 1; d <= n; d++) {
            int need = 0;
            for (size_t i = 0; i < c.nparams; i++)
                need += c.params[i] == d;
            if (!need)
                continue;
            /* at least need of the 4: every 5 - need of them hold d */
            for (int m = 0; m < 16; m++) {
                int cnt = 0, l[4];
                for (int i = 0; i < 4; i++)
                    if (m >> i & 1)
                        l[cnt++] = lit(f, cells[i], d);
                if (cnt == 5 - need)
                    clause(f, l, cnt);
            }
        }
        return 1;
    case DOKU_CON_ANTI_KNIGHT:
    case DOKU_CON_ANTI_KING:
        for (int a = 0; a < f->ncells; a++)
            for (int b = a + 1; b < f->ncells; b++) {
                int dr = abs(a / n - b / n), dc = abs(a % n - b % n);
                int hit = c.kind == DOKU_CON_ANTI_KNIGHT ? (dr == 1 && dc == 2) ||
                                                               (dr == 2 && dc == 1)
                                                         : dr <= 1 && dc <= 1;
                if (hit)
                    pair_rule(f, a, b, r_diff, 0);
            }
        return 1;
    case DOKU_CON_DISJOINT_GROUPS: {
        int br = doku_shape_box_rows(s), bc = doku_shape_box_cols(s);
        for (int a = 0; a < f->ncells; a++)
            for (int b = a + 1; b < f->ncells; b++)
                if ((a / n) % br == (b / n) % br && (a % n) % bc == (b % n) % bc)
                    pair_rule(f, a, b, r_diff, 0);
        return 1;
    }
    case DOKU_CON_EVEN:
    case DOKU_CON_ODD:
        for (int i = 0; i < k; i++)
            for (int d = 1; d <= n; d++)
                if ((d % 2 == 0) != (c.kind == DOKU_CON_EVEN)) {
                    int l = -lit(f, cells[i], d);
                    clause(f, &l, 1);
                }
        return 1;
    case DOKU_CON_MINIMUM:
    case DOKU_CON_MAXIMUM:
        for (int b = 0; b < f->ncells; b++)
            if (orth(n, cells[0], b))
                pair_rule(f, cells[0], b, c.kind == DOKU_CON_MINIMUM ? r_less : r_greater, 0);
        return 1;
    case DOKU_CON_KROPKI_WHITE_ALL:
    case DOKU_CON_KROPKI_BLACK_ALL:
    case DOKU_CON_X_ALL:
    case DOKU_CON_V_ALL:
    case DOKU_CON_NON_CONSECUTIVE: {
        /* all of them at once, by the first one met */
        if (neg_flags < 0)
            return 1;
        size_t total = doku_constraints_count(cs);
        for (int a = 0; a < f->ncells; a++)
            for (int b = a + 1; b < f->ncells; b++) {
                if (!orth(n, a, b))
                    continue;
                int dot = 0, xv = 0;
                for (size_t i = 0; i < total; i++) {
                    doku_constraint o;
                    doku_constraints_get(cs, i, &o);
                    if (o.ncells != 2 || !((o.cells[0] == a && o.cells[1] == b) ||
                                           (o.cells[0] == b && o.cells[1] == a)))
                        continue;
                    dot |= o.kind == DOKU_CON_KROPKI_WHITE || o.kind == DOKU_CON_KROPKI_BLACK;
                    xv |= o.kind == DOKU_CON_X || o.kind == DOKU_CON_V;
                }
                int fl = (dot ? 0 : neg_flags & 3) | (xv ? 0 : neg_flags & 12) |
                         (neg_flags & 16 ? 1 : 0);
                if (fl)
                    pair_rule(f, a, b, r_neg, fl);
            }
        return 1;
    }
    default:
        return 0;
    }
}

static int write_puzzle(const char *name, const char *text, const char *dir)
{
    doku_variant_puzzle *p;
    char msg[256];
    if (doku_variant_puzzle_read(text, strlen(text), &p, msg, sizeof msg) != DOKU_OK) {
        fprintf(stderr, "%s: %s\n", name, msg);
        return 0;
    }
    const doku_shape *s = doku_variant_puzzle_shape(p);
    const doku_constraints *cs = doku_variant_puzzle_constraints(p);
    const uint8_t *g = doku_variant_puzzle_givens(p);
    cnf f = {doku_shape_n(s), doku_shape_cells(s), 0, tmpfile(), 0};
    if (!f.body)
        exit(2);
    f.nvars = f.ncells * f.n;
    for (int c = 0; c < f.ncells; c++) {
        int l[DOKU_CONSTRAINTS_MAX_N];
        for (int d = 1; d <= f.n; d++)
            l[d - 1] = lit(&f, c, d);
        clause(&f, l, f.n);
        for (int x = 1; x <= f.n; x++)
            for (int y = x + 1; y <= f.n; y++)
                clause2(&f, -lit(&f, c, x), -lit(&f, c, y));
        if (g[c]) {
            int u = lit(&f, c, g[c]);
            clause(&f, &u, 1);
        }
    }
    for (int u = 0; u < doku_shape_unit_count(s); u++) {
        const uint16_t *cells = doku_shape_unit_cells(s, u);
        distinct(&f, cells, (size_t)f.n);
        for (int d = 1; d <= f.n; d++) {
            int l[DOKU_CONSTRAINTS_MAX_N];
            for (int i = 0; i < f.n; i++)
                l[i] = lit(&f, cells[i], d);
            clause(&f, l, f.n);
        }
    }
    int neg = 0, ok = 1;
    size_t total = doku_constraints_count(cs);
    for (size_t i = 0; i < total; i++) {
        doku_constraint c;
        doku_constraints_get(cs, i, &c);
        neg |= c.kind == DOKU_CON_KROPKI_WHITE_ALL ? 1 : c.kind == DOKU_CON_KROPKI_BLACK_ALL ? 2
             : c.kind == DOKU_CON_X_ALL ? 4 : c.kind == DOKU_CON_V_ALL ? 8
             : c.kind == DOKU_CON_NON_CONSECUTIVE ? 16 : 0;
    }
    int neg_done = 0;
    for (size_t i = 0; i < total && ok; i++) {
        doku_constraint c;
        doku_constraints_get(cs, i, &c);
        int is_neg = c.kind == DOKU_CON_KROPKI_WHITE_ALL || c.kind == DOKU_CON_KROPKI_BLACK_ALL ||
                     c.kind == DOKU_CON_X_ALL || c.kind == DOKU_CON_V_ALL ||
                     c.kind == DOKU_CON_NON_CONSECUTIVE;
        ok = encode(&f, cs, s, i, is_neg && neg_done ? -1 : neg);
        neg_done |= is_neg;
        if (!ok)
            fprintf(stderr, "%s: %s is not encoded; skipped\n", name,
                    doku_constraint_kind_name(c.kind));
    }
    if (ok) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.cnf", dir, name);
        FILE *out = fopen(path, "w");
        if (!out) {
            fprintf(stderr, "variant_cnf: cannot write %s\n", path);
            exit(2);
        }
        fprintf(out, "p cnf %d %ld\n", f.nvars, f.nclauses);
        rewind(f.body);
        char buf[1 << 16];
        size_t got;
        while ((got = fread(buf, 1, sizeof buf, f.body)) > 0)
            fwrite(buf, 1, got, out);
        fclose(out);
    }
    fclose(f.body);
    doku_variant_puzzle_free(p);
    return ok;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: variant_cnf PUZZLES.tsv OUTDIR\n");
        return 2;
    }
    FILE *in = fopen(argv[1], "r");
    if (!in) {
        fprintf(stderr, "variant_cnf: cannot open %s\n", argv[1]);
        return 2;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, in)) > 0) {
        if (line[len - 1] == '\n')
            line[--len] = 0;
        char *tab = strchr(line, '\t');
        if (!tab || line[0] == '#')
            continue;
        *tab = 0;
        char *text = tab + 1, *sol = strchr(text, '\t');
        if (sol)
            *sol = 0;
        write_puzzle(line, text, argv[2]);
    }
    free(line);
    fclose(in);
    return 0;
}
