/*
 * api_print.c — POST /api/print: a booklet to print (PDF), as `doku
 * print` makes one: puzzles made by the generator (`doku print --generate
 * -n COUNT ...`: the generate fields plus "count") or given as a list
 * ("puzzles", each solved for the solution pages), laid out "per_page"
 * to a page on "paper", with a "title", captions, page numbers and the
 * "solutions" at the back, inline or left out.
 *
 * The one design idea: print computes nothing of its own, like the CLI's:
 * it makes the records /api/generate or /api/solve would answer and hands
 * them to the CLI's booklet backend (documents.h). The work is bounded:
 * at most MAX_BOOKLET puzzles, all made within the request's budget; what
 * the budget did not reach is left out and counted in the headers
 * X-Doku-Puzzles (made) and X-Doku-Requested.
 */
#include "doku_records.h"
#include "api_endpoints.h"
#include "cache.h"
#include "clock.h"
#include "documents.h"
#include "gen_constraints.h"
#include "gen_request.h"
#include "gen_variant.h"
#include "record.h"
#include "request.h"
#include "variant.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Puzzles one booklet holds at most. */
#define MAX_BOOKLET 100

typedef struct booklet_recs {
    doku_buf *bufs;           /* one JSON record each */
    size_t n;
} booklet_recs;

static void recs_free(booklet_recs *r)
{
    for (size_t i = 0; i < r->n; i++)
        doku_buf_free(&r->bufs[i]);
    free(r->bufs);
    r->bufs = NULL;
    r->n = 0;
}

/* per_page, paper, title, solutions. @return 0, or -1 with a 400. */
static int read_layout(const cJSON *req, document_booklet *b, srv_reply *out)
{
    uint64_t per;
    const char *paper, *sol;
    b->per_page = 4;
    b->paper = DOC_PAPER_A4;
    b->title = NULL;
    b->solutions = DOC_SOLUTIONS_BACK;
    if (srv_field_u64(req, "per_page", 1, 6, 4, &per, out) ||
        srv_field_string(req, "paper", &paper, out) ||
        srv_field_string(req, "title", &b->title, out) ||
        srv_field_string(req, "solutions", &sol, out))
        return -1;
    if (per == 3 || per == 5) {
        srv_reply_error(out, 400, "bad_field", "field \"per_page\" must be 1, 2, 4 or 6",
                        "per_page");
        return -1;
    }
    b->per_page = (int)per;
    if (paper && !strcmp(paper, "letter"))
        b->paper = DOC_PAPER_LETTER;
    else if (paper && strcmp(paper, "a4")) {
        srv_reply_error(out, 400, "bad_field", "field \"paper\" must be \"a4\" or \"letter\"",
                        "paper");
        return -1;
    }
    if (b->title && strlen(b->title) > 200) {
        srv_reply_error(out, 400, "bad_field", "field \"title\" must be at most 200 bytes",
                        "title");
        return -1;
    }
    if (!sol || !strcmp(sol, "back"))
        b->solutions = DOC_SOLUTIONS_BACK;
    else if (!strcmp(sol, "none"))
        b->solutions = DOC_SOLUTIONS_NONE;
    else if (!strcmp(sol, "inline"))
        b->solutions = DOC_SOLUTIONS_INLINE;
    else {
        srv_reply_error(out, 400, "bad_field",
                        "field \"solutions\" must be \"back\", \"none\" or \"inline\"", "solutions");
        return -1;
    }
    return 0;
}

/* ---- generated puzzles ------------------------------------------------ */

/* Makes up to count puzzles of g within its budget. @return 0 (recs
 * holds those made), or -1 with a reply in out. */
static int generate_all(srv_gen *g, uint64_t count, booklet_recs *recs, srv_reply *out)
{
    size_t ncells = (size_t)g->p.n * (size_t)g->p.n;
    uint8_t *puzzle = malloc(ncells), *solution = malloc(ncells);
    recs->bufs = calloc((size_t)count, sizeof *recs->bufs);
    int rc = 0;
    if (!puzzle || !solution || !recs->bufs) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        rc = -1;
        goto done;
    }
    double deadline = now_seconds() + g->timeout;
    for (uint64_t k = 0; k < count; k++) {
        double left = deadline - now_seconds();
        if (left < 0.001)
            break;
        doku_generate_result res;
        doku_status st = srv_gen_make(g, k, left, puzzle, solution, &res);
        if (st == DOKU_ERR_ARG) {
            srv_reply_error(out, 400, "bad_field", "these options cannot be met together", NULL);
            rc = -1;
            goto done;
        }
        if (st != DOKU_OK || !res.found)
            break;
        doku_buf *b = &recs->bufs[recs->n];
        if (srv_gen_record(g, k, puzzle, solution, &res, b) != DOKU_OK || b->failed) {
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
            rc = -1;
            goto done;
        }
        recs->n++;
    }
    if (recs->n == 0) {
        char msg[160], secs[32];
        snprintf(msg, sizeof msg, "no puzzle found within %s s: ask for fewer constraints",
                 srv_seconds(secs, sizeof secs, g->named));
        srv_reply_error(out, 422, "cannot_generate", msg, NULL);
        rc = -1;
    }
done:
    free(puzzle);
    free(solution);
    return rc;
}

/* ---- given puzzles ---------------------------------------------------- */

/* Puts "puzzles[k] " before the where of the error in out. */
static void error_at(srv_reply *out, size_t k)
{
    cJSON *root = out->body ? cJSON_ParseWithLength(out->body, out->len) : NULL;
    cJSON *err = root ? cJSON_GetObjectItemCaseSensitive(root, "error") : NULL;
    if (err) {
        const cJSON *code = cJSON_GetObjectItemCaseSensitive(err, "code");
        const cJSON *msg = cJSON_GetObjectItemCaseSensitive(err, "message");
        const cJSON *where = cJSON_GetObjectItemCaseSensitive(err, "where");
        /* "puzzle line 1 column 3" becomes "puzzles[2] line 1 column 3" */
        const char *w0 = cJSON_IsString(where) ? where->valuestring : "";
        if (!strncmp(w0, "puzzle", 6))
            w0 += strncmp(w0, "puzzles", 7) ? 6 : 7;
        char w[200];
        snprintf(w, sizeof w, "puzzles[%zu]%s%.150s", k, *w0 && *w0 != ' ' ? " " : "", w0);
        if (cJSON_IsString(code) && cJSON_IsString(msg)) {
            char c[64], m[600];
            snprintf(c, sizeof c, "%s", code->valuestring);
            snprintf(m, sizeof m, "%s", msg->valuestring);
            srv_reply_error(out, out->status, c, m, w);
        }
    }
    cJSON_Delete(root);
}

/* Reads and solves every puzzle of "puzzles" (one shape for all) within
 * the budget: the records `doku solve --format json` prints. */
static int solve_all(const cJSON *req, const cJSON *list, double timeout, booklet_recs *recs,
                     const doku_shape **shape, doku_symbols *symbols, srv_reply *out)
{
    size_t count = (size_t)cJSON_GetArraySize(list);
    if (count < 1 || count > MAX_BOOKLET) {
        char msg[120];
        snprintf(msg, sizeof msg, "field \"puzzles\" must hold 1 to %d puzzles", MAX_BOOKLET);
        srv_reply_error(out, 400, "bad_field", msg, "puzzles");
        return -1;
    }
    cJSON *one = cJSON_Duplicate(req, 1);
    recs->bufs = calloc(count, sizeof *recs->bufs);
    uint8_t *sol = NULL;
    int rc = 0;
    if (!one || !recs->bufs) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        rc = -1;
        goto done;
    }
    cJSON_DeleteItemFromObjectCaseSensitive(one, "puzzles");
    double deadline = now_seconds() + timeout;
    int n = 0;
    size_t k = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, list) {
        cJSON_DeleteItemFromObjectCaseSensitive(one, "puzzle");
        cJSON *copy = cJSON_Duplicate(item, 1);
        if (!copy || !cJSON_AddItemToObject(one, "puzzle", copy)) {
            cJSON_Delete(copy);
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
            rc = -1;
            goto done;
        }
        srv_puzzle p;
        if (srv_read_puzzle(one, 1, &p, out) != 0) {
            error_at(out, k);
            rc = -1;
            goto done;
        }
        if (n && p.n == n && p.shape != *shape) {
            /* one shape draws every page (diagonals, windows, regions) */
            char a[128], b[128], msg[400];
            doku_shape_describe(p.shape, a, sizeof a, NULL);
            doku_shape_describe(*shape, b, sizeof b, NULL);
            snprintf(msg, sizeof msg, "the puzzle is %s but the booklet's first is %s: a booklet is "
                     "of one shape", a, b);
            srv_puzzle_free(&p);
            srv_reply_error(out, 400, "bad_puzzle", msg, NULL);
            error_at(out, k);
            rc = -1;
            goto done;
        }
        if (n && p.n != n) {
            char msg[160];
            snprintf(msg, sizeof msg, "the puzzle is %dx%d but the booklet's first is %dx%d: "
                     "a booklet is of one size", p.n, p.n, n, n);
            srv_puzzle_free(&p);
            srv_reply_error(out, 400, "bad_puzzle", msg, NULL);
            error_at(out, k);
            rc = -1;
            goto done;
        }
        n = p.n;
        *shape = p.shape;
        *symbols = p.symbols;
        if (!sol)
            sol = malloc((size_t)n * (size_t)n);
        doku_solver *solver = srv_cache_solver(p.shape);
        doku_search_opts so = {0};
        so.limit = 2;
        double left = deadline - now_seconds();
        so.time_budget = left > 0.001 ? left : 0.001;
        doku_search_result res;
        memset(&res, 0, sizeof res);
        size_t nc = (size_t)doku_shape_cells(p.shape);
        doku_status sst = !sol || !solver ? DOKU_ERR_NOMEM
                          : p.cons        ? doku_constraints_search(p.cons, p.cells, nc, &so, sol, NULL, NULL, &res)
                                          : doku_search(solver, p.cells, nc, &so, sol, NULL, NULL, &res);
        if (sst != DOKU_OK && sst != DOKU_GAVE_UP) {
            srv_puzzle_free(&p);
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
            rc = -1;
            goto done;
        }
        doku_search_record rec;
        memset(&rec, 0, sizeof rec);
        rec.command = DOKU_CMD_SOLVE;
        rec.result = &res;
        rec.status = sst;
        rec.limit = 2;
        rec.solutions = sol;
        rec.nsolutions = res.solutions > 0 ? 1 : 0;
        doku_source src = srv_source(&p);
        src.line = k + 1;
        doku_record_opts ro;
        memset(&ro, 0, sizeof ro);
        ro.format = DOKU_FORMAT_JSON;
        ro.timeout = so.time_budget;
        doku_status st = doku_format_search(&recs->bufs[recs->n], &src, &ro, &rec);
        /* a variant puzzle's page draws its constraints (from the record) */
        if (st == DOKU_OK && p.cons) {
            cJSON *o = cJSON_CreateObject();
            st = srv_add_constraints(o, p.cons) ? srv_record_add(&recs->bufs[recs->n], o)
                                                : DOKU_ERR_NOMEM;
            cJSON_Delete(o);
        }
        srv_puzzle_free(&p);
        if (st != DOKU_OK || recs->bufs[recs->n].failed) {
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
            rc = -1;
            goto done;
        }
        recs->n++;
        k++;
    }
done:
    free(sol);
    cJSON_Delete(one);
    return rc;
}

void srv_api_print(const srv_call *c, srv_reply *out)
{
    srv_gen g;
    memset(&g, 0, sizeof g);
    booklet_recs recs = {NULL, 0};
    srv_doc_record *docs = NULL;
    cJSON *req = srv_parse_body(c->body, c->len, out);
    if (!req)
        return;
    document_booklet layout;
    uint64_t count;
    const char *name;
    if (read_layout(req, &layout, out) || srv_field_string(req, "name", &name, out) ||
        srv_field_u64(req, "count", 1, MAX_BOOKLET, 4, &count, out))
        goto done;
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(req, "puzzles");
    const doku_shape *shape = NULL;
    doku_symbols symbols = DOKU_SYMBOLS_AUTO;
    const char *cmd;
    if (list && !cJSON_IsNull(list)) {
        double timeout;
        if (!cJSON_IsArray(list)) {
            srv_reply_error(out, 400, "bad_field",
                            "field \"puzzles\" must be an array of puzzles (strings in any "
                            "format doku reads, or arrays of rows)", "puzzles");
            goto done;
        }
        if (srv_field_timeout(req, srv_remaining(c->budget), &timeout, out) ||
            solve_all(req, list, timeout, &recs, &shape, &symbols, out))
            goto done;
        count = recs.n;
        cmd = "solve";
    } else {
        if (srv_gen_read(&g, req, c->budget, out) != 0)
            goto done;
        if (g.p.vset >= 0 || g.p.cons) {
            /* a constraint set, or the constraints a setter drew (givens
             * chosen for them): each page's record carries its constraints */
            recs.bufs = calloc((size_t)count, sizeof *recs.bufs);
            if (!recs.bufs) {
                srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
                goto done;
            }
            if (g.p.cons ? srv_gen_constraints_records(&g, count, recs.bufs, &recs.n, out)
                         : srv_gen_variant_records(&g, count, recs.bufs, &recs.n, out))
                goto done;
        } else if (generate_all(&g, count, &recs, out)) {
            goto done;
        }
        shape = g.p.shape;
        symbols = g.p.symbols;
        cmd = "generate";
    }
    docs = calloc(recs.n, sizeof *docs);
    if (!docs) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        goto done;
    }
    for (size_t i = 0; i < recs.n; i++) {
        docs[i].shape = shape;
        docs[i].json = recs.bufs[i].data;
        docs[i].len = recs.bufs[i].len;
    }
    char file[128];
    snprintf(file, sizeof file, "%.100s.pdf", name && *name ? name : "doku-booklet");
    srv_doc_spec spec = {cmd, DOC_FORMAT_PDF, symbols, &layout, file};
    srv_document_reply(c->files, &spec, docs, recs.n, out);
    if (out->status == 200) {
        char num[32];
        snprintf(num, sizeof num, "%zu", recs.n);
        srv_reply_header(out, "X-Doku-Puzzles", num);
        snprintf(num, sizeof num, "%llu", (unsigned long long)count);
        srv_reply_header(out, "X-Doku-Requested", num);
    }
done:
    free(docs);
    recs_free(&recs);
    srv_gen_free(&g);
    cJSON_Delete(req);
}
