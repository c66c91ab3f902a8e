/*
 * test_cands.c — the shared candidate-grid kernel (src/cands.c) and the
 * unit-pair table (src/unit_pairs.c), white-box: loading, placing with
 * its cascade, contradictions, hidden singles and the closure checked
 * against candidates recomputed from scratch and against the solver.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "doku.h"
#include "cands.h"
#include "unit_pairs.h"

/* Needs naked singles only (generated at class simple). */
static const char SIMPLE[] =
    "..94..5..7.....3..1..2..78...4.....38.....69...297....6...4...25...98..7.8.7...65";
static const char SIMPLE_SOL[] =
    "239487516758169324146253789964815273875324691312976458697541832523698147481732965";
/* Needs more than singles (class expert). */
static const char EXPERT[] =
    "....9..467.....9....45....7..........823.6........9.12..1......57.1..4294...7.6..";
static const char EXPERT_SOL[] =
    "825793146713624985964581237349217568182356794657849312291465873576138429438972651";

static void cells_of(const char *text, uint8_t *cells)
{
    for (int i = 0; i < 81; i++)
        cells[i] = text[i] == '.' ? 0 : (uint8_t)(text[i] - '0');
}

static doku_shape *shape9(unsigned variants)
{
    doku_shape_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.n = 9;
    sp.variants = variants;
    doku_shape *s = NULL;
    assert_int_equal(doku_shape_create(&sp, &s), DOKU_OK);
    return s;
}

/* Every open cell's mask is the digits no peer holds; placed cells 0. */
static void assert_consistent(const cands_grid *g)
{
    const doku_shape *s = g->s;
    int filled = 0;
    for (int c = 0; c < s->ncells; c++) {
        if (g->val[c]) {
            filled++;
            assert_int_equal(g->cand[c], 0);
            continue;
        }
        uint64_t seen = 0;
        const uint16_t *pp = s->peers + (size_t)c * s->max_peers;
        for (int i = 0; i < s->peer_count[c]; i++)
            if (g->val[pp[i]])
                seen |= (uint64_t)1 << (g->val[pp[i]] - 1);
        /* eliminations beyond the peers' values only ever remove more */
        assert_int_equal(g->cand[c] & seen, 0);
    }
    assert_int_equal(g->filled, filled);
}

static void test_load(void **state)
{
    (void)state;
    doku_shape *s = shape9(0);
    cands_grid g;
    assert_int_equal(cands_init(&g, s, NULL), DOKU_OK);
    uint8_t cells[81];
    cells_of(EXPERT, cells);
    assert_int_equal(cands_load(&g, cells), 1);
    assert_consistent(&g);
    for (int c = 0; c < 81; c++) {
        assert_int_equal(g.val[c], cells[c]);
        if (cells[c])
            continue;
        /* exactly the digits no peer is given */
        uint64_t seen = 0;
        const uint16_t *pp = s->peers + (size_t)c * s->max_peers;
        for (int i = 0; i < s->peer_count[c]; i++)
            if (cells[pp[i]])
                seen |= (uint64_t)1 << (cells[pp[i]] - 1);
        assert_int_equal(g.cand[c], g.full & ~seen);
    }
    /* two equal givens in a row */
    cells[1] = cells[4];
    assert_int_equal(cands_load(&g, cells), 0);
    cands_free(&g);
    cands_free(&g); /* a freed (zeroed) grid is fine */
    doku_shape_free(s);
}

static void test_place_and_cascade(void **state)
{
    (void)state;
    doku_shape *s = shape9(0);
    cands_grid g;
    assert_int_equal(cands_init(&g, s, NULL), DOKU_OK);
    uint8_t cells[81], sol[81];
    cells_of(SIMPLE, cells);
    cells_of(SIMPLE_SOL, sol);
    assert_int_equal(cands_load(&g, cells), 1);
    assert_int_equal(cands_place_singles(&g), 1);
    /* naked singles alone finish this puzzle */
    assert_int_equal(g.filled, 81);
    assert_memory_equal(g.val, sol, 81);
    assert_consistent(&g);

    /* placing a cell's own digit again is a no-op; another digit fails */
    assert_int_equal(cands_place(&g, 0, sol[0] - 1), 1);
    assert_int_equal(g.filled, 81);
    assert_int_equal(cands_place(&g, 0, sol[0] % 9), 0);

    /* a digit that is no candidate fails; so does emptying a peer */
    cands_clear(&g);
    assert_int_equal(cands_place(&g, 0, 0), 1);
    assert_int_equal(g.filled, 1);
    assert_int_equal(cands_place(&g, 1, 0), 0);
    cands_clear(&g);
    assert_int_equal(cands_eliminate(&g, 1, g.full & ~(uint64_t)3), 1); /* r1c2: {1,2} */
    assert_int_equal(cands_eliminate(&g, 1, (uint64_t)1 << 5), 0);     /* already gone */
    assert_int_equal(cands_place(&g, 0, 0), 1);                        /* cascades r1c2 = 2 */
    assert_int_equal(g.val[1], 2);
    assert_int_equal(g.filled, 2);
    assert_consistent(&g);
    assert_int_equal(cands_eliminate(&g, 1, 2), 0);                    /* placed: nothing */
    cands_clear(&g);
    assert_int_equal(cands_eliminate(&g, 2, g.full), -1);              /* nothing left */
    cands_free(&g);
    doku_shape_free(s);
}

static void test_hidden_singles_and_closure(void **state)
{
    (void)state;
    doku_shape *s = shape9(0);
    cands_grid g, h;
    assert_int_equal(cands_init(&g, s, NULL), DOKU_OK);
    /* h borrows g's scratch: grids used one at a time */
    assert_int_equal(cands_init(&h, s, &g), DOKU_OK);
    assert_ptr_equal(h.queue, g.queue);
    uint8_t cells[81], sol[81];
    cells_of(EXPERT, cells);
    cells_of(EXPERT_SOL, sol);
    assert_int_equal(cands_load(&g, cells), 1);
    assert_int_equal(cands_place_singles(&g), 1);
    cands_copy(&h, &g);
    int r = cands_singles_closure(&g);
    /* singles stall on this puzzle; what they placed is the solution's */
    assert_int_equal(r, 0);
    assert_true(g.filled < 81);
    for (int c = 0; c < 81; c++)
        if (g.val[c])
            assert_int_equal(g.val[c], sol[c]);
    assert_consistent(&g);
    /* the closure is repeated hidden-single passes; a pass on the copy
     * makes progress exactly when the closure placed more */
    int before = h.filled;
    int pass = cands_hidden_singles(&h);
    assert_true(pass >= 0);
    assert_int_equal(pass > 0, g.filled > before);
    while (pass > 0)
        pass = cands_hidden_singles(&h);
    assert_int_equal(pass, 0);
    assert_memory_equal(h.val, g.val, 81);
    assert_memory_equal(h.cand, g.cand, sizeof(uint64_t) * 81);

    /* the solution's state with one cell's digit taken away everywhere it
     * could go: a contradiction */
    cands_load_state(&h, sol, g.cand);
    assert_int_equal(h.filled, 81);
    assert_int_equal(cands_singles_closure(&h), 1);
    uint8_t broken[81];
    memcpy(broken, sol, 81);
    broken[0] = 0;
    uint64_t none[81];
    memset(none, 0, sizeof none);
    cands_load_state(&h, broken, none); /* r1c1 open with no candidate */
    assert_int_equal(cands_hidden_singles(&h), -1);
    cands_free(&h);
    cands_free(&g);
    doku_shape_free(s);
}

/* cands_set places without a cascade and without checks. */
static void test_set(void **state)
{
    (void)state;
    doku_shape *s = shape9(0);
    cands_grid g;
    assert_int_equal(cands_init(&g, s, NULL), DOKU_OK);
    assert_int_equal(cands_eliminate(&g, 1, g.full & ~(uint64_t)3), 1);
    cands_set(&g, 0, 0);
    assert_int_equal(g.val[0], 1);
    assert_int_equal(g.val[1], 0); /* left single, not placed */
    assert_int_equal(g.cand[1], 2);
    assert_int_equal(g.filled, 1);
    assert_consistent(&g);
    cands_free(&g);
    doku_shape_free(s);
}

/* 9x9: each box meets 3 rows and 3 columns in 3 cells; X adds each
 * diagonal's 3 boxes. Each unit's pairs list the other unit rising. */
static void test_unit_pairs(void **state)
{
    (void)state;
    for (int x = 0; x < 2; x++) {
        doku_shape *s = shape9(x ? DOKU_VARIANT_X : 0);
        unit_pairs up;
        assert_int_equal(unit_pairs_build(s, &up), DOKU_OK);
        assert_int_equal(up.npairs, x ? 60 : 54);
        for (size_t i = 0; i < up.npairs; i++) {
            const unit_pair *p = &up.pairs[i];
            assert_true(p->unit[0] < p->unit[1]);
            assert_int_equal(__builtin_popcountll(p->in[0]), 3);
            assert_int_equal(__builtin_popcountll(p->in[1]), 3);
            /* the masks name the same cells from both sides */
            for (uint64_t m = p->in[0]; m; m &= m - 1) {
                int cell = s->unit_cells[p->unit[0] * 9 + __builtin_ctzll(m)];
                int at = unit_position(s, p->unit[1], cell);
                assert_true(at >= 0 && ((p->in[1] >> at) & 1));
            }
        }
        for (int u = 0; u < s->nunits; u++) {
            int last = -1;
            for (uint32_t k = up.first[u]; k < up.first[u + 1]; k++) {
                const unit_pair *p = &up.pairs[up.at[k] >> 1];
                int side = (int)(up.at[k] & 1);
                assert_int_equal(p->unit[side], u);
                assert_true(p->unit[!side] > last);
                last = p->unit[!side];
            }
        }
        assert_int_equal(unit_position(s, 0, 80), -1);
        unit_pairs_free(&up);
        unit_pairs_free(&up);
        doku_shape_free(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_load),
        cmocka_unit_test(test_place_and_cascade),
        cmocka_unit_test(test_hidden_singles_and_closure),
        cmocka_unit_test(test_set),
        cmocka_unit_test(test_unit_pairs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
