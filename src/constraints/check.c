/*
 * check.c — which constraints the filled cells of a grid already break
 * (doku_constraints_check). Only what the filled cells prove is reported,
 * so a partly filled grid that could still be completed reports nothing.
 */
#include "cons_internal.h"

#include <stdlib.h>

typedef struct sink {
    doku_violation *out;
    size_t cap;
    long found;
} sink;

static void report(sink *k, size_t ci, int a, int b)
{
    if ((size_t)k->found < k->cap)
        k->out[k->found] = (doku_violation){ci, a, b};
    k->found++;
}

/* The marks that lift a negative rule from a pair: 1 when a constraint of
 * one of the kinds (a, b) joins cells p and q. */
static int marked(const doku_constraints *cs, int p, int q, doku_constraint_kind a,
                  doku_constraint_kind b)
{
    for (size_t i = 0; i < cs->count; i++) {
        const cons_item *it = &cs->items[i];
        if ((it->kind != a && it->kind != b) || it->ncells != 2)
            continue;
        const uint16_t *c = cs->cells + it->cell_off;
        if ((c[0] == p && c[1] == q) || (c[0] == q && c[1] == p))
            return 1;
    }
    return 0;
}

/* Whether digits x and y (both nonzero) may sit on a pair of this kind. */
static int pair_ok(doku_constraint_kind kind, int x, int y, int d)
{
    switch (kind) {
    case DOKU_CON_KROPKI_WHITE: return x - y == 1 || y - x == 1;
    case DOKU_CON_KROPKI_BLACK: return x == 2 * y || y == 2 * x;
    case DOKU_CON_X: return x + y == 10;
    case DOKU_CON_V: return x + y == 5;
    case DOKU_CON_GREATER: return x > y;
    case DOKU_CON_WHISPER: return abs(x - y) >= d;
    case DOKU_CON_KROPKI_WHITE_ALL:
    case DOKU_CON_NON_CONSECUTIVE: return abs(x - y) != 1;
    case DOKU_CON_KROPKI_BLACK_ALL: return x != 2 * y && y != 2 * x;
    case DOKU_CON_X_ALL: return x + y != 10;
    case DOKU_CON_V_ALL: return x + y != 5;
    default: return 1;
    }
}

static void check_distinct(sink *k, size_t ci, const uint16_t *c, size_t m, const uint8_t *g)
{
    for (size_t i = 0; i < m; i++)
        for (size_t j = i + 1; j < m; j++)
            if (g[c[i]] && g[c[i]] == g[c[j]])
                report(k, ci, c[i], c[j]);
}

/* Sum of the cells, or -1 when one is empty. */
static int full_sum(const uint16_t *c, size_t m, const uint8_t *g)
{
    int t = 0;
    for (size_t i = 0; i < m; i++) {
        if (!g[c[i]])
            return -1;
        t += g[c[i]];
    }
    return t;
}

static void check_global(const doku_constraints *cs, sink *k, size_t ci, doku_constraint_kind kind,
                         const uint8_t *g)
{
    const doku_shape *s = cs->shape;
    int n = s->n;
    for (int p = 0; p < s->ncells; p++) {
        if (!g[p])
            continue;
        int r = p / n, c = p % n;
        if (kind == DOKU_CON_ANTI_KNIGHT || kind == DOKU_CON_ANTI_KING) {
            static const int knight[8][2] = {{1, 2}, {2, 1}, {1, -2}, {2, -1},
                                             {-1, 2}, {-2, 1}, {-1, -2}, {-2, -1}};
            static const int king[8][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1},
                                           {0, 1}, {1, 0}, {0, -1}, {-1, 0}};
            const int(*mv)[2] = kind == DOKU_CON_ANTI_KNIGHT ? knight : king;
            for (int m = 0; m < 8; m++) {
                int rr = r + mv[m][0], cc = c + mv[m][1], q = rr * n + cc;
                if (rr >= 0 && rr < n && cc >= 0 && cc < n && q > p && g[q] == g[p])
                    report(k, ci, p, q);
            }
        } else if (kind == DOKU_CON_DISJOINT_GROUPS) {
            int br = s->box_rows, bc = s->box_cols;
            for (int q = p + 1; q < s->ncells; q++)
                if (g[q] == g[p] && (q / n) % br == r % br && (q % n) % bc == c % bc)
                    report(k, ci, p, q);
        } else {
            int nb[4], m = cons_orth(n, p, nb);
            for (int i = 0; i < m; i++) {
                int q = nb[i];
                if (q < p || !g[q] || pair_ok(kind, g[p], g[q], 0))
                    continue;
                int lifted = 0;
                if (kind == DOKU_CON_KROPKI_WHITE_ALL || kind == DOKU_CON_KROPKI_BLACK_ALL)
                    lifted = marked(cs, p, q, DOKU_CON_KROPKI_WHITE, DOKU_CON_KROPKI_BLACK);
                else if (kind == DOKU_CON_X_ALL || kind == DOKU_CON_V_ALL)
                    lifted = marked(cs, p, q, DOKU_CON_X, DOKU_CON_V);
                if (!lifted)
                    report(k, ci, p, q);
            }
        }
    }
}

/* The number the first m cells read in base 10, or -1 if one is empty. */
static int circle_value(const uint16_t *c, int m, const uint8_t *g)
{
    int v = 0;
    for (int i = 0; i < m; i++) {
        if (!g[c[i]])
            return -1;
        v = v * 10 + g[c[i]];
    }
    return v;
}

static void check_one(const doku_constraints *cs, sink *k, size_t ci, const uint8_t *g)
{
    const cons_item *it = &cs->items[ci];
    const uint16_t *c = cs->cells + it->cell_off;
    const int *pr = cs->params + it->param_off;
    size_t m = it->ncells;
    const doku_shape *s = cs->shape;
    int n = s->n;
    switch (it->kind) {
    case DOKU_CON_CAGE:
        check_distinct(k, ci, c, m, g);
        if (it->nparams && full_sum(c, m, g) >= 0 && full_sum(c, m, g) != pr[0])
            report(k, ci, -1, -1);
        break;
    case DOKU_CON_LITTLE_KILLER:
        if (full_sum(c, m, g) >= 0 && full_sum(c, m, g) != pr[0])
            report(k, ci, -1, -1);
        break;
    case DOKU_CON_SANDWICH: {
        int lo = -1, hi = -1;
        for (size_t i = 0; i < m; i++) {
            if (g[c[i]] == 1)
                lo = (int)i;
            if (g[c[i]] == n)
                hi = (int)i;
        }
        if (lo < 0 || hi < 0)
            break;
        int a = lo < hi ? lo : hi, b = lo < hi ? hi : lo;
        int t = b - a > 1 ? full_sum(c + a + 1, (size_t)(b - a - 1), g) : 0;
        if (t >= 0 && t != pr[0])
            report(k, ci, -1, -1);
        break;
    }
    case DOKU_CON_XSUM: {
        int x = g[c[0]];
        if (x && full_sum(c, (size_t)x, g) >= 0 && full_sum(c, (size_t)x, g) != pr[0])
            report(k, ci, -1, -1);
        break;
    }
    case DOKU_CON_REGION:
        check_distinct(k, ci, c, m, g);
        break;
    case DOKU_CON_RENBAN: {
        check_distinct(k, ci, c, m, g);
        int lo = n + 1, hi = 0;
        for (size_t i = 0; i < m; i++)
            if (g[c[i]]) {
                lo = g[c[i]] < lo ? g[c[i]] : lo;
                hi = g[c[i]] > hi ? g[c[i]] : hi;
            }
        if (hi && hi - lo > (int)m - 1)
            report(k, ci, -1, -1);
        break;
    }
    case DOKU_CON_THERMO:
        for (size_t i = 0; i < m; i++)
            for (size_t j = i + 1; j < m; j++)
                if (g[c[i]] && g[c[j]] && g[c[j]] - g[c[i]] < (int)(j - i))
                    report(k, ci, c[i], c[j]);
        break;
    case DOKU_CON_ARROW: {
        int cm = pr[0];
        int v = circle_value(c, cm, g), t = full_sum(c + cm, m - (size_t)cm, g);
        if (v >= 0 && t >= 0 && v != t)
            report(k, ci, -1, -1);
        break;
    }
    case DOKU_CON_WHISPER: {
        int d = cons_whisper_diff(n, pr, it->nparams);
        for (size_t i = 1; i < m; i++)
            if (g[c[i - 1]] && g[c[i]] && !pair_ok(DOKU_CON_WHISPER, g[c[i - 1]], g[c[i]], d))
                report(k, ci, c[i - 1], c[i]);
        break;
    }
    case DOKU_CON_PALINDROME:
        for (size_t i = 0; i < m / 2; i++)
            if (g[c[i]] && g[c[m - 1 - i]] && g[c[i]] != g[c[m - 1 - i]])
                report(k, ci, c[i], c[m - 1 - i]);
        break;
    case DOKU_CON_BETWEEN: {
        int a = g[c[0]], b = g[c[m - 1]];
        if (!a || !b)
            break;
        int lo = a < b ? a : b, hi = a < b ? b : a;
        for (size_t i = 1; i + 1 < m; i++)
            if (g[c[i]] && (g[c[i]] <= lo || g[c[i]] >= hi))
                report(k, ci, c[i], -1);
        break;
    }
    case DOKU_CON_REGION_SUM: {
        /* pieces: maximal runs of the line inside one box or region */
        int first = -1, sum = 0, ok = 1;
        size_t i = 0;
        while (i < m && ok) {
            int box = s->cell_box[c[i]], t = 0;
            size_t j = i;
            for (; j < m && s->cell_box[c[j]] == box; j++) {
                if (!g[c[j]])
                    ok = 0;
                t += g[c[j]];
            }
            if (ok && first < 0) {
                first = 1;
                sum = t;
            } else if (ok && t != sum) {
                report(k, ci, -1, -1);
                ok = 0;
            }
            i = j;
        }
        break;
    }
    case DOKU_CON_KROPKI_WHITE:
    case DOKU_CON_KROPKI_BLACK:
    case DOKU_CON_X:
    case DOKU_CON_V:
    case DOKU_CON_GREATER:
        if (g[c[0]] && g[c[1]] && !pair_ok(it->kind, g[c[0]], g[c[1]], 0))
            report(k, ci, c[0], c[1]);
        break;
    case DOKU_CON_QUADRUPLE: {
        int need[DOKU_CONSTRAINTS_MAX_N + 1] = {0}, empty = 0, missing = 0;
        for (size_t i = 0; i < it->nparams; i++)
            need[pr[i]]++;
        for (size_t i = 0; i < m; i++) {
            if (!g[c[i]])
                empty++;
            else if (need[g[c[i]]] > 0)
                need[g[c[i]]]--;
        }
        for (int d = 1; d <= n; d++)
            missing += need[d];
        if (missing > empty)
            report(k, ci, -1, -1);
        break;
    }
    case DOKU_CON_EVEN:
    case DOKU_CON_ODD:
        for (size_t i = 0; i < m; i++)
            if (g[c[i]] && (g[c[i]] % 2 == 0) != (it->kind == DOKU_CON_EVEN))
                report(k, ci, c[i], -1);
        break;
    case DOKU_CON_MINIMUM:
    case DOKU_CON_MAXIMUM: {
        int nb[4], cnt = cons_orth(n, c[0], nb);
        for (int i = 0; i < cnt && g[c[0]]; i++) {
            int q = nb[i];
            if (g[q] && (it->kind == DOKU_CON_MINIMUM ? g[c[0]] >= g[q] : g[c[0]] <= g[q]))
                report(k, ci, c[0], q);
        }
        break;
    }
    default:
        check_global(cs, k, ci, it->kind, g);
        break;
    }
}

doku_status doku_constraints_check(const doku_constraints *cs, const uint8_t *cells,
                                   size_t ncells, doku_violation *out, size_t cap, size_t *count)
{
    if (count)
        *count = 0;
    if (!cs || !cells || (!out && cap) || ncells != (size_t)cs->shape->ncells)
        return DOKU_ERR_ARG;
    for (int i = 0; i < cs->shape->ncells; i++)
        if (cells[i] > cs->shape->n)
            return DOKU_ERR_ARG;
    sink k = {out, cap, 0};
    for (size_t i = 0; i < cs->count; i++)
        check_one(cs, &k, i, cells);
    if (count)
        *count = (size_t)k.found;
    return DOKU_OK;
}
