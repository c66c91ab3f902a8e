/*
 * variant.c — see variant.h. The library validates every constraint as
 * it is added; this file only maps JSON to the model and back, and says
 * which JSON field a refused constraint came from.
 */
#include "variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

srv_text_kind srv_text_kind_of(const char *text, size_t len)
{
    switch (doku_variant_format_guess(text, len)) {
    case DOKU_VARIANT_FORMAT_NONE:
        return SRV_TEXT_CLASSIC;
    case DOKU_VARIANT_FORMAT_TEXT:
    case DOKU_VARIANT_FORMAT_JSON:
        return SRV_TEXT_VARIANT;
    case DOKU_VARIANT_FORMAT_FPUZZLES:
    case DOKU_VARIANT_FORMAT_SUDOKUPAD:
        return SRV_TEXT_LINK;
    default:
        return SRV_TEXT_LINES;
    }
}

static int make_list(const doku_shape *shape, doku_constraints **cs, srv_reply *out)
{
    if (*cs)
        return 0;
    doku_status st = doku_constraints_create(shape, cs);
    if (st == DOKU_OK)
        return 0;
    if (st == DOKU_ERR_SHAPE) {
        char msg[160];
        snprintf(msg, sizeof msg, "constraints are defined on square shapes up to %dx%d; this one is %dx%d",
                 DOKU_CONSTRAINTS_MAX_N, DOKU_CONSTRAINTS_MAX_N, doku_shape_n(shape), doku_shape_n(shape));
        srv_reply_error(out, 400, "bad_shape", msg, "constraints");
    } else {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
    }
    return -1;
}

/* "r3c4" (case-insensitive) on side n. @return the cell, or -1. */
static int cell_of(const char *name, int n)
{
    int r, c, used = 0;
    if (sscanf(name, "%*[rR]%d%*[cC]%d%n", &r, &c, &used) != 2 || name[used] != '\0')
        return -1;
    return r >= 1 && r <= n && c >= 1 && c <= n ? (r - 1) * n + (c - 1) : -1;
}

static int bad(srv_reply *out, const char *where, const char *msg)
{
    char full[700];
    snprintf(full, sizeof full, "field \"%s\": %s", where, msg);
    srv_reply_error(out, 400, "bad_field", full, where);
    return -1;
}

/* One constraint object (index k of the array) appended to cs. */
static int read_one(const cJSON *o, int k, const doku_shape *shape, doku_constraints *cs,
                    srv_reply *out)
{
    char where[64];
    snprintf(where, sizeof where, "constraints[%d]", k);
    if (!cJSON_IsObject(o))
        return bad(out, where, "must be an object {\"kind\", \"cells\", \"params\"}");
    const cJSON *kind = cJSON_GetObjectItemCaseSensitive(o, "kind");
    const cJSON *cells = cJSON_GetObjectItemCaseSensitive(o, "cells");
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(o, "params");
    snprintf(where, sizeof where, "constraints[%d].kind", k);
    if (!cJSON_IsString(kind))
        return bad(out, where, "must be a constraint keyword such as \"cage\" or \"thermo\"");
    doku_constraint_kind kd = doku_constraint_kind_from_key(kind->valuestring);
    if (kd == DOKU_CON_NONE)
    {
        char msg[160];
        snprintf(msg, sizeof msg, "the constraint '%.100s' is not supported by doku", kind->valuestring);
        return bad(out, where, msg);
    }
    int n = doku_shape_n(shape);
    size_t nc = cells && !cJSON_IsNull(cells) ? (size_t)cJSON_GetArraySize(cells) : 0;
    size_t np = params && !cJSON_IsNull(params) ? (size_t)cJSON_GetArraySize(params) : 0;
    snprintf(where, sizeof where, "constraints[%d].cells", k);
    if (cells && !cJSON_IsNull(cells) && !cJSON_IsArray(cells))
        return bad(out, where, "must be an array of cell names (\"r1c1\")");
    if (nc > (size_t)n * (size_t)n)
        return bad(out, where, "holds more cells than the grid");
    snprintf(where, sizeof where, "constraints[%d].params", k);
    if (params && !cJSON_IsNull(params) && !cJSON_IsArray(params))
        return bad(out, where, "must be an array of whole numbers");
    if (np > 64)
        return bad(out, where, "holds more than 64 numbers");
    uint16_t *cv = malloc(nc ? nc * sizeof *cv : 1);
    int pv[64];
    if (!cv) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return -1;
    }
    size_t i = 0;
    const cJSON *it;
    if (nc) {
        cJSON_ArrayForEach(it, cells) {
            int cell = cJSON_IsString(it) ? cell_of(it->valuestring, n) : -1;
            if (cell < 0) {
                snprintf(where, sizeof where, "constraints[%d].cells[%zu]", k, i);
                char what[96];
                snprintf(what, sizeof what, "must be a cell r1c1 to r%dc%d", n, n);
                free(cv);
                return bad(out, where, what);
            }
            cv[i++] = (uint16_t)cell;
        }
    }
    i = 0;
    if (np) {
        cJSON_ArrayForEach(it, params) {
            double d = cJSON_IsNumber(it) ? it->valuedouble : 0.5;
            if (d != (double)(long)d || d < -1000000 || d > 1000000) {
                snprintf(where, sizeof where, "constraints[%d].params[%zu]", k, i);
                free(cv);
                return bad(out, where, "must be a whole number");
            }
            pv[i++] = (int)d;
        }
    }
    doku_status st = doku_constraints_add(cs, kd, cv, nc, pv, np);
    free(cv);
    if (st == DOKU_ERR_NOMEM) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return -1;
    }
    if (st != DOKU_OK) {
        snprintf(where, sizeof where, "constraints[%d]", k);
        return bad(out, where, doku_constraints_error(cs));
    }
    return 0;
}

int srv_read_constraints(const cJSON *req, const doku_shape *shape, doku_constraints **cs,
                         srv_reply *out)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(req, "constraints");
    if (!f || cJSON_IsNull(f))
        return 0;
    if (!cJSON_IsArray(f))
        return bad(out, "constraints",
                   "must be an array of constraints ({\"kind\": \"cage\", \"cells\": [\"r1c1\", ...], \"params\": [15]})");
    if (cJSON_GetArraySize(f) == 0)
        return 0;
    if (make_list(shape, cs, out) != 0)
        return -1;
    int k = 0;
    const cJSON *o;
    cJSON_ArrayForEach(o, f) {
        if (read_one(o, k++, shape, *cs, out) != 0)
            return -1;
    }
    return 0;
}

int srv_copy_constraints(const doku_constraints *from, const doku_shape *shape,
                         doku_constraints **cs, srv_reply *out)
{
    size_t count = doku_constraints_count(from);
    if (!count)
        return 0;
    if (make_list(shape, cs, out) != 0)
        return -1;
    for (size_t i = 0; i < count; i++) {
        doku_constraint c;
        if (doku_constraints_get(from, i, &c) != DOKU_OK ||
            doku_constraints_add(*cs, c.kind, c.cells, c.ncells, c.params, c.nparams) != DOKU_OK) {
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
            return -1;
        }
    }
    return 0;
}

cJSON *srv_constraints_json(const doku_constraints *cs)
{
    /* the library writes the array, as the CLI's records carry it */
    doku_buf b = {0};
    cJSON *arr = doku_constraints_write_json(&b, cs) == DOKU_OK
                     ? cJSON_ParseWithLength(b.data, b.len)
                     : NULL;
    doku_buf_free(&b);
    return arr;
}

int srv_add_constraints(cJSON *o, const doku_constraints *cs)
{
    if (!o)
        return 0;
    cJSON *list = srv_constraints_json(cs);
    if (list && cJSON_AddItemToObject(o, "constraints", list))
        return 1;
    cJSON_Delete(list);
    return 0;
}

uint8_t *srv_region_map(const doku_shape *shape)
{
    if (!doku_shape_has_regions(shape))
        return NULL;
    int n = doku_shape_n(shape);
    uint8_t *map = calloc((size_t)n * (size_t)n, 1);
    for (int u = 0; map && u < doku_shape_unit_count(shape); u++) {
        if (doku_shape_unit_kind(shape, u) != DOKU_UNIT_REGION)
            continue;
        const uint16_t *cells = doku_shape_unit_cells(shape, u);
        int id = doku_shape_unit_ordinal(shape, u);
        for (int j = 0; j < n && cells; j++)
            map[cells[j]] = (uint8_t)id;
    }
    return map;
}

void srv_shape_meta(cJSON *meta, const doku_shape *shape)
{
    unsigned v = doku_shape_variants(shape);
    if (v & (DOKU_VARIANT_X | DOKU_VARIANT_HYPER))
        cJSON_AddStringToObject(meta, "variant",
                                (v & DOKU_VARIANT_X) && (v & DOKU_VARIANT_HYPER) ? "x,hyper"
                                : (v & DOKU_VARIANT_X)                           ? "x"
                                                                                 : "hyper");
    if (!doku_shape_has_regions(shape))
        return;
    static const char sym[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    int n = doku_shape_n(shape);
    size_t nc = (size_t)n * (size_t)n;
    uint8_t *ids = n <= 35 ? srv_region_map(shape) : NULL;
    char *map = ids ? malloc(nc + 1) : NULL;
    if (map) {
        for (size_t i = 0; i < nc; i++)
            map[i] = sym[ids[i] % 35];
        map[nc] = '\0';
        cJSON_AddStringToObject(meta, "regions", map);
        if (doku_shape_box_rows(shape))
            cJSON_AddStringToObject(meta, "keep_boxes", "1");
    }
    free(map);
    free(ids);
}

int srv_violations(const doku_constraints *cs, const uint8_t *cells, uint8_t *marks, char **why,
                   cJSON **list)
{
    *why = NULL;
    *list = NULL;
    const doku_shape *s = doku_constraints_shape(cs);
    size_t nc = (size_t)doku_shape_cells(s), count = 0;
    doku_violation v[16];
    if (doku_constraints_check(cs, cells, nc, v, 16, &count) != DOKU_OK || count == 0)
        return 0;
    size_t shown = count < 16 ? count : 16, cap = shown * 520 + 64, at = 0;
    char *text = malloc(cap);
    cJSON *arr = cJSON_CreateArray();
    int ok = text && arr;
    if (ok)
        text[0] = '\0';
    for (size_t i = 0; ok && i < shown; i++) {
        char one[512];
        doku_violation_text(cs, cells, &v[i], one, sizeof one, NULL);
        at += (size_t)snprintf(text + at, cap - at, "%s%s", i ? "; " : "", one);
        doku_constraint c;
        doku_constraints_get(cs, v[i].constraint, &c);
        cJSON *o = cJSON_CreateObject(), *names = NULL;
        ok = o && cJSON_AddNumberToObject(o, "constraint", (double)v[i].constraint) &&
             cJSON_AddStringToObject(o, "kind", doku_constraint_kind_key(c.kind)) &&
             (names = cJSON_AddArrayToObject(o, "cells")) && cJSON_AddStringToObject(o, "text", one);
        /* the pair that breaks it, or the whole constraint */
        int pair[2] = {v[i].cell_a, v[i].cell_b};
        size_t k = v[i].cell_a >= 0 ? (v[i].cell_b >= 0 ? 2 : 1) : c.ncells;
        for (size_t j = 0; ok && j < k; j++) {
            int cell = v[i].cell_a >= 0 ? pair[j] : c.cells[j];
            char name[16];
            doku_cell_name(s, cell, name, sizeof name, NULL);
            ok = cJSON_AddItemToArray(names, cJSON_CreateString(name));
            if (marks)
                marks[cell] = 1;
        }
        if (ok)
            ok = cJSON_AddItemToArray(arr, o);
        if (!ok)
            cJSON_Delete(o);
    }
    if (!ok) {
        free(text);
        cJSON_Delete(arr);
        return -1;
    }
    if (count > shown)
        snprintf(text + at, cap - at, "; and %zu more", count - shown);
    *why = text;
    *list = arr;
    return 0;
}
