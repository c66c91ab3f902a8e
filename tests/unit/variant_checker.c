/*
 * variant_checker.c — see variant_checker.h. Deliberately plain: each
 * rule is a loop over the definition, no shared helpers with src/.
 */
#include "variant_checker.h"

#include <stdlib.h>

static int adjacent4(int n, int a, int b)
{
    int dr = abs(a / n - b / n), dc = abs(a % n - b % n);
    return dr + dc == 1;
}

static int has_pair(const doku_constraints *cs, int a, int b, doku_constraint_kind k1,
                    doku_constraint_kind k2)
{
    for (size_t i = 0; i < doku_constraints_count(cs); i++) {
        doku_constraint c;
        doku_constraints_get(cs, i, &c);
        if ((c.kind == k1 || c.kind == k2) && c.ncells == 2 &&
            ((c.cells[0] == a && c.cells[1] == b) || (c.cells[0] == b && c.cells[1] == a)))
            return 1;
    }
    return 0;
}

static int all_distinct(const uint8_t *g, const uint16_t *cells, size_t k)
{
    for (size_t i = 0; i < k; i++)
        for (size_t j = i + 1; j < k; j++)
            if (g[cells[i]] == g[cells[j]])
                return 0;
    return 1;
}

static const char *check_global(const doku_constraints *cs, doku_constraint_kind kind,
                                const uint8_t *g)
{
    const doku_shape *s = doku_constraints_shape(cs);
    int n = doku_shape_n(s), nc = n * n;
    for (int a = 0; a < nc; a++)
        for (int b = a + 1; b < nc; b++) {
            int dr = abs(a / n - b / n), dc = abs(a % n - b % n);
            int x = g[a], y = g[b];
            switch (kind) {
            case DOKU_CON_ANTI_KNIGHT:
                if (((dr == 1 && dc == 2) || (dr == 2 && dc == 1)) && x == y)
                    return "anti-knight";
                break;
            case DOKU_CON_ANTI_KING:
                if (dr <= 1 && dc <= 1 && x == y)
                    return "anti-king";
                break;
            case DOKU_CON_DISJOINT_GROUPS: {
                int br = doku_shape_box_rows(s), bc = doku_shape_box_cols(s);
                if ((a / n) % br == (b / n) % br && (a % n) % bc == (b % n) % bc && x == y)
                    return "disjoint groups";
                break;
            }
            case DOKU_CON_NON_CONSECUTIVE:
                if (dr + dc == 1 && abs(x - y) == 1)
                    return "non-consecutive";
                break;
            case DOKU_CON_KROPKI_WHITE_ALL:
                if (dr + dc == 1 && abs(x - y) == 1 &&
                    !has_pair(cs, a, b, DOKU_CON_KROPKI_WHITE, DOKU_CON_KROPKI_BLACK))
                    return "all white dots given";
                break;
            case DOKU_CON_KROPKI_BLACK_ALL:
                if (dr + dc == 1 && (x == 2 * y || y == 2 * x) &&
                    !has_pair(cs, a, b, DOKU_CON_KROPKI_WHITE, DOKU_CON_KROPKI_BLACK))
                    return "all black dots given";
                break;
            case DOKU_CON_X_ALL:
                if (dr + dc == 1 && x + y == 10 && !has_pair(cs, a, b, DOKU_CON_X, DOKU_CON_V))
                    return "all X given";
                break;
            case DOKU_CON_V_ALL:
                if (dr + dc == 1 && x + y == 5 && !has_pair(cs, a, b, DOKU_CON_X, DOKU_CON_V))
                    return "all V given";
                break;
            default:
                return "unknown global";
            }
        }
    return NULL;
}

const char *vc_check(const doku_constraints *cs, const uint8_t *g)
{
    const doku_shape *s = doku_constraints_shape(cs);
    int n = doku_shape_n(s);
    for (int u = 0; u < doku_shape_unit_count(s); u++) {
        const uint16_t *cells = doku_shape_unit_cells(s, u);
        if (!all_distinct(g, cells, (size_t)n))
            return "unit";
    }
    for (int c = 0; c < n * n; c++)
        if (g[c] < 1 || g[c] > n)
            return "empty or out-of-range cell";
    for (size_t i = 0; i < doku_constraints_count(cs); i++) {
        doku_constraint c;
        doku_constraints_get(cs, i, &c);
        const uint16_t *x = c.cells;
        size_t k = c.ncells;
        int sum = 0;
        for (size_t j = 0; j < k; j++)
            sum += g[x[j]];
        switch (c.kind) {
        case DOKU_CON_CAGE:
            if (!all_distinct(g, x, k) || (c.nparams && sum != c.params[0]))
                return "killer cage";
            break;
        case DOKU_CON_LITTLE_KILLER:
            if (sum != c.params[0])
                return "little killer";
            break;
        case DOKU_CON_SANDWICH: {
            int p1 = -1, pn = -1, t = 0;
            for (size_t j = 0; j < k; j++) {
                if (g[x[j]] == 1)
                    p1 = (int)j;
                if (g[x[j]] == n)
                    pn = (int)j;
            }
            int lo = p1 < pn ? p1 : pn, hi = p1 < pn ? pn : p1;
            for (int j = lo + 1; j < hi; j++)
                t += g[x[j]];
            if (t != c.params[0])
                return "sandwich";
            break;
        }
        case DOKU_CON_XSUM: {
            int t = 0;
            for (int j = 0; j < g[x[0]]; j++)
                t += g[x[j]];
            if (t != c.params[0])
                return "X-sum";
            break;
        }
        case DOKU_CON_REGION:
            if (!all_distinct(g, x, k))
                return "extra region";
            break;
        case DOKU_CON_THERMO:
            for (size_t j = 1; j < k; j++)
                if (g[x[j]] <= g[x[j - 1]])
                    return "thermometer";
            break;
        case DOKU_CON_ARROW: {
            int m = c.params[0], circle = 0, line = 0;
            for (int j = 0; j < m; j++)
                circle = circle * 10 + g[x[j]];
            for (size_t j = (size_t)m; j < k; j++)
                line += g[x[j]];
            if (circle != line)
                return "arrow";
            break;
        }
        case DOKU_CON_WHISPER: {
            int d = c.nparams ? c.params[0] : (n + 1) / 2;
            for (size_t j = 1; j < k; j++)
                if (abs(g[x[j]] - g[x[j - 1]]) < d)
                    return "German whispers";
            break;
        }
        case DOKU_CON_RENBAN: {
            int lo = n, hi = 1;
            for (size_t j = 0; j < k; j++) {
                lo = g[x[j]] < lo ? g[x[j]] : lo;
                hi = g[x[j]] > hi ? g[x[j]] : hi;
            }
            if (!all_distinct(g, x, k) || hi - lo != (int)k - 1)
                return "renban";
            break;
        }
        case DOKU_CON_PALINDROME:
            for (size_t j = 0; j < k; j++)
                if (g[x[j]] != g[x[k - 1 - j]])
                    return "palindrome";
            break;
        case DOKU_CON_BETWEEN: {
            int a = g[x[0]], b = g[x[k - 1]];
            for (size_t j = 1; j + 1 < k; j++) {
                int v = g[x[j]];
                if (!((a < v && v < b) || (b < v && v < a)))
                    return "between line";
            }
            break;
        }
        case DOKU_CON_REGION_SUM: {
            /* the boxes: the unit of kind box or region holding the cell */
            int target = -1, t = 0;
            for (size_t j = 0; j < k; j++) {
                int same = 0;
                if (j > 0) {
                    int cnt;
                    const uint16_t *us = doku_shape_cell_units(s, x[j], &cnt);
                    for (int q = 0; q < cnt; q++) {
                        doku_unit_kind uk = doku_shape_unit_kind(s, us[q]);
                        if (uk != DOKU_UNIT_BOX && uk != DOKU_UNIT_REGION)
                            continue;
                        const uint16_t *uc = doku_shape_unit_cells(s, us[q]);
                        for (int z = 0; z < n; z++)
                            if (uc[z] == x[j - 1])
                                same = 1;
                    }
                }
                if (j > 0 && !same) {
                    if (target >= 0 && t != target)
                        return "region sum line";
                    target = t;
                    t = 0;
                }
                t += g[x[j]];
            }
            if (target >= 0 && t != target)
                return "region sum line";
            break;
        }
        case DOKU_CON_KROPKI_WHITE:
            if (abs(g[x[0]] - g[x[1]]) != 1)
                return "white dot";
            break;
        case DOKU_CON_KROPKI_BLACK:
            if (g[x[0]] != 2 * g[x[1]] && g[x[1]] != 2 * g[x[0]])
                return "black dot";
            break;
        case DOKU_CON_X:
            if (g[x[0]] + g[x[1]] != 10)
                return "X";
            break;
        case DOKU_CON_V:
            if (g[x[0]] + g[x[1]] != 5)
                return "V";
            break;
        case DOKU_CON_GREATER:
            if (g[x[0]] <= g[x[1]])
                return "greater-than";
            break;
        case DOKU_CON_QUADRUPLE: {
            int used[4] = {0, 0, 0, 0};
            for (size_t p = 0; p < c.nparams; p++) {
                int found = 0;
                for (int j = 0; j < 4 && !found; j++)
                    if (!used[j] && g[x[j]] == c.params[p])
                        used[j] = found = 1;
                if (!found)
                    return "quadruple";
            }
            break;
        }
        case DOKU_CON_EVEN:
        case DOKU_CON_ODD:
            for (size_t j = 0; j < k; j++)
                if ((g[x[j]] % 2 == 0) != (c.kind == DOKU_CON_EVEN))
                    return "parity";
            break;
        case DOKU_CON_MINIMUM:
        case DOKU_CON_MAXIMUM:
            for (int q = 0; q < n * n; q++)
                if (adjacent4(n, x[0], q) &&
                    (c.kind == DOKU_CON_MINIMUM ? g[x[0]] >= g[q] : g[x[0]] <= g[q]))
                    return "minimum/maximum";
            break;
        default: {
            const char *why = check_global(cs, c.kind, g);
            if (why)
                return why;
        }
        }
    }
    return NULL;
}
