/*
 * cmd_convert.c — `doku convert --to FORMAT`: reads puzzles in any layout
 * the reader knows (lines, grids, spreadsheet CSV, pencil marks,
 * collections and links) and writes each in one text format, keeping its
 * comment and, where the target can hold them, its pencil marks.
 *
 * The one design idea: convert is a command like the others, a function
 * of one puzzle run by the batch runner, so it streams, keeps input
 * order and reports bad input as FILE:LINE:COL like every command. A
 * format with a header or footer (csv, opensudoku) writes them around
 * the run.
 */
#include "commands.h"
#include "output.h"
#include "document.h"
#include "variant_cli.h"

#include "doku_constraints.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum { OPT_TO = 1 };

typedef struct convert_ctx {
    cli_opts o;
    int to;          /* cli_target */
    int to_given;
    int head_written; /* opensudoku: set by the run's first record only */
    const char *to_name;      /* --to as given */
    atomic_int shape_warned;  /* the lost-shape note is written (once a run) */
    atomic_int meta_warned;   /* the dropped-comment note of links (once a run) */
} convert_ctx;

static const cli_option convert_options[] = {
    {"--to", 1, OPT_TO},
    {"--format", 1, OPT_TO},
    {NULL, 0, 0}};

static void usage(FILE *f)
{
    fprintf(f, "Usage: doku convert --to FORMAT [options] [FILE...]\n\n"
               "Reads puzzles in any layout doku reads and writes each in FORMAT:\n"
               "  %s\n\n", cli_target_list());
    fputs("  line        one puzzle a line, then its comment\n"
          "  grid        the puzzle as a framed grid ('# comment' above it)\n"
          "  candidates  the n*n*n-character candidate line (SE, tdoku): the pencil\n"
          "              marks read with the puzzle, or those its givens leave\n"
          "  pm          the pencil-mark grid (HoDoKu/SE style)\n"
          "  csv         a header row, then puzzle,comment per puzzle\n"
          "  csv-excel   csv with the puzzle as =\"...\", which Excel and LibreOffice\n"
          "              keep as text (and doku reads back)\n"
          "  csv-grid    the puzzle as n CSV rows, one cell a field ('# comment'\n"
          "              above it, a blank line after): a block of cells in a sheet\n"
          "  json        one object a line: puzzle, n, comment, candidates, meta\n"
          "  sdk         SadMan .sdk: '#A author' ... header lines, then the rows\n"
          "  opensudoku  an OpenSudoku collection (XML; classic 9x9)\n"
          "  sudokuwiki  https://www.sudokuwiki.org/sudoku.htm?bd=... (classic 9x9)\n"
          "  fpuzzles    https://www.f-puzzles.com/?load=... (X and jigsaw too)\n"
          "  sudokupad   https://sudokupad.app/fpuzzles... (as fpuzzles)\n"
          "  fpuzzles-json  f-puzzles' JSON itself (one line)\n"
          "  text        doku's variant text format (docs/FORMATS.md)\n"
          "  killer      the compact killer format (9x9 killer cages only)\n"
          "  Variant puzzles (killer cages, thermos... read from links, JSON,\n"
          "  killer strings, doku's variant text or JSON records) convert to text,\n"
          "  json (doku's record with its constraints, which reads back), fpuzzles,\n"
          "  sudokupad, fpuzzles-json, sudokuwiki (killer strings) or killer.\n"
          "  xlsx, pdf, svg, png  with -o FILE: a workbook (a sheet a puzzle, a\n"
          "              summary first) or pictures of the puzzles\n\n"
          "--format is the same as --to. Comments travel wherever the target has\n"
          "a place for them. See docs/FORMATS.md.\n\n",
          f);
    fputs(cli_common_help, f);
    fputs("\n", f);
    fputs(cli_input_help, f);
    fputs("\nExit status: 0 every puzzle converted; 1 some input was not a puzzle (or\n"
          "the target cannot hold it); 2 usage error or unreadable input.\n",
          f);
}

static int on_option(void *p, int id, const char *v)
{
    convert_ctx *c = p;
    /* Files made of every record (document.h): convert hands them its JSON
     * records, which carry the puzzle, comment and candidates. */
    static const struct {
        const char *name;
        int document;
    } documents[] = {{"xlsx", DOC_FORMAT_XLSX}, {"svg", DOC_FORMAT_SVG},
                     {"png", DOC_FORMAT_PNG},   {"pdf", DOC_FORMAT_PDF}};
    for (size_t i = 0; id == OPT_TO && i < sizeof documents / sizeof documents[0]; i++)
        if (!strcmp(v, documents[i].name)) {
            c->o.document = documents[i].document;
            c->o.format = DOKU_FORMAT_JSON;
            c->to = CLI_TO_JSON;
            c->to_given = 1;
            return 0;
        }
    if (id == OPT_TO) {
        c->o.document = 0;
        c->to_name = v;
        if (cli_parse_target("convert", v, &c->to) != 0)
            return -1;
        c->to_given = 1;
        return 0;
    }
    return -1;
}

/* Appends cells in fmt (a doku_format) to the task's output. */
static void put_cells(cli_task *t, const uint8_t *cells, doku_format fmt)
{
    size_t need = 0;
    doku_format_cells(t->shape, cells, (size_t)doku_shape_cells(t->shape), NULL, NULL, fmt, t->symbols, 0, NULL, 0, &need);
    char *buf = cli_xmalloc(need + 1);
    doku_format_cells(t->shape, cells, (size_t)doku_shape_cells(t->shape), NULL, NULL, fmt, t->symbols, 0, buf, need + 1, NULL);
    cli_buf_put(&t->out, buf, need);
    free(buf);
}

static void put_comment_after(cli_task *t)
{
    if (t->comment && t->comment[0])
        cli_buf_printf(&t->out, " %s", t->comment);
    cli_buf_put(&t->out, "\n", 1);
}

/* The task's metadata as key, value pairs ending in NULL; its comment
 * joins as "comment" (or, for OpenSudoku games, "note") when the
 * metadata has none. @return the array (free it). */
static const char **meta_pairs(const cli_task *t, const char *comment_key)
{
    size_t count = 0;
    for (size_t at = 0; at < t->meta_len; at += strlen(t->meta + at) + 1)
        count++;
    const char **a = cli_xmalloc((count + 3) * sizeof *a);
    size_t k = 0;
    int has_comment = 0;
    for (size_t at = 0; at < t->meta_len; at += strlen(t->meta + at) + 1) {
        a[k] = t->meta + at;
        if (k % 2 == 0 && !strcmp(a[k], comment_key))
            has_comment = 1;
        k++;
    }
    if (!has_comment && t->comment && t->comment[0]) {
        a[k++] = comment_key;
        a[k++] = t->comment;
    }
    a[k] = NULL;
    return a;
}

static void put_exchange(cli_task *t, doku_exchange fmt, const char *comment_key,
                         const char *what)
{
    const char **meta = meta_pairs(t, comment_key);
    doku_status st = doku_format_exchange(&t->out, t->shape, t->cells, (size_t)doku_shape_cells(t->shape), meta, fmt);
    free(meta);
    if (st == DOKU_ERR_SHAPE) {
        char shape[128];
        doku_shape_describe(t->shape, shape, sizeof shape, NULL);
        cli_buf_printf(&t->err, "%s:%zu: %s cannot hold this puzzle (%s)\n", t->file, t->line,
                       what, shape);
        t->exit_code = CLI_EXIT_FAIL;
        return;
    }
    cli_check_written(st);
    t->exit_code = CLI_EXIT_OK;
}

static void opensudoku_head(convert_ctx *c, cli_task *t)
{
    /* the first record, not task 0: a file that could not be opened
     * before it is only a message on stderr */
    if (c->to != CLI_TO_OPENSUDOKU || !t->first_record)
        return;
    const char **meta = t->cells ? meta_pairs(t, "note") : NULL;
    cli_check_written(doku_format_exchange(&t->out, NULL, NULL, (size_t)doku_shape_cells(NULL), meta, DOKU_EXCHANGE_OPENSUDOKU_HEAD));
    free(meta);
    c->head_written = 1;
}

static void convert_invalid(cli_worker *w, cli_task *t, void *p)
{
    (void)w;
    opensudoku_head(p, t);
    char where[512];
    cli_task_where(t, where, sizeof where);
    cli_buf_printf(&t->err, "%s: %s\n", where, t->error);
}

/* The text targets write the cells only: a jigsaw's regions and a
 * variant's extra units live in the options (or the link) the puzzle was
 * read with, so the output read alone is another, classic puzzle. Said
 * once a run, on stderr; the links and pictures keep the shape. */
static void note_shape_lost(convert_ctx *c, cli_task *t)
{
    switch (c->to) {
    case CLI_TO_OPENSUDOKU: case CLI_TO_SUDOKUWIKI: case CLI_TO_FPUZZLES: case CLI_TO_SUDOKUPAD:
    case CLI_TO_FPUZZLES_JSON: case CLI_TO_VARIANT_TEXT: case CLI_TO_KILLER:
        return;   /* they hold the shape, or refuse the puzzle */
    default:
        break;
    }
    if (c->o.document || (!doku_shape_variants(t->shape) && !doku_shape_has_regions(t->shape)) ||
        atomic_exchange(&c->shape_warned, 1))
        return;
    char shape[128];
    doku_shape_describe(t->shape, shape, sizeof shape, NULL);
    /* f-puzzles has no hyper windows, nor jigsaw regions beside boxes */
    int link = !(doku_shape_variants(t->shape) & DOKU_VARIANT_HYPER) &&
               !(doku_shape_has_regions(t->shape) && doku_shape_box_rows(t->shape));
    cli_buf_printf(&t->err, "%s:%zu: note: %s holds the cells only, not the shape (%s): read the "
                            "output back with the same --regions/--variant options%s\n",
                   t->file, t->line, c->to_name ? c->to_name : "this format", shape,
                   link ? ", or convert to fpuzzles, which keeps it" : "");
}

/* A link holds the cells (and an f-puzzles link a title, author and
 * rules): the comment and the other metadata (an .sdk description, level)
 * are dropped, said once a run on stderr with the fields of the first
 * record that loses any. */
static void note_meta_lost(convert_ctx *c, cli_task *t)
{
    int fp = c->to == CLI_TO_FPUZZLES || c->to == CLI_TO_SUDOKUPAD;
    if (!fp && c->to != CLI_TO_SUDOKUWIKI)
        return;
    char lost[200] = "";
    size_t len = 0;
    if (t->comment && t->comment[0])
        len += (size_t)snprintf(lost, sizeof lost, "comment");
    for (size_t at = 0; at < t->meta_len && len < sizeof lost;) {
        const char *k = t->meta + at, *v = k + strlen(k) + 1;
        int kept = fp && (!strcmp(k, "name") || !strcmp(k, "author") || !strcmp(k, "rules"));
        if (!kept && !(t->comment && !strcmp(k, "comment")))
            len += (size_t)snprintf(lost + len, sizeof lost - len, "%s%s", len ? ", " : "", k);
        at = (size_t)(v + strlen(v) + 1 - t->meta);
    }
    if (!len || atomic_exchange(&c->meta_warned, 1))
        return;
    cli_buf_printf(&t->err, "%s:%zu: note: %s keeps no %s: dropped from the link%s\n", t->file,
                   t->line, c->to_name ? c->to_name : "this link", lost,
                   fp ? " (an f-puzzles link keeps name, author and rules)" : "");
}

/* The doku_variant_format of a convert target, -1 for a target that
 * cannot carry constraints. */
static int variant_format(int to)
{
    switch (to) {
    case CLI_TO_VARIANT_TEXT: return DOKU_VARIANT_FORMAT_TEXT;
    case CLI_TO_FPUZZLES_JSON: return DOKU_VARIANT_FORMAT_JSON;
    case CLI_TO_FPUZZLES: return DOKU_VARIANT_FORMAT_FPUZZLES;
    case CLI_TO_SUDOKUPAD: return DOKU_VARIANT_FORMAT_SUDOKUPAD;
    case CLI_TO_SUDOKUWIKI: return DOKU_VARIANT_FORMAT_SUDOKUWIKI;
    case CLI_TO_KILLER: return DOKU_VARIANT_FORMAT_KILLER;
    default: return -1;
    }
}

/* A classic puzzle in one of the variant forms (a puzzle without
 * constraints). @return 0, or -1 after reporting why it cannot be. */
static int put_variant(convert_ctx *c, cli_task *t)
{
    doku_constraints *cs = NULL;
    char msg[300];
    doku_status st = doku_constraints_create(t->shape, &cs);
    if (st == DOKU_OK)
        st = doku_variant_write(&t->out, cs, t->cells, NULL,
                                (doku_variant_format)variant_format(c->to), msg, sizeof msg);
    else
        snprintf(msg, sizeof msg, "%s holds grids up to %dx%d", c->to_name ? c->to_name : "this format",
                 DOKU_CONSTRAINTS_MAX_N, DOKU_CONSTRAINTS_MAX_N);
    doku_constraints_free(cs);
    if (st != DOKU_OK) {
        cli_buf_printf(&t->err, "%s:%zu: %s\n", t->file, t->line,
                       st == DOKU_ERR_NOMEM ? "out of memory" : msg);
        t->exit_code = CLI_EXIT_FAIL;
        return -1;
    }
    if (c->to != CLI_TO_VARIANT_TEXT)
        cli_buf_put(&t->out, "\n", 1);
    return 0;
}

static void convert_puzzle(cli_worker *w, cli_task *t, void *p)
{
    convert_ctx *c = p;
    opensudoku_head(c, t);
    note_shape_lost(c, t);
    note_meta_lost(c, t);
    (void)w;
    cli_buf *b = &t->out;
    switch (c->to) {
    case CLI_TO_LINE:
        put_cells(t, t->cells, DOKU_FORMAT_LINE);
        put_comment_after(t);
        break;
    case CLI_TO_GRID:
        if (t->comment && t->comment[0])
            cli_buf_printf(b, "# %s\n", t->comment);
        put_cells(t, t->cells, c->o.layout);
        cli_buf_put(b, "\n", 1);
        break;
    case CLI_TO_CANDIDATES: {
        if (t->n > 35) {
            cli_buf_printf(&t->err, "%s:%zu: a candidate line has one character per digit: %dx%d is too large\n",
                           t->file, t->line, t->n, t->n);
            t->exit_code = CLI_EXIT_FAIL;
            return;
        }
        cli_check_written(doku_format_pencil(b, t->shape, t->cells, t->cands, (size_t)doku_shape_cells(t->shape), 0));
        if (t->comment && t->comment[0]) {
            b->len--; /* the newline goes after the comment */
            put_comment_after(t);
        }
        break;
    }
    case CLI_TO_PM:
        if (t->comment && t->comment[0])
            cli_buf_printf(b, "# %s\n", t->comment);
        cli_check_written(doku_format_pencil(b, t->shape, t->cells, t->cands, (size_t)doku_shape_cells(t->shape), 1));
        cli_buf_put(b, "\n", 1);
        break;
    case CLI_TO_CSV:
        put_cells(t, t->cells, DOKU_FORMAT_LINE);
        if (t->comment && t->comment[0])
            cli_buf_printf(b, ",%s", t->comment);
        cli_buf_put(b, "\n", 1);
        break;
    case CLI_TO_CSV_EXCEL:
        cli_buf_put(b, "=\"", 2);
        put_cells(t, t->cells, DOKU_FORMAT_LINE);
        cli_buf_put(b, "\",", 2);
        doku_buf_append_csv_field(b, t->comment ? t->comment : "");
        cli_buf_put(b, "\n", 1);
        break;
    case CLI_TO_CSV_GRID:
        if (t->comment && t->comment[0])
            cli_buf_printf(b, "# %s\n", t->comment);
        put_cells(t, t->cells, DOKU_FORMAT_CSV_GRID);
        cli_buf_put(b, "\n", 1);
        break;
    case CLI_TO_JSON: {
        cli_buf line = {0};
        size_t need = 0;
        doku_format_cells(t->shape, t->cells, (size_t)doku_shape_cells(t->shape), NULL, NULL, DOKU_FORMAT_LINE,
                                        t->symbols, 0, NULL, 0, &need);
        char *buf = cli_xmalloc(need + 1);
        doku_format_cells(t->shape, t->cells, (size_t)doku_shape_cells(t->shape), NULL, NULL, DOKU_FORMAT_LINE, t->symbols, 0, buf,
                          need + 1, NULL);
        cli_buf_printf(b, "{\"file\":");
        doku_buf_append_json_string(b, t->file);
        cli_buf_printf(b, ",\"line\":%zu,\"n\":%d,\"puzzle\":", t->line, t->n);
        doku_buf_append_json_string(b, buf);
        free(buf);
        if (t->comment && t->comment[0]) {
            cli_buf_printf(b, ",\"comment\":");
            doku_buf_append_json_string(b, t->comment);
        }
        if (t->cands && t->n <= 35) {
            cli_check_written(doku_format_pencil(&line, t->shape, t->cells, t->cands, (size_t)doku_shape_cells(t->shape), 0));
            if (line.len)
                line.data[--line.len] = '\0';
            cli_buf_printf(b, ",\"candidates\":");
            doku_buf_append_json_string(b, line.data);
        }
        if (t->meta_len) {
            cli_buf_printf(b, ",\"meta\":{");
            int first = 1;
            for (size_t at = 0; at < t->meta_len;) {
                const char *k = t->meta + at, *v = k + strlen(k) + 1;
                cli_buf_printf(b, "%s", first ? "" : ",");
                doku_buf_append_json_string(b, k);
                cli_buf_put(b, ":", 1);
                doku_buf_append_json_string(b, v);
                first = 0;
                at = (size_t)(v + strlen(v) + 1 - t->meta);
            }
            cli_buf_put(b, "}", 1);
        }
        cli_buf_put(b, "}\n", 2);
        cli_buf_free(&line);
        break;
    }
    case CLI_TO_SDK:
        put_exchange(t, DOKU_EXCHANGE_SDK, "comment", "an .sdk file");
        cli_buf_put(b, "\n", 1);
        return;
    case CLI_TO_OPENSUDOKU:
        put_exchange(t, DOKU_EXCHANGE_OPENSUDOKU, "note", "OpenSudoku (classic 9x9 only)");
        return;
    case CLI_TO_SUDOKUWIKI:
        put_exchange(t, DOKU_EXCHANGE_SUDOKUWIKI, "comment", "a SudokuWiki link (classic 9x9 only)");
        return;
    case CLI_TO_FPUZZLES:
        put_exchange(t, DOKU_EXCHANGE_FPUZZLES, "comment", "an f-puzzles link (no hyper, jigsaw with boxes or side above 16)");
        return;
    case CLI_TO_SUDOKUPAD:
        put_exchange(t, DOKU_EXCHANGE_SUDOKUPAD, "comment", "a SudokuPad link (no hyper, jigsaw with boxes or side above 16)");
        return;
    case CLI_TO_FPUZZLES_JSON:
    case CLI_TO_VARIANT_TEXT:
    case CLI_TO_KILLER:
        if (put_variant(c, t) != 0)
            return;
        break;
    }
    t->exit_code = CLI_EXIT_OK;
}

int cmd_convert(int argc, char **argv)
{
    convert_ctx c;
    memset(&c, 0, sizeof c);
    int rc = cli_parse_args(&c.o, argc, argv, convert_options, on_option, &c, usage);
    if (rc != CLI_PARSE_OK)
        return rc == CLI_PARSE_HELP ? CLI_EXIT_OK : CLI_EXIT_USAGE;
    if (!c.to_given) {
        cli_usage_error("convert", "--to FORMAT is needed; supported: %s", cli_target_list());
        cli_opts_free(&c.o);
        return CLI_EXIT_USAGE;
    }
    if (!c.o.document && cli_variant_inputs(&c.o)) {
        /* json: doku's record, its constraints as the API carries them */
        int to = c.to == CLI_TO_JSON ? DOKU_VARIANT_FORMAT_RECORD : variant_format(c.to);
        if (to < 0) {
            cli_usage_error("convert", "variant puzzles convert to text, json, fpuzzles, "
                            "sudokupad, fpuzzles-json, sudokuwiki or killer; '%s' cannot carry "
                            "their constraints", c.to_name ? c.to_name : "this format");
            cli_opts_free(&c.o);
            return CLI_EXIT_USAGE;
        }
        c.o.convert_to = to;
        rc = cli_variant_run(&c.o, CLI_VARIANT_CONVERT, 0, 0);
        cli_opts_free(&c.o);
        return rc;
    }
    if (c.to == CLI_TO_CSV || c.to == CLI_TO_CSV_EXCEL)
        fputs("puzzle,comment\n", stdout);
    cli_run_ops ops = {convert_puzzle, convert_invalid, &c};
    rc = cli_run(&c.o, &ops);
    if (c.to == CLI_TO_OPENSUDOKU) {
        cli_buf tail = {0};
        if (!c.head_written)
            cli_check_written(doku_format_exchange(&tail, NULL, NULL, (size_t)doku_shape_cells(NULL), NULL, DOKU_EXCHANGE_OPENSUDOKU_HEAD));
        cli_check_written(doku_format_exchange(&tail, NULL, NULL, (size_t)doku_shape_cells(NULL), NULL, DOKU_EXCHANGE_OPENSUDOKU_TAIL));
        fwrite(tail.data, 1, tail.len, stdout);
        cli_buf_free(&tail);
    }
    cli_opts_free(&c.o);
    return rc;
}
