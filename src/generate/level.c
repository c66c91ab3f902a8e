/*
 * level.c — the difficulty levels the generator targets (qqwing's
 * definitions), as closures of growing technique sets.
 *
 * Level k is the smallest technique set whose repeated application solves
 * the puzzle: {naked singles} → SIMPLE, + hidden singles → EASY, + naked
 * and hidden pairs and pointing/claiming → INTERMEDIATE, else EXPERT.
 * Each technique only removes candidates, so a set's closure does not
 * depend on the order of steps, and "needs level k" is well defined. All
 * techniques loop over the unit table, so variants take part for free.
 * This is deliberately small: it classifies and guides clue removal fast;
 * the full grader with ratings lives in the logic engine.
 */
#include "gen_internal.h"
#include "unit_pairs.h"

#include <stdlib.h>
#include <string.h>

/* 1 if m has exactly two bits. */
static int is_pair(uint64_t m)
{
    uint64_t rest = m & (m - 1);
    return rest && !(rest & (rest - 1));
}

int gen_level_init(doku_generator *g)
{
    /* The shared table, flattened per unit (other unit, both overlaps) so
     * the pointing loop reads three arrays in step. */
    unit_pairs up;
    if (unit_pairs_build(g->s, &up) != DOKU_OK)
        return -1;
    int nu = g->s->nunits;
    size_t count = 2 * up.npairs;
    g->ix_start = malloc(sizeof(int) * (size_t)(nu + 1));
    g->ix_unit = malloc(sizeof(uint16_t) * (count + 1));
    g->ix_in_u = malloc(sizeof(uint64_t) * (count + 1));
    g->ix_in_v = malloc(sizeof(uint64_t) * (count + 1));
    if (!g->ix_start || !g->ix_unit || !g->ix_in_u || !g->ix_in_v) {
        unit_pairs_free(&up);
        return -1;
    }
    for (int u = 0; u <= nu; u++)
        g->ix_start[u] = (int)up.first[u];
    for (size_t e = 0; e < count; e++) {
        const unit_pair *p = &up.pairs[up.at[e] >> 1];
        int side = (int)(up.at[e] & 1);
        g->ix_unit[e] = p->unit[!side];
        g->ix_in_u[e] = p->in[side];
        g->ix_in_v[e] = p->in[!side];
    }
    unit_pairs_free(&up);
    return 0;
}

/* Naked pairs, hidden pairs and pointing/claiming (a digit confined to
 * the intersection of two units) over every unit. @return -1 on a
 * contradiction, else whether anything was eliminated. */
static int pairs_and_intersections(const doku_generator *g, cands_grid *st)
{
    const doku_shape *s = st->s;
    int n = s->n, progress = 0;
    uint64_t pos[DOKU_MAX_N];
    int pairs[DOKU_MAX_N];
    for (int u = 0; u < s->nunits; u++) {
        const uint16_t *uc = s->unit_cells + (size_t)u * n;
        /* where each unplaced digit can go in u; the cells holding pairs */
        int npairs = 0, open = 0;
        memset(pos, 0, sizeof(uint64_t) * (size_t)n);
        for (int i = 0; i < n; i++) {
            if (st->val[uc[i]])
                continue;
            open++;
            uint64_t m = st->cand[uc[i]];
            if (is_pair(m))
                pairs[npairs++] = i;
            for (; m; m &= m - 1)
                pos[__builtin_ctzll(m)] |= (uint64_t)1 << i;
        }
        if (open < 2)
            continue;
        /* naked pairs */
        for (int a = 0; a < npairs && open > 2; a++) {
            uint64_t m = st->cand[uc[pairs[a]]];
            for (int b = a + 1; b < npairs; b++) {
                if (st->cand[uc[pairs[b]]] != m)
                    continue;
                for (int k = 0; k < n; k++) {
                    if (k == pairs[a] || k == pairs[b] || !(st->cand[uc[k]] & m))
                        continue;
                    int r = cands_eliminate(st, uc[k], m);
                    if (r < 0)
                        return -1;
                    progress |= r;
                }
            }
        }
        /* hidden pairs */
        for (int a = 0; a < n && open > 2; a++) {
            if (!is_pair(pos[a]))
                continue;
            for (int b = a + 1; b < n; b++) {
                if (pos[b] != pos[a])
                    continue;
                uint64_t keep = ((uint64_t)1 << a) | ((uint64_t)1 << b);
                for (uint64_t p = pos[a]; p; p &= p - 1) {
                    int r = cands_eliminate(st, uc[__builtin_ctzll(p)], ~keep);
                    if (r < 0)
                        return -1;
                    progress |= r;
                }
            }
        }
        /* pointing / claiming: digit d of u confined to another unit v */
        for (int d = 0; d < n; d++) {
            uint64_t p = pos[d], bit = (uint64_t)1 << d;
            if (!(p & (p - 1)))
                continue;
            for (int e = g->ix_start[u]; e < g->ix_start[u + 1]; e++) {
                if (p & ~g->ix_in_u[e])
                    continue;
                const uint16_t *vc = s->unit_cells + (size_t)g->ix_unit[e] * n;
                for (uint64_t q = g->full & ~g->ix_in_v[e]; q; q &= q - 1) {
                    int c = vc[__builtin_ctzll(q)];
                    if (!(st->cand[c] & bit))
                        continue;
                    int r = cands_eliminate(st, c, bit);
                    if (r < 0)
                        return -1;
                    progress |= r;
                }
            }
        }
    }
    return progress;
}

static int all_placed(const cands_grid *st, const int *watch, int nwatch)
{
    for (int i = 0; i < nwatch; i++)
        if (!st->val[watch[i]])
            return 0;
    return nwatch > 0;
}

/* gen_level_watch on the shared kernel, for any shape. */
static doku_qqwing_level level_any_shape(doku_generator *g, const uint8_t *puzzle,
                                       doku_qqwing_level max, const int *watch, int nwatch)
{
    const doku_shape *s = g->s;
    cands_grid *st = &g->lgrid;
    if (!cands_load(st, puzzle) || !cands_place_singles(st))
        return DOKU_QQWING_ANY;
    doku_qqwing_level need = DOKU_QQWING_SIMPLE;
    while (st->filled < s->ncells) {
        if (all_placed(st, watch, nwatch))
            return need;
        if (max < DOKU_QQWING_EASY)
            return DOKU_QQWING_EASY;
        int r = cands_hidden_singles(st);
        if (r < 0)
            return DOKU_QQWING_ANY;
        if (r) {
            if (need < DOKU_QQWING_EASY)
                need = DOKU_QQWING_EASY;
            continue;
        }
        if (max < DOKU_QQWING_INTERMEDIATE)
            return DOKU_QQWING_INTERMEDIATE;
        r = pairs_and_intersections(g, st);
        if (r < 0)
            return DOKU_QQWING_ANY;
        if (!r)
            return DOKU_QQWING_EXPERT;
        need = DOKU_QQWING_INTERMEDIATE;
    }
    return need;
}

doku_qqwing_level gen_level_watch(doku_generator *g, const uint8_t *puzzle,
                           doku_qqwing_level max, const int *watch, int nwatch)
{
    /* classic 9x9: the same logic on fixed tables (level9.c) */
    if (g->l9) {
        level9 *l = g->l9;
        doku_qqwing_level lv = level9_level(l, puzzle, max, watch, nwatch);
        if (lv == DOKU_QQWING_EXPERT) {
            /* the stalled closure where level_any_shape leaves it (the
             * rating filter starts from it); the same candidates, as a
             * closure does not depend on the order of its steps */
            cands_grid *st = &g->lgrid;
            for (int c = 0; c < g->ncells; c++) {
                st->val[c] = l->gr.val[c];
                st->cand[c] = l->gr.cand[c];
            }
            st->filled = g->ncells - l->gr.left;
        }
        return lv;
    }
    return level_any_shape(g, puzzle, max, watch, nwatch);
}

doku_status doku_generator_qqwing_level(doku_generator *g, const uint8_t *puzzle, size_t ncells,
                                        doku_qqwing_level *level)
{
    if (level)
        *level = DOKU_QQWING_ANY;
    if (!g || !puzzle || !level || ncells != (size_t)g->ncells)
        return DOKU_ERR_ARG;
    for (int c = 0; c < g->ncells; c++)
        if (puzzle[c] > g->n)
            return DOKU_ERR_ARG;
    /* any puzzle, contradictions included: the shared kernel's answers */
    *level = level_any_shape(g, puzzle, DOKU_QQWING_INTERMEDIATE, NULL, 0);
    return *level == DOKU_QQWING_ANY ? DOKU_NO_SOLUTION : DOKU_OK;
}

doku_qqwing_level gen_level(doku_generator *g, const uint8_t *puzzle, doku_qqwing_level max)
{
    return gen_level_watch(g, puzzle, max, NULL, 0);
}
