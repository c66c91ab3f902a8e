/*
 * variant_draw.c — random constraints that a given filled grid obeys, for
 * the tests of the constraint engine and of the logic on variants (moved
 * from test_constraints.c so both draw puzzles the same way).
 */
#include "variant_draw.h"
#include "variant_checker.h"

#include <stddef.h>

static uint64_t rng_next(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}
static int rnd(uint64_t *s, int k) { return (int)(rng_next(s) % (uint64_t)k); }

int vd_rnd(uint64_t *s, int k) { return rnd(s, k); }

/* A king-move walk of up to len distinct cells from a random start. */
static int walk(uint64_t *s, int n, int len, uint16_t *cells, int orth)
{
    cells[0] = (uint16_t)rnd(s, n * n);
    int k = 1;
    while (k < len) {
        int tries = 0, next = -1;
        while (tries++ < 20 && next < 0) {
            int dr = rnd(s, 3) - 1, dc = rnd(s, 3) - 1;
            if (orth && dr && dc)
                continue;
            int r = cells[k - 1] / n + dr, c = cells[k - 1] % n + dc;
            if ((!dr && !dc) || r < 0 || r >= n || c < 0 || c >= n)
                continue;
            int cand = r * n + c, dup = 0;
            for (int i = 0; i < k; i++)
                dup |= cells[i] == cand;
            if (!dup)
                next = cand;
        }
        if (next < 0)
            break;
        cells[k++] = (uint16_t)next;
    }
    return k;
}

/* Tries to add one random constraint of kind that g obeys. @return 1 if
 * added. */
int vd_add_true(doku_constraints *cs, const doku_shape *sh, doku_constraint_kind kind,
                    const uint8_t *g, uint64_t *s)
{
    int n = doku_shape_n(sh);
    for (int attempt = 0; attempt < 200; attempt++) {
        uint16_t cells[256];
        int params[4], np = 0, k = 0;
        switch (kind) {
        case DOKU_CON_CAGE:
        case DOKU_CON_REGION:
            k = walk(s, n, 2 + rnd(s, 3), cells, 1);
            if (kind == DOKU_CON_CAGE && rnd(s, 4)) {
                params[np] = 0;
                for (int i = 0; i < k; i++)
                    params[np] += g[cells[i]];
                np++;
            }
            break;
        case DOKU_CON_LITTLE_KILLER: {
            int r = rnd(s, n - 1), c = 0;
            for (; r < n && c < n; r++, c++)
                cells[k++] = (uint16_t)(r * n + c);
            params[0] = 0;
            for (int i = 0; i < k; i++)
                params[0] += g[cells[i]];
            np = 1;
            break;
        }
        case DOKU_CON_SANDWICH:
        case DOKU_CON_XSUM: {
            int line = rnd(s, n), col = rnd(s, 2), rev = rnd(s, 2);
            for (int i = 0; i < n; i++) {
                int t = rev ? n - 1 - i : i;
                cells[k++] = (uint16_t)(col ? t * n + line : line * n + t);
            }
            int t = 0;
            if (kind == DOKU_CON_XSUM) {
                for (int i = 0; i < g[cells[0]]; i++)
                    t += g[cells[i]];
            } else {
                int in = 0;
                for (int i = 0; i < n; i++) {
                    int v = g[cells[i]];
                    if (v == 1 || v == n)
                        in = !in;
                    else if (in)
                        t += v;
                }
            }
            params[0] = t;
            np = 1;
            break;
        }
        case DOKU_CON_THERMO:
        case DOKU_CON_WHISPER:
        case DOKU_CON_RENBAN:
        case DOKU_CON_PALINDROME:
        case DOKU_CON_BETWEEN:
        case DOKU_CON_REGION_SUM:
            k = walk(s, n, 2 + rnd(s, 3), cells, 0);
            if (kind == DOKU_CON_WHISPER && rnd(s, 2))
                params[np++] = 1 + rnd(s, n / 2);
            break;
        case DOKU_CON_ARROW:
            /* 2-5 cells: the pair, the exact short rule (3-4), the sum */
            k = walk(s, n, 2 + rnd(s, 4), cells, 0);
            params[np++] = 1;
            break;
        case DOKU_CON_KROPKI_WHITE:
        case DOKU_CON_KROPKI_BLACK:
        case DOKU_CON_X:
        case DOKU_CON_V:
        case DOKU_CON_GREATER:
            k = walk(s, n, 2, cells, 1);
            break;
        case DOKU_CON_QUADRUPLE: {
            int r = rnd(s, n - 1), c = rnd(s, n - 1), m = 1 + rnd(s, 3);
            cells[0] = (uint16_t)(r * n + c);
            cells[1] = (uint16_t)(r * n + c + 1);
            cells[2] = (uint16_t)((r + 1) * n + c);
            cells[3] = (uint16_t)((r + 1) * n + c + 1);
            k = 4;
            for (int i = 0; i < m; i++)
                params[np++] = g[cells[i]];
            break;
        }
        case DOKU_CON_EVEN:
        case DOKU_CON_ODD:
        case DOKU_CON_MINIMUM:
        case DOKU_CON_MAXIMUM:
            cells[0] = (uint16_t)rnd(s, n * n);
            k = 1;
            break;
        default:
            /* the global rules: true of g or not, the counts must agree */
            return doku_constraints_add(cs, kind, NULL, 0, NULL, 0) == DOKU_OK;
        }
        if (k < 1)
            continue;
        doku_constraints *one;
        if (doku_constraints_create(sh, &one) != DOKU_OK)
            return 0;
        int ok = doku_constraints_add(one, kind, cells, (size_t)k, params, (size_t)np) ==
                     DOKU_OK &&
                 vc_check(one, g) == NULL;
        doku_constraints_free(one);
        if (ok)
            return doku_constraints_add(cs, kind, cells, (size_t)k, params, (size_t)np) ==
                   DOKU_OK;
    }
    return 0;
}
