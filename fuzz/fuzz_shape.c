/*
 * fuzz_shape.c — doku_shape_create on arbitrary specs: any side, box,
 * variant bits, keep_boxes and jigsaw map (mostly near-valid maps made by
 * swapping cells of a valid one, so the checks past "n regions of n
 * cells" are reached). A spec is refused with a status or gives a shape
 * whose tables hold together: every unit is n distinct cells, each cell's
 * unit list names exactly the units containing it, peers are symmetric
 * and exclude the cell, names and descriptions are written. A small
 * search on the empty grid of a created shape reports only valid grids.
 */
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_shape(const doku_shape *s)
{
    int n = doku_shape_n(s), nc = doku_shape_cells(s), nu = doku_shape_unit_count(s);
    if (n < 2 || n > DOKU_MAX_N || nc != n * n || nu < 3 * n)
        abort();
    static uint8_t hits[DOKU_MAX_CELLS];
    static int in_units[DOKU_MAX_CELLS];
    memset(in_units, 0, sizeof in_units);
    char name[64];
    for (int u = 0; u < nu; u++) {
        const uint16_t *cells = doku_shape_unit_cells(s, u);
        if (!cells || doku_shape_unit_kind(s, u) == DOKU_UNIT_NONE ||
            doku_shape_unit_ordinal(s, u) < 0 ||
            doku_shape_unit_name(s, u, name, sizeof name, NULL) != DOKU_OK || !name[0])
            abort();
        memset(hits, 0, (size_t)nc);
        for (int i = 0; i < n; i++) {
            if (cells[i] >= nc || hits[cells[i]]++)
                abort();
            in_units[cells[i]]++;
            /* the cell lists this unit */
            int cnt;
            const uint16_t *cu = doku_shape_cell_units(s, cells[i], &cnt);
            int found = 0;
            for (int j = 0; j < cnt; j++)
                found += cu[j] == u;
            if (found != 1)
                abort();
        }
    }
    for (int c = 0; c < nc; c++) {
        int cnt, np;
        doku_shape_cell_units(s, c, &cnt);
        if (cnt != in_units[c] || cnt < 3)
            abort();
        const uint16_t *peers = doku_shape_peers(s, c, &np);
        for (int j = 0; j < np; j++) {
            int q = peers[j], back, ok = 0;
            if (q == c || q >= nc)
                abort();
            if (n > 16)
                continue; /* symmetry: quadratic in the peers */
            const uint16_t *pq = doku_shape_peers(s, q, &back);
            for (int i = 0; i < back; i++)
                ok |= pq[i] == c;
            if (!ok)
                abort();
        }
        if (doku_cell_name(s, c, name, sizeof name, NULL) != DOKU_OK || !name[0])
            abort();
    }
    if (doku_shape_describe(s, name, sizeof name, NULL) != DOKU_OK || !name[0])
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f = {data, size};
    doku_shape_spec sp;
    memset(&sp, 0, sizeof sp);
    unsigned mode = fz_byte(&f);
    sp.n = (int)fz_byte(&f) - (mode & 0x80 ? 128 : 0);
    sp.box_rows = (int)(fz_byte(&f) % 20) - 2;
    sp.box_cols = (int)(fz_byte(&f) % 20) - 2;
    sp.variants = fz_byte(&f) & (mode & 0x40 ? 0xff : 3);
    sp.keep_boxes = (int)(fz_byte(&f) % 3);
    static uint8_t map[DOKU_MAX_CELLS];
    if (mode & 1) {
        int n = sp.n >= 1 && sp.n <= 25 ? sp.n : 9;
        int nc = n * n;
        /* a valid map (rows as regions, or boxes when the box tiles n),
         * then a few swaps and stray values */
        for (int c = 0; c < nc; c++) {
            int r = c / n, col = c % n;
            if (sp.box_rows > 0 && sp.box_cols > 0 && sp.box_rows * sp.box_cols == n &&
                n % sp.box_rows == 0)
                map[c] = (uint8_t)((r / sp.box_rows) * (n / sp.box_cols) + col / sp.box_cols);
            else
                map[c] = (uint8_t)((r + col * (mode >> 1 & 1)) % n);
        }
        unsigned swaps = fz_byte(&f) % 8;
        for (unsigned i = 0; i < swaps; i++) {
            int a = (int)fz_below(&f, (unsigned)nc), b = (int)fz_below(&f, (unsigned)nc);
            uint8_t t = map[a];
            map[a] = map[b];
            map[b] = t;
        }
        if (mode & 2)
            map[fz_below(&f, (unsigned)nc)] = (uint8_t)fz_byte(&f);
        sp.regions = map;
    }
    doku_shape *s = (doku_shape *)1;
    doku_status st = doku_shape_create(&sp, &s);
    if (st != DOKU_OK) {
        if (s != NULL || st == DOKU_ERR_NOMEM)
            abort();
        return 0;
    }
    check_shape(s);
    if (doku_shape_n(s) <= 16) {
        doku_solver *sv;
        if (doku_solver_create(s, &sv) != DOKU_OK)
            abort();
        static uint8_t empty[DOKU_MAX_CELLS], sol[DOKU_MAX_CELLS];
        /* an empty grid needs about one node per cell for a solution (no
         * backtracking on most shapes): a budget of twice that finds the
         * solutions the check is about, and ends the hopeless ones
         * (irregular maps without a grid) fast */
        uint64_t budget = 2 * (uint64_t)doku_shape_cells(s) + 64;
        doku_search_opts o = {2, budget < 1000 ? budget : 1000, 0, 0};
        doku_search_result r;
        doku_status found = doku_search(sv, empty, (size_t)doku_shape_cells(s), &o, sol, NULL, NULL, &r);
        if (found != DOKU_OK && found != DOKU_GAVE_UP)
            abort();
        if (r.solutions && !doku_verify_solution(s, NULL, sol, (size_t)doku_shape_cells(s)))
            abort();
        doku_solver_free(sv);
    }
    doku_shape_free(s);
    return 0;
}
