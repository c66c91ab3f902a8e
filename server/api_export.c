/*
 * api_export.c — POST /api/export: one puzzle (and its solution when
 * asked) as a file in a format doku writes: text (line, grid, csv), the
 * exchange formats (.sdk, OpenSudoku, SudokuWiki, f-puzzles and SudokuPad
 * links), a workbook (xlsx) or a picture (pdf, png, svg).
 *
 * The one design idea: every format has exactly one writer, and it is
 * the one the CLI uses: the library's cell and exchange writers for text
 * (`doku convert --to ...`), the document backends for workbooks and
 * pictures, fed the same JSON record `doku solve --format json` or `doku
 * convert --to json` prints (documents.h). The endpoint only chooses.
 */
#include "doku_records.h"
#include "api_endpoints.h"
#include "cache.h"
#include "documents.h"
#include "export_variant.h"
#include "record.h"
#include "request.h"
#include "variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OUT_CELLS, OUT_EXCHANGE, OUT_DOCUMENT };

typedef struct out_format {
    const char *name;        /* the "format" field's value */
    int kind;                /* OUT_* */
    int code;                /* doku_format, doku_exchange or DOC_FORMAT_* */
    const char *ext;         /* the download's extension */
    const char *type;        /* its Content-Type (documents: from documents.c) */
    const char *holds;       /* what an exchange format holds, for refusals */
} out_format;

static const out_format formats[] = {
    {"line", OUT_CELLS, DOKU_FORMAT_LINE, "txt", "text/plain; charset=utf-8", NULL},
    {"grid", OUT_CELLS, DOKU_FORMAT_GRID, "txt", "text/plain; charset=utf-8", NULL},
    {"csv", OUT_CELLS, DOKU_FORMAT_CSV, "csv", "text/csv; charset=utf-8", NULL},
    {"sdk", OUT_EXCHANGE, DOKU_EXCHANGE_SDK, "sdk", "text/plain; charset=utf-8",
     "an .sdk file holds sides up to 35"},
    {"opensudoku", OUT_EXCHANGE, DOKU_EXCHANGE_OPENSUDOKU, "opensudoku", "application/xml",
     "OpenSudoku holds classic 9x9 only"},
    {"sudokuwiki", OUT_EXCHANGE, DOKU_EXCHANGE_SUDOKUWIKI, "txt", "text/plain; charset=utf-8",
     "a SudokuWiki link holds classic 9x9 only"},
    {"fpuzzles", OUT_EXCHANGE, DOKU_EXCHANGE_FPUZZLES, "txt", "text/plain; charset=utf-8",
     "an f-puzzles link holds no hyper windows, no jigsaw with boxes and no side above 16"},
    {"sudokupad", OUT_EXCHANGE, DOKU_EXCHANGE_SUDOKUPAD, "txt", "text/plain; charset=utf-8",
     "a SudokuPad link holds no hyper windows, no jigsaw with boxes and no side above 16"},
    {"xlsx", OUT_DOCUMENT, DOC_FORMAT_XLSX, "xlsx", NULL, NULL},
    {"pdf", OUT_DOCUMENT, DOC_FORMAT_PDF, "pdf", NULL, NULL},
    {"png", OUT_DOCUMENT, DOC_FORMAT_PNG, "png", NULL, NULL},
    {"svg", OUT_DOCUMENT, DOC_FORMAT_SVG, "svg", NULL, NULL},
};

static const out_format *find_format(const char *name)
{
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
        if (!strcmp(formats[i].name, name))
            return &formats[i];
    return NULL;
}

/* The solution of p within timeout (named: that budget as the message
 * says it). @return 0 with sol filled (and *several set when it is one
 * of several), or -1 with a 422 in out. */
static int solve_for_export(const srv_puzzle *p, double timeout, double named, uint8_t *sol,
                            doku_search_result *res, srv_reply *out)
{
    doku_solver *solver = srv_cache_solver(p->shape);
    if (!solver) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return -1;
    }
    doku_search_opts so = {0};
    so.limit = 2;
    so.time_budget = timeout;
    size_t nc = (size_t)doku_shape_cells(p->shape);
    doku_status st = p->cons ? doku_constraints_search(p->cons, p->cells, nc, &so, sol, NULL, NULL, res)
                             : doku_search(solver, p->cells, nc, &so, sol, NULL, NULL, res);
    if (st != DOKU_OK && st != DOKU_GAVE_UP) {
        srv_reply_error(out, 400, "bad_puzzle", "the puzzle cannot be searched", "puzzle");
        return -1;
    }
    if (res->solutions > 0)
        return 0;
    char msg[400], secs[32];
    if (st == DOKU_GAVE_UP) {
        snprintf(msg, sizeof msg, "no solution found within %s s: export without the solution",
                 srv_seconds(secs, sizeof secs, named));
        srv_reply_error(out, 422, "gave_up", msg, "solution");
        return -1;
    }
    doku_buf why = {0};
    size_t k = 0;
    doku_format_conflicts(&why, p->shape, p->cells, (size_t)doku_shape_cells(p->shape), p->symbols,
                          8, NULL, &k);
    snprintf(msg, sizeof msg, "the puzzle has no solution%s%s", k > 0 ? ": " : "",
             k > 0 && why.data ? why.data : "");
    doku_buf_free(&why);
    srv_reply_error(out, 422, "unsolvable", msg, "solution");
    return -1;
}

/* Appends cells in fmt. */
static void put_cells(doku_buf *b, const srv_puzzle *p, const uint8_t *cells, doku_format fmt)
{
    size_t need = 0;
    doku_format_cells(p->shape, cells, (size_t)doku_shape_cells(p->shape), NULL, NULL, fmt, p->symbols, 0, NULL, 0, &need);
    char *text = malloc(need + 1);
    if (!text) {
        b->failed = 1;
        return;
    }
    doku_format_cells(p->shape, cells, (size_t)doku_shape_cells(p->shape), NULL, NULL, fmt, p->symbols, 0, text, need + 1, NULL);
    doku_buf_append(b, text, need);
    free(text);
}

static void put(doku_buf *b, const char *s)
{
    doku_buf_append(b, s, strlen(s));
}

/* line, grid, csv: the puzzle, then (when given) the solution, each as
 * `doku convert --to line|grid` writes a puzzle with its comment (csv:
 * the grid with ',' between the numbers). */
static void write_cells(doku_buf *b, const srv_puzzle *p, const char *comment,
                        const uint8_t *sol, const char *sol_comment, doku_format fmt)
{
    const uint8_t *grids[2] = {p->cells, sol};
    const char *notes[2] = {comment, sol_comment};
    for (int k = 0; k < 2 && grids[k]; k++) {
        if (fmt == DOKU_FORMAT_LINE) {
            put_cells(b, p, grids[k], fmt);
            if (notes[k] && *notes[k]) {
                put(b, " ");
                put(b, notes[k]);
            }
            put(b, "\n");
        } else {
            if (notes[k] && *notes[k]) {
                put(b, "# ");
                put(b, notes[k]);
                put(b, "\n");
            }
            put_cells(b, p, grids[k], fmt);
            put(b, "\n");   /* a blank line ends each grid, as convert's */
        }
    }
}

/* "entries": the player's own digits as a line in the puzzle's symbols
 * ('.' elsewhere), none on a given. @return 0 with out filled (all zero
 * when the field is absent), or -1 with a 400 in reply. */
static int read_entries(const cJSON *req, const srv_puzzle *p, uint8_t *out, int *any,
                        srv_reply *reply)
{
    const char *line;
    size_t cells = (size_t)p->n * (size_t)p->n;
    memset(out, 0, cells);
    *any = 0;
    if (srv_field_string(req, "entries", &line, reply))
        return -1;
    if (!line)
        return 0;
    if (strlen(line) != cells) {
        char msg[160];
        snprintf(msg, sizeof msg, "must hold %zu characters (a digit or '.' per cell), not %zu",
                 cells, strlen(line));
        srv_reply_error(reply, 400, "bad_field", msg, "entries");
        return -1;
    }
    for (size_t i = 0; i < cells; i++) {
        int v = 0;
        for (int d = 1; d <= p->n && !v && line[i] != '.'; d++)
            if (doku_symbol(p->n, p->symbols, d) == line[i])
                v = d;
        if (line[i] != '.' && !v) {
            char msg[160];
            snprintf(msg, sizeof msg, "entries: '%c' at r%zuc%zu is not a symbol of this puzzle",
                     line[i], i / (size_t)p->n + 1, i % (size_t)p->n + 1);
            srv_reply_error(reply, 400, "bad_field", msg, "entries");
            return -1;
        }
        if (v && p->cells[i]) {
            char msg[160];
            snprintf(msg, sizeof msg, "entries: r%zuc%zu holds a given", i / (size_t)p->n + 1,
                     i % (size_t)p->n + 1);
            srv_reply_error(reply, 400, "bad_field", msg, "entries");
            return -1;
        }
        out[i] = (uint8_t)v;
        *any |= v != 0;
    }
    return 0;
}

/* The record a document is made of: `doku solve --format json`'s with a
 * solution, else `doku convert --to json`'s (the puzzle and comment) with
 * the player's entries, when there are any, as "entries" (drawn as solved
 * digits, so a workbook reopened gives them back as entries). */
static doku_status document_record(doku_buf *b, const srv_puzzle *p, const char *comment,
                                   const uint8_t *entries, const uint8_t *sol,
                                   const doku_search_result *res, double timeout)
{
    if (sol) {
        doku_source src = srv_source(p);
        src.comment = comment;
        doku_search_record rec;
        memset(&rec, 0, sizeof rec);
        rec.command = DOKU_CMD_SOLVE;
        rec.result = res;
        rec.limit = 2;
        rec.solutions = sol;
        rec.nsolutions = 1;
        doku_record_opts ro;
        memset(&ro, 0, sizeof ro);
        ro.format = DOKU_FORMAT_JSON;
        ro.timeout = timeout;
        return doku_format_search(b, &src, &ro, &rec);
    }
    char head[64];
    snprintf(head, sizeof head, "{\"file\":\"\",\"line\":1,\"n\":%d,\"puzzle\":", p->n);
    put(b, head);
    doku_buf line = {0};
    put_cells(&line, p, p->cells, DOKU_FORMAT_LINE);
    doku_buf_append_json_string(b, line.data ? line.data : "");
    doku_buf_free(&line);
    if (comment && *comment) {
        put(b, ",\"comment\":");
        doku_buf_append_json_string(b, comment);
    }
    if (entries) {
        doku_buf mine = {0};
        put_cells(&mine, p, entries, DOKU_FORMAT_LINE);
        put(b, ",\"entries\":");
        doku_buf_append_json_string(b, mine.data ? mine.data : "");
        b->failed |= mine.failed;
        doku_buf_free(&mine);
    }
    put(b, "}\n");
    return b->failed ? DOKU_ERR_NOMEM : DOKU_OK;
}

void srv_api_export(const srv_call *c, srv_reply *out)
{
    srv_puzzle p;
    memset(&p, 0, sizeof p);
    uint8_t *sol = NULL, *entries = NULL;
    int any_entries = 0;
    doku_buf b = {0};
    cJSON *req = srv_parse_body(c->body, c->len, out);
    if (!req)
        return;
    const char *fname, *comment, *name, *author;
    int with_solution;
    double timeout;
    if (srv_read_puzzle(req, 1, &p, out) != 0 || srv_field_string(req, "format", &fname, out) ||
        srv_field_string(req, "comment", &comment, out) ||
        srv_field_string(req, "name", &name, out) ||
        srv_field_string(req, "author", &author, out) ||
        srv_field_bool(req, "solution", 0, &with_solution, out) ||
        srv_field_timeout(req, srv_remaining(c->budget), &timeout, out))
        goto done;
    if (!fname) {
        srv_reply_error(out, 400, "missing_field",
                        "the request needs a \"format\" field (line, grid, csv, sdk, opensudoku, "
                        "sudokuwiki, fpuzzles, sudokupad, text, fpuzzles-json, killer, xlsx, pdf, png "
                        "or svg)", "format");
        goto done;
    }
    /* a variant puzzle (or a variant-only format): the variant writer */
    if (srv_export_variant(&p, fname, name, comment ? comment : p.comment, author, out))
        goto done;
    const out_format *f = find_format(fname);
    if (!f) {
        srv_reply_error(out, 400, "bad_field",
                        "field \"format\" must be line, grid, csv, sdk, opensudoku, sudokuwiki, "
                        "fpuzzles, sudokupad, text, fpuzzles-json, killer, xlsx, pdf, png or svg",
                        "format");
        goto done;
    }
    if (!comment)
        comment = p.comment;
    char file[128];
    if (name && *name)
        snprintf(file, sizeof file, "%.100s.%s", name, f->ext);
    else
        snprintf(file, sizeof file, "doku-%dx%d.%s", p.n, p.n, f->ext);

    /* the exchange formats hold one puzzle: no solution there */
    doku_search_result res;
    memset(&res, 0, sizeof res);
    const char *sol_note = "solution";
    if (with_solution && f->kind != OUT_EXCHANGE) {
        sol = malloc((size_t)p.n * (size_t)p.n);
        if (!sol) {
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
            goto done;
        }
        if (solve_for_export(&p, timeout, srv_budget_named(req, c->budget), sol, &res, out) != 0)
            goto done;
        if (res.solutions > 1)
            sol_note = "one of several solutions";
    }
    if (f->kind == OUT_DOCUMENT) {
        entries = malloc((size_t)p.n * (size_t)p.n);
        if (!entries) {
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
            goto done;
        }
        if (read_entries(req, &p, entries, &any_entries, out) != 0)
            goto done;
        doku_status st = document_record(&b, &p, comment, any_entries ? entries : NULL, sol,
                                         &res, srv_budget_named(req, c->budget));
        /* a variant puzzle's constraints, which the pictures draw and the
         * workbook lists (the documents read them from the record) */
        if (st == DOKU_OK && p.cons) {
            cJSON *o = cJSON_CreateObject();
            st = srv_add_constraints(o, p.cons) ? srv_record_add(&b, o) : DOKU_ERR_NOMEM;
            cJSON_Delete(o);
        }
        if (st != DOKU_OK || b.failed) {
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
            goto done;
        }
        srv_doc_record rec = {p.shape, b.data, b.len};
        srv_doc_spec spec = {sol ? "solve" : "convert", f->code, p.symbols, NULL, file};
        srv_document_reply(c->files, &spec, &rec, 1, out);
        goto done;
    }
    if (f->kind == OUT_CELLS) {
        write_cells(&b, &p, comment, sol, sol_note, (doku_format)f->code);
    } else {
        const char *key = f->code == DOKU_EXCHANGE_OPENSUDOKU ? "note" : "comment";
        const char *meta[] = {key, comment, NULL};
        const char *const *m = comment && *comment ? meta : NULL;
        if (f->code == DOKU_EXCHANGE_OPENSUDOKU)
            doku_format_exchange(&b, NULL, NULL, (size_t)doku_shape_cells(NULL), NULL, DOKU_EXCHANGE_OPENSUDOKU_HEAD);
        doku_status st = doku_format_exchange(&b, p.shape, p.cells, (size_t)doku_shape_cells(p.shape), m, (doku_exchange)f->code);
        if (st == DOKU_ERR_SHAPE) {
            char shape[128], msg[300];
            doku_shape_describe(p.shape, shape, sizeof shape, NULL);
            snprintf(msg, sizeof msg, "%s: this puzzle is %s", f->holds, shape);
            srv_reply_error(out, 422, "format_cannot_hold", msg, "format");
            goto done;
        }
        if (f->code == DOKU_EXCHANGE_OPENSUDOKU)
            doku_format_exchange(&b, NULL, NULL, (size_t)doku_shape_cells(NULL), NULL, DOKU_EXCHANGE_OPENSUDOKU_TAIL);
        if (f->code == DOKU_EXCHANGE_SDK)
            put(&b, "\n");   /* as `doku convert --to sdk` ends each puzzle */
    }
    if (b.failed || !b.data) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        goto done;
    }
    srv_reply_file(out, 200, b.data, b.len, f->type, file);
    b.data = NULL;
done:
    doku_buf_free(&b);
    free(sol);
    free(entries);
    srv_puzzle_free(&p);
    cJSON_Delete(req);
}
