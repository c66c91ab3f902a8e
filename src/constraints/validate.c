/*
 * validate.c — whether one constraint is well formed on a shape and can
 * hold at all; a refusal names the constraint, its cells and the reason,
 * so a reader can pass the sentence on as it is.
 */
#include "cons_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Writes "<constraint>: <reason>" into msg. @return 0 (refused). */
static int refuse(const doku_shape *s, doku_constraint_kind kind, const uint16_t *cells,
                  size_t ncells, const int *params, size_t nparams, char *msg, size_t cap,
                  const char *fmt, ...) DOKU_PRINTF(9, 10);
static int refuse(const doku_shape *s, doku_constraint_kind kind, const uint16_t *cells,
                  size_t ncells, const int *params, size_t nparams, char *msg, size_t cap,
                  const char *fmt, ...)
{
    int len = cons_describe(s, kind, cells, ncells, params, nparams, msg, cap);
    size_t at = len < 0 ? 0 : (size_t)len;
    if (at + 2 < cap) {
        memcpy(msg + at, ": ", 3);
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg + at + 2, cap - at - 2, fmt, ap);
        va_end(ap);
    }
    return 0;
}

#define REFUSE(...) refuse(s, kind, cells, ncells, params, nparams, msg, cap, __VA_ARGS__)

/* Sums k distinct digits of 1..n reach: [k(k+1)/2, k(2n-k+1)/2]. */
static int distinct_min(int k) { return k * (k + 1) / 2; }
static int distinct_max(int n, int k) { return k * (2 * n - k + 1) / 2; }

/* 1 when cells are one whole row or column of the grid in order (either
 * direction). */
static int is_line_of_grid(int n, const uint16_t *cells, size_t ncells)
{
    if ((int)ncells != n)
        return 0;
    int step = cells[1] - cells[0];
    if (step != 1 && step != -1 && step != n && step != -n)
        return 0;
    for (int i = 1; i < n; i++) {
        if (cells[i] - cells[i - 1] != step)
            return 0;
        if ((step == 1 || step == -1) && cells[i] / n != cells[0] / n)
            return 0;
    }
    return 1;
}

int cons_validate(const doku_shape *s, doku_constraint_kind kind, const uint16_t *cells,
                  size_t ncells, const int *params, size_t nparams, char *msg, size_t cap)
{
    int n = s->n;
    if ((int)kind <= 0 || (int)kind >= DOKU_CON_KIND_COUNT) {
        snprintf(msg, cap, "unknown constraint kind %d", (int)kind);
        return 0;
    }
    for (size_t i = 0; i < ncells; i++) {
        if (cells[i] >= s->ncells)
            return REFUSE("cell #%u is outside the %dx%d grid", (unsigned)cells[i], n, n);
        for (size_t j = 0; j < i; j++)
            if (cells[j] == cells[i])
                return REFUSE("r%dc%d is listed twice", cells[i] / n + 1, cells[i] % n + 1);
    }
    int k = (int)ncells;
    int global = kind == DOKU_CON_DISJOINT_GROUPS || kind == DOKU_CON_KROPKI_WHITE_ALL ||
                 kind == DOKU_CON_KROPKI_BLACK_ALL || kind == DOKU_CON_X_ALL ||
                 kind == DOKU_CON_V_ALL || kind == DOKU_CON_ANTI_KNIGHT ||
                 kind == DOKU_CON_ANTI_KING || kind == DOKU_CON_NON_CONSECUTIVE;
    if (global) {
        if (ncells || nparams)
            return REFUSE("takes no cells and no numbers");
        if (kind == DOKU_CON_DISJOINT_GROUPS && !s->box_rows)
            return REFUSE("needs boxes, and this grid has jigsaw regions");
        return 1;
    }
    if (!ncells)
        return REFUSE("has no cells");
    for (size_t i = 0; i < nparams; i++)
        if (params[i] < 0 || params[i] > 100000)
            return REFUSE("number %d is out of range", params[i]);
    int sum = nparams ? params[0] : 0;
    switch (kind) {
    case DOKU_CON_CAGE:
        if (k > n)
            return REFUSE("%d cells cannot hold distinct digits 1-%d", k, n);
        if (nparams > 1)
            return REFUSE("takes one sum at most");
        if (nparams && (sum < distinct_min(k) || sum > distinct_max(n, k)))
            return REFUSE("no %d distinct digits of 1-%d sum to %d (%d to %d)", k, n, sum,
                          distinct_min(k), distinct_max(n, k));
        return 1;
    case DOKU_CON_LITTLE_KILLER: {
        if (nparams != 1)
            return REFUSE("needs its sum");
        int d0 = cells[0] / n - cells[0] % n, a0 = cells[0] / n + cells[0] % n, same_d = 1,
            same_a = 1;
        for (int i = 1; i < k; i++) {
            same_d &= cells[i] / n - cells[i] % n == d0;
            same_a &= cells[i] / n + cells[i] % n == a0;
        }
        if (!same_d && !same_a)
            return REFUSE("the cells are not on one diagonal");
        if (sum < k || sum > k * n)
            return REFUSE("%d cells of 1-%d cannot sum to %d", k, n, sum);
        return 1;
    }
    case DOKU_CON_SANDWICH:
        if (nparams != 1)
            return REFUSE("needs its sum");
        if (!is_line_of_grid(n, cells, ncells))
            return REFUSE("the cells are not one row or column");
        /* at most 2 + ... + (n-1), every digit but 1 and n between them */
        if (sum < 0 || sum > distinct_max(n - 1, n - 2))
            return REFUSE("the digits between 1 and %d cannot sum to %d", n, sum);
        return 1;
    case DOKU_CON_XSUM:
        if (nparams != 1)
            return REFUSE("needs its sum");
        if (!is_line_of_grid(n, cells, ncells))
            return REFUSE("the cells are not one row or column");
        if (sum < 1 || sum > distinct_max(n, n))
            return REFUSE("no first X digits sum to %d", sum);
        return 1;
    case DOKU_CON_REGION:
    case DOKU_CON_RENBAN:
        if (nparams)
            return REFUSE("takes no numbers");
        if (k < 2 || k > n)
            return REFUSE("%d cells cannot hold distinct digits 1-%d", k, n);
        if (kind == DOKU_CON_REGION)
            return 1; /* a region's cells need not touch */
        break;
    case DOKU_CON_THERMO:
        if (nparams)
            return REFUSE("takes no numbers");
        if (k < 2 || k > n)
            return REFUSE("%d cells cannot rise through digits 1-%d", k, n);
        break;
    case DOKU_CON_ARROW: {
        if (nparams != 1 || params[0] < 1 || params[0] >= k)
            return REFUSE("needs its circle's size, 1 to %d cells", k - 1);
        int m = params[0];
        if (m > 3)
            return REFUSE("a circle of %d cells is not supported (3 at most)", m);
        for (int i = 1; i < m; i++)
            if (!cons_king_adjacent(n, cells[i - 1], cells[i]))
                return REFUSE("circle cells r%dc%d and r%dc%d do not touch",
                              cells[i - 1] / n + 1, cells[i - 1] % n + 1, cells[i] / n + 1,
                              cells[i] % n + 1);
        int touch = 0;
        for (int i = 0; i < m; i++)
            touch |= cons_king_adjacent(n, cells[i], cells[m]);
        if (!touch)
            return REFUSE("the arrow's first cell r%dc%d does not touch its circle",
                          cells[m] / n + 1, cells[m] % n + 1);
        for (int i = m + 1; i < k; i++)
            if (!cons_king_adjacent(n, cells[i - 1], cells[i]))
                return REFUSE("r%dc%d and r%dc%d are not adjacent", cells[i - 1] / n + 1,
                              cells[i - 1] % n + 1, cells[i] / n + 1, cells[i] % n + 1);
        /* the arrow's largest total must reach the circle's smallest */
        int lo = 1;
        for (int i = 1; i < m; i++)
            lo = lo * 10 + 1;
        if (k - m < 1 || (k - m) * n < lo)
            return REFUSE("its %d arrow cells cannot reach %d", k - m, lo);
        return 1;
    }
    case DOKU_CON_WHISPER:
        if (nparams > 1 || (nparams && (sum < 1 || sum >= n)))
            return REFUSE("the difference must be 1 to %d", n - 1);
        if (k < 2)
            return REFUSE("a line needs two cells");
        break;
    case DOKU_CON_PALINDROME:
    case DOKU_CON_REGION_SUM:
        if (nparams)
            return REFUSE("takes no numbers");
        if (k < 2)
            return REFUSE("a line needs two cells");
        break;
    case DOKU_CON_BETWEEN:
        if (nparams)
            return REFUSE("takes no numbers");
        if (k < 3)
            return REFUSE("a between line needs its two ends and a cell between");
        if (k - 2 > n - 2)
            return REFUSE("%d cells cannot lie strictly between two digits of 1-%d", k - 2, n);
        break;
    case DOKU_CON_KROPKI_WHITE:
    case DOKU_CON_KROPKI_BLACK:
    case DOKU_CON_X:
    case DOKU_CON_V:
        if (nparams)
            return REFUSE("takes no numbers");
        if (k != 2 || !cons_orth_adjacent(n, cells[0], cells[1]))
            return REFUSE("needs two cells that share a side");
        if (kind == DOKU_CON_X && n < 6)
            return REFUSE("no two different digits of 1-%d sum to 10", n);
        if (kind == DOKU_CON_V && n < 3)
            return REFUSE("no two different digits of 1-%d sum to 5", n);
        return 1;
    case DOKU_CON_GREATER:
        if (nparams || k != 2)
            return REFUSE("needs two cells and no numbers");
        return 1;
    case DOKU_CON_QUADRUPLE: {
        if (k != 4)
            return REFUSE("needs the four cells around a point");
        int minc = cells[0], maxc = cells[0];
        for (int i = 1; i < 4; i++) {
            minc = cells[i] < minc ? cells[i] : minc;
            maxc = cells[i] > maxc ? cells[i] : maxc;
        }
        if (minc % n == n - 1 || maxc != minc + n + 1)
            return REFUSE("the cells are not a 2x2 block");
        if (nparams < 1 || nparams > 4)
            return REFUSE("needs 1 to 4 digits");
        for (size_t i = 0; i < nparams; i++) {
            int times = 0;
            if (params[i] < 1 || params[i] > n)
                return REFUSE("digit %d is not one of 1-%d", params[i], n);
            for (size_t j = 0; j < nparams; j++)
                times += params[j] == params[i];
            if (times > 2)
                return REFUSE("digit %d cannot appear %d times in a 2x2 block", params[i],
                              times);
        }
        return 1;
    }
    case DOKU_CON_EVEN:
    case DOKU_CON_ODD:
        if (nparams)
            return REFUSE("takes no numbers");
        return 1;
    case DOKU_CON_MINIMUM:
    case DOKU_CON_MAXIMUM:
        if (nparams || k != 1)
            return REFUSE("takes one cell");
        return 1;
    default:
        return REFUSE("is not a constraint of cells");
    }
    /* the lines that fell through: each cell touches the next */
    for (int i = 1; i < k; i++)
        if (!cons_king_adjacent(n, cells[i - 1], cells[i]))
            return REFUSE("r%dc%d and r%dc%d are not adjacent", cells[i - 1] / n + 1,
                          cells[i - 1] % n + 1, cells[i] / n + 1, cells[i] % n + 1);
    return 1;
}
