/*
 * test_colouring.c — simple colouring (colour trap and colour wrap),
 * multi-colouring and remote pairs on every puzzle of the rated, X and
 * jigsaw fixtures, with only locked candidates, subsets and these
 * techniques allowed (they are extended techniques, off by default).
 * Every step is checked against the puzzle's solution: a placement is the
 * solution's digit, an elimination removes a candidate the cell had and
 * that is not the solution's digit, and applying the step removes
 * exactly those. Each colouring step's sentence names its technique and
 * ends with its eliminations; the proof lists the cells it coloured.
 * Each kind of step must occur, and the set must solve more puzzles than
 * the same run without them.
 *
 * Black-box: only the public header and the fixtures.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "doku.h"
#include "doku_parse.h"
#include "testutil.h"

enum { N = 9, NC = 81 };

/* What a run over one fixture file saw. */
typedef struct tally {
    int wrap, trap, multi, remote; /* steps of each kind */
    int solved, puzzles;
} tally;

/* The sentence ends with the step's eliminations as the engine lists
 * them: "r1c2<>3, r4c5<>6". */
static void check_text_elims(const doku_step *st)
{
    char want[2048];
    size_t at = 0;
    for (size_t i = 0; i < st->neliminations && at < sizeof want; i++)
        at += (size_t)snprintf(want + at, sizeof want - at, "%sr%dc%d<>%d", i ? ", " : "",
                               st->eliminations[i].cell / N + 1, st->eliminations[i].cell % N + 1,
                               st->eliminations[i].digit);
    assert_true(at < sizeof want);
    size_t tl = strlen(st->text);
    assert_true(tl > at);
    if (strcmp(st->text + tl - at, want) != 0)
        fail_msg("%s\ndoes not end with %s", st->text, want);
}

/* One colouring step against the solution and the candidates before it. */
static void check_colouring_step(const doku_step *st, const uint64_t *before, tally *t)
{
    assert_int_equal(st->nplacements, 0);
    assert_true(st->neliminations > 0);
    assert_true(st->nproof >= 2);
    check_text_elims(st);
    switch (st->technique) {
    case DOKU_TECH_SIMPLE_COLOURING:
        /* every cell of the proof is one cluster of one digit */
        for (size_t i = 0; i < st->nproof; i++) {
            assert_int_equal(st->proof[i].digit, st->eliminations[0].digit);
            assert_true(before[st->proof[i].cell] >> (st->proof[i].digit - 1) & 1);
        }
        if (!strcmp(st->name, "Colour Wrap")) {
            assert_true(!strncmp(st->text, "Colour Wrap: the conjugate pairs of ", 36));
            t->wrap++;
        } else {
            assert_string_equal(st->name, "Colour Trap");
            assert_true(!strncmp(st->text, "Colour Trap: the conjugate pairs of ", 36));
            t->trap++;
        }
        break;
    case DOKU_TECH_MULTI_COLOURING:
        assert_string_equal(st->name, "Multi-Colouring");
        assert_true(!strncmp(st->text, "Multi-Colouring: on ", 20));
        for (size_t i = 0; i < st->neliminations; i++)
            assert_int_equal(st->eliminations[i].digit, st->eliminations[0].digit);
        t->multi++;
        break;
    case DOKU_TECH_REMOTE_PAIR: {
        assert_string_equal(st->name, "Remote Pair");
        assert_true(!strncmp(st->text, "Remote Pair: ", 13));
        /* a chain of at least four bivalue cells, all with one pair,
         * which is every digit eliminated */
        assert_true(st->nproof >= 4);
        uint64_t pair = before[st->proof[0].cell];
        assert_int_equal(__builtin_popcountll(pair), 2);
        for (size_t i = 0; i < st->nproof; i++)
            assert_int_equal(before[st->proof[i].cell], pair);
        for (size_t i = 0; i < st->neliminations; i++)
            assert_true(pair >> (st->eliminations[i].digit - 1) & 1);
        t->remote++;
        break;
    }
    default:
        fail_msg("not a colouring step: %s", st->text);
    }
}

/* Runs lg over puzzle and solution step by step; @return 1 if solved. */
static int run_checked(doku_logic *lg, const uint8_t *puzzle, const uint8_t *sol, tally *t)
{
    assert_int_equal(doku_logic_load(lg, puzzle, (size_t)NC), DOKU_OK);
    uint64_t before[NC];
    doku_step st;
    doku_status r;
    while ((r = doku_logic_next(lg, &st)) == DOKU_OK) {
        memcpy(before, doku_logic_candidates(lg), sizeof before);
        for (size_t i = 0; i < st.nplacements; i++)
            assert_int_equal(sol[st.placements[i].cell], st.placements[i].digit);
        for (size_t i = 0; i < st.neliminations; i++) {
            const doku_cand *e = &st.eliminations[i];
            if (sol[e->cell] == e->digit)
                fail_msg("unsound: %s", st.text);
            assert_true(before[e->cell] >> (e->digit - 1) & 1);
        }
        if (st.technique == DOKU_TECH_SIMPLE_COLOURING || st.technique == DOKU_TECH_MULTI_COLOURING ||
            st.technique == DOKU_TECH_REMOTE_PAIR)
            check_colouring_step(&st, before, t);
        size_t ne = st.neliminations;
        doku_cand elims[NC * N];
        assert_true(ne <= NC * N);
        if (ne) /* a placement step may have no list */
            memcpy(elims, st.eliminations, ne * sizeof *elims);
        assert_int_equal(doku_logic_apply(lg), DOKU_OK);
        const uint64_t *after = doku_logic_candidates(lg);
        for (size_t i = 0; i < ne; i++)
            assert_false(after[elims[i].cell] >> (elims[i].digit - 1) & 1);
    }
    assert_int_equal(r, DOKU_DONE); /* solved or stuck, never broken */
    return doku_logic_solved(lg);
}

/* Regions of a jigsaw fixture: ids '1'-'9', a leading 'k' keeps boxes. */
static void fixture_shape(const char *regions, doku_shape **s, unsigned variants)
{
    uint8_t map[NC];
    doku_shape_spec spec = {0};
    spec.n = N;
    spec.variants = variants;
    if (regions) {
        spec.keep_boxes = regions[0] == 'k';
        regions += spec.keep_boxes;
        for (int c = 0; c < NC; c++)
            map[c] = (uint8_t)(regions[c] - '1');
        spec.regions = map;
    }
    assert_int_equal(doku_shape_create(&spec, s), DOKU_OK);
}

/* Every puzzle of a fixture file ("puzzle:count:solution", then the
 * region map when jigsaw), unique ones only, through a context allowing
 * techniques. */
static tally run_file(const char *rel, unsigned variants, int jigsaw, const char *techniques)
{
    char path[512];
    char *text = tu_read_file(tu_fixture_path(path, sizeof path, rel), NULL);
    assert_non_null(text);
    char **lines;
    size_t nl = tu_lines(text, &lines, 1);
    uint64_t mask;
    assert_int_equal(doku_parse_techniques(techniques, &mask, NULL), DOKU_OK);
    doku_logic_opts o = {0};
    o.techniques = mask;
    o.no_trial = 1;
    tally t = {0};
    for (size_t i = 0; i < nl; i++) {
        const char *f = lines[i];
        if (strlen(f) < NC + 3 || f[NC] != ':' || atoi(f + NC + 1) != 1)
            continue;
        const char *sol_text = strchr(f + NC + 1, ':') + 1;
        const char *regions = jigsaw ? sol_text + NC + 1 : NULL;
        assert_true(!jigsaw || (sol_text[NC] == ':' && strlen(regions) >= NC));
        uint8_t puzzle[NC], sol[NC];
        assert_int_equal(tu_cells_from_text(f, NC, puzzle), 0);
        assert_int_equal(tu_cells_from_text(sol_text, NC, sol), 0);
        doku_shape *s;
        fixture_shape(regions, &s, variants);
        doku_logic *lg;
        assert_int_equal(doku_logic_create(s, &o, &lg), DOKU_OK);
        t.solved += run_checked(lg, puzzle, sol, &t);
        t.puzzles++;
        doku_logic_free(lg);
        doku_shape_free(s);
    }
    free(lines);
    free(text);
    return t;
}

static const char *const WITH = "intersections,subsets,colouring,remote-pair";
static const char *const WITHOUT = "intersections,subsets";

static void test_rated_classic(void **state)
{
    (void)state;
    tally t = run_file("puzzles/classic9_rated.txt", 0, 0, WITH);
    tally base = run_file("puzzles/classic9_rated.txt", 0, 0, WITHOUT);
    print_message("classic: %d wraps, %d traps, %d multi, %d remote pairs; solved %d of %d "
                  "(%d without)\n",
                  t.wrap, t.trap, t.multi, t.remote, t.solved, t.puzzles, base.solved);
    assert_true(t.puzzles >= 50);
    assert_true(t.wrap > 0);
    assert_true(t.trap > 0);
    assert_true(t.multi > 0);
    assert_true(t.remote > 0);
    assert_true(t.solved > base.solved);
}

/* The diagonals and the jigsaw regions are units like any other: their
 * conjugate pairs join clusters too. Soundness is what is checked. */
static void test_variants(void **state)
{
    (void)state;
    tally x = run_file("puzzles/x9.txt", DOKU_VARIANT_X, 0, WITH);
    tally j = run_file("puzzles/jigsaw9.txt", 0, 1, WITH);
    print_message("x: %d colouring steps, jigsaw: %d\n", x.wrap + x.trap + x.multi + x.remote,
                  j.wrap + j.trap + j.multi + j.remote);
    assert_true(x.puzzles > 0);
    assert_true(j.puzzles > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rated_classic),
        cmocka_unit_test(test_variants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
