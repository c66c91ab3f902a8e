/*
 * fuzz_variant.c — libFuzzer target for the variant puzzle readers and
 * writers: any bytes through doku_variant_puzzle_read as they are, as an
 * f-puzzles / SudokuPad payload (lz-string of the bytes behind
 * "fpuzzles", "scl" and "ctc") and through SudokuPad's unzip; never a
 * crash, a hang, or a refusal without a message. A puzzle that reads is
 * written in every form; what is written reads back with the same
 * constraints (doku's text format: the same list in order; f-puzzles:
 * the same ones, grouped by kind), and a refusal names its reason.
 */
#include "doku_constraints.h"
#include "io/io_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int cmp_u16(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/* Kinds whose cells are a set: a writer may list them in another order. */
static int set_kind(doku_constraint_kind k)
{
    return k == DOKU_CON_CAGE || k == DOKU_CON_REGION || k == DOKU_CON_LITTLE_KILLER ||
           k == DOKU_CON_SANDWICH ||
           k == DOKU_CON_EVEN || k == DOKU_CON_ODD || k == DOKU_CON_QUADRUPLE;
}

/* The constraints as one comparable text: every constraint's kind,
 * numbers and cells, in order; or, sorted, as sets (the cells of set-like
 * kinds sorted, even and odd cells one a line, the lines sorted), which
 * is what the f-puzzles and killer forms keep. */
static char *model_text(const doku_constraints *cs, int sorted)
{
    size_t n = doku_constraints_count(cs), cap = n + 1, count = 0;
    char **lines = calloc(cap, sizeof *lines);
    size_t total = 1;
    for (size_t i = 0; i < n; i++) {
        doku_constraint c;
        if (doku_constraints_get(cs, i, &c) != DOKU_OK)
            abort();
        uint16_t cells[DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N];
        memcpy(cells, c.cells, c.ncells * sizeof *cells);
        if (sorted && set_kind(c.kind))
            qsort(cells, c.ncells, sizeof *cells, cmp_u16);
        int split = sorted && (c.kind == DOKU_CON_EVEN || c.kind == DOKU_CON_ODD);
        for (size_t part = 0; part < (split ? c.ncells : 1); part++) {
            doku_buf b = {0};
            doku_buf_printf(&b, "%d", (int)c.kind);
            for (size_t k = 0; k < c.nparams; k++)
                doku_buf_printf(&b, " %d", c.params[k]);
            doku_buf_printf(&b, " |");
            for (size_t k = split ? part : 0; k < (split ? part + 1 : c.ncells); k++)
                doku_buf_printf(&b, " %u", cells[k]);
            doku_buf_printf(&b, "\n");
            if (count + 1 >= cap) {
                cap *= 2;
                lines = realloc(lines, cap * sizeof *lines);
            }
            lines[count++] = b.data ? b.data : calloc(1, 1);
            total += strlen(lines[count - 1]);
        }
    }
    n = count;
    if (sorted)
        for (size_t i = 1; i < n; i++)
            for (size_t j = i; j > 0 && strcmp(lines[j - 1], lines[j]) > 0; j--) {
                char *t = lines[j];
                lines[j] = lines[j - 1];
                lines[j - 1] = t;
            }
    char *out = malloc(total);
    out[0] = 0;
    for (size_t i = 0; i < n; i++) {
        strcat(out, lines[i]);
        free(lines[i]);
    }
    free(lines);
    return out;
}

/* Writes p in each form; what is written reads back to the same model. */
static void write_and_reread(const doku_variant_puzzle *p)
{
    const doku_constraints *cs = doku_variant_puzzle_constraints(p);
    const doku_shape *s = doku_variant_puzzle_shape(p);
    int n = doku_shape_n(s);
    if (n < 4 || n > DOKU_CONSTRAINTS_MAX_N)
        abort();
    static const doku_variant_format forms[] = {
        DOKU_VARIANT_FORMAT_TEXT, DOKU_VARIANT_FORMAT_JSON, DOKU_VARIANT_FORMAT_FPUZZLES,
        DOKU_VARIANT_FORMAT_SUDOKUPAD, DOKU_VARIANT_FORMAT_SUDOKUWIKI, DOKU_VARIANT_FORMAT_KILLER};
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
        doku_buf out = {0};
        char msg[300] = "";
        doku_status st = doku_variant_write(&out, cs, doku_variant_puzzle_givens(p),
                                            doku_variant_puzzle_solution(p), forms[f], msg,
                                            sizeof msg);
        if (st == DOKU_ERR_VARIANT && (!msg[0] || out.len))
            abort();
        if (st != DOKU_OK) {
            doku_buf_free(&out);
            continue;
        }
        doku_variant_puzzle *q = NULL;
        st = doku_variant_puzzle_read(out.data ? out.data : "", out.len, &q, msg, sizeof msg);
        if (st == DOKU_ERR_NOMEM) {
            doku_buf_free(&out);
            continue;
        }
        if (st != DOKU_OK) {
            fprintf(stderr, "written form %d does not read back: %s\n%.*s\n", (int)forms[f], msg,
                    (int)out.len, out.data);
            abort();
        }
        /* the killer strings renumber cages, the f-puzzles forms group them */
        int sorted = forms[f] != DOKU_VARIANT_FORMAT_TEXT;
        /* f-puzzles writes Windoku windows and regions beside boxes as extra regions */
        int comparable = forms[f] == DOKU_VARIANT_FORMAT_TEXT ||
                         !((doku_shape_variants(s) & DOKU_VARIANT_HYPER) ||
                           (doku_shape_has_regions(s) && doku_shape_box_rows(s)));
        if (comparable) {
            char *a = model_text(cs, sorted), *b = model_text(doku_variant_puzzle_constraints(q), sorted);
            if (strcmp(a, b) != 0) {
                fprintf(stderr, "form %d changed the model:\n%s---\n%s", (int)forms[f], a, b);
                abort();
            }
            free(a);
            free(b);
            if (memcmp(doku_variant_puzzle_givens(p), doku_variant_puzzle_givens(q),
                       (size_t)(n * n)) != 0 && forms[f] != DOKU_VARIANT_FORMAT_SUDOKUWIKI &&
                forms[f] != DOKU_VARIANT_FORMAT_KILLER)
                abort();
        }
        doku_variant_puzzle_free(q);
        doku_buf_free(&out);
    }
}

static void read_one(const char *text, size_t len)
{
    doku_variant_puzzle *p = (doku_variant_puzzle *)1;
    char msg[300] = "";
    doku_status st = doku_variant_puzzle_read(text, len, &p, msg, sizeof msg);
    if (st == DOKU_OK) {
        write_and_reread(p);
        doku_variant_puzzle_free(p);
        return;
    }
    if (p != NULL || (st == DOKU_ERR_PARSE && !msg[0]))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 1 << 16)
        return 0;
    const char *s = (const char *)data;
    doku_variant_format f = doku_variant_format_guess(s, size);
    if ((int)f < 0 || f > DOKU_VARIANT_FORMAT_JSON)
        abort();
    read_one(s, size);

    /* the bytes (as ASCII) as a payload of each link form */
    static const char *const prefixes[] = {"https://www.f-puzzles.com/?load=",
                                           "https://sudokupad.app/fpuzzles",
                                           "https://sudokupad.app/scl", "https://sudokupad.app/ctc"};
    char *ascii = malloc(size + 1);
    for (size_t i = 0; i < size; i++)
        ascii[i] = (char)(data[i] & 0x7F);
    for (size_t k = 0; k < 4; k++) {
        doku_buf link = {0};
        doku_buf_append(&link, prefixes[k], strlen(prefixes[k]));
        if (io_lz_compress_b64(ascii, size, &link) == DOKU_OK && !link.failed)
            read_one(link.data, link.len);
        doku_buf_free(&link);
    }
    free(ascii);
    return 0;
}
