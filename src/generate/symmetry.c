/*
 * symmetry.c — symmetries of the givens' positions, as orbits of cells.
 *
 * Each symmetry is one map of (row, col); an orbit is what repeated
 * application reaches (2 cells for a reflection or half turn, 4 for a
 * quarter turn, 1 on a fixed point). Clue removal works orbit by orbit, so
 * a symmetric start stays symmetric.
 */
#include "gen_internal.h"

#include <string.h>

static const char *const sym_names[DOKU_SYM_COUNT] = {
    "none", "rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal",
    "random"};

const char *doku_symmetry_name(doku_symmetry sym)
{
    return (unsigned)sym < DOKU_SYM_COUNT ? sym_names[sym] : "?";
}

static int sym_map(int n, doku_symmetry sym, int cell)
{
    int r = cell / n, c = cell % n, m = n - 1;
    switch (sym) {
    case DOKU_SYM_ROT180: return (m - r) * n + (m - c);
    case DOKU_SYM_ROT90: return c * n + (m - r);
    case DOKU_SYM_MIRROR: return r * n + (m - c);
    case DOKU_SYM_FLIP: return (m - r) * n + c;
    case DOKU_SYM_DIAGONAL: return c * n + r;
    case DOKU_SYM_ANTIDIAGONAL: return (m - c) * n + (m - r);
    default: return cell;
    }
}

int gen_orbit(const doku_shape *s, doku_symmetry sym, int cell, int *out)
{
    int k = 0, c = cell;
    if (sym == DOKU_SYM_NONE) {
        out[0] = cell; /* the default: no map to compute */
        return 1;
    }
    do {
        out[k++] = c;
        c = sym_map(s->n, sym, c);
    } while (c != cell && k < GEN_MAX_ORBIT);
    return k;
}

static int holds(const doku_shape *s, doku_symmetry sym, const uint8_t *p)
{
    for (int c = 0; c < s->ncells; c++)
        if (!p[c] != !p[sym_map(s->n, sym, c)])
            return 0;
    return 1;
}

bool doku_symmetry_holds(const doku_shape *s, doku_symmetry sym,
                         const uint8_t *puzzle, size_t ncells)
{
    if (!s || !puzzle || ncells != (size_t)s->ncells || (unsigned)sym >= DOKU_SYM_COUNT)
        return false;
    if (sym != DOKU_SYM_RANDOM)
        return holds(s, sym, puzzle);
    for (int i = 0; i < DOKU_SYM_RANDOM; i++)
        if (holds(s, (doku_symmetry)i, puzzle))
            return true;
    return false;
}
