/*
 * fuzz_generate.c — the generator's contract under arbitrary option
 * structs (raw values: unknown symmetries and levels, crossed or
 * negative givens bounds, odd patterns, keep masks): doku_generate and
 * doku_reduce either refuse with DOKU_ERR_ARG or return a puzzle that is
 * unique, agrees with its solution, lies in the givens band, has the
 * symmetry, level, pattern and minimality asked for; or report that none
 * was found (found = 0). Attempts are capped, so every input is quick.
 */
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Small shapes only: each input may generate a few puzzles. */
static const unsigned KINDS[] = {0, 1, 4, 7, 8, 10, 11, 3};
#define NKINDS (sizeof KINDS / sizeof KINDS[0])

/* The cells symmetry sym maps cell onto (itself included), into out[4].
 * @return their count. */
static int orbit(int n, doku_symmetry sym, int cell, int *out)
{
    int r = cell / n, c = cell % n, k = 0;
    int rs[4] = {r, r, r, r}, cs[4] = {c, c, c, c};
    switch (sym) {
    case DOKU_SYM_ROT180: rs[1] = n - 1 - r; cs[1] = n - 1 - c; break;
    case DOKU_SYM_ROT90:
        rs[1] = c; cs[1] = n - 1 - r;
        rs[2] = n - 1 - r; cs[2] = n - 1 - c;
        rs[3] = n - 1 - c; cs[3] = r;
        break;
    case DOKU_SYM_MIRROR: cs[1] = n - 1 - c; break;
    case DOKU_SYM_FLIP: rs[1] = n - 1 - r; break;
    case DOKU_SYM_DIAGONAL: rs[1] = c; cs[1] = r; break;
    case DOKU_SYM_ANTIDIAGONAL: rs[1] = n - 1 - c; cs[1] = n - 1 - r; break;
    default: break;
    }
    for (int i = 0; i < 4; i++) {
        int x = rs[i] * n + cs[i], dup = 0;
        for (int j = 0; j < k; j++)
            dup |= out[j] == x;
        if (!dup)
            out[k++] = x;
    }
    return k;
}

/* Minimal under sym: emptying any orbit of givens lets a second solution
 * in (the generator removes whole orbits). */
static int is_minimal(doku_solver *sv, const doku_shape *s, doku_symmetry sym, uint8_t *p)
{
    int n = doku_shape_n(s);
    for (int c = 0; c < doku_shape_cells(s); c++) {
        if (!p[c])
            continue;
        int cells[4], keep[4];
        int k = orbit(n, sym, c, cells), partial = 0;
        for (int i = 0; i < k; i++)
            partial |= !p[cells[i]];
        if (partial)
            continue; /* an orbit the start broke is never removed */
        for (int i = 0; i < k; i++) {
            keep[i] = p[cells[i]];
            p[cells[i]] = 0;
        }
        doku_search_opts o = {2, 0, 0, 0};
        doku_search_result r;
        if (doku_search(sv, p, (size_t)doku_shape_cells(doku_solver_shape(sv)), &o, NULL, NULL, NULL, &r) != DOKU_OK)
            abort();
        for (int i = 0; i < k; i++)
            p[cells[i]] = (uint8_t)keep[i];
        if (r.solutions < 2)
            return 0;
    }
    return 1;
}

static void check_puzzle(doku_solver *sv, doku_generator *g, const doku_shape *s,
                         const uint8_t *p, const uint8_t *sol)
{
    int nc = doku_shape_cells(s);
    doku_search_opts o = {2, 0, 0, 0};
    doku_search_result r;
    uint8_t found[DOKU_MAX_CELLS];
    if (doku_search(sv, p, (size_t)nc, &o, found, NULL, NULL, &r) != DOKU_OK || r.solutions != 1 ||
        memcmp(found, sol, (size_t)nc) != 0 || !doku_verify_solution(s, p, sol, (size_t)nc))
        abort();
    (void)g;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static doku_shape *shapes[NKINDS];
    static doku_solver *solvers[NKINDS];
    static doku_generator *gens[NKINDS];
    fz f = {data, size};
    unsigned ki = fz_below(&f, NKINDS);
    if (!shapes[ki]) {
        shapes[ki] = fz_make_shape(&FZ_SHAPES[KINDS[ki]]);
        if (!shapes[ki] || doku_solver_create(shapes[ki], &solvers[ki]) != DOKU_OK ||
            doku_generator_create(shapes[ki], &gens[ki]) != DOKU_OK)
            abort();
    }
    const doku_shape *s = shapes[ki];
    doku_generator *g = gens[ki];
    doku_solver *sv = solvers[ki];
    int nc = doku_shape_cells(s);
    static uint8_t pattern[DOKU_MAX_CELLS], keep[DOKU_MAX_CELLS];
    uint8_t p[DOKU_MAX_CELLS], sol[DOKU_MAX_CELLS];

    doku_generate_opts o;
    memset(&o, 0, sizeof o);
    unsigned flags = fz_byte(&f);
    o.min_givens = (int)fz_byte(&f) - (flags & 1 ? 20 : 0);
    o.max_givens = flags & 2 ? (int)fz_byte(&f) : 0;
    o.minimal = (int)(fz_byte(&f) % 3) - (flags & 4 ? 1 : 0);
    o.symmetry = (doku_symmetry)(fz_byte(&f) % 10);
    o.qqwing_level = (doku_qqwing_level)(fz_byte(&f) % 6);
    o.max_attempts = 1 + fz_byte(&f) % 3;
    o.check_budget = flags & 8 ? 50 + fz_byte(&f) : 0;
    if (flags & 16) {
        unsigned density = fz_byte(&f);
        doku_rng rng;
        doku_rng_seed(&rng, fz_byte(&f));
        for (int c = 0; c < nc; c++)
            pattern[c] = (doku_rng_next(&rng) & 255) < density;
        o.pattern = pattern;
    }
    uint64_t seed = fz_u64(&f);
    doku_generate_result res;
    doku_status st = doku_generate(g, seed, &o, p, sol, (size_t)nc, &res);
    int bad = (unsigned)o.symmetry >= DOKU_SYM_COUNT || (unsigned)o.qqwing_level > DOKU_QQWING_EXPERT ||
              o.min_givens < 0 || o.max_givens < 0 || o.min_givens > nc || o.max_givens > nc ||
              (o.max_givens && o.min_givens > o.max_givens);
    if (bad) {
        if (st != DOKU_ERR_ARG)
            abort();
    } else if (st != DOKU_OK && st != DOKU_GAVE_UP) {
        abort();
    } else if ((st == DOKU_OK) != (res.found != 0)) {
        abort(); /* DOKU_OK exactly when a puzzle is found */
    } else if (res.found) {
        check_puzzle(sv, g, s, p, sol);
        int givens = 0;
        for (int c = 0; c < nc; c++)
            givens += p[c] != 0;
        if (givens != res.givens || (o.max_givens && givens > o.max_givens) ||
            (o.min_givens && givens < o.min_givens))
            abort();
        if (o.pattern)
            for (int c = 0; c < nc; c++)
                if ((p[c] != 0) != (pattern[c] != 0))
                    abort();
        if (!o.pattern && !doku_symmetry_holds(s, res.symmetry, p, (size_t)nc))
            abort();
        doku_qqwing_level have = DOKU_QQWING_ANY;
        if (o.qqwing_level != DOKU_QQWING_ANY &&
            (doku_generator_qqwing_level(g, p, (size_t)nc, &have) != DOKU_OK ||
             have != o.qqwing_level))
            abort();
        doku_symmetry used = o.pattern ? DOKU_SYM_NONE : res.symmetry;
        if (o.minimal && !res.minimal)
            abort();
        if (res.minimal && !is_minimal(sv, s, used, p))
            abort();
    }

    /* doku_reduce from the grid just made, with raw options */
    if (st != DOKU_OK || !res.found)
        return 0;
    doku_reduce_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.target_givens = (int)fz_byte(&f) - (flags & 32 ? 10 : 0);
    ro.symmetry = (doku_symmetry)(fz_byte(&f) % 9);
    ro.qqwing_level = (doku_qqwing_level)(fz_byte(&f) % 6);
    ro.check_budget = flags & 64 ? fz_byte(&f) : 0;
    if (flags & 128) {
        for (int c = 0; c < nc; c++)
            keep[c] = (uint8_t)(fz_byte(&f) & 1);
        ro.keep = keep;
    }
    doku_rng rng;
    doku_rng_seed(&rng, seed);
    uint8_t q[DOKU_MAX_CELLS];
    doku_reduce_result rr;
    st = doku_reduce(g, &rng, sol, flags & 1 ? p : NULL, (size_t)nc, &ro, q, &rr);
    bad = (unsigned)ro.symmetry > DOKU_SYM_RANDOM || (unsigned)ro.qqwing_level > DOKU_QQWING_EXPERT ||
          ro.target_givens < 0 || ro.target_givens > nc;
    if (bad) {
        if (st != DOKU_ERR_ARG)
            abort();
        return 0;
    }
    if (st != DOKU_OK)
        abort();
    check_puzzle(sv, g, s, q, sol);
    for (int c = 0; c < nc; c++)
        if ((ro.keep && ro.keep[c] && !q[c] && (!(flags & 1) || p[c])) ||
            (q[c] && q[c] != sol[c]))
            abort();
    if (rr.minimal && !is_minimal(sv, s, rr.symmetry, q))
        abort();
    return 0;
}
