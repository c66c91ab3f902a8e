/*
 * write_killer.c — 9x9 killers as SudokuWiki's string ("3x3:d:k:" then
 * sum * 256 + cage number for each cell, 0000 outside every cage) and in
 * the compact format (read_killer.c has both), where each cell points
 * along a king's move towards its cage's head, which holds the sum: the
 * pointers are a breadth-first tree of the cage from its first cell.
 */
#include "write_internal.h"

#include <stdio.h>
#include <string.h>

enum { N = 9, NN = 81 };

/* Refuses what the killer strings cannot carry: another shape, givens,
 * constraints other than cages (with sums for SudokuWiki, which has X
 * too; the compact format writes a cage without a sum as 0).
 * Fills owner[] (cage index or -1). @return DOKU_OK or a refusal. */
static doku_status cages_only(const vw *p, const char *format, int x_ok, int *owner)
{
    char why[160];
    if (p->n != N || p->jigsaw || (p->s->variants & DOKU_VARIANT_HYPER) ||
        (!x_ok && p->s->variants)) {
        snprintf(p->msg, p->cap, "%s carries 9x9 killers only (boxes; %s)", format,
                 x_ok ? "X allowed, no hyper or jigsaw" : "no X, hyper or jigsaw");
        return DOKU_ERR_VARIANT;
    }
    for (int i = 0; p->givens && i < NN; i++)
        if (p->givens[i]) {
            snprintf(p->msg, p->cap, "%s has no givens, and this puzzle has some", format);
            return DOKU_ERR_VARIANT;
        }
    for (int i = 0; i < NN; i++)
        owner[i] = -1;
    for (size_t i = 0; i < doku_constraints_count(p->cs); i++) {
        doku_constraint c;
        doku_constraints_get(p->cs, i, &c);
        if (c.kind != DOKU_CON_CAGE)
            return vw_refuse(p, i, format, "it carries killer cages only");
        if (!c.nparams && x_ok)
            return vw_refuse(p, i, format, "a cage needs its sum");
        if (c.params[0] > 45)
            return vw_refuse(p, i, format, "sums go up to 45");
        for (size_t k = 0; k < c.ncells; k++) {
            if (owner[c.cells[k]] >= 0) {
                snprintf(why, sizeof why, "r%dc%d is in another cage too", c.cells[k] / N + 1,
                         c.cells[k] % N + 1);
                return vw_refuse(p, i, format, why);
            }
            owner[c.cells[k]] = (int)i;
        }
    }
    return DOKU_OK;
}

doku_status vw_sudokuwiki(const vw *p, doku_buf *out)
{
    int owner[NN];
    doku_status st = cages_only(p, "SudokuWiki's killer string", 1, owner);
    if (st != DOKU_OK)
        return st;
    doku_buf_printf(out, "3x3:%s:k:", (p->s->variants & DOKU_VARIANT_X) ? "d" : "");
    for (int i = 0; i < NN; i++) {
        int v = 0;
        if (owner[i] >= 0) {
            doku_constraint c;
            doku_constraints_get(p->cs, (size_t)owner[i], &c);
            v = c.params[0] * 256 + (owner[i] + 1) % 256;
        }
        doku_buf_printf(out, "%04d:", v);
    }
    return DOKU_OK;
}

static char sum_char(int s)
{
    return s <= 9 ? (char)('0' + s) : s <= 35 ? (char)('A' + s - 10) : (char)('a' + s - 36);
}

static char arrow_char(int dr, int dc)
{
    static const char table[3][3] = {{'`', '^', '\''}, {'<', '?', '>'}, {',', 'v', '.'}};
    return table[dr + 1][dc + 1];
}

doku_status vw_killer(const vw *p, doku_buf *out)
{
    int owner[NN];
    doku_status st = cages_only(p, "the compact killer format", 0, owner);
    if (st != DOKU_OK)
        return st;
    for (int i = 0; i < NN; i++)
        if (owner[i] < 0) {
            snprintf(p->msg, p->cap, "the compact killer format needs every cell in a cage; r%dc%d is in none",
                     i / N + 1, i % N + 1);
            return DOKU_ERR_VARIANT;
        }
    char text[NN];
    memset(text, 0, sizeof text);
    for (size_t g = 0; g < doku_constraints_count(p->cs); g++) {
        doku_constraint c;
        doku_constraints_get(p->cs, g, &c);
        int head = c.cells[0];
        for (size_t k = 1; k < c.ncells; k++)
            head = c.cells[k] < head ? c.cells[k] : head;
        int queue[NN], qh = 0, qt = 0;
        text[head] = sum_char(c.nparams ? c.params[0] : 0); /* 0: no sum */
        queue[qt++] = head;
        while (qh < qt) {
            int at = queue[qh++];
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++) {
                    int r = at / N + dr, col = at % N + dc, nb = r * N + col;
                    if ((!dr && !dc) || r < 0 || r >= N || col < 0 || col >= N ||
                        owner[nb] != (int)g || text[nb])
                        continue;
                    text[nb] = arrow_char(-dr, -dc); /* back towards at */
                    queue[qt++] = nb;
                }
        }
        if (qt != (int)c.ncells)
            return vw_refuse(p, g, "the compact killer format", "its cells do not touch one another");
    }
    doku_buf_append(out, text, NN);
    return DOKU_OK;
}
