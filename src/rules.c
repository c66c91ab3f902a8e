/*
 * rules.c — the rules of Sudoku checked directly from the unit table:
 * conflicting givens and verification of complete grids. Deliberately
 * independent of the search engines so it can check their answers.
 */
#include "shape_internal.h"

doku_status doku_find_conflicts(const doku_shape *s, const uint8_t *cells, size_t ncells,
                                doku_conflict *out, size_t cap, size_t *count)
{
    if (count)
        *count = 0;
    if (!s || !cells || ncells != (size_t)s->ncells || (!out && cap))
        return DOKU_ERR_ARG;
    int n = s->n;
    for (int i = 0; i < s->ncells; i++)
        if (cells[i] > n)
            return DOKU_ERR_ARG;
    size_t found = 0;
    /* A pair is reported for the first unit (in table order) that holds
     * both cells; later units containing the same pair are skipped. */
    for (int u = 0; u < s->nunits; u++) {
        const uint16_t *uc = s->unit_cells + (size_t)u * n;
        for (int i = 0; i < n; i++) {
            int a = uc[i];
            if (!cells[a])
                continue;
            for (int j = i + 1; j < n; j++) {
                int b = uc[j];
                if (cells[b] != cells[a])
                    continue;
                int lo = a < b ? a : b, hi = a < b ? b : a, first = 1;
                for (int k = 0; k < s->cell_nunits[lo] && first; k++) {
                    int v = s->cell_units[lo * s->max_cell_units + k];
                    if (v >= u)
                        break;
                    const uint16_t *vc = s->unit_cells + (size_t)v * n;
                    for (int m = 0; m < n; m++)
                        if (vc[m] == hi) {
                            first = 0;
                            break;
                        }
                }
                if (!first)
                    continue;
                if (found < cap) {
                    out[found].cell_a = lo;
                    out[found].cell_b = hi;
                    out[found].unit = u;
                    out[found].digit = cells[a];
                }
                found++;
            }
        }
    }
    if (count)
        *count = found;
    return DOKU_OK;
}

bool doku_verify_solution(const doku_shape *s, const uint8_t *givens,
                          const uint8_t *solution, size_t ncells)
{
    if (!s || !solution || ncells != (size_t)s->ncells)
        return false;
    int n = s->n;
    for (int i = 0; i < s->ncells; i++) {
        if (solution[i] < 1 || solution[i] > n)
            return 0;
        if (givens && givens[i] && givens[i] != solution[i])
            return 0;
    }
    for (int u = 0; u < s->nunits; u++) {
        uint64_t seen = 0;
        const uint16_t *uc = s->unit_cells + (size_t)u * n;
        for (int i = 0; i < n; i++)
            seen |= (uint64_t)1 << (solution[uc[i]] - 1);
        uint64_t full = n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
        if (seen != full)
            return 0;
    }
    return 1;
}
