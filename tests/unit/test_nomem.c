/*
 * test_nomem.c — allocation failure (as zstd's and SQLite's malloc tests
 * do it): for each public entry point's main path, the k-th allocation
 * the library makes fails, for every k from the first to the last that
 * path makes. Each call must then either answer DOKU_ERR_NOMEM (a writer:
 * set its buffer's failed flag) or recover and give exactly what a run
 * without failures gives (a fingerprint of every output is compared);
 * leave nothing behind (LeakSanitizer checks at exit in the ASan build);
 * and leave its objects freeable.
 *
 * How, without an allocator hook in the library (which would be global
 * state): this program is linked with -Wl,--wrap for malloc, calloc,
 * realloc and aligned_alloc (tests/CMakeLists.txt), so every allocation
 * in libdoku.a's objects goes through the counter of
 * tests/nomem/failing_alloc.c first; the library itself is unchanged.
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
#include "doku_constraints.h"
#include "doku_parse.h"
#include "doku_records.h"
#include "failing_alloc.h"

/* Fingerprint of a scenario's outputs (FNV-1a). */
static uint64_t fp;
static void mix(const void *p, size_t len)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < len; i++)
        fp = (fp ^ b[i]) * 0x100000001b3ull;
}
static void mix_int(long long v) { mix(&v, sizeof v); }

/* A scenario runs a path of public calls and returns 1 if any call
 * reported an allocation failure (DOKU_ERR_NOMEM, a writer's failed flag),
 * else 0; it asserts that no call answered anything else, and frees all. */
typedef int (*scenario)(void);

/* Runs s with the k-th allocation failing for k = 0, 1, ... until a run
 * makes no more than k allocations; each run that had a failure injected
 * must report it, or give the outputs of a run without failure.
 * @return the number of allocations of a full run. */
static long run_all(scenario s, const char *name)
{
    long k;
    fp = 14695981039346656037ull;
    assert_int_equal(s(), 0);
    uint64_t ref = fp;
    for (k = 0;; k++) {
        fp = 14695981039346656037ull;
        failing_alloc_arm(k);
        int reported = s();
        failing_alloc_disarm();
        if (!failing_alloc_injected()) {
            assert_int_equal(reported, 0);
            break;
        }
        if (!reported && fp != ref)
            fail_msg("%s: allocation %ld failed, no call reported DOKU_ERR_NOMEM and the "
                     "outputs differ from a run without failure", name, k);
    }
    return k;
}

static const char *puzzle9 =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

static void cells_of(const char *t, uint8_t *cells, int nc)
{
    for (int i = 0; i < nc; i++)
        cells[i] = (uint8_t)(t[i] >= '1' && t[i] <= '9' ? t[i] - '0' : 0);
}

/* Checks a status is OK or NOMEM; @return 1 for NOMEM. */
static int nomem(doku_status st)
{
    if (st != DOKU_OK && st != DOKU_ERR_NOMEM)
        fail_msg("unexpected status %d", (int)st);
    return st == DOKU_ERR_NOMEM;
}

/* ---- scenarios --------------------------------------------------------- */

static int sc_shapes(void)
{
    static uint8_t map[81];
    for (int c = 0; c < 81; c++) {
        int r = c / 9, col = c % 9, cc = (r >= 3 && r < 6) ? (col + 1) % 9 : col;
        map[c] = (uint8_t)((r / 3) * 3 + cc / 3);
    }
    doku_shape_spec specs[3] = {
        {9, 3, 3, DOKU_VARIANT_X | DOKU_VARIANT_HYPER, NULL, 0},
        {9, 3, 3, DOKU_VARIANT_X, map, 1},
        {16, 4, 4, 0, NULL, 0},
    };
    int hit = 0;
    for (int i = 0; i < 3; i++) {
        doku_shape *s = (doku_shape *)1;
        doku_status st = doku_shape_create(&specs[i], &s);
        hit |= nomem(st);
        if (st != DOKU_OK)
            assert_null(s);
        else
            mix_int(doku_shape_unit_count(s));
        doku_shape_free(s);
    }
    return hit;
}

/* One search per engine: classic 9x9, board16 (16x16), generic (X). */
static int sc_search(void)
{
    int hit = 0;
    const int sides[3] = {9, 16, 9};
    const unsigned variants[3] = {0, 0, DOKU_VARIANT_X};
    for (int i = 0; i < 3; i++) {
        doku_shape *s;
        doku_status st = doku_shape_create_simple(sides[i], variants[i], &s);
        if (nomem(st)) {
            hit = 1;
            continue;
        }
        doku_solver *sv = (doku_solver *)1;
        st = doku_solver_create(s, &sv);
        if (nomem(st)) {
            assert_null(sv);
            doku_shape_free(s);
            hit = 1;
            continue;
        }
        uint8_t cells[256] = {0}, sol[256];
        if (sides[i] == 9 && !variants[i])
            cells_of(puzzle9, cells, 81);
        doku_search_opts o = {2, 100000, 0, 0};
        doku_search_result r;
        st = doku_search(sv, cells, (size_t)doku_shape_cells(s), &o, sol, NULL, NULL, &r);
        hit |= nomem(st);
        mix_int((long long)r.solutions);
        mix_int(st == DOKU_GAVE_UP);
        if (r.solutions)
            mix(sol, (size_t)(sides[i] * sides[i]));
        /* the solver stays usable after a failed search */
        if (st == DOKU_ERR_NOMEM)
            nomem(doku_search(sv, cells, (size_t)doku_shape_cells(s), &o, sol, NULL, NULL, &r));
        doku_solver_free(sv);
        doku_shape_free(s);
    }
    return hit;
}

static int sc_reader(void)
{
    doku_reader *r = (doku_reader *)1;
    doku_status st = doku_reader_create(NULL, &r);
    if (nomem(st)) {
        assert_null(r);
        return 1;
    }
    int hit = 0;
    const char *lines[] = {"# a comment", puzzle9, "1 . . 4", ". 4 1 .", "4 1 . .", ". . 4 1", "",
                           "bad line", "0123456789ABCDEF0123456789ABCDEF"};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        hit |= nomem(doku_reader_push_line(r, lines[i], strlen(lines[i])));
    hit |= nomem(doku_reader_finish(r));
    doku_record rec;
    while (doku_reader_next(r, &rec) == DOKU_OK) {
        mix_int(rec.kind);
        mix_int((long long)rec.line);
        mix_int((long long)rec.column);
        if (rec.kind == DOKU_RECORD_PUZZLE) {
            mix(rec.cells, (size_t)(rec.n * rec.n));
            mix(rec.comment, strlen(rec.comment));
        } else {
            mix(rec.message, strlen(rec.message));
        }
    }
    doku_reader_free(r);
    return hit;
}

static int sc_logic(void)
{
    doku_shape *s;
    if (nomem(doku_shape_create_simple(9, 0, &s)))
        return 1;
    doku_logic *lg = (doku_logic *)1;
    doku_status st = doku_logic_create(s, NULL, &lg);
    int hit = nomem(st);
    if (st == DOKU_OK) {
        uint8_t cells[81];
        /* an easy puzzle: singles, pairs, a little more */
        cells_of("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
                 cells, 81);
        st = doku_logic_load(lg, cells, (size_t)doku_shape_cells(s));
        hit |= nomem(st);
        if (st == DOKU_OK) {
            mix(doku_logic_cells(lg), 81);
            mix(doku_logic_candidates(lg), 81 * sizeof(uint64_t));
        }
    } else {
        assert_null(lg);
    }
    doku_logic_free(lg);
    doku_shape_free(s);
    return hit;
}

/* Loads and runs each puzzle on lg, mixing the outcome of every run that
 * had its memory. @return 1 if a call reported DOKU_ERR_NOMEM. */
static int run_puzzles(doku_logic *lg, const char *const *puzzles, size_t count)
{
    int hit = 0;
    for (size_t p = 0; p < count; p++) {
        uint8_t cells[81];
        cells_of(puzzles[p], cells, 81);
        if (nomem(doku_logic_load(lg, cells, sizeof cells))) {
            hit = 1;
            continue;
        }
        doku_rating r;
        char hist[512];
        int run_nomem = nomem(doku_logic_run(lg, NULL, NULL, &r, hist, sizeof hist));
        hit |= run_nomem;
        if (!run_nomem) {
            mix_int((long long)(r.er * 10 + 0.5));
            mix_int((long long)r.steps);
            mix_int(r.solved);
            mix(hist, strlen(hist));
            mix(doku_logic_cells(lg), 81);
        }
    }
    return hit;
}

/* A logic context with opts (NULL: the default) on 9x9 running each
 * puzzle. @return 1 if a call reported DOKU_ERR_NOMEM. */
static int logic_scenario(const doku_logic_opts *opts, const char *const *puzzles, size_t count)
{
    doku_shape *s;
    if (nomem(doku_shape_create_simple(9, 0, &s)))
        return 1;
    doku_logic *lg = (doku_logic *)1;
    doku_status st = doku_logic_create(s, opts, &lg);
    int hit = nomem(st);
    if (st == DOKU_OK)
        hit |= run_puzzles(lg, puzzles, count);
    else
        assert_null(lg);
    doku_logic_free(lg);
    doku_shape_free(s);
    return hit;
}

/* A whole logical solve (doku_logic_run, so every doku_logic_next): a
 * step list or text that cannot grow, or a finder's workspace, must end
 * the run with DOKU_ERR_NOMEM (-3 from doku_logic_next), never change the
 * path or rating silently. The puzzles need intersections, subsets,
 * fish, wings and chains (each finder's lists grow on its first step). */
static int sc_logic_run(void)
{
    static const char *const puzzles[] = {
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        /* tests/fixtures/logic_techniques.tsv: x-wing, xy-wing, aic */
        "970306042805000109000050000207000304010020080400738001000905000000000000100847003",
        "060050030000306000007000400030000060014020790700000001000000000900147005051609870",
        "070090040140208037900010008080000090201040603400000001010000020000629000700080009",
    };
    return logic_scenario(NULL, puzzles, sizeof puzzles / sizeof puzzles[0]);
}

/* The colouring finders' workspaces (extended techniques, off by
 * default): runs with simple colouring (a wrap, traps), multi-colouring
 * and remote pairs (tests/fixtures/puzzles/classic9_rated.txt). */
static int sc_logic_colouring(void)
{
    static const char *const puzzles[] = {
        "97.3.6.428.5...1.9....5....2.7...3.4.1..2..8.4..738..1...9.5............1..847..3",
        "...239...5...8...7..1.7.4...7.....5..1.....4...29.87..2.......8.6.....7...57462..",
        ".4.....9.....5....8.6...4.7....8......5.2.7....21659....76.35..6.9.7.3.2.........",
    };
    doku_logic_opts o = {0};
    assert_int_equal(doku_parse_techniques("intersections,subsets,colouring,remote-pair", &o.techniques,
                                         NULL),
                     DOKU_OK);
    o.no_trial = 1;
    return logic_scenario(&o, puzzles, sizeof puzzles / sizeof puzzles[0]);
}

static int sc_generate(void)
{
    doku_shape *s;
    if (nomem(doku_shape_create_simple(9, 0, &s)))
        return 1;
    doku_generator *g = (doku_generator *)1;
    doku_status st = doku_generator_create(s, &g);
    int hit = nomem(st);
    if (st == DOKU_OK) {
        doku_generate_opts o;
        memset(&o, 0, sizeof o);
        o.qqwing_level = DOKU_QQWING_EASY;
        o.symmetry = DOKU_SYM_ROT180;
        uint8_t p[81], sol[81];
        doku_generate_result r;
        hit |= nomem(doku_generate(g, 5, &o, p, sol, (size_t)doku_shape_cells(s), &r));
        mix_int(r.found);
        if (r.found)
            mix(p, 81);
    } else {
        assert_null(g);
    }
    doku_generator_free(g);
    doku_shape_free(s);
    return hit;
}

static int sc_rating_filter(void)
{
    doku_shape *s;
    if (nomem(doku_shape_create_simple(9, 0, &s)))
        return 1;
    doku_rating_filter_opts fo = {2.0, 5.0, 0};
    doku_rating_filter *f = (doku_rating_filter *)1;
    doku_status st = doku_rating_filter_create(s, &fo, &f);
    int hit = nomem(st);
    if (st != DOKU_OK)
        assert_null(f);
    doku_rating_filter_free(f);
    doku_shape_free(s);
    return hit;
}

/* A judgement that cannot allocate is no rejection: the filter returns
 * DOKU_ERR_NOMEM, and doku_generate with it stops with DOKU_ERR_NOMEM,
 * never a different puzzle. */
static int sc_rating_judge(void)
{
    static const char *const puzzles[] = {
        "970306042805000109000050000207000304010020080400738001000905000000000000100847003",
        "070090040140208037900010008080000090201040603400000001010000020000629000700080009",
    };
    doku_shape *s;
    if (nomem(doku_shape_create_simple(9, 0, &s)))
        return 1;
    int hit = 0;
    for (int band = 0; band < 2; band++) {
        /* a closed band grades the whole path; an open one from the pairs
         * closure (its own start) */
        doku_rating_filter_opts fo = {band ? 4.0 : 2.0, band ? -1 : 9.0, 0};
        doku_rating_filter *f = NULL;
        if (nomem(doku_rating_filter_create(s, &fo, &f))) {
            hit = 1;
            continue;
        }
        for (size_t p = 0; p < sizeof puzzles / sizeof puzzles[0]; p++) {
            uint8_t cells[81];
            cells_of(puzzles[p], cells, 81);
            doku_filter_call call = {s, cells, NULL, 81, 0};
            bool ok = false;
            if (nomem(doku_rating_filter_accept(f, &call, &ok))) {
                assert_false(ok);
                hit = 1;
            } else {
                mix_int(ok);
            }
        }
        doku_generator *g = NULL;
        if (nomem(doku_generator_create(s, &g))) {
            hit = 1;
        } else {
            doku_generate_opts o;
            memset(&o, 0, sizeof o);
            o.filter = doku_rating_filter_accept;
            o.filter_user = f;
            o.max_attempts = 3;
            uint8_t p[81], sol[81];
            doku_generate_result r;
            if (nomem(doku_generate(g, 11, &o, p, sol, (size_t)doku_shape_cells(s), &r))) {
                hit = 1;
            } else {
                mix_int(r.found);
                mix_int((long long)r.attempts);
                if (r.found)
                    mix(p, 81);
            }
        }
        doku_generator_free(g);
        doku_rating_filter_free(f);
    }
    doku_shape_free(s);
    return hit;
}

/* doku_format_conflicts: -2 (out of memory) or the full answer. */
static int sc_conflicts(void)
{
    doku_shape *s;
    if (nomem(doku_shape_create_simple(9, 0, &s)))
        return 1;
    uint8_t cells[81] = {0}, marks[81] = {0};
    cells[0] = cells[4] = cells[40] = cells[44] = 5;
    doku_buf b = {0};
    size_t k = 0;
    doku_status st = doku_format_conflicts(&b, s, cells, 81, DOKU_SYMBOLS_AUTO, 8, marks, &k);
    int hit = 0;
    if (st == DOKU_ERR_NOMEM) {
        hit = 1;
    } else {
        assert_int_equal(st, DOKU_OK);
        assert_true(k > 0);
        mix_int((long long)k);
        mix(b.data, b.len);
        mix(marks, 81);
    }
    doku_buf_free(&b);
    doku_shape_free(s);
    return hit;
}

static int sc_writers(void)
{
    doku_shape *s;
    if (nomem(doku_shape_create_simple(9, 0, &s)))
        return 1;
    uint8_t cells[81];
    cells_of(puzzle9, cells, 81);
    doku_buf b = {0};
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    doku_source src = {"file", 3, 0, s, cells, "comment", DOKU_SYMBOLS_AUTO};
    doku_search_result res = {1, 10, 2};
    doku_search_record sr;
    memset(&sr, 0, sizeof sr);
    sr.command = DOKU_CMD_SOLVE;
    sr.result = &res;
    sr.limit = 1;
    sr.solutions = cells;
    sr.nsolutions = 1;
    int hit = 0;
    for (int f = DOKU_FORMAT_LINE; f <= DOKU_FORMAT_CSV; f++) {
        ro.format = (doku_format)f;
        hit |= nomem(doku_format_search(&b, &src, &ro, &sr));
        hit |= nomem(doku_format_invalid(&b, DOKU_CMD_CHECK, &src, &ro, "why"));
    }
    hit |= nomem(doku_buf_append_json_string(&b, "a \"quoted\" text"));
    if (b.failed && !hit)
        fail_msg("failed buffer without DOKU_ERR_NOMEM");
    if (b.data)
        mix(b.data, b.len);
    doku_buf_free(&b);
    doku_shape_free(s);
    return hit;
}

/* The wrong-entry finder and its sentence on a 9x9 and an X grid (the
 * generic engine, built on first use inside the finder's searches). */
static int sc_wrong_entry(void)
{
    static const char *wrong =
        "46....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const unsigned variants[2] = {0, DOKU_VARIANT_X};
    int hit = 0;
    for (int i = 0; i < 2; i++) {
        doku_shape *s;
        if (nomem(doku_shape_create_simple(9, variants[i], &s))) {
            hit = 1;
            continue;
        }
        doku_solver *sv;
        if (nomem(doku_solver_create(s, &sv))) {
            doku_shape_free(s);
            hit = 1;
            continue;
        }
        uint8_t cells[81], marks[81];
        cells_of(wrong, cells, 81);
        doku_wrong_entry w;
        doku_status st = doku_find_wrong_entry(sv, cells, (size_t)doku_shape_cells(s), 0, marks, &w);
        hit |= nomem(st);
        if (st == DOKU_OK) {
            mix_int((long long)w.suspects);
            mix_int(w.kind);
            mix(marks, sizeof marks);
            doku_buf b = {0};
            hit |= nomem(doku_format_wrong_entry(&b, s, cells, (size_t)doku_shape_cells(s), DOKU_SYMBOLS_AUTO, marks, &w));
            if (b.data && !b.failed)
                mix(b.data, b.len);
            doku_buf_free(&b);
        }
        doku_solver_free(sv);
        doku_shape_free(s);
    }
    return hit;
}

/* The wrong-entry finder under constraints: a 4x4 thermo and cage whose
 * givens have two solutions, and a wrong 4 entered (every search of the
 * scan builds the constraint engine afresh). */
static int sc_wrong_entry_variant(void)
{
    static const char text[] = "size 4\nthermo r1c1 r1c2 r2c2\ncage 6 r3c1 r4c1\n"
                               "givens ..3. 4..2 2... ....\n";
    doku_variant_puzzle *p;
    doku_status st = doku_variant_puzzle_read(text, sizeof text - 1, &p, NULL, 0);
    if (st != DOKU_OK) {
        assert_int_equal(st, DOKU_ERR_NOMEM);
        return 1;
    }
    const doku_shape *s = doku_variant_puzzle_shape(p);
    const uint8_t *cells = doku_variant_puzzle_givens(p);
    uint8_t marks[16];
    doku_wrong_entry w;
    st = doku_constraints_find_wrong_entry(doku_variant_puzzle_constraints(p), cells, 16, 0, marks,
                                           &w);
    int hit = nomem(st);
    if (st == DOKU_OK) {
        mix_int((long long)w.suspects);
        mix_int(w.kind);
        mix(marks, sizeof marks);
        doku_buf b = {0};
        hit |= nomem(doku_format_wrong_entry(&b, s, cells, 16, DOKU_SYMBOLS_AUTO, marks, &w));
        if (b.data && !b.failed)
            mix(b.data, b.len);
        doku_buf_free(&b);
    }
    doku_variant_puzzle_free(p);
    return hit;
}

static void test_nomem_each(void **state)
{
    (void)state;
    static const struct {
        scenario s;
        const char *name;
    } all[] = {
        {sc_shapes, "shape_create"},   {sc_search, "search"},
        {sc_reader, "reader"},         {sc_logic, "logic"},
        {sc_logic_run, "logic run"},
        {sc_logic_colouring, "logic run with colouring"},
        {sc_generate, "generate"},     {sc_rating_filter, "rating_filter"},
        {sc_rating_judge, "rating filter judging, generate with it"},
        {sc_conflicts, "format_conflicts"},
        {sc_writers, "record writers"},
        {sc_wrong_entry, "find_wrong_entry and its sentence"},
        {sc_wrong_entry_variant, "constraints_find_wrong_entry"},
    };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        long n = run_all(all[i].s, all[i].name);
        print_message("%s: %ld allocations, each failed once\n", all[i].name, n);
        assert_true(n > 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nomem_each),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
