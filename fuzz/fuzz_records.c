/*
 * fuzz_records.c — the writers. (1) Round trips: any grid of a shape,
 * written by doku_format_cells in every layout the reader reads (line,
 * grid, tokens, hexadoku, Lewis), reads back equal. (2) The record
 * writers on arbitrary record contents (counts, verdicts, ratings that
 * are NaN or infinite, steps naming cells out of range, strings with
 * any bytes): they answer with a status, the buffer stays NUL-terminated
 * and its length true, and every JSON record is valid JSON.
 */
#include "doku_records.h"
#include "fuzz_input.h"

#include <math.h>
#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#include "json_check.h"

static void check_buf(const doku_buf *b)
{
    if (b->failed || (b->data && (b->data[b->len] != '\0' || strlen(b->data) != b->len)))
        abort();
}

/* ---- inputs ---------------------------------------------------------- */

static const unsigned KINDS[] = {0, 1, 3, 4, 7, 10, 13, 15, 16};
#define NKINDS (sizeof KINDS / sizeof KINDS[0])

/* A short string of any bytes (NUL-terminated), or NULL. */
static const char *fz_text(fz *f, char *buf, size_t cap)
{
    unsigned len = fz_byte(f);
    if (len == 255)
        return NULL;
    len %= (unsigned)cap;
    for (unsigned i = 0; i < len; i++) {
        buf[i] = (char)fz_byte(f);
        if (!buf[i])
            buf[i] = 'x';
    }
    buf[len] = '\0';
    return buf;
}

static double fz_double(fz *f)
{
    switch (fz_byte(f) % 8) {
    case 0: return NAN;
    case 1: return INFINITY;
    case 2: return -INFINITY;
    case 3: return -1.5;
    case 4: return 1e300;
    default: return fz_byte(f) / 10.0;
    }
}

static void round_trip(const doku_shape *s, const uint8_t *cells, doku_symbols sym)
{
    static const doku_format fmts[] = {DOKU_FORMAT_LINE, DOKU_FORMAT_GRID, DOKU_FORMAT_TOKENS,
                                       DOKU_FORMAT_HEX, DOKU_FORMAT_LEWIS};
    int n = doku_shape_n(s), nc = doku_shape_cells(s);
    for (size_t i = 0; i < sizeof fmts / sizeof fmts[0]; i++) {
        size_t need = 0;
        doku_format_cells(s, cells, (size_t)doku_shape_cells(s), NULL, NULL, fmts[i], sym, 0, NULL, 0, &need);
        char *txt = malloc(need + 1);
        size_t again = 0;
        if (doku_format_cells(s, cells, (size_t)nc, NULL, NULL, fmts[i], sym, 0, txt, need + 1,
                              &again) != DOKU_OK ||
            again != need || strlen(txt) != need)
            abort();
        /* the layout the text is in decides the alphabet to read with */
        doku_reader_opts ro = {n, fmts[i] == DOKU_FORMAT_LINE || fmts[i] == DOKU_FORMAT_GRID
                                      ? (sym == DOKU_SYMBOLS_AUTO ? DOKU_SYMBOLS_1_9A_Z : sym)
                                      : DOKU_SYMBOLS_AUTO};
        if (fmts[i] == DOKU_FORMAT_HEX && n <= 36)
            ro.symbols = n <= 9 ? DOKU_SYMBOLS_1_9A_Z : DOKU_SYMBOLS_0_9A_Z;
        doku_reader *r;
        if (doku_reader_create(&ro, &r) != DOKU_OK)
            abort();
        for (char *p = txt; *p;) {
            char *e = strchr(p, '\n');
            size_t len = e ? (size_t)(e - p) : strlen(p);
            doku_reader_push_line(r, p, len);
            p += len + (e != NULL);
        }
        doku_reader_finish(r);
        doku_record rec;
        int got = doku_reader_next(r, &rec) == DOKU_OK;
        if (!got || rec.kind != DOKU_RECORD_PUZZLE || rec.n != n ||
            memcmp(rec.cells, cells, (size_t)nc) != 0) {
            fprintf(stderr, "format %d symbols %d n %d: %s\n%s\n", fmts[i], sym, n,
                    got && rec.kind == DOKU_RECORD_ERROR ? rec.message : "?", txt);
            abort();
        }
        doku_reader_free(r);
        free(txt);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static doku_shape *shapes[NKINDS];
    fz f = {data, size};
    unsigned ki = fz_below(&f, NKINDS);
    if (!shapes[ki] && !(shapes[ki] = fz_make_shape(&FZ_SHAPES[KINDS[ki]])))
        abort();
    const doku_shape *s = shapes[ki];
    int n = doku_shape_n(s), nc = doku_shape_cells(s);
    uint8_t cells[DOKU_MAX_CELLS], marks[DOKU_MAX_CELLS];
    for (int c = 0; c < nc; c++)
        cells[c] = (uint8_t)(fz_byte(&f) % (unsigned)(n + 1));
    doku_symbols sym = (doku_symbols)(fz_byte(&f) % 4);
    if (sym == DOKU_SYMBOLS_A_Z && n > 26)
        sym = DOKU_SYMBOLS_1_9A_Z;
    if (!doku_shape_has_regions(s))
        round_trip(s, cells, sym);

    char t1[64], t2[64], t3[64];
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.format = (doku_format)(fz_byte(&f) % 7);
    ro.style = fz_byte(&f) & 3;
    ro.stats = fz_byte(&f) & 1;
    ro.history = fz_byte(&f) & 1;
    ro.timeout = fz_double(&f);
    int json = ro.format == DOKU_FORMAT_JSON;
    doku_source src = {fz_text(&f, t1, sizeof t1), fz_byte(&f), fz_byte(&f) % 3, s, cells,
                       fz_text(&f, t2, sizeof t2), sym};
    doku_buf b = {0};
    unsigned which = fz_byte(&f) % 7;
    doku_status st = DOKU_OK;
    if (which == 0) {
        doku_search_result res = {fz_byte(&f) % 4, fz_byte(&f), fz_byte(&f)};
        doku_search_record sr;
        memset(&sr, 0, sizeof sr);
        sr.status = fz_byte(&f) & 1 ? DOKU_GAVE_UP : DOKU_OK;
        sr.command = (doku_command)(fz_byte(&f) % 3);
        sr.result = &res;
        sr.limit = 1 + fz_byte(&f) % 3;
        sr.list = fz_byte(&f) & 1;
        static uint8_t sols[3 * DOKU_MAX_CELLS];
        sr.nsolutions = fz_byte(&f) % 3;
        for (size_t i = 0; i < sr.nsolutions * (size_t)nc; i++)
            sols[i] = (uint8_t)(1 + fz_byte(&f) % (unsigned)n);
        sr.solutions = sols;
        sr.cut = fz_byte(&f) % 2 ? "stopped at 1 MiB of output" : NULL;
        sr.reason = fz_text(&f, t3, sizeof t3);
        sr.marks = fz_byte(&f) & 1 ? cells : NULL;
        sr.verdict = (doku_check_verdict)(fz_byte(&f) % 5);
        sr.time_ms = fz_double(&f);
        st = doku_format_search(&b, &src, &ro, &sr);
    } else if (which == 1) {
        st = doku_format_invalid(&b, (doku_command)(fz_byte(&f) % 8), &src, &ro,
                                 fz_text(&f, t3, sizeof t3) ? t3 : "x");
    } else if (which == 2) {
        doku_step step;
        memset(&step, 0, sizeof step);
        doku_cand cs[6];
        for (int i = 0; i < 6; i++) {
            cs[i].cell = (int)fz_byte(&f) * (fz_byte(&f) & 1 ? 37 : 1) - 5;
            cs[i].digit = (int)fz_byte(&f) % (n + 3) - 1;
        }
        step.technique = (doku_technique)(fz_byte(&f) % (DOKU_TECH_COUNT + 2));
        step.name = fz_text(&f, t3, sizeof t3);
        step.rating = fz_double(&f);
        step.nplacements = fz_byte(&f) % 3;
        step.placements = cs;
        step.neliminations = fz_byte(&f) % 4;
        step.eliminations = cs + 2;
        step.nproof = fz_byte(&f) % 7;
        step.proof = cs;
        step.text = fz_text(&f, t2, sizeof t2);
        st = doku_format_step(&b, s, &step, ro.format, fz_byte(&f));
    } else if (which == 3) {
        doku_generate_result gr;
        memset(&gr, 0, sizeof gr);
        gr.found = 1;
        gr.givens = (int)fz_byte(&f);
        gr.qqwing_level = (doku_qqwing_level)(fz_byte(&f) % 7);
        gr.symmetry = (doku_symmetry)(fz_byte(&f) % 10);
        gr.minimal = fz_byte(&f) & 1;
        doku_generate_record rec;
        memset(&rec, 0, sizeof rec);
        rec.index = fz_u64(&f);
        rec.seed = fz_u64(&f);
        rec.puzzle = cells;
        rec.solution = cells;
        rec.result = &gr;
        rec.full = fz_byte(&f) & 1;
        rec.with_solution = fz_byte(&f) & 1;
        rec.master_seed = fz_u64(&f);
        st = doku_format_generate(&b, s, sym, &ro, &rec);
    } else if (which == 4) {
        doku_reduce_result rr;
        memset(&rr, 0, sizeof rr);
        rr.givens = (int)fz_byte(&f);
        rr.minimal = fz_byte(&f) & 1;
        rr.symmetry = (doku_symmetry)(fz_byte(&f) % 10);
        doku_reduce_record rec = {fz_byte(&f) & 1 ? "reduced" : fz_text(&f, t3, sizeof t3),
                                  fz_text(&f, t2, sizeof t2), cells, (int)fz_byte(&f), &rr};
        if (!rec.status)
            rec.status = "invalid";
        st = doku_format_reduce(&b, &src, &ro, &rec);
    } else if (which == 5) {
        static doku_logic *logics[NKINDS];
        static uint64_t full[DOKU_MAX_CELLS];
        static const uint8_t none[DOKU_MAX_CELLS];
        if (!logics[ki]) {
            if (doku_logic_create(s, NULL, &logics[ki]) != DOKU_OK)
                abort();
            for (int c = 0; c < nc; c++)
                full[c] = n == 64 ? ~0ull : (1ull << n) - 1;
            if (doku_logic_load_candidates(logics[ki], none, full, (size_t)nc, 0) != DOKU_OK)
                abort();
        }
        doku_rating rt;
        memset(&rt, 0, sizeof rt);
        rt.er = fz_double(&f);
        rt.ep = fz_double(&f);
        rt.ed = fz_double(&f);
        rt.solved = fz_byte(&f) & 1;
        rt.difficulty = (doku_difficulty)(fz_byte(&f) % 8);
        rt.hardest = (doku_technique)(fz_byte(&f) % (DOKU_TECH_COUNT + 2));
        rt.steps = fz_byte(&f);
        doku_step step;
        memset(&step, 0, sizeof step);
        doku_cand cs[2] = {{(int)fz_below(&f, (unsigned)nc), 1}, {0, n}};
        step.technique = (doku_technique)(fz_byte(&f) % DOKU_TECH_COUNT);
        step.name = "Hidden Single";
        step.rating = fz_double(&f);
        step.nplacements = 1;
        step.placements = cs;
        step.neliminations = 1;
        step.eliminations = cs + 1;
        step.text = fz_text(&f, t2, sizeof t2);
        /* explain's steps are what doku_format_step wrote */
        doku_buf steps = {0};
        if (doku_format_step(&steps, s, &step, ro.format, 1) != DOKU_OK)
            abort();
        doku_logic_record lr;
        memset(&lr, 0, sizeof lr);
        lr.command = (doku_command)(DOKU_CMD_EXPLAIN + fz_byte(&f) % 4);
        lr.verdict = (doku_check_verdict)(fz_byte(&f) % 6);
        lr.message = fz_text(&f, t3, sizeof t3);
        lr.rating = &rt;
        /* a run's end, or a hint's doku_logic_next answer */
        static const doku_status ends[] = {DOKU_OK, DOKU_GAVE_UP, DOKU_DONE, DOKU_NO_SOLUTION,
                                           DOKU_ERR_NOMEM};
        lr.status = ends[fz_byte(&f) % 5];
        lr.steps = steps.data;
        lr.steps_len = steps.len;
        lr.logic = logics[ki];
        lr.step = fz_byte(&f) & 1 ? &step : NULL;
        lr.solved = fz_byte(&f) & 1;
        lr.history = fz_text(&f, t1, sizeof t1);
        lr.time_ms = fz_double(&f);
        st = doku_format_logic(&b, &src, &ro, &lr);
        doku_buf_free(&steps);
    } else {
        st = doku_format_conflicts(&b, s, cells, (size_t)nc, sym, fz_byte(&f) % 70, marks, NULL);
        if (st != DOKU_OK)
            abort();
        st = doku_buf_append_json_string(&b, fz_text(&f, t3, sizeof t3));
        json = 0;
    }
    if (st != DOKU_OK && st != DOKU_ERR_ARG)
        abort();
    check_buf(&b);
    if (json && st == DOKU_OK)
        check_json(b.data);
    doku_buf_free(&b);
    return 0;
}
