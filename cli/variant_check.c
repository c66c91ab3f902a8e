/*
 * variant_check.c — see variant_check.h. The records are the library's
 * (doku_format_search), as cmd_check.c writes them for a classic grid;
 * json adds the constraints (variant_record.c), so the two commands read
 * alike and a variant record reads back as its puzzle.
 */
#include "variant_check.h"
#include "output.h"
#include "usage.h"
#include "variant_record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SHOWN = 8 }; /* duplicates and broken constraints named at most */

/* Writes rec for p to stdout: json as cli_variant_search_json, else the
 * classic line ("FILE:LINE: verdict: why"; "FILE: ..." for line 0). */
static void put_record(const char *file, int line, const doku_variant_puzzle *p,
                       const doku_search_record *rec, int json)
{
    if (json) {
        cli_variant_search_json(file, line, p, rec);
        return;
    }
    doku_source src = cli_variant_source(file, line, p);
    src.comment = NULL; /* the line records name no title */
    doku_record_opts ro = {0};
    ro.format = DOKU_FORMAT_LINE;
    cli_buf b = {0};
    cli_check_written(doku_format_search(&b, &src, &ro, rec));
    fwrite(b.data, 1, b.len, stdout);
    cli_buf_free(&b);
}

/* Marks the cells that break v: its pair, or the whole constraint. */
static void mark_violation(const doku_constraints *cs, const doku_violation *v, uint8_t *marks)
{
    doku_constraint c;
    if (v->cell_a >= 0) {
        marks[v->cell_a] = 1;
        if (v->cell_b >= 0)
            marks[v->cell_b] = 1;
    } else if (doku_constraints_get(cs, v->constraint, &c) == DOKU_OK) {
        for (size_t j = 0; j < c.ncells; j++)
            marks[c.cells[j]] = 1;
    }
}

void cli_variant_check_conflicts(const char *file, int line, const doku_variant_puzzle *p,
                                 const uint8_t *cells, const char *what, const char *moved,
                                 const doku_conflict *cf, size_t k, const doku_violation *v,
                                 size_t m, int json)
{
    const doku_shape *s = doku_variant_puzzle_shape(p);
    const doku_constraints *cs = doku_variant_puzzle_constraints(p);
    size_t nc = (size_t)doku_shape_cells(s);
    uint8_t *marks = cli_xmalloc(nc);
    memset(marks, 0, nc);
    cli_buf why = {0};
    if (what)
        cli_buf_printf(&why, "%s: ", what);
    if (moved) {
        /* "the solution given holds 7 at r1c1, where the givens have 9" */
        cli_buf_reset(&why);
        cli_buf_puts(&why, moved);
        const uint8_t *givens = doku_variant_puzzle_givens(p);
        for (size_t c = 0; c < nc; c++)
            marks[c] = givens[c] && givens[c] != cells[c];
    }
    size_t said = why.len;
    for (size_t i = 0; i < k && i < SHOWN; i++) {
        char a[16], b[16], u[32];
        doku_cell_name(s, cf[i].cell_a, a, sizeof a, NULL);
        doku_cell_name(s, cf[i].cell_b, b, sizeof b, NULL);
        doku_shape_unit_name(s, cf[i].unit, u, sizeof u, NULL);
        cli_buf_printf(&why, "%s%s and %s both hold %d in %s", why.len > said || moved ? "; " : "",
                       a, b, cf[i].digit, u);
        marks[cf[i].cell_a] = marks[cf[i].cell_b] = 1;
    }
    for (size_t i = 0; i < m && i < SHOWN; i++) {
        char text[512];
        doku_violation_text(cs, cells, &v[i], text, sizeof text, NULL);
        cli_buf_printf(&why, "%s%s", why.len > said || moved ? "; " : "", text);
        mark_violation(cs, &v[i], marks);
    }
    doku_search_record rec = {0};
    rec.command = DOKU_CMD_CHECK;
    rec.verdict = DOKU_CHECK_CONFLICT;
    rec.reason = why.data;
    rec.marks = marks;
    put_record(file, line, p, &rec, json);
    cli_buf_free(&why);
    free(marks);
}

int cli_variant_wrong_entry(const doku_variant_puzzle *p, double budget, cli_buf *why,
                            uint8_t *marks)
{
    const doku_shape *s = doku_variant_puzzle_shape(p);
    const uint8_t *cells = doku_variant_puzzle_givens(p);
    size_t nc = (size_t)doku_shape_cells(s);
    uint8_t *found = cli_xmalloc(nc);
    doku_wrong_entry w;
    doku_status st = doku_constraints_find_wrong_entry(doku_variant_puzzle_constraints(p), cells,
                                                       nc, budget, found, &w);
    if (st == DOKU_ERR_NOMEM)
        cli_check_written(st); /* out of memory: the CLI's one answer */
    int named = st == DOKU_OK && w.suspects > 0;
    if (named) {
        cli_check_written(
            doku_format_wrong_entry(why, s, cells, nc, DOKU_SYMBOLS_1_9A_Z, found, &w));
        if (marks)
            memcpy(marks, found, nc);
    }
    free(found);
    return named;
}

int cli_variant_check_verdict(const char *file, int line, const doku_variant_puzzle *p,
                              const cli_opts *o, doku_status st, const doku_search_result *res)
{
    int gave_up = st == DOKU_GAVE_UP;
    doku_search_record rec = {0};
    rec.command = DOKU_CMD_CHECK;
    rec.result = res;
    rec.status = st;
    rec.limit = 2;
    rec.verdict = gave_up               ? DOKU_CHECK_GAVE_UP
                  : res->solutions == 0 ? DOKU_CHECK_NONE
                  : res->solutions == 1 ? DOKU_CHECK_UNIQUE
                                        : DOKU_CHECK_MULTIPLE;
    rec.reason = gave_up && res->solutions ? "at least 1 solution" : "";
    cli_buf why = {0};
    uint8_t *marks = NULL;
    if (rec.verdict == DOKU_CHECK_NONE) {
        marks = cli_xmalloc((size_t)doku_shape_cells(doku_variant_puzzle_shape(p)));
        double budget = o->timeout > 0 ? o->timeout : CLI_WRONG_ENTRY_SECONDS;
        if (cli_variant_wrong_entry(p, budget, &why, marks)) {
            rec.reason = why.data;
            rec.marks = marks;
        }
    }
    put_record(file, line, p, &rec, o->format == DOKU_FORMAT_JSON);
    cli_buf_free(&why);
    free(marks);
    return rec.verdict == DOKU_CHECK_UNIQUE ? CLI_EXIT_OK : CLI_EXIT_FAIL;
}
