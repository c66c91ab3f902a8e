/*
 * request.c — turns a request's JSON into a shape and a puzzle.
 *
 * The puzzle text goes through the library's reader exactly as a file
 * would go through `doku`, so the API reads every format the CLI reads
 * and its complaints carry the same words, placed as "puzzle line L
 * column C". Type errors name the field.
 */
#include "request.h"
#include "variant.h"

#include "cache.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* cJSON keeps the position of the last parse error in a global: one parse
 * at a time keeps that (and ThreadSanitizer) quiet. Parsing is fast next
 * to everything else a request does. */
static pthread_mutex_t parse_lock = PTHREAD_MUTEX_INITIALIZER;

static void bad_field(srv_reply *out, const char *name, const char *what)
{
    char msg[200];
    snprintf(msg, sizeof msg, "field \"%s\" %s", name, what);
    srv_reply_error(out, 400, "bad_field", msg, name);
}

int srv_parsed(srv_reply *out, const char *name, doku_status st, const doku_parse_error *e)
{
    if (st == DOKU_OK)
        return 0;
    char msg[320];
    if (st == DOKU_ERR_PARSE)
        snprintf(msg, sizeof msg, "field \"%s\": %s", name, e->message);
    else
        snprintf(msg, sizeof msg, "field \"%s\": %s", name, doku_status_string(st));
    srv_reply_error(out, st == DOKU_ERR_NOMEM ? 500 : 400,
                    st == DOKU_ERR_NOMEM ? "no_memory" : "bad_field", msg, name);
    return -1;
}

cJSON *srv_parse_body(const char *body, size_t len, srv_reply *out)
{
    if (len == 0) {
        srv_reply_error(out, 400, "bad_json", "the request body is empty: send a JSON object",
                        NULL);
        return NULL;
    }
    const char *end = NULL;
    pthread_mutex_lock(&parse_lock);
    cJSON *root = cJSON_ParseWithLengthOpts(body, len, &end, 0);
    pthread_mutex_unlock(&parse_lock);
    if (!root) {
        /* the place of the error as line and column of the body */
        size_t at = end && end >= body && end <= body + len ? (size_t)(end - body) : 0;
        size_t line = 1, col = 1;
        for (size_t i = 0; i < at; i++) {
            if (body[i] == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        char where[64];
        snprintf(where, sizeof where, "body line %zu column %zu", line, col);
        srv_reply_error(out, 400, "bad_json", "the request body is not valid JSON", where);
        return NULL;
    }
    /* trailing text after the value */
    while (end && end < body + len && isspace((unsigned char)*end))
        end++;
    if (end && end < body + len) {
        cJSON_Delete(root);
        srv_reply_error(out, 400, "bad_json", "text follows the JSON value", NULL);
        return NULL;
    }
    if (!cJSON_IsObject(root)) {
        cJSON_Delete(root);
        srv_reply_error(out, 400, "bad_json", "the request body must be a JSON object", NULL);
        return NULL;
    }
    return root;
}

/* ---- typed fields ----------------------------------------------------- */

static const cJSON *field(const cJSON *req, const char *name)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(req, name);
    return f && !cJSON_IsNull(f) ? f : NULL;
}

int srv_field_u64(const cJSON *req, const char *name, uint64_t lo, uint64_t hi, uint64_t def,
                  uint64_t *v, srv_reply *out)
{
    const cJSON *f = field(req, name);
    *v = def;
    if (!f)
        return 0;
    double d = f->valuedouble;
    char what[120];
    snprintf(what, sizeof what, "must be a whole number from %llu to %llu",
             (unsigned long long)lo, (unsigned long long)hi);
    /* strings of digits are accepted for numbers past 2^53 (seeds) */
    if (cJSON_IsString(f)) {
        const char *s = f->valuestring;
        char *end;
        if (!*s || !isdigit((unsigned char)*s)) {
            bad_field(out, name, what);
            return -1;
        }
        errno = 0;
        unsigned long long x = strtoull(s, &end, 10);
        if (*end || errno == ERANGE || x < lo || x > hi) {
            bad_field(out, name, what);
            return -1;
        }
        *v = x;
        return 0;
    }
    if (!cJSON_IsNumber(f) || d != floor(d) || d < (double)lo || d > (double)hi ||
        d >= 18446744073709551616.0) {
        bad_field(out, name, what);
        return -1;
    }
    *v = (uint64_t)d;
    return 0;
}

int srv_field_number(const cJSON *req, const char *name, double lo, double hi, double def,
                     double *v, srv_reply *out)
{
    const cJSON *f = field(req, name);
    *v = def;
    if (!f)
        return 0;
    if (!cJSON_IsNumber(f) || !(f->valuedouble >= lo && f->valuedouble <= hi)) {
        char what[96];
        snprintf(what, sizeof what, "must be a number from %g to %g", lo, hi);
        bad_field(out, name, what);
        return -1;
    }
    *v = f->valuedouble;
    return 0;
}

int srv_field_bool(const cJSON *req, const char *name, int def, int *v, srv_reply *out)
{
    const cJSON *f = field(req, name);
    *v = def;
    if (!f)
        return 0;
    if (!cJSON_IsBool(f)) {
        bad_field(out, name, "must be true or false");
        return -1;
    }
    *v = cJSON_IsTrue(f);
    return 0;
}

int srv_field_string(const cJSON *req, const char *name, const char **v, srv_reply *out)
{
    const cJSON *f = field(req, name);
    *v = NULL;
    if (!f)
        return 0;
    if (!cJSON_IsString(f)) {
        bad_field(out, name, "must be a string");
        return -1;
    }
    *v = f->valuestring;
    return 0;
}

int srv_field_timeout(const cJSON *req, double server_limit, double *v, srv_reply *out)
{
    if (srv_field_number(req, "timeout", 0.001, 1e9, server_limit, v, out) != 0)
        return -1;
    if (*v > server_limit)
        *v = server_limit;
    return 0;
}

/* ---- shape fields ----------------------------------------------------- */

int srv_field_symbols(const cJSON *req, doku_symbols *sym, srv_reply *out)
{
    const char *s;
    doku_parse_error pe;
    *sym = DOKU_SYMBOLS_AUTO;
    if (srv_field_string(req, "symbols", &s, out) != 0)
        return -1;
    return s ? srv_parsed(out, "symbols", doku_parse_symbols(s, sym, &pe), &pe) : 0;
}

/* One list of variant words; with set (non-NULL), a constraint set may
 * be among them, as `doku generate --variant` takes it. */
static int parse_variants(const char *name, const char *text, unsigned *v, int *set,
                          srv_reply *out)
{
    doku_parse_error pe;
    if (!set)
        return srv_parsed(out, name, doku_parse_variants(text, v, &pe), &pe);
    doku_vgen_set one = DOKU_VGEN_KILLER;
    int has = 0;
    if (srv_parsed(out, name, doku_parse_vgen_variants(text, v, &one, &has, &pe), &pe))
        return -1;
    if (has && *set >= 0 && *set != (int)one) {
        bad_field(out, name, "names two constraint sets: one at a time");
        return -1;
    }
    if (has)
        *set = (int)one;
    return 0;
}

/* "variants" (or the CLI's "variant"): a list as --variant takes it
 * ("x,hyper"; with set non-NULL also a constraint set, "killer"), or an
 * array of such lists. *set: -1 when none is named. */
static int read_variants(const cJSON *req, unsigned *v, int *set, srv_reply *out)
{
    *v = 0;
    if (set)
        *set = -1;
    const char *name = "variants";
    const cJSON *f = field(req, name);
    if (!f) {
        name = "variant";
        f = field(req, name);
    }
    if (!f)
        return 0;
    if (cJSON_IsString(f))
        return parse_variants(name, f->valuestring, v, set, out);
    if (cJSON_IsArray(f)) {
        const cJSON *e;
        cJSON_ArrayForEach(e, f) {
            unsigned one = 0;
            if (!cJSON_IsString(e)) {
                bad_field(out, name, "must be a string like \"x,hyper\" or an array of them");
                return -1;
            }
            if (parse_variants(name, e->valuestring, &one, set, out))
                return -1;
            *v |= one;
        }
        return 0;
    }
    bad_field(out, name, "must be a string like \"x,hyper\" or an array of them");
    return -1;
}

static int read_box(const cJSON *req, int *rows, int *cols, srv_reply *out)
{
    const char *s;
    doku_parse_error pe;
    *rows = *cols = 0;
    if (srv_field_string(req, "box", &s, out) != 0)
        return -1;
    if (!s || !*s)
        return 0;
    return srv_parsed(out, "box", doku_parse_box(s, rows, cols, &pe), &pe);
}

/* "regions": a map as --regions FILE holds it (doku_parse_regions: n*n
 * symbols laid out like a grid, '#' comments and frame lines skipped), or
 * an array of n*n region numbers. *map receives a malloc'd n*n map and
 * *side its n. */
static int read_regions(const cJSON *req, uint8_t **map, int *side, srv_reply *out)
{
    *map = NULL;
    *side = 0;
    const cJSON *f = field(req, "regions");
    if (!f)
        return 0;
    static const char what[] =
        "must be n*n region symbols (a string laid out like a grid) or an array of n*n numbers";
    char *text = NULL;
    const char *src;
    if (cJSON_IsString(f)) {
        src = f->valuestring;
    } else if (cJSON_IsArray(f)) {
        /* the numbers as a map of blank-separated tokens */
        int count = cJSON_GetArraySize(f);
        text = count <= DOKU_MAX_CELLS ? malloc((size_t)count * 4 + 1) : NULL;
        if (count > DOKU_MAX_CELLS) {
            bad_field(out, "regions", what);
            return -1;
        }
        if (!text) {
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
            return -1;
        }
        size_t k = 0;
        const cJSON *e;
        cJSON_ArrayForEach(e, f) {
            double d = cJSON_IsNumber(e) ? e->valuedouble : -1;
            if (!(d >= 0 && d <= 999 && d == floor(d))) {
                free(text);
                bad_field(out, "regions", what);
                return -1;
            }
            k += (size_t)snprintf(text + k, 5, "%d ", (int)d);
        }
        text[k] = '\0';
        src = text;
    } else {
        bad_field(out, "regions", what);
        return -1;
    }
    uint8_t *m = malloc(DOKU_MAX_CELLS);
    doku_parse_error pe;
    doku_status st = m ? doku_parse_regions(src, strlen(src), m, DOKU_MAX_CELLS, side, &pe)
                       : DOKU_ERR_NOMEM;
    free(text);
    if (st == DOKU_ERR_PARSE && pe.line) {
        /* where in the map, as the CLI puts FILE:LINE:COL */
        char msg[320];
        snprintf(msg, sizeof msg, "field \"regions\" line %d column %d: %s", pe.line, pe.col,
                 pe.message);
        srv_reply_error(out, 400, "bad_field", msg, "regions");
        free(m);
        return -1;
    }
    if (srv_parsed(out, "regions", st, &pe) != 0) {
        free(m);
        return -1;
    }
    *map = m;
    return 0;
}

static int make_shape(int n, int br, int bc, unsigned variants, const uint8_t *regions,
                      int keep_boxes, const doku_shape **shape, srv_reply *out)
{
    doku_shape_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.n = n;
    spec.box_rows = br;
    spec.box_cols = bc;
    spec.variants = variants;
    spec.regions = regions;
    spec.keep_boxes = keep_boxes;
    char msg[200];
    if (br && br * bc != n) {
        snprintf(msg, sizeof msg, "box %dx%d does not fit a %dx%d puzzle", br, bc, n, n);
        srv_reply_error(out, 400, "bad_shape", msg, "box");
        return -1;
    }
    doku_status st = srv_cache_shape(&spec, shape);
    if (st == DOKU_OK)
        return 0;
    const char *where = NULL;
    if (st == DOKU_ERR_SHAPE && !br && !regions) {
        snprintf(msg, sizeof msg, "%dx%d has no RxC box shape with R, C >= 2; give regions", n, n);
        where = "size";
    } else if (st == DOKU_ERR_VARIANT) {
        snprintf(msg, sizeof msg, "the variants are not defined for %dx%d with these boxes", n, n);
        where = "variants";
    } else if (st == DOKU_ERR_REGIONS) {
        snprintf(msg, sizeof msg, "the region map is not %d regions of %d cells each", n, n);
        where = "regions";
    } else {
        snprintf(msg, sizeof msg, "cannot make a %dx%d shape: %s", n, n, doku_status_string(st));
        where = "box";
    }
    srv_reply_error(out, 400, "bad_shape", msg, where);
    return -1;
}

/* ---- the puzzle ------------------------------------------------------- */

/* Feeds text through a reader; takes the one puzzle it holds. */
static int read_text(const char *text, int n, doku_symbols symbols, srv_puzzle *p,
                     srv_reply *out)
{
    doku_reader_opts ro = {n, symbols};
    doku_reader *r = NULL;
    if (doku_reader_create(&ro, &r) != DOKU_OK) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return -1;
    }
    for (const char *s = text;;) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        if (doku_reader_push_line(r, s, len) != DOKU_OK) {
            doku_reader_free(r);
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
            return -1;
        }
        if (!nl)
            break;
        s = nl + 1;
    }
    doku_reader_finish(r);
    doku_record rec;
    int got = 0, rc = -1;
    while (doku_reader_next(r, &rec) == DOKU_OK) {
        char where[64];
        if (got) {
            snprintf(where, sizeof where, "puzzle line %zu", rec.line);
            free(p->cells);
            free(p->comment);
            p->cells = NULL;
            p->comment = NULL;
            srv_reply_error(out, 400, "several_puzzles",
                            "the puzzle field holds more than one puzzle: send one per request",
                            where);
            rc = -1;
            break;
        }
        got = 1;
        if (rec.kind == DOKU_RECORD_ERROR) {
            if (rec.column)
                snprintf(where, sizeof where, "puzzle line %zu column %zu", rec.line, rec.column);
            else
                snprintf(where, sizeof where, "puzzle line %zu", rec.line);
            srv_reply_error(out, 400, "bad_puzzle", rec.message, where);
            break;
        }
        size_t cells = (size_t)rec.n * (size_t)rec.n;
        p->cells = malloc(cells);
        p->comment = strdup(rec.comment ? rec.comment : "");
        if (!p->cells || !p->comment) {
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
            break;
        }
        memcpy(p->cells, rec.cells, cells);
        p->n = rec.n;
        if (symbols == DOKU_SYMBOLS_AUTO)
            p->symbols = rec.symbols;
        rc = 0;
    }
    if (!got)
        srv_reply_error(out, 400, "bad_puzzle", "the puzzle field holds no puzzle", "puzzle");
    doku_reader_free(r);
    return got ? rc : -1;
}

/* A variant puzzle's text (variant.h): its givens into p, the puzzle
 * (its shape and constraints) in *vp, the caller's to free. @return 1
 * when it was one, 0 when text is for the classic reader (a link the
 * variant reader does not take, or one without constraints, keeps the
 * classic reader's reading and words), -1 with a 400 in out. */
static int read_variant(const char *text, srv_puzzle *p, doku_variant_puzzle **out_vp,
                        srv_reply *out)
{
    size_t len = strlen(text);
    srv_text_kind kind = srv_text_kind_of(text, len);
    if (kind == SRV_TEXT_CLASSIC)
        return 0;
    char msg[512];
    doku_variant_puzzle *vp = NULL;
    doku_status st = doku_variant_puzzle_read(text, len, &vp, msg, sizeof msg);
    if (st == DOKU_ERR_NOMEM) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return -1;
    }
    if (kind == SRV_TEXT_LINK &&
        (st != DOKU_OK || !doku_constraints_count(doku_variant_puzzle_constraints(vp)))) {
        doku_variant_puzzle_free(vp);
        return 0;
    }
    if (st != DOKU_OK) {
        srv_reply_error(out, 400, "bad_puzzle", msg, "puzzle");
        return -1;
    }
    const doku_shape *s = doku_variant_puzzle_shape(vp);
    int n = doku_shape_n(s);
    p->cells = malloc((size_t)n * (size_t)n);
    p->comment = strdup("");
    if (!p->cells || !p->comment) {
        doku_variant_puzzle_free(vp);
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return -1;
    }
    memcpy(p->cells, doku_variant_puzzle_givens(vp), (size_t)n * (size_t)n);
    p->n = n;
    *out_vp = vp;
    if (p->symbols == DOKU_SYMBOLS_AUTO)
        p->symbols = DOKU_SYMBOLS_1_9A_Z;
    return 1;
}

/* An array of n rows of n numbers (0 or null = empty), as the CLI's JSON
 * writes solutions. */
static int read_rows(const cJSON *f, srv_puzzle *p, srv_reply *out)
{
    int n = cJSON_GetArraySize(f);
    if (n < 1 || n > DOKU_MAX_N) {
        bad_field(out, "puzzle", "as an array must hold n rows of n numbers (n up to 64)");
        return -1;
    }
    p->cells = calloc((size_t)n * (size_t)n, 1);
    p->comment = strdup("");
    if (!p->cells || !p->comment) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return -1;
    }
    int r = 0;
    const cJSON *row;
    cJSON_ArrayForEach(row, f) {
        char where[32];
        snprintf(where, sizeof where, "puzzle[%d]", r);
        if (!cJSON_IsArray(row) || cJSON_GetArraySize(row) != n) {
            char msg[96];
            snprintf(msg, sizeof msg, "row %d must be an array of %d numbers", r + 1, n);
            srv_reply_error(out, 400, "bad_puzzle", msg, where);
            return -1;
        }
        int c = 0;
        const cJSON *v;
        cJSON_ArrayForEach(v, row) {
            double d = cJSON_IsNull(v) ? 0 : cJSON_IsNumber(v) ? v->valuedouble : -1;
            if (d != floor(d) || d < 0 || d > n) {
                char msg[96], cell[24];
                snprintf(msg, sizeof msg, "r%dc%d must be 0 (empty) or a digit 1..%d", r + 1,
                         c + 1, n);
                snprintf(cell, sizeof cell, "r%dc%d", r + 1, c + 1);
                srv_reply_error(out, 400, "bad_puzzle", msg, cell);
                return -1;
            }
            p->cells[r * n + c] = (uint8_t)d;
            c++;
        }
        r++;
    }
    p->n = n;
    return 0;
}

int srv_read_puzzle(const cJSON *req, int flags, srv_puzzle *p, srv_reply *out)
{
    memset(p, 0, sizeof *p);
    p->vset = -1;
    int need_puzzle = flags & SRV_NEED_PUZZLE;
    int br, bc, keep = 0;
    unsigned variants;
    uint64_t size;
    uint8_t *regions = NULL;
    int regions_n = 0;
    if (srv_field_symbols(req, &p->symbols, out) || read_box(req, &br, &bc, out) ||
        read_variants(req, &variants, (flags & SRV_SETS) ? &p->vset : NULL, out) ||
        srv_field_bool(req, "keep_boxes", 0, &keep, out) ||
        srv_field_u64(req, "size", 4, DOKU_MAX_N, 0, &size, out) ||
        read_regions(req, &regions, &regions_n, out))
        return -1;
    /* the side the shape fields fix; box only sizes a puzzle-less request */
    int n = (int)size;
    if (!n)
        n = regions_n;
    const cJSON *f = field(req, "puzzle");
    int rc = 0, variant = 0;
    doku_variant_puzzle *vp = NULL;
    if (f && cJSON_IsString(f)) {
        variant = read_variant(f->valuestring, p, &vp, out);
        if (variant == 1 && (br || variants || regions)) {
            srv_reply_error(out, 400, "bad_shape",
                            "the puzzle text sets its own shape: leave out box, variants and regions",
                            br ? "box" : variants ? "variants" : "regions");
            rc = -1;
        }
        if (variant < 0)
            rc = -1;
        else if (!variant)
            rc = read_text(f->valuestring, n, p->symbols, p, out);
    }
    else if (f && cJSON_IsArray(f))
        rc = read_rows(f, p, out);
    else if (f) {
        bad_field(out, "puzzle", "must be a string (any format doku reads) or an array of rows");
        rc = -1;
    } else if (need_puzzle) {
        srv_reply_error(out, 400, "missing_field", "the request needs a \"puzzle\" field",
                        "puzzle");
        rc = -1;
    } else {
        p->n = n ? n : br ? br * bc : 9;
    }
    if (rc == 0 && n && p->n != n) {
        char msg[160];
        snprintf(msg, sizeof msg, "the puzzle is %dx%d but the shape fields ask for %dx%d", p->n,
                 p->n, n, n);
        srv_reply_error(out, 400, "bad_shape", msg, regions_n ? "regions" : size ? "size" : "box");
        rc = -1;
    }
    if (rc == 0 && variant) {
        /* the text's shape, from the worker's cache as any other (its
         * solver too), with the text's constraints copied onto it */
        const doku_shape *vs = doku_variant_puzzle_shape(vp);
        free(regions);
        regions = srv_region_map(vs);
        if (doku_shape_has_regions(vs) && !regions) {
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
            rc = -1;
        } else {
            rc = make_shape(p->n, doku_shape_box_rows(vs), doku_shape_box_cols(vs),
                            doku_shape_variants(vs), regions,
                            regions && doku_shape_box_rows(vs), &p->shape, out);
        }
        if (rc == 0)
            rc = srv_copy_constraints(doku_variant_puzzle_constraints(vp), p->shape, &p->cons, out);
    } else if (rc == 0) {
        rc = make_shape(p->n, br, bc, variants, regions, keep, &p->shape, out);
    }
    doku_variant_puzzle_free(vp);
    if (rc == 0)
        rc = srv_read_constraints(req, p->shape, &p->cons, out);
    if (rc == 0 && p->cons && doku_constraints_count(p->cons) == 0) {
        doku_constraints_free(p->cons);
        p->cons = NULL;
    }
    free(regions);
    if (rc != 0)
        srv_puzzle_free(p);
    return rc;
}

void srv_puzzle_free(srv_puzzle *p)
{
    if (!p)
        return;
    doku_constraints_free(p->cons);
    free(p->cells);
    free(p->comment);
    memset(p, 0, sizeof *p);
    p->vset = -1;
}
