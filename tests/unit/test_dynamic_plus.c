/*
 * test_dynamic_plus.c — Sudoku Explainer's Dynamic Forcing Chains (+)
 * (9.0+): a hand-checked step with its exact conclusion, the proof that
 * plain dynamic chains cannot make it, and soundness of every step on a
 * few of the forum's hardest puzzles.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doku.h"
#include "doku_parse.h"
#include "logic/chains_plus.h"
#include "testutil.h"

/* A pencil-mark grid ("=d" a filled cell), reached after 10 steps of the
 * forum-hardest puzzle ........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........
 */
static const char *const GRID[81] = {
    "14679", "139",  "469",   "45689",  "45689", "5678",  "1567",  "13567",  "=2",
    "467",   "237",  "=8",    "2456",   "=1",    "24567", "=9",    "3567",   "367",
    "=5",    "127",  "2679",  "269",    "269",   "=3",    "167",   "=4",     "=8",
    "478",   "278",  "2457",  "=1",     "24568", "=9",    "=3",    "2567",   "467",
    "1479",  "=6",   "24579", "245",    "=3",    "245",   "147",   "=8",     "1479",
    "1489",  "189",  "=3",    "=7",     "24568", "24568", "12456", "2569",   "1469",
    "6789",  "=4",   "679",   "23689",  "2689",  "1268",  "1267",  "123679", "=5",
    "=3",    "=5",   "=1",    "2469",   "=7",    "246",   "=8",    "269",    "469",
    "=2",    "789",  "679",   "345689", "45689", "14568", "1467",  "13679",  "13467",
};

static void load_grid(doku_logic *lg)
{
    uint8_t cells[81];
    uint64_t cands[81];
    for (int i = 0; i < 81; i++) {
        cells[i] = 0;
        cands[i] = 0;
        if (GRID[i][0] == '=')
            cells[i] = (uint8_t)(GRID[i][1] - '0');
        else
            for (const char *p = GRID[i]; *p; p++)
                cands[i] |= (uint64_t)1 << (*p - '1');
    }
    assert_int_equal(doku_logic_load_candidates(lg, cells, cands, 81, 0), DOKU_OK);
}

/*
 * Checked by hand. r5c7 is 1, 4 or 7.
 * - r5c7=1: r6c7<>1 (same box).
 * - r5c7=7: 7 leaves r4c9 and r5c9, so 3 and 7 are left in column 9 only
 *   in r2c9 and r9c9: a hidden pair (parents r4c9<>7, r5c9<>7), so
 *   r9c9<>1; then 1 is left in column 9 only in r5c9 and r6c9, both in
 *   box 6: claiming (parent r9c9<>1), so r6c7<>1. Plain dynamic chains
 *   have neither link.
 * - r5c7=4: 4 leaves r5c4 and r5c6, which become a naked pair {2,5} in
 *   row 5, so r5c3<>5 and r5c3<>2; then 5 in column 3 is r4c3 ... and the
 *   walk ends with r6c7=2, so r6c7<>1.
 * Every candidate of r5c7 leads to r6c7<>1: SE's Dynamic Cell Forcing
 * Chains (+), 9.0 plus the length increment of 0.5.
 */
static void test_hand_checked_step(void **state)
{
    (void)state;
    doku_shape *s;
    doku_logic *lg;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    assert_int_equal(doku_logic_create(s, NULL, &lg), DOKU_OK);
    load_grid(lg);
    doku_step st;
    assert_int_equal(doku_logic_next(lg, &st), DOKU_OK);
    assert_int_equal(st.technique, DOKU_TECH_DYNAMIC_PLUS);
    assert_string_equal(st.name, "Dynamic Cell Forcing Chains (+)");
    assert_true(st.rating > 9.45 && st.rating < 9.55);
    assert_int_equal(st.nplacements, 0);
    assert_int_equal(st.neliminations, 1);
    assert_int_equal(st.eliminations[0].cell, 5 * 9 + 6); /* r6c7 */
    assert_int_equal(st.eliminations[0].digit, 1);
    assert_non_null(strstr(st.text, "every candidate of r5c7 leads to r6c7<>1"));
    assert_non_null(strstr(st.text, "r5c7=1 -> r6c7<>1;"));
    assert_non_null(strstr(st.text, "r5c7=4 -> r5c4<>4 -> r5c3<>5 -> r4c3=5"));
    assert_non_null(strstr(st.text, "r5c7=7 -> r4c9<>7 -> r9c9<>1 -> r6c7<>1)"));
    doku_logic_free(lg);

    /* without the (+) rules (and the nested levels built on them) nothing
     * below trial and error applies here */
    doku_logic_opts o = {0};
    o.no_trial = 1;
    assert_int_equal(doku_parse_techniques("all", &o.techniques, NULL), DOKU_OK);
    o.techniques &= ~((uint64_t)1 << DOKU_TECH_DYNAMIC_PLUS) & ~((uint64_t)1 << DOKU_TECH_NESTED_FORCING);
    assert_int_equal(doku_logic_create(s, &o, &lg), DOKU_OK);
    load_grid(lg);
    assert_int_equal(doku_logic_next(lg, &st), DOKU_DONE);
    doku_logic_free(lg);
    doku_shape_free(s);
}

/* White-box: the rules of chains_plus.c on the grid above after a walk's
 * removals, with every reported node and its parents. */
typedef struct rec {
    int node[64], par[64][8], np[64], n;
} rec;

static void record(void *ctx, int node, const int32_t *parents, int np)
{
    rec *r = ctx;
    if (r->n >= 64)
        return;
    r->node[r->n] = node;
    r->np[r->n] = np;
    for (int i = 0; i < np && i < 8; i++)
        r->par[r->n][i] = parents[i];
    r->n++;
}

#define OFF(L, r, c, d) plus_node(L, ((r) - 1) * 9 + (c) - 1, d, 0)

/* Runs the rules on L's grid minus the given removals {row, col, digit}. */
static void advanced_after(doku_logic *L, const int (*gone)[3], int ngone, rec *r)
{
    lmask g[81], gpos[27 * 9];
    memcpy(g, L->cand, sizeof g);
    for (int k = 0; k < ngone; k++)
        g[(gone[k][0] - 1) * 9 + gone[k][1] - 1] &= ~LBIT(gone[k][2]);
    memset(gpos, 0, sizeof gpos);
    for (int u = 0; u < L->nunits; u++)
        for (int i = 0; i < 9; i++)
            for (int d = 1; d <= 9; d++)
                if (g[logic_unit_cell(L, u, i)] & LBIT(d))
                    gpos[u * 9 + d - 1] |= (lmask)1 << i;
    if (ngone == 0) { /* same convention as the engine's own table */
        logic_positions(L);
        assert_memory_equal(gpos, L->pos, sizeof gpos);
    }
    r->n = 0;
    logic_plus_advanced(L, g, gpos, record, r);
}

static void test_rules_white_box(void **state)
{
    (void)state;
    doku_shape *s;
    doku_logic *L;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    assert_int_equal(doku_logic_create(s, NULL, &L), DOKU_OK);
    load_grid(L);
    rec r;
    /* nothing removed: every pattern already exists in the real grid */
    advanced_after(L, NULL, 0, &r);
    assert_int_equal(r.n, 0);

    /* r3c3<>2: 2 in box 1 is left in r2c2 and r3c2, both in column 2, so
     * (block over column, SE's first kind) r4c2<>2, parent r3c3<>2; the
     * same elimination again from column 3 over box 4 (the walk keeps the
     * first). Locked candidates report something, so pairs are not tried. */
    static const int g1[][3] = {{3, 3, 2}};
    advanced_after(L, g1, 1, &r);
    assert_int_equal(r.n, 2);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(r.node[i], OFF(L, 4, 2, 2));
        assert_int_equal(r.np[i], 1);
        assert_int_equal(r.par[i][0], OFF(L, 3, 3, 2));
    }

    /* then r4c2<>2 too: no new locked candidates; 2 and 5 are left in box 4
     * only in r4c3 and r5c3, a hidden pair (boxes come first), parent
     * r4c2<>2: r4c3<>4, r4c3<>7, r5c3<>4, r5c3<>7, r5c3<>9 in cell order;
     * then the same pair in column 3 with parent r3c3<>2. */
    static const int g2[][3] = {{3, 3, 2}, {4, 2, 2}};
    advanced_after(L, g2, 2, &r);
    assert_int_equal(r.n, 10);
    static const int want[5][3] = {{4, 3, 4}, {4, 3, 7}, {5, 3, 4}, {5, 3, 7}, {5, 3, 9}};
    for (int i = 0; i < 10; i++) {
        assert_int_equal(r.node[i], OFF(L, want[i % 5][0], want[i % 5][1], want[i % 5][2]));
        assert_int_equal(r.np[i], 1);
        assert_int_equal(r.par[i][0], i < 5 ? OFF(L, 4, 2, 2) : OFF(L, 3, 3, 2));
    }
    doku_logic_free(L);
    doku_shape_free(s);
}

typedef struct sound_ctx {
    const uint8_t *sol;
    int bad, plus;
} sound_ctx;

static int check_step(void *user, const doku_step *st)
{
    sound_ctx *c = user;
    if (st->technique == DOKU_TECH_DYNAMIC_PLUS) {
        c->plus++;
        assert_true(st->rating >= 9.0);
    }
    for (size_t i = 0; i < st->nplacements; i++)
        if (c->sol[st->placements[i].cell] != st->placements[i].digit) {
            print_error("unsound placement: %s\n", st->text);
            c->bad++;
        }
    for (size_t i = 0; i < st->neliminations; i++)
        if (c->sol[st->eliminations[i].cell] == st->eliminations[i].digit) {
            print_error("unsound elimination: %s\n", st->text);
            c->bad++;
        }
    return 0;
}

/* Every step sound on the first puzzles of the 2011 hardest list (each
 * needs dynamic forcing chains, most the (+) form). */
static void test_hardest_sound(void **state)
{
    (void)state;
    char path[1024];
    size_t len;
    char *text = tu_read_file(tu_data_path(path, sizeof path, "sudoku9/puzzles6_forum_hardest_1106"), &len);
    if (!text) {
        print_message("data file missing, skipped\n");
        skip();
    }
    char **lines;
    size_t nl = tu_lines(text, &lines, 1);
    size_t want = getenv("DOKU_SANITIZED") ? 2 : 4;
    doku_shape *s;
    doku_solver *sv;
    doku_logic *lg;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    assert_int_equal(doku_logic_create(s, NULL, &lg), DOKU_OK);
    int plus = 0;
    for (size_t i = 0; i < nl && i < want; i++) {
        uint8_t cells[81], sol[81];
        assert_int_equal(tu_cells_from_text(lines[i], 81, cells), 0);
        doku_search_opts so = {0};
        doku_search_result r;
        so.limit = 2;
        assert_int_equal(doku_search(sv, cells, (size_t)doku_shape_cells(s), &so, sol, NULL, NULL, &r), DOKU_OK);
        assert_int_equal(r.solutions, 1);
        sound_ctx c = {sol, 0, 0};
        doku_rating rt;
        assert_int_equal(doku_logic_load(lg, cells, (size_t)doku_shape_cells(s)), DOKU_OK);
        assert_int_equal(doku_logic_run(lg, check_step, &c, &rt, NULL, 0), DOKU_OK);
        assert_true(rt.solved);
        assert_int_equal(c.bad, 0);
        plus += c.plus;
    }
    assert_true(plus > 0);
    doku_logic_free(lg);
    doku_solver_free(sv);
    doku_shape_free(s);
    free(lines);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_white_box),
        cmocka_unit_test(test_hand_checked_step),
        cmocka_unit_test(test_hardest_sound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
