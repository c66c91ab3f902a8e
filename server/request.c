/*
 * request.c — turns a request's JSON into a shape and a puzzle.
 *
 * The puzzle text goes through the library's reader exactly as a file
 * would go through `doku`, so the API reads every format the CLI reads
 * and its complaints carry the same words, placed as "puzzle line L
 * column C". Type errors name the field.
 */
#include "request.h"

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
    *sym = DOKU_SYMBOLS_AUTO;
    if (srv_field_string(req, "symbols", &s, out) != 0)
        return -1;
    if (!s || !strcmp(s, "auto"))
        return 0;
    if (!strcmp(s, "1-9A-Z"))
        *sym = DOKU_SYMBOLS_1_9A_Z;
    else if (!strcmp(s, "0-9A-Z"))
        *sym = DOKU_SYMBOLS_0_9A_Z;
    else if (!strcmp(s, "A-Z"))
        *sym = DOKU_SYMBOLS_A_Z;
    else {
        bad_field(out, "symbols", "must be \"1-9A-Z\", \"0-9A-Z\", \"A-Z\" or \"auto\"");
        return -1;
    }
    return 0;
}

static int variant_word(const char *w, size_t len, unsigned *v)
{
    if (len == 1 && *w == 'x')
        *v |= DOKU_VARIANT_X;
    else if (len == 5 && !strncmp(w, "hyper", 5))
        *v |= DOKU_VARIANT_HYPER;
    else if (!(len == 4 && !strncmp(w, "none", 4)) && len != 0)
        return -1;
    return 0;
}

/* "variants" (or the CLI's "variant"): "x,hyper", "x", "none", or an
 * array of those words. */
static int read_variants(const cJSON *req, unsigned *v, srv_reply *out)
{
    *v = 0;
    const char *name = "variants";
    const cJSON *f = field(req, name);
    if (!f) {
        name = "variant";
        f = field(req, name);
    }
    if (!f)
        return 0;
    static const char what[] = "must be \"x\", \"hyper\", \"x,hyper\", \"none\" or an array of them";
    if (cJSON_IsString(f)) {
        const char *s = f->valuestring;
        while (*s) {
            size_t len = strcspn(s, ",+ ");
            if (variant_word(s, len, v) != 0) {
                bad_field(out, name, what);
                return -1;
            }
            s += len;
            if (*s)
                s++;
        }
        return 0;
    }
    if (cJSON_IsArray(f)) {
        const cJSON *e;
        cJSON_ArrayForEach(e, f) {
            if (!cJSON_IsString(e) || variant_word(e->valuestring, strlen(e->valuestring), v)) {
                bad_field(out, name, what);
                return -1;
            }
        }
        return 0;
    }
    bad_field(out, name, what);
    return -1;
}

static int read_box(const cJSON *req, int *rows, int *cols, srv_reply *out)
{
    const char *s;
    *rows = *cols = 0;
    if (srv_field_string(req, "box", &s, out) != 0)
        return -1;
    if (!s || !*s)
        return 0;
    char *end;
    long r = strtol(s, &end, 10);
    if (end == s || (*end != 'x' && *end != 'X')) {
        bad_field(out, "box", "must be \"RxC\" (rows x columns of a box, e.g. \"2x3\")");
        return -1;
    }
    const char *c0 = end + 1;
    long c = strtol(c0, &end, 10);
    if (end == c0 || *end || r < 1 || c < 1 || r > DOKU_MAX_N || c > DOKU_MAX_N ||
        r * c > DOKU_MAX_N) {
        bad_field(out, "box", "must be \"RxC\" with R*C at most 64 (e.g. \"2x3\")");
        return -1;
    }
    *rows = (int)r;
    *cols = (int)c;
    return 0;
}

static int is_map_sep(char c)
{
    return isspace((unsigned char)c) || c == ',' || c == '|' || c == ';';
}

/* "regions": n*n region symbols laid out like a grid (each distinct
 * symbol a region, numbered in order of first appearance; blanks, commas
 * and '|' are layout), decimal tokens for sides past 35, or an array of
 * n*n numbers. *map receives a malloc'd n*n map and *side its n. */
static int read_regions(const cJSON *req, uint8_t **map, int *side, srv_reply *out)
{
    *map = NULL;
    *side = 0;
    const cJSON *f = field(req, "regions");
    if (!f)
        return 0;
    static const char what[] =
        "must be n*n region symbols (a string laid out like a grid) or an array of n*n numbers";
    char tokens[DOKU_MAX_CELLS][4];
    int count = 0;
    if (cJSON_IsString(f)) {
        const char *s = f->valuestring;
        /* decimal tokens when the blank-separated tokens are n*n and one
         * is longer than a character; else one symbol per character */
        int ntok = 0, longer = 0;
        for (const char *p = s; *p;) {
            while (*p && is_map_sep(*p))
                p++;
            size_t len = 0;
            while (p[len] && !is_map_sep(p[len]))
                len++;
            if (len) {
                ntok++;
                longer |= len > 1;
            }
            p += len;
        }
        int k = 0;
        while ((k + 1) * (k + 1) <= ntok)
            k++;
        int multi = longer && k >= 4 && k * k == ntok;
        for (const char *p = s; *p;) {
            while (*p && is_map_sep(*p))
                p++;
            if (!*p)
                break;
            size_t len = multi ? 0 : 1;
            if (multi)
                while (p[len] && !is_map_sep(p[len]))
                    len++;
            if (count >= DOKU_MAX_CELLS || len > 3) {
                bad_field(out, "regions", what);
                return -1;
            }
            memcpy(tokens[count], p, len);
            tokens[count][len] = '\0';
            count++;
            p += len;
        }
    } else if (cJSON_IsArray(f)) {
        const cJSON *e;
        cJSON_ArrayForEach(e, f) {
            if (!cJSON_IsNumber(e) || e->valuedouble < 0 || e->valuedouble > 999 ||
                count >= DOKU_MAX_CELLS) {
                bad_field(out, "regions", what);
                return -1;
            }
            snprintf(tokens[count++], sizeof tokens[0], "%d", (int)e->valuedouble);
        }
    } else {
        bad_field(out, "regions", what);
        return -1;
    }
    int n = 0;
    while ((n + 1) * (n + 1) <= count)
        n++;
    if (n < 4 || n * n != count) {
        char msg[160];
        snprintf(msg, sizeof msg, "holds %d cells: a region map needs n*n (81 for 9x9)", count);
        bad_field(out, "regions", msg);
        return -1;
    }
    uint8_t *m = malloc((size_t)count);
    if (!m) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return -1;
    }
    /* ids by first appearance */
    int nids = 0;
    char seen[DOKU_MAX_N][4];
    for (int i = 0; i < count; i++) {
        int id = -1;
        for (int k = 0; k < nids; k++)
            if (!strcmp(seen[k], tokens[i]))
                id = k;
        if (id < 0) {
            if (nids == n) {
                char msg[160];
                snprintf(msg, sizeof msg, "has more than %d different region symbols (cell r%dc%d)",
                         n, i / n + 1, i % n + 1);
                bad_field(out, "regions", msg);
                free(m);
                return -1;
            }
            memcpy(seen[nids], tokens[i], sizeof seen[0]);
            id = nids++;
        }
        m[i] = (uint8_t)id;
    }
    *map = m;
    *side = n;
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

int srv_read_puzzle(const cJSON *req, int need_puzzle, srv_puzzle *p, srv_reply *out)
{
    memset(p, 0, sizeof *p);
    int br, bc, keep = 0;
    unsigned variants;
    uint64_t size;
    uint8_t *regions = NULL;
    int regions_n = 0;
    if (srv_field_symbols(req, &p->symbols, out) || read_box(req, &br, &bc, out) ||
        read_variants(req, &variants, out) || srv_field_bool(req, "keep_boxes", 0, &keep, out) ||
        srv_field_u64(req, "size", 4, DOKU_MAX_N, 0, &size, out) ||
        read_regions(req, &regions, &regions_n, out))
        return -1;
    /* the side the shape fields fix; box only sizes a puzzle-less request */
    int n = (int)size;
    if (!n)
        n = regions_n;
    const cJSON *f = field(req, "puzzle");
    int rc = 0;
    if (f && cJSON_IsString(f))
        rc = read_text(f->valuestring, n, p->symbols, p, out);
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
    if (rc == 0)
        rc = make_shape(p->n, br, bc, variants, regions, keep, &p->shape, out);
    free(regions);
    if (rc != 0)
        srv_puzzle_free(p);
    return rc;
}

void srv_puzzle_free(srv_puzzle *p)
{
    if (!p)
        return;
    free(p->cells);
    free(p->comment);
    memset(p, 0, sizeof *p);
}
