/*
 * links.c — reads the puzzle links people share: SudokuWiki
 * (sudokuwiki.org/...?bd=<81 digits>), f-puzzles (?load=<lz-string>) and
 * SudokuPad's f-puzzles links (sudokupad.app/fpuzzles<lz-string>), whose
 * payload is f-puzzles' JSON: size, grid[r][c].value/given/region,
 * diagonal+/diagonal-, title, author.
 *
 * The one design idea: a link is decoded only as far as a classic grid
 * can honour it. Jigsaw regions and both diagonals become metadata the
 * programs turn into a shape; any other constraint (killer cages,
 * thermometers, anti-knight ...) refuses the link and is named, because
 * solving the grid without it would answer a different puzzle: the
 * message says the variant reader takes it, or, when that reader cannot
 * either, why (src/constraints/read_link.c reads variant links).
 */
#include "io_internal.h"

#include "doku_constraints.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_JSON_UNITS = 1 << 22 };

#define SAY(...) ((void)(why && cap ? snprintf(why, cap, __VA_ARGS__) : 0))

static const char *find_ci(const char *s, size_t len, const char *word)
{
    size_t k = strlen(word);
    for (size_t i = 0; i + k <= len; i++) {
        size_t j = 0;
        while (j < k) {
            char c = s[i + j];
            if (c >= 'A' && c <= 'Z')
                c = (char)(c - 'A' + 'a');
            if (c != word[j])
                break;
            j++;
        }
        if (j == k)
            return s + i;
    }
    return NULL;
}

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

void io_meta_add(doku_buf *meta, const char *key, const char *value, size_t vlen)
{
    doku_buf_append(meta, key, strlen(key) + 1);
    /* a NUL byte inside the value would end it early in the packed list:
     * it becomes a space */
    for (size_t i = 0; i < vlen;) {
        const char *z = memchr(value + i, '\0', vlen - i);
        size_t take = z ? (size_t)(z - (value + i)) : vlen - i;
        doku_buf_append(meta, value + i, take);
        i += take;
        if (z) {
            doku_buf_append(meta, " ", 1);
            i++;
        }
    }
    doku_buf_append(meta, "", 1);
}

/* %XX escapes of a link's payload decoded into out. */
static void percent_decode(const char *s, size_t len, doku_buf *out)
{
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        int hi, lo;
        if (c == '%' && i + 2 < len &&
            (hi = io_hex_digit(s[i + 1])) >= 0 && (lo = io_hex_digit(s[i + 2])) >= 0) {
            char d = (char)(hi * 16 + lo);
            doku_buf_append(out, &d, 1);
            i += 2;
        } else {
            doku_buf_append(out, &c, 1);
        }
    }
}

int io_hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
         : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* The default box of f-puzzles and doku: R rows x C columns, R the
 * largest divisor of n not above its square root. */
static void default_box(int n, int *br, int *bc)
{
    int r = 1;
    for (int d = 1; d * d <= n; d++)
        if (n % d == 0)
            r = d;
    *br = r;
    *bc = n / r;
}

/* Keys f-puzzles writes that say nothing about the rules. */
static int harmless_key(const char *k)
{
    static const char *const keys[] = {"size", "grid", "diagonal+", "diagonal-", "title",
                                       "author", "ruleset", "solution", "highlightConflicts",
                                       "disabledlogic", "truecandidatesoptions",
                                       "activeConstraints", "version", NULL};
    for (int i = 0; keys[i]; i++)
        if (!strcmp(k, keys[i]))
            return 1;
    return 0;
}

static int json_truthy(const io_json *j, int node)
{
    if (node < 0)
        return 0;
    const io_json_node *x = &j->nodes[node];
    return x->type == IO_JSON_TRUE || ((x->type == IO_JSON_ARRAY || x->type == IO_JSON_OBJECT) && x->count) ||
           (x->type == IO_JSON_NUMBER && x->num != 0) ||
           (x->type == IO_JSON_STRING && j->strings.data[x->str]);
}

/* The constraints of a link doku refuses: named while the message has
 * room (some kept for " and N more"), the rest counted, so a name too
 * long to show still refuses the link. */
typedef struct unsupported {
    char text[200];
    size_t len;
    int count, unnamed;
} unsupported;

static void unsupported_add(unsupported *u, const char *name)
{
    u->count++;
    if (u->len + strlen(name) + 2 < sizeof u->text - 24)
        u->len += (size_t)snprintf(u->text + u->len, sizeof u->text - u->len, "%s%s",
                                   u->len ? ", " : "", name);
    else
        u->unnamed++;
}

int io_fpuzzles_json(const char *text, size_t len, io_puzzle *out, char *why, size_t cap)
{
    io_json j;
    char jwhy[120];
    if (io_json_parse(&j, text, len, jwhy, sizeof jwhy) != 0) {
        SAY("f-puzzles data: %s", jwhy);
        io_json_free(&j);
        return -1;
    }
    int rc = -1;
    if (j.nodes[0].type != IO_JSON_OBJECT) {
        SAY("f-puzzles data is no JSON object");
        goto done;
    }
    /* constraints doku cannot honour: each one refuses the link */
    unsupported bad = {"", 0, 0, 0};
    for (int k = j.nodes[0].first; k >= 0; k = j.nodes[k].next) {
        const char *key = io_json_key(&j, k);
        if (!harmless_key(key) && json_truthy(&j, k))
            unsupported_add(&bad, key);
    }
    int dp = json_truthy(&j, io_json_get(&j, 0, "diagonal+"));
    int dm = json_truthy(&j, io_json_get(&j, 0, "diagonal-"));
    if (dp != dm)
        unsupported_add(&bad, dp ? "diagonal+ alone" : "diagonal- alone");
    if (bad.count) {
        if (bad.unnamed)
            snprintf(bad.text + bad.len, sizeof bad.text - bad.len,
                     bad.len ? " and %d more" : "%d with names too long to show", bad.unnamed);
        /* the variant reader's verdict: a puzzle it reads, or why not */
        doku_variant_puzzle *vp = NULL;
        char vwhy[240];
        doku_status vs = doku_variant_puzzle_read(text, len, &vp, vwhy, sizeof vwhy);
        doku_variant_puzzle_free(vp);
        if (vs == DOKU_OK)
            SAY("f-puzzles constraints %s: a variant puzzle, which doku's variant reader "
                "takes (doku_variant_puzzle_read; the CLI uses it when the input's first "
                "puzzle has constraints)", bad.text);
        else if (vs == DOKU_ERR_NOMEM)
            SAY("out of memory");
        else
            SAY("%s", vwhy);
        goto done;
    }
    int sz = io_json_get(&j, 0, "size"), grid = io_json_get(&j, 0, "grid");
    if (sz < 0 || j.nodes[sz].type != IO_JSON_NUMBER || j.nodes[sz].num < 4 ||
        j.nodes[sz].num > 35 || j.nodes[sz].num != (int)j.nodes[sz].num) {
        SAY("f-puzzles data: \"size\" must be a number from 4 to 35");
        goto done;
    }
    int n = (int)j.nodes[sz].num;
    if (grid < 0 || j.nodes[grid].type != IO_JSON_ARRAY || j.nodes[grid].count != n) {
        SAY("f-puzzles data: \"grid\" must hold %d rows", n);
        goto done;
    }
    int br, bc, jigsaw = 0;
    default_box(n, &br, &bc);
    char regions[DOKU_MAX_CELLS + 1];
    int r = 0;
    for (int row = j.nodes[grid].first; row >= 0; row = j.nodes[row].next, r++) {
        if (j.nodes[row].type != IO_JSON_ARRAY || j.nodes[row].count != n) {
            SAY("f-puzzles data: grid row %d must hold %d cells", r + 1, n);
            goto done;
        }
        int c = 0;
        for (int cell = j.nodes[row].first; cell >= 0; cell = j.nodes[cell].next, c++) {
            int i = r * n + c, v = 0, reg = (r / br) * (n / bc) + c / bc;
            if (j.nodes[cell].type == IO_JSON_OBJECT) {
                int val = io_json_get(&j, cell, "value"), giv = io_json_get(&j, cell, "given");
                int rg = io_json_get(&j, cell, "region");
                if (val >= 0 && j.nodes[val].type == IO_JSON_NUMBER) {
                    double d = j.nodes[val].num;
                    if (d < 1 || d > n || d != (int)d) {
                        SAY("f-puzzles data: r%dc%d holds %g, not a digit 1..%d", r + 1, c + 1, d, n);
                        goto done;
                    }
                    if (json_truthy(&j, giv))
                        v = (int)d;
                }
                if (rg >= 0) {
                    if (j.nodes[rg].type != IO_JSON_NUMBER || j.nodes[rg].num < 0 ||
                        j.nodes[rg].num >= n || j.nodes[rg].num != (int)j.nodes[rg].num) {
                        SAY("f-puzzles data: r%dc%d is in no region 0..%d (cells outside every region are not supported)",
                            r + 1, c + 1, n - 1);
                        goto done;
                    }
                    if ((int)j.nodes[rg].num != reg)
                        jigsaw = 1;
                    reg = (int)j.nodes[rg].num;
                }
            }
            out->cells[i] = (uint8_t)v;
            regions[i] = io_alphabet(DOKU_SYMBOLS_1_9A_Z)[reg];
        }
    }
    out->n = n;
    if (jigsaw)
        io_meta_add(&out->meta, "regions", regions, (size_t)(n * n));
    if (dp && dm)
        io_meta_add(&out->meta, "variant", "x", 1);
    static const char *const names[][2] = {{"title", "name"}, {"author", "author"}, {"ruleset", "rules"}};
    for (int k = 0; k < 3; k++) {
        const char *v = io_json_str(&j, io_json_get(&j, 0, names[k][0]));
        if (v && *v)
            io_meta_add(&out->meta, names[k][1], v, strlen(v));
    }
    rc = 1;
done:
    io_json_free(&j);
    return rc;
}

/* The payload of an f-puzzles or SudokuPad link, lz-string decoded. */
static int decode_fpuzzles(const char *data, size_t len, io_puzzle *out, const char *site,
                           char *why, size_t cap)
{
    doku_buf raw = {0}, json = {0};
    percent_decode(data, len, &raw);
    int rc = -1;
    if (raw.failed) {
        SAY("out of memory");
    } else if (io_lz_decompress_b64(raw.data ? raw.data : "", raw.len, MAX_JSON_UNITS, &json) != DOKU_OK ||
               !json.len) {
        SAY("%s link: the data after the address is no lz-string (base64)", site);
    } else {
        rc = io_fpuzzles_json(json.data, json.len, out, why, cap);
    }
    doku_buf_free(&raw);
    doku_buf_free(&json);
    return rc;
}

/* A SudokuPad link in its own format (scl, ctc, a short link): read by
 * the variant reader; a puzzle without constraints is a classic one (its
 * X and jigsaw as metadata), one with constraints is refused as a variant
 * puzzle, and the variant reader's refusal is passed on. */
static int sudokupad_own(const char *link, size_t ll, io_puzzle *out, char *why, size_t cap)
{
    doku_variant_puzzle *vp = NULL;
    char vwhy[240];
    doku_status vs = doku_variant_puzzle_read(link, ll, &vp, vwhy, sizeof vwhy);
    if (vs != DOKU_OK) {
        SAY("%s", vs == DOKU_ERR_NOMEM ? "out of memory" : vwhy);
        return -1;
    }
    const doku_shape *s = doku_variant_puzzle_shape(vp);
    int n = doku_shape_n(s), rc = 1;
    size_t k = doku_constraints_count(doku_variant_puzzle_constraints(vp));
    if (k) {
        SAY("SudokuPad link with %zu constraint%s: a variant puzzle, which doku's variant reader "
            "takes (doku_variant_puzzle_read; the CLI uses it when the input's first puzzle has "
            "constraints)", k, k == 1 ? "" : "s");
        rc = -1;
    } else {
        memcpy(out->cells, doku_variant_puzzle_givens(vp), (size_t)(n * n));
        out->n = n;
        if (doku_shape_has_regions(s)) {
            char regions[DOKU_MAX_CELLS + 1];
            for (int u = 0; u < doku_shape_unit_count(s); u++) {
                if (doku_shape_unit_kind(s, u) != DOKU_UNIT_REGION)
                    continue;
                const uint16_t *cells = doku_shape_unit_cells(s, u);
                for (int i = 0; i < n; i++)
                    regions[cells[i]] = io_alphabet(DOKU_SYMBOLS_1_9A_Z)[doku_shape_unit_ordinal(s, u)];
            }
            io_meta_add(&out->meta, "regions", regions, (size_t)(n * n));
        }
        if (doku_shape_variants(s) & DOKU_VARIANT_X)
            io_meta_add(&out->meta, "variant", "x", 1);
    }
    doku_variant_puzzle_free(vp);
    return rc;
}

int io_link_decode(const char *s, size_t len, io_puzzle *out, char *why, size_t cap, size_t *col)
{
    const char *wiki = find_ci(s, len, "sudokuwiki.org/");
    const char *fp = find_ci(s, len, "f-puzzles.com/");
    const char *pad = find_ci(s, len, "sudokupad.app/");
    if (!pad)
        pad = find_ci(s, len, "crackingthecryptic.com/sudoku/");
    const char *hit = wiki ? wiki : fp ? fp : pad;
    if (!hit)
        return 0;
    /* the link is the blank-free run around the site's name */
    size_t b = (size_t)(hit - s), e = b;
    while (b && !is_blank(s[b - 1]) && s[b - 1] != '"' && s[b - 1] != '<')
        b--;
    while (e < len && !is_blank(s[e]) && s[e] != '"' && s[e] != '>')
        e++;
    out->at = b;
    out->end = e;
    *col = b + 1;
    const char *link = s + b;
    size_t ll = e - b;
    if (hit == wiki) {
        const char *bd = find_ci(link, ll, "bd=");
        if (!bd) {
            SAY("SudokuWiki link without a bd= puzzle");
            return -1;
        }
        bd += 3;
        size_t k = 0;
        while (bd + k < link + ll && bd[k] != '&' && bd[k] != '#')
            k++;
        *col = (size_t)(bd - s) + 1;
        if (k != 81) {
            SAY("SudokuWiki bd= holds %zu characters; 81 (9x9 digits, 0 empty) expected", k);
            return -1;
        }
        for (size_t i = 0; i < 81; i++) {
            char c = bd[i];
            if (!(c >= '0' && c <= '9') && c != '.') {
                *col += i;
                SAY("SudokuWiki bd=: '%c' is no digit", c);
                return -1;
            }
            out->cells[i] = c == '.' ? 0 : (uint8_t)(c - '0');
        }
        out->n = 9;
        return 1;
    }
    if (hit == fp) {
        const char *ld = find_ci(link, ll, "load=");
        if (!ld) {
            if (find_ci(link, ll, "id="))
                SAY("f-puzzles short link (?id=...): the puzzle is kept on f-puzzles' server, "
                    "not in the link; doku reads ?load= links, which carry it");
            else
                SAY("f-puzzles link without ?load= data");
            return -1;
        }
        ld += 5;
        size_t k = 0;
        while (ld + k < link + ll && ld[k] != '&' && ld[k] != '#')
            k++;
        *col = (size_t)(ld - s) + 1;
        return decode_fpuzzles(ld, k, out, "f-puzzles", why, cap);
    }
    const char *f = find_ci(link, ll, "fpuzzles");
    if (!f)
        return sudokupad_own(link, ll, out, why, cap);
    f += 8;
    size_t k = 0;
    while (f + k < link + ll && f[k] != '&' && f[k] != '#' && f[k] != '?')
        k++;
    *col = (size_t)(f - s) + 1;
    return decode_fpuzzles(f, k, out, "SudokuPad", why, cap);
}
