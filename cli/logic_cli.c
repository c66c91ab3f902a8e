/*
 * logic_cli.c — shared pieces of the logic commands (explain, hint,
 * grade): options, loading a puzzle into a logic context, and printing
 * steps and candidate grids.
 */
#include "logic_cli.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

const char logic_cli_help[] =
    "Logic options:\n"
    "  --techniques LIST   allow only these techniques (comma-separated keywords or\n"
    "                      groups: singles, intersections, pairs, triples, quads,\n"
    "                      subsets, fish, single-digit, wings, uniqueness, aligned,\n"
    "                      chains, forcing, trial, all; see docs/TECHNIQUES.md);\n"
    "                      singles are always allowed. The default (and 'all') is\n"
    "                      Sudoku Explainer's set, which gives SE ratings.\n"
    "                      Extended techniques, off unless listed: finned-x-wing,\n"
    "                      finned-swordfish, finned-jellyfish, w-wing, remote-pair,\n"
    "                      simple-colouring, multi-colouring, unique-rectangle-6,\n"
    "                      hidden-rectangle, sue-de-coq, als-xz, als-xy-wing,\n"
    "                      grouped-x-chain, grouped-aic; groups finned-fish,\n"
    "                      colouring, als, grouped-chains, extra (all of them);\n"
    "                      'extended' = SE's set plus all of them (HoDoKu-like),\n"
    "                      each placed at its own rating in the order\n"
    "  --no-uniqueness     never use techniques that assume a unique solution\n"
    "  --no-trial          never use the trial-and-error last resort\n"
    "  (--timeout is checked between steps: the run gives up at the first step\n"
    "  found after it, and says so)\n";

int logic_cli_option(logic_cli_opts *lc, const char *cmd, int id, const char *value)
{
    switch (id) {
    case LOGIC_OPT_TECHNIQUES: {
        const char *bad = NULL;
        uint64_t mask = 0;
        if (doku_technique_mask(value, &mask, &bad) != DOKU_OK) {
            size_t len = 0;
            while (bad && bad[len] && bad[len] != ',' && bad[len] != ' ')
                len++;
            return cli_usage_error(cmd, "--techniques: unknown technique '%.*s'", (int)len,
                                   bad ? bad : "");
        }
        lc->lo.techniques = mask;
        return 0;
    }
    case LOGIC_OPT_NO_UNIQUENESS:
        lc->lo.uniqueness = -1;
        return 0;
    case LOGIC_OPT_NO_TRIAL:
        lc->lo.no_trial = 1;
        return 0;
    case LOGIC_OPT_PENCIL:
        lc->pencil = 1;
        return 0;
    }
    return 1;
}

doku_logic *logic_cli_load(const logic_cli_opts *lc, cli_task *t)
{
    doku_logic *lg = NULL;
    if (doku_logic_create(t->shape, &lc->lo, &lg) != DOKU_OK) {
        cli_buf_printf(&t->err, "%s:%zu: out of memory\n", t->file, t->line);
        t->exit_code = CLI_EXIT_FAIL;
        return NULL;
    }
    if (doku_logic_load(lg, t->cells) != DOKU_OK) {
        cli_buf_printf(&t->err, "%s:%zu: ", t->file, t->line);
        if (cli_describe_conflicts(&t->err, t->shape, t->cells, DOKU_SYMBOLS_AUTO, NULL, 3) <= 0)
            cli_buf_puts(&t->err, "invalid puzzle");
        cli_buf_puts(&t->err, "\n");
        t->exit_code = CLI_EXIT_FAIL;
        doku_logic_free(lg);
        return NULL;
    }
    return lg;
}

void logic_cli_rating(cli_buf *b, double r)
{
    cli_buf_printf(b, "%.1f", r);
}

void logic_cli_step_text(cli_buf *b, size_t index, const doku_step *st)
{
    cli_buf_printf(b, "%4zu. (%.1f) %s\n", index, st->rating, st->text);
}

static void cand_list_json(cli_buf *b, const doku_shape *s, const doku_cand *v, size_t n)
{
    cli_buf_puts(b, "[");
    for (size_t i = 0; i < n; i++) {
        char name[24];
        doku_cell_name(s, v[i].cell, name, sizeof name);
        cli_buf_printf(b, "%s{\"cell\":\"%s\",\"digit\":%d}", i ? "," : "", name, v[i].digit);
    }
    cli_buf_puts(b, "]");
}

void logic_cli_step_json(cli_buf *b, const doku_shape *s, const doku_step *st)
{
    cli_buf_puts(b, "{\"technique\":");
    cli_buf_json_string(b, st->name);
    cli_buf_puts(b, ",\"rating\":");
    logic_cli_rating(b, st->rating);
    cli_buf_puts(b, ",\"placements\":");
    cand_list_json(b, s, st->placements, st->nplacements);
    cli_buf_puts(b, ",\"eliminations\":");
    cand_list_json(b, s, st->eliminations, st->neliminations);
    cli_buf_puts(b, ",\"text\":");
    cli_buf_json_string(b, st->text);
    cli_buf_puts(b, "}");
}

void logic_cli_candidates(cli_buf *b, const doku_shape *s, const doku_logic *lg)
{
    int n = doku_shape_n(s);
    const uint8_t *cells = doku_logic_cells(lg);
    const uint64_t *cand = doku_logic_candidates(lg);
    int br = doku_shape_box_rows(s), bc = doku_shape_box_cols(s);
    /* column width: the widest candidate list (or value) in the column */
    int width[64];
    for (int c = 0; c < n; c++) {
        width[c] = 1;
        for (int r = 0; r < n; r++) {
            int i = r * n + c, w = 0;
            if (cells[i])
                w = cells[i] > 9 ? 2 : 1;
            else
                for (int d = 1; d <= n; d++)
                    if (cand[i] & ((uint64_t)1 << (d - 1)))
                        w += d > 9 ? (n > 35 ? 3 : 1) : 1;
            if (w > width[c])
                width[c] = w;
        }
    }
    cli_buf row = {0};
    for (int r = 0; r < n; r++) {
        if (br && r && r % br == 0)
            cli_buf_puts(b, "\n");
        cli_buf_reset(&row);
        for (int c = 0; c < n; c++) {
            if (bc && c && c % bc == 0)
                cli_buf_puts(&row, " |");
            char tok[200];
            int k = 0, i = r * n + c;
            if (cells[i]) {
                char sym[8];
                k = snprintf(tok, sizeof tok, "%s", cli_symbol(n, DOKU_SYMBOLS_AUTO, cells[i], sym));
            } else {
                for (int d = 1; d <= n && k < 190; d++)
                    if (cand[i] & ((uint64_t)1 << (d - 1))) {
                        char sym[8];
                        k += snprintf(tok + k, sizeof tok - (size_t)k, "%s",
                                      cli_symbol(n, DOKU_SYMBOLS_AUTO, d, sym));
                    }
            }
            cli_buf_printf(&row, " %-*s", width[c], tok);
        }
        size_t len = row.len;
        while (len && row.data[len - 1] == ' ')
            len--; /* no trailing blanks */
        cli_buf_put(b, row.data, len);
        cli_buf_puts(b, "\n");
    }
    cli_buf_free(&row);
}

int logic_cli_parse_pencil(const char *text, int n, uint8_t *cells, uint64_t *cands, char *why,
                           size_t cap)
{
    int nc = n * n, k = 0;
    const char *p = text;
    while (*p) {
        while (*p && (isspace((unsigned char)*p) || strchr("|+-=:*", *p)))
            p++;
        if (!*p)
            break;
        const char *start = p;
        uint64_t m = 0;
        int count = 0;
        while (*p && !isspace((unsigned char)*p) && !strchr("|+-=:*", *p)) {
            int v;
            char ch = *p;
            if (ch >= '1' && ch <= '9')
                v = ch - '0';
            else if (ch >= 'A' && ch <= 'Z')
                v = ch - 'A' + 10;
            else if (ch >= 'a' && ch <= 'z')
                v = ch - 'a' + 10;
            else if (ch == '.' || ch == '0')
                v = 0;
            else {
                snprintf(why, cap, "unexpected character '%c' in cell %d", ch, k + 1);
                return -1;
            }
            if (v > n) {
                snprintf(why, cap, "digit %d is too large for %dx%d in cell %d", v, n, n, k + 1);
                return -1;
            }
            if (v) {
                if (!(m & ((uint64_t)1 << (v - 1))))
                    count++;
                m |= (uint64_t)1 << (v - 1);
            }
            p++;
        }
        (void)start;
        if (k >= nc) {
            snprintf(why, cap, "more than %d cells", nc);
            return -1;
        }
        if (count == 0) {
            snprintf(why, cap, "cell %d (r%dc%d) has no candidates", k + 1, k / n + 1, k % n + 1);
            return -1;
        }
        cells[k] = count == 1 ? (uint8_t)(__builtin_ctzll(m) + 1) : 0;
        cands[k] = m;
        k++;
    }
    if (k != nc) {
        snprintf(why, cap, "found %d cells, expected %d", k, nc);
        return -1;
    }
    return 0;
}

logic_deadline logic_cli_deadline(const cli_opts *o)
{
    logic_deadline d = {0, 0};
    if (o->timeout_given && o->timeout > 0)
        d.end = cli_now() + o->timeout;
    return d;
}

int logic_cli_past(logic_deadline *d)
{
    if (d->end > 0 && cli_now() > d->end)
        d->hit = 1;
    return d->hit;
}
