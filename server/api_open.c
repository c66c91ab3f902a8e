/*
 * api_open.c — POST /api/open: a file as the person has it (a text file
 * of any layout doku reads, a pasted link, or a workbook: .xlsx, .xlsm,
 * .ods, .xls) becomes the list of puzzles in it, each named where it was
 * found ("line 3", "'Puzzle 1'!B4:J12"), and the problems named as the
 * CLI names them ("book.xlsx:Sheet1!E7: ...", "p.txt:3:5: ...").
 *
 * The one design idea: nothing here reads a format. Text goes through the
 * library's reader line by line, as `doku` reads a file; a workbook is
 * written to a scratch file and read by the CLI's own workbook reader
 * (server_files.h), so the page finds exactly the puzzles `doku convert` finds.
 * Each puzzle is the record `doku convert --to json` writes for it, plus
 * its place.
 */
#include "api_endpoints.h"
#include "cache.h"
#include "documents.h"
#include "request.h"
#include "variant.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Puzzles and problems listed at most (the rest only counted). */
#define MAX_LISTED 1000
#define MAX_PROBLEMS 100

typedef struct open_list {
    const char *name;         /* the file's name as the person gave it */
    cJSON *puzzles, *problems;
    long total, problem_total;
    int nomem;
} open_list;

/* cells as a line in symbols ('.' empty), or decimal tokens past 35. */
static char *cells_line(int n, const uint8_t *cells, doku_symbols symbols)
{
    size_t ncells = (size_t)n * (size_t)n;
    char *s = malloc(n > 35 ? ncells * 3 + 1 : ncells + 1);
    if (!s)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; i < ncells; i++) {
        if (n > 35)
            k += (size_t)sprintf(s + k, i ? " %d" : "%d", cells[i]);
        else
            s[k++] = cells[i] ? doku_symbol(n, symbols, cells[i]) : '.';
    }
    s[k] = '\0';
    return s;
}

/* A new puzzle entry (NULL when the list is full or memory ran out). */
static cJSON *add_puzzle(open_list *L, const char *where, const char *file, size_t line, int n,
                         const uint8_t *cells, doku_symbols symbols)
{
    L->total++;
    if (L->total > MAX_LISTED || L->nomem)
        return NULL;
    if (symbols == DOKU_SYMBOLS_AUTO)
        symbols = DOKU_SYMBOLS_1_9A_Z;
    static const char *const alphabet[] = {"1-9A-Z", "1-9A-Z", "0-9A-Z", "A-Z"};
    char *text = cells_line(n, cells, symbols);
    cJSON *e = cJSON_CreateObject();
    if (!text || !e || !cJSON_AddStringToObject(e, "where", where) ||
        !cJSON_AddStringToObject(e, "file", file) || !cJSON_AddNumberToObject(e, "line", (double)line) ||
        !cJSON_AddNumberToObject(e, "n", n) || !cJSON_AddStringToObject(e, "puzzle", text) ||
        !cJSON_AddStringToObject(e, "symbols", n > 35 ? "decimal" : alphabet[symbols])) {
        free(text);
        cJSON_Delete(e);
        L->nomem = 1;
        return NULL;
    }
    free(text);
    cJSON_AddItemToArray(L->puzzles, e);
    return e;
}

static void add_problem(open_list *L, const char *where, const char *message)
{
    L->problem_total++;
    if (L->problem_total > MAX_PROBLEMS || L->nomem)
        return;
    cJSON *e = cJSON_CreateObject();
    if (!e || !cJSON_AddStringToObject(e, "where", where) ||
        !cJSON_AddStringToObject(e, "message", message)) {
        cJSON_Delete(e);
        L->nomem = 1;
        return;
    }
    cJSON_AddItemToArray(L->problems, e);
}

/* ---- text ------------------------------------------------------------- */

/* The reader's pencil marks as the candidate line convert writes. */
static void add_candidates(cJSON *e, int n, const uint8_t *cells, const uint64_t *cands)
{
    if (!cands || n > 35)
        return;
    doku_shape_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.n = n;
    const doku_shape *shape;
    if (srv_cache_shape(&spec, &shape) != DOKU_OK)
        return;
    doku_buf b = {0};
    if (doku_format_pencil(&b, shape, cells, cands, (size_t)doku_shape_cells(shape), 0) == DOKU_OK && b.data) {
        if (b.len && b.data[b.len - 1] == '\n')
            b.data[--b.len] = '\0';
        cJSON_AddStringToObject(e, "candidates", b.data);
    }
    doku_buf_free(&b);
}

static void take_record(open_list *L, doku_reader *r, const doku_record *rec)
{
    char where[64], file[1200];
    if (rec->kind == DOKU_RECORD_ERROR) {
        if (rec->column)
            snprintf(file, sizeof file, "%s:%zu:%zu", L->name, rec->line, rec->column);
        else
            snprintf(file, sizeof file, "%s:%zu", L->name, rec->line);
        add_problem(L, file, rec->message);
        return;
    }
    snprintf(where, sizeof where, "line %zu", rec->line);
    cJSON *e = add_puzzle(L, where, L->name, rec->line, rec->n, rec->cells, rec->symbols);
    if (!e)
        return;
    if (rec->comment && rec->comment[0])
        cJSON_AddStringToObject(e, "comment", rec->comment);
    add_candidates(e, rec->n, rec->cells, doku_reader_candidates(r));
    const char *k, *v;
    cJSON *meta = NULL;
    for (size_t i = 0; doku_reader_meta(r, i, &k, &v) == DOKU_OK; i++) {
        if (!meta && !(meta = cJSON_AddObjectToObject(e, "meta")))
            break;
        if (!cJSON_GetObjectItemCaseSensitive(meta, k))
            cJSON_AddStringToObject(meta, k, v);
    }
}

static int read_text(open_list *L, const char *body, size_t len, int n, doku_symbols symbols)
{
    doku_reader_opts ro = {n, symbols};
    doku_reader *r = NULL;
    if (doku_reader_create(&ro, &r) != DOKU_OK)
        return -1;
    doku_record rec;
    for (size_t at = 0; at < len;) {
        const char *nl = memchr(body + at, '\n', len - at);
        size_t k = nl ? (size_t)(nl - (body + at)) : len - at;
        if (doku_reader_push_line(r, body + at, k) != DOKU_OK) {
            doku_reader_free(r);
            return -1;
        }
        while (doku_reader_next(r, &rec) == DOKU_OK)
            take_record(L, r, &rec);
        at += k + 1;
    }
    doku_reader_finish(r);
    while (doku_reader_next(r, &rec) == DOKU_OK)
        take_record(L, r, &rec);
    doku_reader_free(r);
    return 0;
}

/* ---- variant puzzles ---------------------------------------------------- */

/* One variant puzzle read from text (line: where it starts): its entry
 * with the shape in "meta", its "constraints" and any "solution" it
 * carried, or a problem. */
/* Adds the entry of the variant puzzle vp (found at where in file,
 * line): its givens, shape, constraints and published solution.
 * @return the entry, NULL when memory ran out. */
static cJSON *add_variant(open_list *L, const doku_variant_puzzle *vp, const char *where,
                          const char *file, size_t line)
{
    const doku_shape *s = doku_variant_puzzle_shape(vp);
    int n = doku_shape_n(s);
    cJSON *e = add_puzzle(L, where, file, line, n, doku_variant_puzzle_givens(vp),
                          DOKU_SYMBOLS_1_9A_Z);
    if (e) {
        cJSON *meta = cJSON_AddObjectToObject(e, "meta");
        cJSON *list = srv_constraints_json(doku_variant_puzzle_constraints(vp));
        const uint8_t *sol = doku_variant_puzzle_solution(vp);
        char *soltext = sol ? cells_line(n, sol, DOKU_SYMBOLS_1_9A_Z) : NULL;
        if (!meta || !list || (sol && (!soltext || !cJSON_AddStringToObject(e, "solution", soltext))))
            L->nomem = 1;
        if (meta)
            srv_shape_meta(meta, s);
        if (list)
            cJSON_AddItemToObject(e, "constraints", list);
        /* the title is the puzzle's comment, as a classic link's is */
        const char *title = doku_variant_puzzle_title(vp), *author = doku_variant_puzzle_author(vp);
        if ((title && !cJSON_AddStringToObject(e, "comment", title)) ||
            (author && !cJSON_AddStringToObject(e, "author", author)))
            L->nomem = 1;
        free(soltext);
    }
    return e;
}

static void take_variant(open_list *L, const char *text, size_t len, size_t line)
{
    char msg[512], where[64], file[1200];
    doku_variant_puzzle *vp = NULL;
    doku_status st = doku_variant_puzzle_read(text, len, &vp, msg, sizeof msg);
    if (st == DOKU_ERR_NOMEM) {
        L->nomem = 1;
        return;
    }
    if (st != DOKU_OK) {
        snprintf(file, sizeof file, "%s:%zu", L->name, line);
        add_problem(L, file, msg);
        return;
    }
    snprintf(where, sizeof where, "line %zu", line);
    add_variant(L, vp, where, L->name, line);
    doku_variant_puzzle_free(vp);
}

/* Text that is a variant puzzle (variant.h): doku's own format and
 * f-puzzles' JSON are one puzzle, ISS and killer strings and links one a
 * line. @return 1 when read so, 0 when the classic reader is to read it. */
/* The next non-blank line of body from *at that is no '#' comment:
 * [*a, *a + *k), its number in *line. @return 0 at the end. */
static int next_line(const char *body, size_t len, size_t *at, size_t *line, size_t *a, size_t *k)
{
    while (*at < len) {
        const char *nl = memchr(body + *at, '\n', len - *at);
        *k = nl ? (size_t)(nl - (body + *at)) : len - *at;
        *a = *at;
        ++*line;
        *at += *k + 1;
        while (*k && (body[*a] == ' ' || body[*a] == '\t' || body[*a] == '\r')) {
            ++*a;
            --*k;
        }
        while (*k && (body[*a + *k - 1] == ' ' || body[*a + *k - 1] == '\r'))
            --*k;
        if (*k && body[*a] != '#')
            return 1;
    }
    return 0;
}

/* True when some line of a links file is a link with constraints. */
static int some_link_has_constraints(const char *body, size_t len)
{
    size_t at = 0, line = 0, a, k;
    while (next_line(body, len, &at, &line, &a, &k)) {
        doku_variant_puzzle *vp = NULL;
        int has = doku_variant_puzzle_read(body + a, k, &vp, NULL, 0) == DOKU_OK &&
                  doku_constraints_count(doku_variant_puzzle_constraints(vp)) > 0;
        doku_variant_puzzle_free(vp);
        if (has)
            return 1;
    }
    return 0;
}

static int read_variants(open_list *L, const char *body, size_t len)
{
    srv_text_kind kind = srv_text_kind_of(body, len);
    if (kind == SRV_TEXT_CLASSIC)
        return 0;
    if (kind == SRV_TEXT_VARIANT) {
        take_variant(L, body, len, 1);
        return 1;
    }
    /* links without constraints keep the classic reader's reading (and
     * its metadata); a file with one link that has some is read here,
     * line by line, all of it */
    if (kind == SRV_TEXT_LINK && !some_link_has_constraints(body, len))
        return 0;
    size_t at = 0, line = 0, a, k;
    while (next_line(body, len, &at, &line, &a, &k))
        take_variant(L, body + a, k, line);
    return 1;
}

/* ---- workbooks -------------------------------------------------------- */

static void take_sheet_puzzle(void *ctx, const book_puzzle *p)
{
    open_list *L = ctx;
    char file[1200];
    snprintf(file, sizeof file, "%s:%s", L->name, p->where);
    if (p->error || !p->cells) {
        add_problem(L, file, p->error ? p->error : "not a puzzle");
        return;
    }
    cJSON *e = NULL;
    if (p->constraints) {
        /* a variant puzzle: its constraints listed under the grid */
        char *text = book_variant_text(p), msg[512];
        doku_variant_puzzle *vp = NULL;
        doku_status st = text ? doku_variant_puzzle_read(text, strlen(text), &vp, msg, sizeof msg)
                              : DOKU_ERR_NOMEM;
        free(text);
        if (st == DOKU_ERR_NOMEM) {
            L->nomem = 1;
            return;
        }
        if (st != DOKU_OK) {
            add_problem(L, file, msg);
            return;
        }
        e = add_variant(L, vp, p->where, file, 0);
        doku_variant_puzzle_free(vp);
    } else {
        e = add_puzzle(L, p->where, file, 0, p->n, p->cells, DOKU_SYMBOLS_AUTO);
    }
    /* a variant puzzle's comment came as its title (add_variant) */
    if (e && !p->constraints && p->comment && p->comment[0] &&
        !cJSON_AddStringToObject(e, "comment", p->comment))
        L->nomem = 1;
    if (e && !p->constraints && (p->variants || p->regions)) {
        /* the shape the sheet names under its grid, as a link's meta */
        unsigned v = p->variants;
        const char *variant = (v & DOKU_VARIANT_X) && (v & DOKU_VARIANT_HYPER) ? "x,hyper"
                              : v & DOKU_VARIANT_X ? "x" : v & DOKU_VARIANT_HYPER ? "hyper" : NULL;
        cJSON *meta = cJSON_AddObjectToObject(e, "meta");
        if (!meta || (variant && !cJSON_AddStringToObject(meta, "variant", variant)) ||
            (p->regions && !cJSON_AddStringToObject(meta, "regions", p->regions)) ||
            (p->regions && p->keep_boxes && !cJSON_AddStringToObject(meta, "boxes", "kept")))
            L->nomem = 1;
    }
    if (e && p->entries) {
        /* the digits styled apart from the givens: a solution or a
         * player's entries, which the page puts back as entries */
        char *text = cells_line(p->n, p->entries, DOKU_SYMBOLS_1_9A_Z);
        if (!text || !cJSON_AddStringToObject(e, "entries", text))
            L->nomem = 1;
        free(text);
    }
}

/* A name for the scratch copy: the upload's own when it is plain. */
static void scratch_name(const char *name, book_kind kind, char *buf, size_t cap)
{
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    size_t len = strlen(base);
    int plain = len > 0 && len < 120 && base[0] != '.';
    for (size_t i = 0; i < len && plain; i++) {
        char c = base[i];
        plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                c == '.' || c == '-' || c == '_' || c == ' ';
    }
    if (plain)
        snprintf(buf, cap, "%s", base);
    else
        snprintf(buf, cap, "upload.%s", kind == BOOK_XLS ? "xls" : "xlsx");
}

/* @return the records handed over, or -1 with a reply in out. */
static long read_workbook(open_list *L, const srv_call *c, book_kind kind,
                          const book_request *wr, srv_reply *out)
{
    if (!c->files || !c->files->workbook_read) {
        srv_reply_error(out, 501, "not_built", "this server was built without workbook input",
                        NULL);
        return -1;
    }
    char dir[4096], path[4300], base[128], why[1400];
    if (srv_scratch_make(dir, sizeof dir) != 0) {
        srv_reply_error(out, 500, "no_scratch", "cannot make a temporary directory (TMPDIR)",
                        NULL);
        return -1;
    }
    scratch_name(L->name, kind, base, sizeof base);
    snprintf(path, sizeof path, "%s/%s", dir, base);
    FILE *f = fopen(path, "wb");
    int wrote = f && fwrite(c->body, 1, c->len, f) == c->len;
    if (f && fclose(f) != 0)
        wrote = 0;
    long got = -1;
    if (!wrote) {
        srv_reply_error(out, 500, "no_scratch", "cannot write the file to a temporary directory",
                        NULL);
    } else {
        /* its kind by the same test the CLI makes on a file */
        if (c->files->workbook_kind)
            kind = c->files->workbook_kind(path);
        why[0] = '\0';
        got = c->files->workbook_read(path, kind, wr, take_sheet_puzzle, L, why, sizeof why);
        if (got < 0) {
            /* the reader names the scratch copy: name the upload instead */
            srv_scratch_unname(why, dir);
            size_t bl = strlen(base);
            char msg[1400];
            if (!strncmp(why, base, bl) && why[bl] == ':')
                snprintf(msg, sizeof msg, "%s%s", L->name, why + bl);
            else
                snprintf(msg, sizeof msg, "%s", why);
            srv_reply_error(out, 422, "bad_file", msg, L->name);
        }
    }
    srv_scratch_remove(dir);
    return got;
}

/* ---- the endpoint ------------------------------------------------------- */

static book_kind kind_of_bytes(const char *b, size_t len)
{
    if (len >= 4 && !memcmp(b, "PK\x03\x04", 4))
        return BOOK_ZIP;
    if (len >= 8 && !memcmp(b, "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", 8))
        return BOOK_XLS;
    return BOOK_NONE;
}

void srv_api_open(const srv_call *c, srv_reply *out)
{
    const cJSON *args = c->args;
    const char *name, *sheet, *range;
    uint64_t size;
    doku_symbols symbols;
    if (srv_field_string(args, "name", &name, out) || srv_field_string(args, "sheet", &sheet, out) ||
        srv_field_string(args, "range", &range, out) ||
        srv_field_u64(args, "size", 4, DOKU_MAX_N, 0, &size, out) ||
        srv_field_symbols(args, &symbols, out))
        return;
    if (!name || !*name)
        name = "upload";
    if (c->len == 0) {
        srv_reply_error(out, 400, "empty_file", "the file is empty: send its bytes as the body",
                        "body");
        return;
    }
    open_list L;
    memset(&L, 0, sizeof L);
    L.name = name;
    cJSON *root = cJSON_CreateObject();
    L.puzzles = cJSON_AddArrayToObject(root, "puzzles");
    L.problems = cJSON_AddArrayToObject(root, "problems");
    if (!L.puzzles || !L.problems) {
        cJSON_Delete(root);
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return;
    }
    book_kind kind = kind_of_bytes(c->body, c->len);
    const char *kind_name = "text";
    if (kind != BOOK_NONE) {
        book_request wr = {sheet, range, (int)size, symbols};
        if (read_workbook(&L, c, kind, &wr, out) < 0) {
            cJSON_Delete(root);
            return;
        }
        kind_name = kind == BOOK_XLS ? "xls" : "workbook";
    } else if (!read_variants(&L, c->body, c->len) &&
               read_text(&L, c->body, c->len, (int)size, symbols) != 0) {
        L.nomem = 1;
    }
    if (L.nomem) {
        cJSON_Delete(root);
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return;
    }
    if (L.total == 0) {
        /* nothing to choose from: the first problem is the answer */
        const cJSON *first = cJSON_GetArrayItem(L.problems, 0);
        const char *msg = first ? cJSON_GetObjectItem(first, "message")->valuestring
                                : "the file holds no puzzle doku can read";
        const char *where = first ? cJSON_GetObjectItem(first, "where")->valuestring : name;
        srv_reply_error(out, 422, "no_puzzle", msg, where);
        cJSON_Delete(root);
        return;
    }
    cJSON_AddStringToObject(root, "name", name);
    cJSON_AddStringToObject(root, "kind", kind_name);
    cJSON_AddNumberToObject(root, "total", (double)L.total);
    cJSON_AddBoolToObject(root, "truncated", L.total > MAX_LISTED);
    cJSON_AddNumberToObject(root, "problem_total", (double)L.problem_total);
    char *text = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    srv_reply_take(out, 200, text, text ? strlen(text) : 0);
}
