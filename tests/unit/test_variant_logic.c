/*
 * test_variant_logic.c — hint/explain/grade on variant puzzles
 * (doku_logic_create_variant): every step the engine takes is true, i.e.
 * never removes a solution's digit nor places another one:
 *
 * - on 9x9 puzzles drawn from a known grid with constraints of every kind
 *   it obeys (variant_draw.h, judged by variant_checker.h), with and
 *   without givens, alone and mixed;
 * - on the fixtures with published solutions (ISS's killers and example
 *   puzzles of every supported kind), where the easy killer and the
 *   thermometer puzzle are solved by logic alone;
 * - with no constraints, a variant context takes exactly the steps of a
 *   classic one (fixtures, and the shared X / Windoku / jigsaw puzzles
 *   when ../shared/data is there);
 * - the sentences name the cage or line by its cells, and the contract.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "doku_constraints.h"
#include "doku_parse.h"
#include "testutil.h"
#include "variant_checker.h"
#include "variant_draw.h"

/* Under the sanitizers (DOKU_SANITIZED) the runs are ~10x slower: fewer
 * drawn puzzles, and the wall-clock limits cannot promise a solve. */
static int sanitized(void) { return getenv("DOKU_SANITIZED") != NULL; }

/* Checks each step against a solution grid. */
typedef struct judge {
    const uint8_t *sol;
    int bad, steps;
    uint64_t techs;
    int links; /* chain steps with a link through a constraint "-[...]->" */
} judge;

static int on_step(void *user, const doku_step *st)
{
    judge *j = user;
    for (size_t i = 0; i < st->neliminations; i++)
        if (j->sol[st->eliminations[i].cell] == st->eliminations[i].digit) {
            fprintf(stderr, "false elimination: %s\n", st->text);
            j->bad++;
        }
    for (size_t i = 0; i < st->nplacements; i++)
        if (j->sol[st->placements[i].cell] != st->placements[i].digit) {
            fprintf(stderr, "false placement: %s\n", st->text);
            j->bad++;
        }
    j->steps++;
    j->techs |= 1ull << st->technique;
    j->links += strstr(st->text, "]-> ") != NULL;
    return 0;
}

/* Runs the logic on givens under cs, judging every step by sol.
 * @return the rating (solved or not). */
static doku_rating run_judged(const doku_constraints *cs, const uint8_t *givens,
                              const uint8_t *sol, const char *techniques, double seconds,
                              judge *j)
{
    doku_logic_opts lo;
    memset(&lo, 0, sizeof lo);
    lo.no_trial = 1; /* trial follows the reference solution: not a deduction */
    if (techniques)
        assert_int_equal(doku_parse_techniques(techniques, &lo.techniques, NULL), DOKU_OK);
    doku_logic *lg;
    assert_int_equal(doku_logic_create_variant(cs, &lo, &lg), DOKU_OK);
    assert_ptr_equal(doku_logic_constraints(lg), cs);
    int nc = doku_shape_cells(doku_constraints_shape(cs));
    assert_int_equal(doku_logic_load(lg, givens, (size_t)nc), DOKU_OK);
    assert_int_equal(doku_logic_set_time_limit(lg, seconds), DOKU_OK);
    memset(j, 0, sizeof *j);
    j->sol = sol;
    doku_rating r;
    doku_status st = doku_logic_run(lg, on_step, j, &r, NULL, 0);
    assert_true(st == DOKU_OK || st == DOKU_GAVE_UP);
    if (r.solved)
        assert_memory_equal(doku_logic_cells(lg), sol, (size_t)nc);
    doku_logic_free(lg);
    return r;
}

static const doku_constraint_kind KINDS[] = {
    DOKU_CON_CAGE,          DOKU_CON_LITTLE_KILLER,    DOKU_CON_SANDWICH,
    DOKU_CON_XSUM,          DOKU_CON_REGION,           DOKU_CON_THERMO,
    DOKU_CON_ARROW,         DOKU_CON_WHISPER,          DOKU_CON_RENBAN,
    DOKU_CON_PALINDROME,    DOKU_CON_BETWEEN,          DOKU_CON_REGION_SUM,
    DOKU_CON_KROPKI_WHITE,  DOKU_CON_KROPKI_BLACK,     DOKU_CON_X,
    DOKU_CON_V,             DOKU_CON_GREATER,          DOKU_CON_KROPKI_WHITE_ALL,
    DOKU_CON_KROPKI_BLACK_ALL, DOKU_CON_X_ALL,         DOKU_CON_V_ALL,
    DOKU_CON_QUADRUPLE,     DOKU_CON_ANTI_KNIGHT,      DOKU_CON_ANTI_KING,
    DOKU_CON_NON_CONSECUTIVE, DOKU_CON_DISJOINT_GROUPS, DOKU_CON_EVEN,
    DOKU_CON_ODD,           DOKU_CON_MINIMUM,          DOKU_CON_MAXIMUM,
};
enum { NKINDS = sizeof KINDS / sizeof KINDS[0] };

/* 9x9 puzzles drawn from grids: every kind alone (many copies), then
 * mixes; only puzzles whose grid obeys every constraint are judged (the
 * global rules are drawn whether the grid obeys them or not). */
static void test_steps_are_true_on_drawn_puzzles(void **state)
{
    (void)state;
    doku_shape *sh;
    assert_int_equal(doku_shape_create_simple(9, 0, &sh), DOKU_OK);
    doku_solver *sv;
    assert_int_equal(doku_solver_create(sh, &sv), DOKU_OK);
    uint8_t givens[81], g[81], base[81];
    uint8_t empty[81] = {0};
    doku_search_result r;
    assert_int_equal(doku_search(sv, empty, sizeof empty, NULL, base, NULL, NULL, &r), DOKU_OK);
    uint64_t seed = 2027, variant_steps = 0, chain_steps = 0;
    int judged = 0;
    int trials = sanitized() ? NKINDS + 10 : 3 * NKINDS + 60;
    for (int t = 0; t < trials; t++) {
        /* a fresh grid: the base relabelled and its bands shuffled */
        int perm[10], rows[9];
        for (int d = 1; d <= 9; d++)
            perm[d] = d;
        for (int d = 9; d > 1; d--) {
            int e = 1 + vd_rnd(&seed, d), x = perm[d];
            perm[d] = perm[e];
            perm[e] = x;
        }
        int band = vd_rnd(&seed, 3);
        for (int i = 0; i < 9; i++)
            rows[i] = i / 3 == 0 ? band * 3 + i % 3 : i / 3 == band ? i % 3 : i;
        for (int c = 0; c < 81; c++)
            g[c] = (uint8_t)perm[base[rows[c / 9] * 9 + c % 9]];
        doku_constraints *cs;
        assert_int_equal(doku_constraints_create(sh, &cs), DOKU_OK);
        int single = trials - 60 > NKINDS ? trials - 60 : NKINDS, nk = t < single ? 1 : 3;
        for (int i = 0; i < nk; i++) {
            doku_constraint_kind kind =
                t < single ? KINDS[t % NKINDS] : KINDS[vd_rnd(&seed, NKINDS)];
            for (int c = 0; c < 6; c++)
                vd_add_true(cs, sh, kind, g, &seed);
        }
        if (vc_check(cs, g) != NULL) {
            doku_constraints_free(cs);
            continue;
        }
        int keep = t % 3 == 0 ? 0 : 2 + vd_rnd(&seed, 3); /* none, or 1 in 2..4 */
        for (int c = 0; c < 81; c++)
            givens[c] = keep && vd_rnd(&seed, keep) == 0 ? g[c] : 0;
        judge j;
        run_judged(cs, givens, g, "singles,direct,intersections,subsets,fish,variant", 5.0, &j);
        if (!j.bad && t % 4 == 1) {
            /* and the chains, whose walks ask each constraint again
             * (variant_chain.c), under a short limit */
            judge jc;
            run_judged(cs, givens, g, "singles,intersections,subsets,variant,chains,forcing", 1.0, &jc);
            j.bad += jc.bad;
            chain_steps += (jc.techs >> DOKU_TECH_NISHIO) & 1u || (jc.techs >> DOKU_TECH_DYNAMIC_FORCING) & 1u;
        }
        if (j.bad)
            for (size_t i = 0; i < doku_constraints_count(cs); i++) {
                char text[256];
                doku_constraint_text(cs, i, text, sizeof text, NULL);
                fprintf(stderr, "  %s\n", text);
            }
        assert_int_equal(j.bad, 0);
        judged++;
        variant_steps += (j.techs >> DOKU_TECH_CONSTRAINT) & 7u ? 1 : 0;
        doku_constraints_free(cs);
    }
    /* most drawn puzzles were judged, and the variant rules took steps */
    assert_true(judged > trials / 2);
    assert_true(variant_steps > (uint64_t)judged / 2);
    assert_true(chain_steps > 0);
    doku_solver_free(sv);
    doku_shape_free(sh);
}

/* Each puzzle of a fixture file NAME<TAB>puzzle<TAB>solution. */
static int run_fixture_file(const char *rel, int *solved_killer, int *solved_thermo, int *links)
{
    char path[512];
    size_t len;
    char *text = tu_read_file(tu_fixture_path(path, sizeof path, rel), &len);
    assert_non_null(text);
    char **lines;
    size_t nl = tu_lines(text, &lines, 1);
    int count = 0;
    for (size_t i = 0; i < nl; i++) {
        char *name = lines[i], *puz = strchr(name, '\t');
        if (!puz)
            continue;
        *puz++ = 0;
        char *solt = strchr(puz, '\t');
        assert_non_null(solt);
        *solt++ = 0;
        doku_variant_puzzle *p;
        char msg[256];
        assert_int_equal(doku_variant_puzzle_read(puz, strlen(puz), &p, msg, sizeof msg), DOKU_OK);
        const doku_constraints *cs = doku_variant_puzzle_constraints(p);
        int nc = doku_shape_cells(doku_variant_puzzle_shape(p));
        uint8_t sol[256];
        for (int c = 0; c < nc; c++)
            sol[c] = (uint8_t)(solt[c] >= 'A' ? solt[c] - 'A' + 1 : solt[c] - '0');
        assert_null(vc_check(cs, sol));
        judge j;
        /* chains are allowed, under a short time limit (the two puzzles
         * that must be solved get room for a loaded machine) */
        int must = strcmp(name, "Killer") == 0 || strcmp(name, "Thermo") == 0;
        doku_rating r = run_judged(cs, doku_variant_puzzle_givens(p), sol, NULL, must ? 10.0 : 1.0, &j);
        if (j.bad)
            fprintf(stderr, "%s: %d false steps\n", name, j.bad);
        assert_int_equal(j.bad, 0);
        *links += j.links;
        if (strcmp(name, "Killer") == 0)
            *solved_killer = r.solved && r.er < 3.0;
        if (strcmp(name, "Thermo") == 0)
            *solved_thermo = r.solved;
        count++;
        doku_variant_puzzle_free(p);
    }
    free(lines);
    free(text);
    return count;
}

static void test_fixture_steps_are_true(void **state)
{
    (void)state;
    int killer = 0, thermo = 0, links = 0;
    assert_true(run_fixture_file("variants/logic_small.tsv", &killer, &thermo, &links) >= 10);
    assert_true(run_fixture_file("variants/iss_small.tsv", &killer, &thermo, &links) >= 5);
    /* the forcing chains went through cages and lines, naming them */
    assert_true(links > 0 || sanitized());
    /* the easy killer is solved by cage combinations and singles alone,
     * the thermometer puzzle with forcing chains (0.1 s) */
    assert_true(killer);
    assert_true(thermo || sanitized());
}

/* With no constraints a variant context follows the classic path. */
static void same_as_classic(const doku_shape *sh, const uint8_t *givens)
{
    doku_constraints *cs;
    assert_int_equal(doku_constraints_create(sh, &cs), DOKU_OK);
    doku_logic_opts lo;
    memset(&lo, 0, sizeof lo);
    lo.uniqueness = -1; /* variants never use them */
    assert_int_equal(doku_parse_techniques("singles,direct,intersections,subsets,fish,single-digit,wings",
                                           &lo.techniques, NULL), DOKU_OK);
    doku_logic *a, *b;
    assert_int_equal(doku_logic_create(sh, &lo, &a), DOKU_OK);
    assert_int_equal(doku_logic_create_variant(cs, &lo, &b), DOKU_OK);
    assert_null(doku_logic_constraints(a));
    size_t nc = (size_t)doku_shape_cells(sh);
    assert_int_equal(doku_logic_load(a, givens, nc), DOKU_OK);
    assert_int_equal(doku_logic_load(b, givens, nc), DOKU_OK);
    for (int k = 0; k < 400; k++) {
        doku_step sa, sb;
        doku_status ka = doku_logic_next(a, &sa), kb = doku_logic_next(b, &sb);
        assert_int_equal(ka, kb);
        if (ka != DOKU_OK)
            break;
        assert_int_equal(sa.technique, sb.technique);
        assert_string_equal(sa.text, sb.text);
        assert_int_equal(doku_logic_apply(a), DOKU_OK);
        assert_int_equal(doku_logic_apply(b), DOKU_OK);
    }
    assert_memory_equal(doku_logic_candidates(a), doku_logic_candidates(b), nc * sizeof(uint64_t));
    doku_logic_free(a);
    doku_logic_free(b);
    doku_constraints_free(cs);
}

static void test_no_constraints_same_as_classic(void **state)
{
    (void)state;
    doku_shape *sh;
    assert_int_equal(doku_shape_create_simple(9, DOKU_VARIANT_X, &sh), DOKU_OK);
    /* HS_KILLERS#1's solution with every third cell given */
    const char *s = "872314695615972843394586721569241387487635219231897564146758932723469158958123476";
    uint8_t givens[81];
    for (int c = 0; c < 81; c++)
        givens[c] = c % 3 == 0 ? (uint8_t)(s[c] - '0') : 0;
    same_as_classic(sh, givens);
    doku_shape_free(sh);
}

/* The shared X / Windoku / jigsaw puzzles (../shared/data/variants). */
static void test_no_constraints_same_as_classic_data(void **state)
{
    (void)state;
    char path[512];
    size_t len;
    char *text = tu_read_file(tu_data_path(path, sizeof path, "variants/iss_variant_puzzles.tsv"), &len);
    assert_non_null(text); /* tu_data_path skipped the test without the data */
    char **lines;
    size_t nl = tu_lines(text, &lines, 1);
    int done = 0;
    for (size_t i = 0; i < nl; i++) {
        char *f[8] = {0};
        int k = 0;
        for (char *q = lines[i]; q && k < 8; k++) {
            f[k] = q;
            q = strchr(q, '\t');
            if (q)
                *q++ = 0;
        }
        if (k < 5 || f[0][0] == '#')
            continue;
        int n = atoi(f[1]);
        if (n != 9)
            continue; /* the 16x16 ones are slow without chains and add nothing */
        doku_shape_spec spec;
        memset(&spec, 0, sizeof spec);
        spec.n = n;
        spec.variants = (strstr(f[0], "diagonal") ? DOKU_VARIANT_X : 0) |
                        (strstr(f[0], "windoku") ? DOKU_VARIANT_HYPER : 0);
        uint8_t regions[81], givens[81];
        if (f[3][0]) {
            for (int c = 0; c < 81; c++)
                regions[c] = (uint8_t)(f[3][c] - '0' - (f[3][c] >= 'a' ? 'a' - '0' - 10 : 0));
            spec.regions = regions;
            spec.keep_boxes = 1;
        }
        for (int c = 0; c < 81; c++)
            givens[c] = f[2][c] == '.' ? 0 : (uint8_t)(f[2][c] - '0');
        doku_shape *sh;
        if (doku_shape_create(&spec, &sh) != DOKU_OK)
            continue;
        same_as_classic(sh, givens);
        doku_shape_free(sh);
        done++;
    }
    assert_true(done > 0);
    free(lines);
    free(text);
}

/* The steps name the cage or line by its cells (cages come before lines). */
static void test_sentences_name_cells(void **state)
{
    (void)state;
    const char *text = ".Cage~3~R1C1~R1C2.Cage~15~R1C3~R1C4~R1C5.Thermo~R9C1~R9C2~R9C3";
    doku_variant_puzzle *p;
    char msg[256];
    assert_int_equal(doku_variant_puzzle_read(text, strlen(text), &p, msg, sizeof msg), DOKU_OK);
    doku_logic *lg;
    assert_int_equal(doku_logic_create_variant(doku_variant_puzzle_constraints(p), NULL, &lg), DOKU_OK);
    assert_int_equal(doku_logic_load(lg, doku_variant_puzzle_givens(p), 81), DOKU_OK);
    doku_step st;
    assert_int_equal(doku_logic_next(lg, &st), DOKU_OK);
    assert_int_equal(st.technique, DOKU_TECH_CAGE_COMBINATION);
    assert_string_equal(st.text, "cage r1c1,r1c2 (sum 3): only {1,2} fits, so r1c1 is not "
                                 "3,4,5,6,7,8,9, r1c2 is not 3,4,5,6,7,8,9");
    assert_int_equal(doku_logic_apply(lg), DOKU_OK);
    assert_int_equal(doku_logic_next(lg, &st), DOKU_OK);
    assert_int_equal(st.technique, DOKU_TECH_CONSTRAINT);
    assert_string_equal(st.text, "thermometer r9c1-r9c3: only {1,2,3,4,5,6,7} fits r9c1, only "
                                 "{2,3,4,5,6,7,8} fits r9c2, only {3,4,5,6,7,8,9} fits r9c3, so "
                                 "r9c1 is not 8,9, r9c2 is not 1,9, r9c3 is not 1,2");
    doku_logic_free(lg);
    doku_variant_puzzle_free(p);
}

/* Two cages in one row share no digit: cage r1c1,r1c2 (sum 7) cannot be
 * {2,5}, which meets both {1,5} and {2,4} of cage r1c3,r1c4 (sum 6)
 * (sets are listed in the order of their bit masks). */
static void test_cage_pair(void **state)
{
    (void)state;
    const char *text = ".Cage~7~R1C1~R1C2.Cage~6~R1C3~R1C4";
    doku_variant_puzzle *p;
    char msg[256];
    assert_int_equal(doku_variant_puzzle_read(text, strlen(text), &p, msg, sizeof msg), DOKU_OK);
    doku_logic *lg;
    assert_int_equal(doku_logic_create_variant(doku_variant_puzzle_constraints(p), NULL, &lg), DOKU_OK);
    assert_int_equal(doku_logic_load(lg, doku_variant_puzzle_givens(p), 81), DOKU_OK);
    doku_step st;
    int seen = 0;
    for (int k = 0; k < 6 && !seen; k++) {
        assert_int_equal(doku_logic_next(lg, &st), DOKU_OK);
        if (strcmp(st.name, "Cage Combination (pair)") == 0) {
            seen = 1;
            assert_int_equal(st.technique, DOKU_TECH_CAGE_COMBINATION);
            assert_string_equal(st.text, "cage r1c1,r1c2 (sum 7) beside cage r1c3,r1c4 (sum 6): "
                                         "their cells all differ, so they share no digit; only "
                                         "{3,4} and {1,6} of the first fit beside {2,4} and {1,5} "
                                         "of the second, so r1c1 is not 2,5, r1c2 is not 2,5");
            assert_int_equal(st.neliminations, 4);
        }
        assert_int_equal(doku_logic_apply(lg), DOKU_OK);
    }
    assert_true(seen);
    doku_logic_free(lg);
    doku_variant_puzzle_free(p);
}

/* A work limit on variant puzzles (doku_logic_set_work_limit): the
 * constraints' own searches count too, and a run cut at half its work
 * stops at the same step, with the same work, whichever puzzles the
 * context rated before (the generators' ratings rest on this). The first
 * four puzzles of the fixture (a killer, a thermometer, lines: 0.02 s). */
static void test_work_limit_variants(void **state)
{
    (void)state;
    char path[512];
    size_t len;
    char *text = tu_read_file(tu_fixture_path(path, sizeof path, "variants/logic_small.tsv"), &len);
    assert_non_null(text);
    char **lines;
    size_t nl = tu_lines(text, &lines, 1);
    doku_variant_puzzle *ps[4];
    int np = 0;
    for (size_t i = 0; i < nl && np < 4; i++) {
        char *puz = strchr(lines[i], '\t');
        if (!puz)
            continue;
        *puz++ = 0;
        char *tab = strchr(puz, '\t');
        if (tab)
            *tab = 0;
        char msg[256];
        assert_int_equal(doku_variant_puzzle_read(puz, strlen(puz), &ps[np], msg, sizeof msg),
                         DOKU_OK);
        np++;
    }
    assert_int_equal(np, 4);
    for (int i = 0; i < np; i++) {
        const doku_constraints *cs = doku_variant_puzzle_constraints(ps[i]);
        const uint8_t *g = doku_variant_puzzle_givens(ps[i]);
        size_t nc = (size_t)doku_shape_cells(doku_variant_puzzle_shape(ps[i]));
        doku_logic *fresh, *used;
        assert_int_equal(doku_logic_create_variant(cs, NULL, &fresh), DOKU_OK);
        assert_int_equal(doku_logic_create_variant(cs, NULL, &used), DOKU_OK);
        doku_rating full, cut[2];
        assert_int_equal(doku_logic_load(fresh, g, nc), DOKU_OK);
        assert_int_equal(doku_logic_run(fresh, NULL, NULL, &full, NULL, 0), DOKU_OK);
        uint64_t all = doku_logic_work(fresh);
        assert_true(all > 100);
        /* `used` first runs the puzzle whole, then both are cut at half */
        assert_int_equal(doku_logic_load(used, g, nc), DOKU_OK);
        assert_int_equal(doku_logic_run(used, NULL, NULL, &cut[1], NULL, 0), DOKU_OK);
        doku_logic *two[2] = {fresh, used};
        uint64_t spent[2];
        for (int k = 0; k < 2; k++) {
            assert_int_equal(doku_logic_load(two[k], g, nc), DOKU_OK);
            assert_int_equal(doku_logic_set_work_limit(two[k], all / 2), DOKU_OK);
            assert_int_equal(doku_logic_run(two[k], NULL, NULL, &cut[k], NULL, 0), DOKU_GAVE_UP);
            /* a constraint search's nodes are counted when it ends: the
             * count may pass the limit by what that search spent */
            spent[k] = doku_logic_work(two[k]);
            assert_true(spent[k] >= all / 2 && spent[k] < all);
        }
        assert_int_equal(spent[0], spent[1]);
        assert_int_equal(cut[0].steps, cut[1].steps);
        assert_true(cut[0].er == cut[1].er && cut[0].steps <= full.steps);
        assert_true(doku_logic_gave_up_at(fresh) == doku_logic_gave_up_at(used));
        doku_logic_free(fresh);
        doku_logic_free(used);
    }
    for (int i = 0; i < np; i++)
        doku_variant_puzzle_free(ps[i]);
    free(lines);
    free(text);
}

/* Pencil marks under constraints (doku_logic_load_candidates on a
 * variant context): on the fixture puzzles, marks with a third of the
 * wrong digits already crossed out (never the solution's) are kept as
 * given, and every step after them is true and takes away only marks
 * that are there. A filled cell that breaks a constraint is refused. */
static void test_pencil_marks(void **state)
{
    (void)state;
    char path[512];
    size_t len;
    char *text = tu_read_file(tu_fixture_path(path, sizeof path, "variants/logic_small.tsv"), &len);
    assert_non_null(text);
    char **lines;
    size_t nl = tu_lines(text, &lines, 1);
    int puzzles = 0, steps = 0;
    for (size_t i = 0; i < nl && puzzles < (sanitized() ? 3 : 8); i++) {
        char *puz = strchr(lines[i], '\t');
        if (!puz)
            continue;
        *puz++ = 0;
        char *solt = strchr(puz, '\t');
        assert_non_null(solt);
        *solt++ = 0;
        doku_variant_puzzle *p;
        char msg[256];
        assert_int_equal(doku_variant_puzzle_read(puz, strlen(puz), &p, msg, sizeof msg), DOKU_OK);
        const doku_constraints *cs = doku_variant_puzzle_constraints(p);
        const uint8_t *givens = doku_variant_puzzle_givens(p);
        int n = doku_shape_n(doku_variant_puzzle_shape(p)), nc = n * n;
        uint8_t sol[256];
        uint64_t marks[256];
        for (int c = 0; c < nc; c++) {
            sol[c] = (uint8_t)(solt[c] >= 'A' ? solt[c] - 'A' + 1 : solt[c] - '0');
            marks[c] = 0;
            for (int d = 1; d <= n; d++)
                if (d == sol[c] || (c * 7 + d) % 3 != 0)
                    marks[c] |= 1ull << (d - 1);
        }
        doku_logic_opts lo;
        memset(&lo, 0, sizeof lo);
        lo.no_trial = 1;
        doku_logic *lg;
        assert_int_equal(doku_logic_create_variant(cs, &lo, &lg), DOKU_OK);
        assert_int_equal(doku_logic_load_candidates(lg, givens, marks, (size_t)nc, 0), DOKU_OK);
        assert_int_equal(doku_logic_set_time_limit(lg, 1.0), DOKU_OK);
        const uint64_t *cand = doku_logic_candidates(lg);
        for (int c = 0; c < nc; c++)
            if (!givens[c]) {
                assert_int_equal(cand[c] & ~marks[c], 0);          /* no mark comes back */
                assert_true(cand[c] & (1ull << (sol[c] - 1)));     /* the answer stays */
            }
        for (int k = 0; k < 30 && !doku_logic_solved(lg); k++) {
            doku_step st;
            if (doku_logic_next(lg, &st) != DOKU_OK)
                break;
            for (size_t e = 0; e < st.neliminations; e++) {
                int c = st.eliminations[e].cell, d = st.eliminations[e].digit;
                assert_int_not_equal(sol[c], d);
                assert_true(cand[c] & (1ull << (d - 1)));
            }
            for (size_t e = 0; e < st.nplacements; e++)
                assert_int_equal(sol[st.placements[e].cell], st.placements[e].digit);
            assert_int_equal(doku_logic_apply(lg), DOKU_OK);
            steps++;
        }
        doku_logic_free(lg);
        doku_variant_puzzle_free(p);
        puzzles++;
    }
    assert_true(puzzles >= 3);
    assert_true(steps >= puzzles);
    free(lines);
    free(text);
    /* a filled cell that breaks a cage is refused, as with givens */
    doku_shape *sh;
    assert_int_equal(doku_shape_create_simple(9, 0, &sh), DOKU_OK);
    doku_constraints *cs;
    assert_int_equal(doku_constraints_create(sh, &cs), DOKU_OK);
    uint16_t cells[2] = {0, 1};
    int sum = 3;
    assert_int_equal(doku_constraints_add(cs, DOKU_CON_CAGE, cells, 2, &sum, 1), DOKU_OK);
    doku_logic *lg;
    assert_int_equal(doku_logic_create_variant(cs, NULL, &lg), DOKU_OK);
    uint8_t g[81] = {0};
    uint64_t all[81];
    for (int c = 0; c < 81; c++)
        all[c] = 0x1ff;
    g[0] = 1;
    g[1] = 3;
    assert_int_equal(doku_logic_load_candidates(lg, g, all, 81, 0), DOKU_ERR_ARG);
    /* r1c1 = 1: the cage's cells differ, so r1c2 loses its mark 1 */
    g[1] = 0;
    assert_int_equal(doku_logic_load_candidates(lg, g, all, 81, 0), DOKU_OK);
    assert_int_equal(doku_logic_candidates(lg)[1] & 1u, 0);
    assert_true(doku_logic_candidates(lg)[1] & (1u << 1));
    doku_logic_free(lg);
    doku_constraints_free(cs);
    doku_shape_free(sh);
}

static void test_contract(void **state)
{
    (void)state;
    doku_logic *lg = (doku_logic *)1;
    assert_int_equal(doku_logic_create_variant(NULL, NULL, &lg), DOKU_ERR_ARG);
    assert_null(lg);
    assert_null(doku_logic_constraints(NULL));
    doku_shape *sh;
    assert_int_equal(doku_shape_create_simple(9, 0, &sh), DOKU_OK);
    doku_constraints *cs;
    assert_int_equal(doku_constraints_create(sh, &cs), DOKU_OK);
    assert_int_equal(doku_logic_create_variant(cs, NULL, NULL), DOKU_ERR_ARG);
    doku_logic_opts lo;
    memset(&lo, 0, sizeof lo);
    lo.techniques = 1ull << 63;
    assert_int_equal(doku_logic_create_variant(cs, &lo, &lg), DOKU_ERR_ARG);
    assert_null(lg);
    /* givens that break a constraint are refused like a duplicate */
    uint16_t cells[2] = {0, 1};
    int sum = 3;
    assert_int_equal(doku_constraints_add(cs, DOKU_CON_CAGE, cells, 2, &sum, 1), DOKU_OK);
    assert_int_equal(doku_logic_create_variant(cs, NULL, &lg), DOKU_OK);
    uint8_t g[81] = {0};
    g[0] = 1;
    g[1] = 3;
    assert_int_equal(doku_logic_load(lg, g, 81), DOKU_ERR_ARG);
    g[1] = 2;
    assert_int_equal(doku_logic_load(lg, g, 81), DOKU_OK);
    doku_logic_free(lg);
    doku_constraints_free(cs);
    doku_shape_free(sh);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_contract),
        cmocka_unit_test(test_sentences_name_cells),
        cmocka_unit_test(test_cage_pair),
        cmocka_unit_test(test_pencil_marks),
        cmocka_unit_test(test_no_constraints_same_as_classic),
        cmocka_unit_test(test_no_constraints_same_as_classic_data),
        cmocka_unit_test(test_fixture_steps_are_true),
        cmocka_unit_test(test_steps_are_true_on_drawn_puzzles),
        cmocka_unit_test(test_work_limit_variants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
