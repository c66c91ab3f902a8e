/*
 * read_record.c — a variant puzzle from one of doku's JSON records (the
 * CLI's --format json, convert --to json, the server's API records): its
 * "n", "shape" ("9x9, 3x3 boxes+x+hyper"), "puzzle" (the givens as a
 * line) and "constraints" (record_json.c's array). Every refusal names
 * the JSON field ("constraints[2].cells[1]").
 */
#include "read_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Refuses with "field \"where\": what". @return 0. */
static int refuse(const char *where, const char *what, char *msg, size_t cap, doku_status *st)
{
    snprintf(msg, cap, "field \"%s\": %s", where, what);
    *st = DOKU_ERR_PARSE;
    return 0;
}

/* The shape the record names: n, and x / hyper from "shape". A jigsaw's
 * regions are not in a record, so one is refused rather than read as a
 * plain grid. */
static int read_decl(const io_json *j, vp_decl *d, char *msg, size_t cap, doku_status *st)
{
    int n, at = io_json_get(j, 0, "n");
    if (at < 0 || j->nodes[at].type != IO_JSON_NUMBER || !rj_int(j, at, &n) || n < 2 ||
        n > DOKU_CONSTRAINTS_MAX_N) {
        char what[96];
        snprintf(what, sizeof what, "must be the grid's side, 2 to %d", DOKU_CONSTRAINTS_MAX_N);
        return refuse("n", what, msg, cap, st);
    }
    memset(d, 0, sizeof *d);
    d->n = n;
    int sh = io_json_get(j, 0, "shape");
    const char *s = sh >= 0 ? io_json_str(j, sh) : "";
    if (!s)
        return refuse("shape", "must be a string such as \"9x9, 3x3 boxes+x\"", msg, cap, st);
    if (strstr(s, "jigsaw"))
        return refuse("shape", "a jigsaw's regions are not in a record; write the puzzle in "
                               "doku's variant text format (convert --to text)", msg, cap, st);
    if (strstr(s, "+x"))
        d->variants |= DOKU_VARIANT_X;
    if (strstr(s, "+hyper"))
        d->variants |= DOKU_VARIANT_HYPER;
    return 1;
}

/* Field name ("puzzle", or "solution" of convert --to json: a line; a
 * solve record's solution, rows of numbers, is the search's answer and
 * not read): n*n symbols 1-9A-Z, '.' or '0' empty, into to. */
static int read_line(const io_json *j, const char *name, uint8_t *to, int n, char *msg,
                     size_t cap, doku_status *st)
{
    const char *s = io_json_str(j, io_json_get(j, 0, name));
    size_t cells = (size_t)n * (size_t)n;
    char what[96];
    snprintf(what, sizeof what, "must be one line of %zu symbols ('.' empty)", cells);
    if (!s || strlen(s) != cells)
        return refuse(name, what, msg, cap, st);
    for (size_t i = 0; i < cells; i++) {
        char c = s[i];
        int v = c == '.' || c == '0' ? 0
              : c >= '1' && c <= '9' ? c - '0'
              : c >= 'A' && c <= 'Z' ? c - 'A' + 10
              : c >= 'a' && c <= 'z' ? c - 'a' + 10
                                     : -1;
        if (v < 0 || v > n) {
            snprintf(what, sizeof what, "symbol '%c' at r%zuc%zu is no digit of a %dx%d grid", c,
                     i / (size_t)n + 1, i % (size_t)n + 1, n, n);
            return refuse(name, what, msg, cap, st);
        }
        to[i] = (uint8_t)v;
    }
    return 1;
}

/* "rNcM" on side n. @return the cell, or -1. */
static int cell_of(const char *name, int n)
{
    const char *q = name;
    int cell = name ? vp_cell(&q, name + strlen(name), n) : -1;
    return cell >= 0 && *q == '\0' ? cell : -1;
}

/* Constraint k (node o) added to p. */
static int read_one(const io_json *j, int o, int k, doku_variant_puzzle *p, int n, char *msg,
                    size_t cap, doku_status *st)
{
    char where[64], what[160];
    snprintf(where, sizeof where, "constraints[%d]", k);
    if (j->nodes[o].type != IO_JSON_OBJECT)
        return refuse(where, "must be an object {\"kind\", \"cells\", \"params\"}", msg, cap, st);
    snprintf(where, sizeof where, "constraints[%d].kind", k);
    const char *key = io_json_str(j, io_json_get(j, o, "kind"));
    if (!key)
        return refuse(where, "must be a constraint keyword such as \"cage\" or \"thermo\"", msg,
                      cap, st);
    doku_constraint_kind kind = doku_constraint_kind_from_key(key);
    if (kind == DOKU_CON_NONE) {
        snprintf(what, sizeof what, "the constraint '%.100s' is not supported by doku", key);
        return refuse(where, what, msg, cap, st);
    }
    int cn = io_json_get(j, o, "cells"), pn = io_json_get(j, o, "params");
    snprintf(where, sizeof where, "constraints[%d].cells", k);
    if (cn >= 0 && j->nodes[cn].type != IO_JSON_ARRAY && j->nodes[cn].type != IO_JSON_NULL)
        return refuse(where, "must be an array of cell names (\"r1c1\")", msg, cap, st);
    size_t nc = cn >= 0 && j->nodes[cn].type == IO_JSON_ARRAY ? (size_t)j->nodes[cn].count : 0;
    if (nc > (size_t)n * (size_t)n)
        return refuse(where, "holds more cells than the grid", msg, cap, st);
    snprintf(where, sizeof where, "constraints[%d].params", k);
    if (pn >= 0 && j->nodes[pn].type != IO_JSON_ARRAY && j->nodes[pn].type != IO_JSON_NULL)
        return refuse(where, "must be an array of whole numbers", msg, cap, st);
    size_t np = pn >= 0 && j->nodes[pn].type == IO_JSON_ARRAY ? (size_t)j->nodes[pn].count : 0;
    if (np > 64)
        return refuse(where, "holds more than 64 numbers", msg, cap, st);
    uint16_t cells[DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N];
    int params[64];
    for (size_t i = 0; i < nc; i++) {
        int cell = cell_of(io_json_str(j, rj_at(j, cn, (int)i)), n);
        if (cell < 0) {
            snprintf(where, sizeof where, "constraints[%d].cells[%zu]", k, i);
            snprintf(what, sizeof what, "must be a cell r1c1 to r%dc%d", n, n);
            return refuse(where, what, msg, cap, st);
        }
        cells[i] = (uint16_t)cell;
    }
    for (size_t i = 0; i < np; i++) {
        int at = rj_at(j, pn, (int)i);
        if (j->nodes[at].type != IO_JSON_NUMBER || !rj_int(j, at, &params[i])) {
            snprintf(where, sizeof where, "constraints[%d].params[%zu]", k, i);
            return refuse(where, "must be a whole number", msg, cap, st);
        }
    }
    snprintf(where, sizeof where, "field \"constraints[%d]\": ", k);
    return vp_add(p, where, kind, cells, nc, params, np, msg, cap, st);
}

int vp_read_record(doku_variant_puzzle *p, const char *text, size_t len, char *msg, size_t cap,
                   doku_status *st)
{
    io_json j;
    char why[200];
    if (io_json_parse(&j, text, len, why, sizeof why) != 0) {
        snprintf(msg, cap, "not a JSON record: %s", why);
        *st = strstr(why, "memory") ? DOKU_ERR_NOMEM : DOKU_ERR_PARSE;
        return 0;
    }
    vp_decl d;
    int ok = 1;
    if (j.nodes[0].type != IO_JSON_OBJECT)
        ok = refuse("constraints", "a record is one JSON object", msg, cap, st);
    int list = ok ? io_json_get(&j, 0, "constraints") : -1;
    if (ok && (list < 0 || j.nodes[list].type != IO_JSON_ARRAY))
        ok = refuse("constraints",
                    "must be an array of constraints ({\"kind\": \"cage\", \"cells\": [\"r1c1\", "
                    "...], \"params\": [15]})", msg, cap, st);
    ok = ok && read_decl(&j, &d, msg, cap, st) && vp_begin(p, &d, msg, cap, st) &&
         read_line(&j, "puzzle", p->givens, d.n, msg, cap, st);
    if (ok && io_json_str(&j, io_json_get(&j, 0, "solution"))) {
        p->solution = malloc((size_t)d.n * (size_t)d.n);
        if (!p->solution) {
            snprintf(msg, cap, "out of memory");
            *st = DOKU_ERR_NOMEM;
            ok = 0;
        }
        ok = ok && read_line(&j, "solution", p->solution, d.n, msg, cap, st);
    }
    int k = 0;
    for (int o = ok ? j.nodes[list].first : -1; ok && o >= 0; o = j.nodes[o].next)
        ok = read_one(&j, o, k++, p, d.n, msg, cap, st);
    /* a record's comment is the puzzle's title (its author has no field) */
    const char *comment = ok ? io_json_str(&j, io_json_get(&j, 0, "comment")) : NULL;
    if (comment && !vp_set_words(&p->title, comment, strlen(comment), st)) {
        snprintf(msg, cap, "out of memory");
        ok = 0;
    }
    io_json_free(&j);
    return ok;
}
