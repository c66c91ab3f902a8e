/*
 * test_generic_cdcl.c — the generic engine's clause-learning search
 * (src/search/generic_cdcl.c), called directly: doku_search hands over to
 * it only on big grids after thousands of nodes, so small puzzles would
 * never reach it. On every kind of shape its solution counts must equal
 * the depth-first engine's (empty grids counted in full, puzzles with 0,
 * 1 and several solutions), every solution it reports must be valid and
 * none reported twice, and a solution passed as already reported must
 * not be reported again.
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
#include "search/generic_internal.h"
#include "testutil.h"

enum { MAX_SOLUTIONS = 1000 };

typedef struct seen_solutions {
    const doku_shape *s;
    const uint8_t *givens;
    int ncells;
    uint8_t *all;   /* [MAX_SOLUTIONS * ncells] */
    int count;
} seen_solutions;

/* Checks each reported grid: valid for the givens, not seen before. */
static int on_solution(void *user, const uint8_t *grid)
{
    seen_solutions *ss = user;
    assert_true(doku_verify_solution(ss->s, ss->givens, grid, (size_t)ss->ncells));
    for (int i = 0; i < ss->count; i++)
        assert_memory_not_equal(ss->all + (size_t)i * (size_t)ss->ncells, grid, (size_t)ss->ncells);
    assert_true(ss->count < MAX_SOLUTIONS);
    memcpy(ss->all + (size_t)ss->count++ * (size_t)ss->ncells, grid, (size_t)ss->ncells);
    return 0;
}

/* The clause-learning count of givens on s up to limit, skipping the
 * solution `reported` (NULL: none); every solution checked. chrono >= 0
 * sets the chronological backtracking threshold (0: every jump goes back
 * one level only, so small grids reach that path), < 0 keeps the default. */
static uint64_t cdcl_count_with(const doku_shape *s, const uint8_t *givens, uint64_t limit,
                                const uint8_t *reported, uint8_t *first, int chrono)
{
    doku_shape view;
    generic_tables t;
    generic_cdcl *k;
    assert_int_equal(generic_view_build(s, &view), DOKU_OK);
    assert_int_equal(generic_tables_build(&view, &t), DOKU_OK);
    assert_int_equal(generic_cdcl_create(&view, t.cell_index, &k), DOKU_OK);
    if (chrono >= 0)
        generic_cdcl_set_chrono(k, chrono);
    int n = doku_shape_n(s), nc = doku_shape_cells(s);
    uint64_t *cand = malloc(sizeof *cand * (size_t)nc);
    for (int c = 0; c < nc; c++)
        cand[c] = givens[c] ? (uint64_t)1 << (givens[c] - 1)
                            : (n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1);
    seen_solutions ss = {s, givens, nc, malloc((size_t)MAX_SOLUTIONS * (size_t)nc), 0};
    doku_search_opts o = {0};
    o.limit = limit;
    search_ctx ctx;
    search_ctx_start(&ctx, &o, first, on_solution, &ss);
    generic_cdcl_run(k, cand, reported, &ctx);
    assert_false(ctx.gave_up);
    assert_int_equal((uint64_t)ss.count, ctx.solutions);
    if (reported)
        for (int i = 0; i < ss.count; i++)
            assert_memory_not_equal(ss.all + (size_t)i * (size_t)nc, reported, (size_t)nc);
    free(ss.all);
    free(cand);
    generic_cdcl_free(k);
    generic_tables_free(&t);
    generic_view_free(&view);
    return ctx.solutions;
}

/* cdcl_count_with under the default and with every backjump
 * chronological: both must give the same count. */
static uint64_t cdcl_count(const doku_shape *s, const uint8_t *givens, uint64_t limit,
                           const uint8_t *reported, uint8_t *first)
{
    uint64_t count = cdcl_count_with(s, givens, limit, reported, first, -1);
    assert_int_equal(cdcl_count_with(s, givens, limit, reported, NULL, 0), count);
    return count;
}

/* The depth-first engine's count (doku_search, generic engine forced). */
static uint64_t dfs_count(const doku_shape *s, const uint8_t *givens, uint64_t limit)
{
    doku_solver *sv;
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    doku_search_opts o = {0};
    o.limit = limit;
    o.flags = DOKU_SEARCH_GENERIC;
    doku_search_result r;
    assert_int_equal(doku_search(sv, givens, (size_t)doku_shape_cells(s), &o, NULL, NULL, NULL, &r),
                     DOKU_OK);
    doku_solver_free(sv);
    return r.solutions;
}

/* regions: a 9x9 jigsaw map, or NULL for R x C boxes. */
static doku_shape *shape_of(int br, int bc, unsigned variants, const uint8_t *regions)
{
    doku_shape_spec spec = {0};
    spec.n = regions ? 9 : br * bc;
    spec.box_rows = br;
    spec.box_cols = bc;
    spec.variants = variants;
    spec.regions = regions;
    doku_shape *s;
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_OK);
    return s;
}

/* Both engines agree on s with givens at limit; @return the count. */
static uint64_t agree(const doku_shape *s, const uint8_t *givens, uint64_t limit)
{
    uint64_t want = dfs_count(s, givens, limit);
    assert_int_equal(cdcl_count(s, givens, limit, NULL, NULL), want);
    return want;
}

static void test_empty_grids_counted_in_full(void **state)
{
    (void)state;
    static const struct {
        int br, bc;
        unsigned variants;
    } cases[] = {
        {2, 2, 0}, {2, 2, DOKU_VARIANT_X}, {1, 4, 0}, {2, 3, DOKU_VARIANT_X | DOKU_VARIANT_HYPER},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        doku_shape *s = shape_of(cases[i].br, cases[i].bc, cases[i].variants, NULL);
        uint8_t g[36] = {0};
        uint64_t got = agree(s, g, MAX_SOLUTIONS); /* 6x6 x+hyper: none */
        if (i == 0)
            assert_int_equal(got, 288); /* every 4x4 sudoku grid */
        doku_shape_free(s);
    }
}

/* The puzzles of a fixture file (first field of each line), each counted
 * at limit 3 by both engines; @return how many were checked. */
static int fixture_counts(const char *file, const doku_shape *s, int max_lines)
{
    char path[512];
    size_t len;
    char *text = tu_read_file(tu_fixture_path(path, sizeof path, file), &len);
    assert_non_null(text);
    int nc = doku_shape_cells(s), done = 0;
    uint8_t *g = malloc((size_t)nc);
    for (char *line = strtok(text, "\n"); line && done < max_lines; line = strtok(NULL, "\n")) {
        if (line[0] == '#' || (int)strcspn(line, ":") < nc)
            continue;
        assert_int_equal(tu_cells_from_text(line, nc, g), 0);
        agree(s, g, 3);
        /* One given fewer: usually several solutions. */
        for (int c = 0; c < nc; c++)
            if (g[c]) {
                g[c] = 0;
                break;
            }
        agree(s, g, 3);
        done++;
    }
    free(g);
    free(text);
    return done;
}

static void test_fixture_puzzles_of_every_kind(void **state)
{
    (void)state;
    doku_shape *s9 = shape_of(3, 3, 0, NULL);
    assert_true(fixture_counts("puzzles/classic9_multi.txt", s9, 4) > 0);
    assert_true(fixture_counts("puzzles/classic9_hardest.txt", s9, 3) > 0);
    doku_shape *x9 = shape_of(3, 3, DOKU_VARIANT_X, NULL);
    assert_true(fixture_counts("puzzles/x9.txt", x9, 3) > 0);
    doku_shape *h9 = shape_of(3, 3, DOKU_VARIANT_HYPER, NULL);
    assert_true(fixture_counts("puzzles/hyper9.txt", h9, 3) > 0);
    doku_shape *s16 = shape_of(4, 4, 0, NULL);
    assert_true(fixture_counts("puzzles/16x16.txt", s16, 2) > 0);
    doku_shape *s25 = shape_of(5, 5, 0, NULL);
    assert_true(fixture_counts("puzzles/25x25.txt", s25, 2) > 0);
    doku_shape_free(s9);
    doku_shape_free(x9);
    doku_shape_free(h9);
    doku_shape_free(s16);
    doku_shape_free(s25);
}

/* The first two puzzles of the jigsaw fixture, with their region maps
 * (the fourth field, ids 1-9). */
static void test_jigsaw(void **state)
{
    (void)state;
    char path[512];
    size_t len;
    char *text = tu_read_file(tu_fixture_path(path, sizeof path, "puzzles/jigsaw9.txt"), &len);
    assert_non_null(text);
    int done = 0;
    for (char *line = strtok(text, "\n"); line && done < 2; line = strtok(NULL, "\n")) {
        if (line[0] == '#')
            continue;
        const char *map = strrchr(line, ':');
        assert_non_null(map);
        assert_int_equal(strlen(map + 1), 81);
        uint8_t regions[81], g[81];
        for (int i = 0; i < 81; i++)
            regions[i] = (uint8_t)(map[1 + i] - '1');
        assert_int_equal(tu_cells_from_text(line, 81, g), 0);
        doku_shape *s = shape_of(0, 0, 0, regions);
        assert_int_equal(agree(s, g, 3), 1);
        g[0] = g[1] = g[2] = g[3] = 0; /* fewer givens */
        agree(s, g, 3);
        doku_shape_free(s);
        done++;
    }
    assert_int_equal(done, 2);
    free(text);
}

/* Near-empty and unsatisfiable without two equal givens in a unit (as in
 * test_generic_sparse.c): digit 1 is kept out of box 0 but its last
 * cell, which holds a 2. */
static void test_unsatisfiable(void **state)
{
    (void)state;
    static const int sizes[][2] = {{2, 2}, {3, 3}, {4, 4}, {5, 5}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int br = sizes[i][0], bc = sizes[i][1], n = br * bc;
        doku_shape *s = shape_of(br, bc, 0, NULL);
        uint8_t *g = calloc((size_t)(n * n), 1);
        for (int r = 1; r < br; r++)
            g[r * n + r * bc + (r % bc)] = 1;
        for (int c = 0; c < bc - 1; c++)
            g[((c + 1) * br + (c % br)) * n + c] = 1;
        g[bc - 1] = 2;
        assert_int_equal(dfs_count(s, g, 2), 0);
        assert_int_equal(cdcl_count(s, g, 2, NULL, NULL), 0);
        free(g);
        doku_shape_free(s);
    }
}

/* A solution passed as reported is not reported again: the unique
 * puzzle then has none left, the empty 4x4 grid 287. */
static void test_reported_solution_is_skipped(void **state)
{
    (void)state;
    doku_shape *s = shape_of(2, 2, 0, NULL);
    uint8_t g[16] = {0}, first[16];
    assert_int_equal(cdcl_count(s, g, 1, NULL, first), 1);
    assert_int_equal(cdcl_count(s, g, MAX_SOLUTIONS, first, NULL), 287);
    doku_shape_free(s);
    doku_shape *s9 = shape_of(3, 3, 0, NULL);
    char path[512];
    size_t len;
    char *text = tu_read_file(tu_fixture_path(path, sizeof path, "puzzles/classic9_hardest.txt"), &len);
    assert_non_null(text);
    char *line = strtok(text, "\n");
    while (line && (line[0] == '#' || strcspn(line, ":") < 81))
        line = strtok(NULL, "\n");
    assert_non_null(line);
    uint8_t p[81], sol[81];
    assert_int_equal(tu_cells_from_text(line, 81, p), 0);
    assert_int_equal(cdcl_count(s9, p, 2, NULL, sol), 1);
    assert_int_equal(cdcl_count(s9, p, 2, sol, NULL), 0);
    free(text);
    doku_shape_free(s9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty_grids_counted_in_full),
        cmocka_unit_test(test_fixture_puzzles_of_every_kind),
        cmocka_unit_test(test_jigsaw),
        cmocka_unit_test(test_unsatisfiable),
        cmocka_unit_test(test_reported_solution_is_skipped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
