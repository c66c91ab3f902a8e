/*
 * cmd_hint.c — `doku hint`: the next logical step only, for a puzzle, a
 * partly filled grid, or (with --pencil) a pencil-mark grid whose
 * candidates the player has already reduced.
 */
#include "doku_records.h"
#include "commands.h"
#include "options.h"
#include "output.h"
#include "logic_cli.h"
#include "variant_cli.h"
#include "variant_logic.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct hint_ctx {
    cli_opts o;
    logic_cli_opts lc;
    const char *puzzle; /* --puzzle FILE: the variant puzzle of the marks */
} hint_ctx;

enum { HINT_OPT_PUZZLE = 200 };

static const cli_option hint_options[] = {
    LOGIC_CLI_OPTION_ROWS,
    {"--pencil", 0, LOGIC_OPT_PENCIL},
    {"--puzzle", 1, HINT_OPT_PUZZLE},
    {NULL, 0, 0}};

static void usage(FILE *f)
{
    fputs("Usage: doku hint [--pencil] [--techniques LIST] [options] [FILE...]\n\n"
          "Prints the next step a person would take: the simplest technique that\n"
          "makes progress, what it places or eliminates, and why.\n\n"
          "  --pencil   each input (file or stdin) is one pencil-mark grid: n*n\n"
          "             whitespace-separated tokens, each the candidates of a cell\n"
          "             (e.g. 1379); a one-digit token is a filled cell; border\n"
          "             characters | + - = : are ignored. Uniqueness techniques\n"
          "             are off for pencil marks.\n"
          "  --puzzle FILE  with --pencil: the variant puzzle the marks belong to\n"
          "             (any variant format, docs/FORMATS.md): its shape and\n"
          "             constraints; its givens must be filled in the marks.\n\n",
          f);
    logic_cli_print_help(f);
    fputs("\nOutput: text: '(rating) sentence', or 'solved' / 'no step found'; json:\n"
          "{\"puzzle\",\"solved\",\"step\":{\"technique\",\"rating\",\"placements\",\n"
          "\"eliminations\",\"text\"} or null}.\n\n"
          "Exit status: 0 a step was found or the grid is solved; 1 no step, or an\n"
          "invalid grid; 2 usage error or unreadable input.\n",
          f);
}

static int on_option(void *p, int id, const char *v)
{
    hint_ctx *c = p;
    if (id == HINT_OPT_PUZZLE) {
        c->puzzle = v;
        return 0;
    }
    int r = logic_cli_option(&c->lc, "hint", id, v);
    return r > 0 ? -1 : r;
}

/* Writes the hint of lg (already loaded) for src to out; returns the exit
 * code. */
static int write_hint(cli_buf *out, const doku_source *src, const doku_record_opts *ro,
                      doku_logic *lg)
{
    doku_step st;
    doku_logic_record rec;
    memset(&rec, 0, sizeof rec);
    rec.command = DOKU_CMD_HINT;
    rec.status = doku_logic_next(lg, &st);
    rec.step = rec.status == DOKU_OK ? &st : NULL;
    rec.solved = doku_logic_solved(lg);
    rec.logic = lg; /* how hard the interrupted step was known to be */
    cli_check_written(doku_format_logic(out, src, ro, &rec));
    return (rec.status == DOKU_OK || rec.solved) ? CLI_EXIT_OK : CLI_EXIT_FAIL;
}

static void hint_puzzle(cli_worker *w, cli_task *t, void *p)
{
    const hint_ctx *c = p;
    doku_logic *lg = logic_cli_load(&c->lc, &c->o, DOKU_CMD_HINT, w, t);
    if (!lg)
        return;
    doku_source src = cli_task_source(t, c->o.symbols);
    doku_record_opts ro = cli_record_opts(t, &c->o);
    t->exit_code = write_hint(&t->out, &src, &ro, lg);
}

/* All of f as one NUL-terminated text, grown in the library's buffer;
 * the caller frees it. */
static char *read_all(FILE *f)
{
    cli_buf text = {0};
    char chunk[4096];
    size_t k;
    cli_buf_put(&text, "", 0); /* "" for an empty input */
    while ((k = fread(chunk, 1, sizeof chunk, f)) > 0)
        cli_buf_put(&text, chunk, k);
    return text.data;
}

/* 1 if ch separates the tokens of a pencil-mark text: white space or a
 * border character. */
static int is_separator(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' ||
           (ch && strchr("|+-=:*", ch) != NULL);
}

/* The 1-based line and column where token k (0-based) of a pencil-mark
 * text starts, with the token rule of hint_pencil's count. */
static void token_where(const char *text, int k, int *line, int *col)
{
    int seen = -1, in = 0;
    const char *line_start = text;
    *line = 1;
    for (const char *q = text; *q; q++) {
        int sep = is_separator(*q);
        if (!sep && !in && ++seen == k) {
            *col = (int)(q - line_start) + 1;
            return;
        }
        in = !sep;
        if (*q == '\n') {
            (*line)++;
            line_start = q + 1;
        }
    }
    *col = 1;
}

/* Filled cells of a pencil-mark grid that clash: FILE:LINE:COL of the
 * first cell named, and every clash ("r1c1 and r1c5 both hold 5 in row 1"). */
static void report_conflicts(const char *file, const char *text, const doku_shape *s,
                             const uint8_t *cells, doku_symbols symbols)
{
    cli_buf why = {0};
    doku_conflict first;
    size_t k = 0, ncells = (size_t)doku_shape_cells(s);
    doku_find_conflicts(s, cells, ncells, &first, 1, &k);
    doku_format_conflicts(&why, s, cells, ncells, symbols, 8, NULL, NULL);
    if (k > 0 && why.data) {
        int line, col;
        token_where(text, first.cell_a, &line, &col);
        fprintf(stderr, "%s:%d:%d: the filled cells conflict: %s\n", file, line, col, why.data);
    } else {
        fprintf(stderr, "doku hint: %s: the filled cells leave a cell without candidates\n",
                file);
    }
    cli_buf_free(&why);
}

/* --puzzle FILE: the one variant puzzle in FILE, or NULL after saying
 * why on stderr. */
static doku_variant_puzzle *read_puzzle(const char *name)
{
    FILE *f = fopen(name, "r");
    if (!f) {
        fprintf(stderr, "doku hint: cannot read %s: %s\n", name, strerror(errno));
        return NULL;
    }
    char *text = read_all(f);
    fclose(f);
    doku_variant_puzzle *vp = NULL;
    char msg[512];
    doku_status st = doku_variant_puzzle_read(text, strlen(text), &vp, msg, sizeof msg);
    if (st != DOKU_OK)
        fprintf(stderr, "%s: %s\n", name, st == DOKU_ERR_NOMEM ? "out of memory" : msg);
    free(text);
    return vp;
}

/* 1 when the marks fill every given of vp with its digit, else 0 after
 * naming the first one that they do not (FILE:LINE:COL of its token). */
static int givens_kept(const char *file, const char *text, const doku_variant_puzzle *vp,
                       const uint8_t *cells, int n)
{
    const uint8_t *g = doku_variant_puzzle_givens(vp);
    for (int k = 0; k < n * n; k++)
        if (g[k] && cells[k] != g[k]) {
            int line, col;
            token_where(text, k, &line, &col);
            fprintf(stderr, "%s:%d:%d: r%dc%d: the puzzle gives %d there, the marks %s\n", file,
                    line, col, k / n + 1, k % n + 1, g[k],
                    cells[k] ? "fill it otherwise" : "leave it open");
            return 0;
        }
    return 1;
}

/* --pencil: each input is one pencil-mark grid; the side comes from the
 * number of tokens (with --puzzle, it must be the puzzle's). */
static int hint_pencil(hint_ctx *c, const doku_variant_puzzle *vp)
{
    int worst = CLI_EXIT_OK, nf = c->o.nfiles ? c->o.nfiles : 1;
    for (int i = 0; i < nf; i++) {
        const char *name = c->o.nfiles ? c->o.files[i] : "-";
        FILE *f = strcmp(name, "-") ? fopen(name, "r") : stdin;
        if (!f) {
            fprintf(stderr, "doku hint: cannot read %s: %s\n", name, strerror(errno));
            worst = CLI_EXIT_USAGE;
            continue;
        }
        char *text = read_all(f);
        if (f != stdin)
            fclose(f);
        /* count tokens to find n */
        int tokens = 0, in = 0;
        for (const char *q = text; *q; q++) {
            int sep = is_separator(*q);
            if (!sep && !in)
                tokens++;
            in = !sep;
        }
        int n = (int)lround(sqrt((double)tokens));
        char why[160];
        uint8_t *cells = cli_xmalloc((size_t)(n * n + 1));
        uint64_t *cands = cli_xmalloc(sizeof(uint64_t) * (size_t)(n * n + 1));
        doku_shape *s = NULL;
        doku_logic *lg = NULL;
        int rc = CLI_EXIT_FAIL;
        if (n < 1 || n * n != tokens || n > DOKU_MAX_N) {
            fprintf(stderr, "doku hint: %s: %d cells is not a square grid\n",
                    f == stdin ? "<stdin>" : name, tokens);
        } else if (doku_parse_pencil(text, n, c->o.symbols, cells, cands, (size_t)n * (size_t)n, why, sizeof why) !=
                   DOKU_OK) {
            /* why starts "LINE:COL: " when the fault has a place */
            fprintf(stderr, "%s:%s%s\n", strcmp(name, "-") ? name : "<stdin>",
                    why[0] >= '0' && why[0] <= '9' ? "" : " ", why);
        } else if (vp) {
            const char *file = strcmp(name, "-") ? name : "<stdin>";
            int vn = doku_shape_n(doku_variant_puzzle_shape(vp));
            rc = CLI_EXIT_USAGE;
            if (n != vn)
                fprintf(stderr, "doku hint: %s: %d cells, but the puzzle %s is %dx%d\n", file,
                        tokens, c->puzzle, vn, vn);
            else if (givens_kept(file, text, vp, cells, n))
                rc = cli_variant_hint_pencil(&c->o, &c->lc.lo, vp, file, cells, cands);
        } else if (!(s = cli_make_shape(&c->o, n, why, sizeof why))) {
            fprintf(stderr, "doku hint: %s: %s\n", strcmp(name, "-") ? name : "<stdin>", why);
        } else if (doku_logic_create(s, &c->lc.lo, &lg) != DOKU_OK ||
                   doku_logic_load_candidates(lg, cells, cands, (size_t)doku_shape_cells(s), 0) != DOKU_OK ||
                   logic_cli_limit(lg, &c->o) != DOKU_OK) {
            report_conflicts(strcmp(name, "-") ? name : "<stdin>", text, s, cells, c->o.symbols);
        } else {
            cli_buf out = {0};
            doku_source src;
            memset(&src, 0, sizeof src);
            src.file = strcmp(name, "-") ? name : "<stdin>";
            src.line = 1;
            src.shape = s;
            src.cells = cells;
            src.symbols = c->o.symbols;
            doku_record_opts ro;
            memset(&ro, 0, sizeof ro);
            ro.format = c->o.format == DOKU_FORMAT_JSON ? DOKU_FORMAT_JSON : DOKU_FORMAT_LINE;
            rc = write_hint(&out, &src, &ro, lg);
            if (out.len)
                fwrite(out.data, 1, out.len, stdout);
            cli_buf_free(&out);
        }
        if (rc > worst)
            worst = rc;
        doku_logic_free(lg);
        doku_shape_free(s);
        free(cells);
        free(cands);
        free(text);
    }
    return worst;
}

static void hint_invalid(cli_worker *w, cli_task *t, void *p)
{
    const hint_ctx *c = p;
    logic_cli_invalid(w, t, &c->o, DOKU_CMD_HINT);
}

int cmd_hint(int argc, char **argv)
{
    hint_ctx c;
    memset(&c, 0, sizeof c);
    int rc = cli_parse_args(&c.o, argc, argv, hint_options, on_option, &c, usage);
    if (rc != CLI_PARSE_OK)
        return rc == CLI_PARSE_HELP ? CLI_EXIT_OK : CLI_EXIT_USAGE;
    if (c.puzzle && !c.lc.pencil) {
        fprintf(stderr, "doku hint: --puzzle goes with --pencil (a puzzle file is an input)\n");
        rc = CLI_EXIT_USAGE;
    } else if (c.lc.pencil) {
        doku_variant_puzzle *vp = c.puzzle ? read_puzzle(c.puzzle) : NULL;
        rc = c.puzzle && !vp ? CLI_EXIT_USAGE : hint_pencil(&c, vp);
        doku_variant_puzzle_free(vp);
    } else if (cli_variant_inputs(&c.o)) {
        rc = cli_variant_logic(&c.o, &c.lc.lo, DOKU_CMD_HINT, 0);
    } else {
        cli_run_ops ops = {hint_puzzle, hint_invalid, &c};
        rc = cli_run(&c.o, &ops);
    }
    cli_opts_free(&c.o);
    return rc;
}
