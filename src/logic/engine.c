/*
 * engine.c — the logic engine's strategy: one table of techniques in
 * Sudoku Explainer's order, and doku_logic_next, which asks each in turn.
 *
 * Design: the engine asks each technique family in turn (simplest first)
 * for a step and takes the first one found, exactly as SE's rater does;
 * this order is what makes the hardest step's rating an SE rating.
 */
#include "variant_internal.h"

/* The technique table, in SE's order. The extended techniques sit where
 * their rating belongs; being off by default they leave SE's path alone. */

typedef struct engine_entry {
    logic_finder find;
    uint64_t techs;      /* what it may produce (for --techniques) */
    int uniqueness;      /* needs a unique puzzle (never on variants); 2: a
                            variant technique (only with constraints); 3:
                            a (+) or nested level (see off) */
} engine_entry;

#define VT(t) LOGIC_TB(DOKU_TECH_##t)

static const engine_entry ENGINE[] = {
    {logic_full_house, LOGIC_TB(DOKU_TECH_FULL_HOUSE), 0},
    {logic_hidden_single, LOGIC_TB(DOKU_TECH_HIDDEN_SINGLE), 0},
    {logic_var_marks, VT(CONSTRAINT), 2},
    {logic_direct_intersection, LOGIC_TB(DOKU_TECH_DIRECT_POINTING) | LOGIC_TB(DOKU_TECH_DIRECT_CLAIMING), 0},
    {logic_direct_hidden_pair, LOGIC_TB(DOKU_TECH_DIRECT_HIDDEN_PAIR), 0},
    {logic_var_cages, VT(CAGE_COMBINATION), 2},
    {logic_var_lines, VT(CONSTRAINT), 2},
    {logic_naked_single, LOGIC_TB(DOKU_TECH_NAKED_SINGLE), 0},
    {logic_direct_hidden_triple, LOGIC_TB(DOKU_TECH_DIRECT_HIDDEN_TRIPLE), 0},
    {logic_var_cage_locked, VT(CAGE_COMBINATION), 2},
    {logic_intersection, LOGIC_TB(DOKU_TECH_POINTING) | LOGIC_TB(DOKU_TECH_CLAIMING), 0},
    {logic_var_cage_pairs, VT(CAGE_COMBINATION), 2},
    {logic_var_cage_unit, VT(CAGE_COMBINATION), 2},
    {logic_var_innies, VT(INNIES_OUTIES), 2},
    {logic_var_split, VT(INNIES_OUTIES), 2},
    {logic_naked_pair, LOGIC_TB(DOKU_TECH_NAKED_PAIR), 0},
    {logic_x_wing, LOGIC_TB(DOKU_TECH_X_WING), 0},
    {logic_hidden_pair, LOGIC_TB(DOKU_TECH_HIDDEN_PAIR), 0},
    {logic_finned_x_wing, LOGIC_TB(DOKU_TECH_FINNED_X_WING), 0},
    {logic_naked_triple, LOGIC_TB(DOKU_TECH_NAKED_TRIPLE), 0},
    {logic_swordfish, LOGIC_TB(DOKU_TECH_SWORDFISH), 0},
    {logic_hidden_triple, LOGIC_TB(DOKU_TECH_HIDDEN_TRIPLE), 0},
    {logic_finned_swordfish, LOGIC_TB(DOKU_TECH_FINNED_SWORDFISH), 0},
    {logic_turbot, LOGIC_TB(DOKU_TECH_SKYSCRAPER) | LOGIC_TB(DOKU_TECH_TWO_STRING_KITE) |
                       LOGIC_TB(DOKU_TECH_TURBOT_FISH) | LOGIC_TB(DOKU_TECH_EMPTY_RECTANGLE), 0},
    {logic_xy_wing, LOGIC_TB(DOKU_TECH_XY_WING), 0},
    {logic_xyz_wing, LOGIC_TB(DOKU_TECH_XYZ_WING), 0},
    {logic_w_wing, LOGIC_TB(DOKU_TECH_W_WING), 0},
    {logic_unique_loops, LOGIC_TB(DOKU_TECH_UNIQUE_RECTANGLE), 1},
    {logic_remote_pair, LOGIC_TB(DOKU_TECH_REMOTE_PAIR), 0},
    {logic_simple_colouring, LOGIC_TB(DOKU_TECH_SIMPLE_COLOURING), 0},
    {logic_unique_rectangle_6, LOGIC_TB(DOKU_TECH_UNIQUE_RECTANGLE_6), 1},
    {logic_hidden_rectangle, LOGIC_TB(DOKU_TECH_HIDDEN_RECTANGLE), 1},
    {logic_multi_colouring, LOGIC_TB(DOKU_TECH_MULTI_COLOURING), 0},
    {logic_naked_quad, LOGIC_TB(DOKU_TECH_NAKED_QUAD), 0},
    {logic_sue_de_coq, LOGIC_TB(DOKU_TECH_SUE_DE_COQ), 0},
    {logic_jellyfish, LOGIC_TB(DOKU_TECH_JELLYFISH), 0},
    {logic_hidden_quad, LOGIC_TB(DOKU_TECH_HIDDEN_QUAD), 0},
    {logic_finned_jellyfish, LOGIC_TB(DOKU_TECH_FINNED_JELLYFISH), 0},
    {logic_three_links, LOGIC_TB(DOKU_TECH_THREE_LINKS), 0},
    {logic_wxyz_wing, LOGIC_TB(DOKU_TECH_WXYZ_WING), 0},
    {logic_als_xz, LOGIC_TB(DOKU_TECH_ALS_XZ), 0},
    {logic_bug, LOGIC_TB(DOKU_TECH_BUG), 1},
    {logic_als_xy_wing, LOGIC_TB(DOKU_TECH_ALS_XY_WING), 0},
    {logic_vwxyz_wing, LOGIC_TB(DOKU_TECH_VWXYZ_WING), 0},
    {logic_aligned_pair, LOGIC_TB(DOKU_TECH_ALIGNED_PAIR), 0},
    {logic_chain_cycles, LOGIC_TB(DOKU_TECH_X_CYCLE) | LOGIC_TB(DOKU_TECH_X_CHAIN) | LOGIC_TB(DOKU_TECH_Y_CYCLE) |
                             LOGIC_TB(DOKU_TECH_XY_CYCLE) | LOGIC_TB(DOKU_TECH_AIC), 0},
    {logic_grouped_chains, LOGIC_TB(DOKU_TECH_GROUPED_X_CHAIN) | LOGIC_TB(DOKU_TECH_GROUPED_AIC), 0},
    {logic_aligned_triple, LOGIC_TB(DOKU_TECH_ALIGNED_TRIPLE), 0},
    {logic_chain_nishio, LOGIC_TB(DOKU_TECH_NISHIO), 0},
    {logic_chain_multiple, LOGIC_TB(DOKU_TECH_CELL_FORCING) | LOGIC_TB(DOKU_TECH_REGION_FORCING), 0},
    {logic_chain_dynamic, LOGIC_TB(DOKU_TECH_DYNAMIC_FORCING), 0},
    {logic_chain_dynamic_plus, LOGIC_TB(DOKU_TECH_DYNAMIC_PLUS), 3},
    {logic_chain_nested, LOGIC_TB(DOKU_TECH_NESTED_FORCING), 3},
    {logic_trial, LOGIC_TB(DOKU_TECH_TRIAL), 0},
};

/* 1 when an entry of kind k (its uniqueness field, not 0) is off for L.
 * Kind 3, the (+) and nested levels: their walks see a variant's rules
 * (each constraint the walk narrows rules out candidates: variant_chain.c),
 * so the (+) level runs on variants too. The nested levels stay off when
 * the rules reach past the unit table (sums, dots, lines, must-differ
 * pairs): their inner searches redo every constraint at every stall of
 * every inner walk, and a stuck killer (HS_KILLERS#0) spent the whole
 * 60 s default limit in one nested search without a step; such a puzzle
 * goes from the (+) level to the labelled trial step, or stops. */
static int off(int k, const doku_logic *L, int uniq_ok, int nested)
{
    if (k == 2)
        return !L->var;
    if (k == 3)
        return nested && L->var && L->var->off_table;
    return !uniq_ok || L->var;
}

static int broken(doku_logic *L)
{
    int n = L->n;
    for (int c = 0; c < L->nc; c++)
        if (!L->val[c] && !L->cand[c])
            return 1;
    for (int u = 0; u < L->nunits; u++) {
        lmask placed = 0, possible = 0;
        for (int i = 0; i < n; i++) {
            int c = logic_unit_cell(L, u, i);
            if (L->val[c])
                placed |= LBIT(L->val[c]);
            possible |= L->cand[c];
        }
        lmask all = (n == 64) ? ~(lmask)0 : (((lmask)1 << n) - 1);
        if ((placed | possible) != all)
            return 1;
    }
    return 0;
}

static void fill_public(doku_logic *L, doku_step *out)
{
    lstep *s = &L->step;
    if (!s->text) {
        lstep_text(L, "%s", "");
    }
    out->technique = s->tech;
    out->name = s->name;
    out->rating = s->rating / 10.0;
    out->nplacements = s->place.n;
    out->placements = s->place.v;
    out->neliminations = s->elim.n;
    out->eliminations = s->elim.v;
    out->nproof = s->proof.n;
    out->proof = s->proof.v;
    out->text = s->text;
}

doku_status doku_logic_next(doku_logic *L, doku_step *out)
{
    if (!L || !out)
        return DOKU_ERR_ARG;
    L->step.valid = 0;
    L->nomem = 0;
    if (doku_logic_solved(L))
        return DOKU_DONE;
    if (broken(L))
        return DOKU_NO_SOLUTION;
    if (logic_past_deadline(L))
        return DOKU_GAVE_UP;
    logic_positions(L);
    int uniq_ok = L->uniq_opt >= 0 && L->unique;
    for (size_t i = 0; i < sizeof ENGINE / sizeof ENGINE[0]; i++) {
        const engine_entry *e = &ENGINE[i];
        if (!(e->techs & L->allowed))
            continue;
        if (e->uniqueness && off(e->uniqueness, L, uniq_ok, e->find == logic_chain_nested))
            continue;
        if (e->find == logic_trial && !L->has_solution)
            continue;
        L->floor = 0;
        int found = e->find(L);
        if (L->nomem) {
            /* a list that could not grow lost part of a step, or a
             * finder skipped its search: no silent change of path */
            L->step.valid = 0;
            return DOKU_ERR_NOMEM;
        }
        if (L->timed_out || logic_past_deadline(L)) {
            /* a search cut short may have kept a worse step than the
             * technique's own choice: report the interruption instead */
            L->step.valid = 0;
            return DOKU_GAVE_UP;
        }
        if (found) {
            if (L->step.place.n == 0 && L->step.elim.n == 0) {
                L->step.valid = 0;
                continue; /* defensive: a step must make progress */
            }
            fill_public(L, out);
            return DOKU_OK;
        }
    }
    return DOKU_DONE;
}
