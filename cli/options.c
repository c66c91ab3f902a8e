/*
 * options.c — the command-line options every subcommand shares, and the
 * one parser loop that also handles each command's own options from a
 * small table. A new command declares its options as data and gets
 * "--opt value", "--opt=value", "--", "-" and --help handled the same way
 * as every other command.
 */
#include "options.h"
#include "buf.h"
#include "document.h"
#include "regions.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char cli_input_help[] =
    "Input: FILEs, or standard input when none is given or FILE is '-'.\n"
    "  One puzzle per line (n*n symbols, '.' '0' '-' '*' '_' 'x' empty, text after\n"
    "  the grid kept as a comment, '#' lines skipped), or multi-line grids with\n"
    "  or without frames (.ss, .sdk). Sizes 4x4 ... 25x25 and more; see\n"
    "  docs/FORMATS.md. A bad puzzle is reported as FILE:LINE:COL: message on\n"
    "  stderr and the others are still processed.\n"
    "  Workbooks (.xlsx, .xlsm, .ods, .xls): every square block of digits and\n"
    "  empty cells framed by empty cells is a puzzle, named FILE:Sheet!C3:K11;\n"
    "  --sheet NAME reads one sheet, --range C3:K11 (or Sheet1!C3:K11) one block.\n"
    "  Variant puzzles (solve, count, check, convert; files or standard input):\n"
    "  doku's variant text format (one puzzle: 'cage 15 r1c1 r1c2' ...), f-puzzles\n"
    "  or SudokuPad JSON (one a file); one per line: f-puzzles and SudokuPad links\n"
    "  with their constraints, Interactive Sudoku Solver strings ('.Cage~15~R1C1'),\n"
    "  SudokuWiki killer strings ('3x3:d:k:...'), compact killers ('G<<L<K...');\n"
    "  docs/FORMATS.md, Variant puzzles.\n";

const char cli_common_help[] =
    "Shape options:\n"
    "  --box RxC          box of R rows x C columns (default: most nearly square)\n"
    "  --variant LIST     extra units, comma-separated: x (both diagonals),\n"
    "                     hyper or windoku (Windoku windows), none\n"
    "  --regions FILE     jigsaw: FILE holds n*n region symbols, one symbol per\n"
    "                     region (spaces, line breaks and |+- frames allowed);\n"
    "                     the regions replace the boxes\n"
    "  --keep-boxes       with --regions: keep the boxes as well\n"
    "  --symbols SET      1-9A-Z (default), 0-9A-Z or A-Z for 16x16 and larger\n"
    "Run options:\n"
    "  -t, --threads N    solve with N threads (output order is kept; default 1)\n"
    "  --timeout SECONDS  give up on a puzzle after this long (default: none, or\n"
    "                     the budget the command names above; 0 = none)\n"
    "Output options:\n"
    "  --format FMT       line, grid, json or csv (default: line for puzzles\n"
    "                     given on one line, grid for multi-line grids);\n"
    "                     csv-excel: csv whose grids and seeds Excel and\n"
    "                     LibreOffice keep as text (=\"...\"); or grids as\n"
    "                     tokens (\"1-16\" rows of numbers), hex (hexadoku\n"
    "                     0-9A-F, '*' empty), lewis (-1 empty) or csv-grid\n"
    "                     (a block of n CSV rows, one cell a field), with\n"
    "                     every other line a '#' comment\n"
    "                     Files: xlsx (workbook), svg, png or pdf, with -o\n"
    "  -o, --output FILE  write to FILE instead of standard output\n"
    "  --color, --no-color  colour grids (givens bold, conflicts red); default:\n"
    "                     on when stdout is a terminal and NO_COLOR is unset\n";

/* The formats convert writes, by name; unlisted ones are refused with
 * this list (cli_parse_target). */
static const struct {
    const char *name;
    int target;
} cli_targets[] = {
    {"line", CLI_TO_LINE},         {"grid", CLI_TO_GRID},
    {"candidates", CLI_TO_CANDIDATES}, {"pm", CLI_TO_PM},
    {"csv", CLI_TO_CSV},           {"csv-excel", CLI_TO_CSV_EXCEL},
    {"csv-grid", CLI_TO_CSV_GRID}, {"json", CLI_TO_JSON},
    {"sdk", CLI_TO_SDK},           {"opensudoku", CLI_TO_OPENSUDOKU},
    {"sudokuwiki", CLI_TO_SUDOKUWIKI}, {"fpuzzles", CLI_TO_FPUZZLES},
    {"sudokupad", CLI_TO_SUDOKUPAD}, {"fpuzzles-json", CLI_TO_FPUZZLES_JSON},
    {"text", CLI_TO_VARIANT_TEXT}, {"killer", CLI_TO_KILLER},
};

const char *cli_target_list(void)
{
    static char list[512];
    if (!list[0]) {
        size_t len = 0;
        for (size_t i = 0; i < sizeof cli_targets / sizeof cli_targets[0]; i++)
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "",
                                    cli_targets[i].name);
    }
    return list;
}

int cli_parse_target(const char *cmd, const char *name, int *out)
{
    for (size_t i = 0; i < sizeof cli_targets / sizeof cli_targets[0]; i++)
        if (!strcmp(name, cli_targets[i].name)) {
            *out = cli_targets[i].target;
            return 0;
        }
    return cli_usage_error(cmd, "--to: unknown format '%s'; supported: %s; with -o FILE: xlsx, "
                                "pdf, svg, png", name, cli_target_list());
}

static int parse_format(const char *v, int *out, doku_format *layout, int *document)
{
    static const char *const doc_names[] = {"xlsx", "svg", "png", "pdf"};
    static const int doc_values[] = {DOC_FORMAT_XLSX, DOC_FORMAT_SVG, DOC_FORMAT_PNG,
                                     DOC_FORMAT_PDF};
    for (size_t i = 0; i < sizeof doc_names / sizeof doc_names[0]; i++)
        if (!strcmp(v, doc_names[i])) {
            /* a document is made from the JSON records */
            *document = doc_values[i];
            *out = DOKU_FORMAT_JSON;
            *layout = DOKU_FORMAT_GRID;
            return 0;
        }
    *document = 0;
    static const char *const names[] = {"line", "grid", "json", "csv",
                                        "tokens", "hex", "lewis", "csv-grid",
                                        "csv-excel"};
    static const int values[] = {DOKU_FORMAT_LINE, DOKU_FORMAT_GRID,
                                 DOKU_FORMAT_JSON, DOKU_FORMAT_CSV,
                                 DOKU_FORMAT_TOKENS, DOKU_FORMAT_HEX, DOKU_FORMAT_LEWIS,
                                 DOKU_FORMAT_CSV_GRID, DOKU_FORMAT_CSV};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(v, names[i])) {
            *out = values[i];
            /* the large-grid layouts are grid output in another layout */
            *layout = values[i] > DOKU_FORMAT_CSV ? (doku_format)values[i] : DOKU_FORMAT_GRID;
            if (values[i] > DOKU_FORMAT_CSV)
                *out = DOKU_FORMAT_GRID;
            return 0;
        }
    return -1;
}

enum {
    OPT_BOX = -100, OPT_VARIANT, OPT_REGIONS, OPT_KEEP_BOXES, OPT_SYMBOLS,
    OPT_THREADS, OPT_TIMEOUT, OPT_FORMAT, OPT_COLOR, OPT_NO_COLOR, OPT_OUTPUT,
    OPT_SHEET, OPT_RANGE
};

static const cli_option common_options[] = {
    {"--box", 1, OPT_BOX},           {"--variant", 1, OPT_VARIANT},
    {"--regions", 1, OPT_REGIONS},   {"--keep-boxes", 0, OPT_KEEP_BOXES},
    {"--symbols", 1, OPT_SYMBOLS},   {"--threads", 1, OPT_THREADS},
    {"--timeout", 1, OPT_TIMEOUT},   {"--format", 1, OPT_FORMAT},
    {"--color", 0, OPT_COLOR},       {"--colour", 0, OPT_COLOR},
    {"--no-color", 0, OPT_NO_COLOR}, {"--no-colour", 0, OPT_NO_COLOR},
    {"--output", 1, OPT_OUTPUT},     {"-o", 1, OPT_OUTPUT},
    {"-t", 1, OPT_THREADS},
    {"--sheet", 1, OPT_SHEET},       {"--range", 1, OPT_RANGE},
    {NULL, 0, 0}};

/* Text formats a command cannot write, refused rather than ignored, and
 * what it does write, for the message. A command not listed writes every
 * text format; documents (xlsx ...) are judged by cli_document_open. */
static const struct {
    const char *cmd;
    const char *refused;       /* blank-separated --format names */
    const char *writes;
} format_limits[] = {
    {"explain", "csv csv-excel csv-grid tokens hex lewis", "line, grid or json"},
    {"hint", "csv csv-excel csv-grid tokens hex lewis", "line, grid or json"},
    {"grade", "tokens hex lewis csv-grid", "line, grid, json, csv or csv-excel"},
};

/* @return 0, or -1 after saying that cmd cannot write format name v. */
static int check_format_for(const char *cmd, const char *v)
{
    size_t len = strlen(v);
    for (size_t i = 0; i < sizeof format_limits / sizeof format_limits[0]; i++) {
        if (strcmp(format_limits[i].cmd, cmd) != 0)
            continue;
        for (const char *p = format_limits[i].refused; *p;) {
            size_t k = strcspn(p, " ");
            if (k == len && !strncmp(p, v, len))
                return cli_usage_error(cmd, "cannot write --format %s; it writes %s", v,
                                       format_limits[i].writes);
            p += k + (p[k] == ' ');
        }
    }
    return 0;
}

static int common_option(cli_opts *o, const char *cmd, int id, const char *v)
{
    uint64_t u;
    doku_parse_error pe;
    switch (id) {
    case OPT_BOX:
        return cli_parsed(cmd, "--box", doku_parse_box(v, &o->box_rows, &o->box_cols, &pe), &pe);
    case OPT_VARIANT:
        return cli_parsed(cmd, "--variant", doku_parse_variants(v, &o->variants, &pe), &pe);
    case OPT_REGIONS:
        o->regions_file = v;
        return 0;
    case OPT_KEEP_BOXES:
        o->keep_boxes = 1;
        return 0;
    case OPT_SYMBOLS:
        return cli_parsed(cmd, "--symbols", doku_parse_symbols(v, &o->symbols, &pe), &pe);
    case OPT_THREADS:
        if (cli_parse_u64(v, &u) != 0 || u < 1 || u > 256)
            return cli_usage_error(cmd, "--threads wants a number from 1 to 256; got '%s'", v);
        o->threads = (int)u;
        return 0;
    case OPT_TIMEOUT:
        if (cli_parse_seconds(v, &o->timeout) != 0)
            return cli_usage_error(cmd, "--timeout wants seconds (e.g. 10 or 0.5); got '%s'", v);
        o->timeout_given = 1;
        return 0;
    case OPT_FORMAT:
        if (parse_format(v, &o->format, &o->layout, &o->document) != 0)
            return cli_usage_error(cmd, "--format wants line, grid, json, csv, csv-excel, "
                                        "csv-grid, tokens, hex, lewis, xlsx, svg, png or pdf; "
                                        "got '%s'", v);
        o->csv_text = !strcmp(v, "csv-excel");
        return check_format_for(cmd, v);
    case OPT_OUTPUT:
        if (!*v)
            return cli_usage_error(cmd, "-o wants a file name");
        o->output = v;
        return 0;
    case OPT_SHEET:
        o->sheet = v;
        return 0;
    case OPT_RANGE:
        o->range = v;
        return 0;
    case OPT_COLOR:
        o->color_request = 1;
        return 0;
    case OPT_NO_COLOR:
        o->color_request = 0;
        return 0;
    }
    return -1;
}

/* Finds arg in table. @return the entry, with *value set for "--x=v". */
static const cli_option *find_option(const cli_option *table, const char *arg,
                                     const char **value)
{
    if (!table)
        return NULL;
    const char *eq = strchr(arg, '=');
    size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
    for (const cli_option *op = table; op->name; op++)
        if (strlen(op->name) == len && !strncmp(op->name, arg, len)) {
            *value = eq ? eq + 1 : NULL;
            return op;
        }
    return NULL;
}

/* Points standard output at path; nothing has been written yet, so the
 * stdio stream needs no flush. 0, or -1 with errno set (stdout intact). */
static int redirect_stdout(const char *path)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0)
        return -1;
    int rc = dup2(fd, STDOUT_FILENO) < 0 ? -1 : 0;
    int saved = errno;
    close(fd);
    errno = saved;
    return rc;
}

static void resolve_color(cli_opts *o)
{
    if (o->color_request >= 0) {
        o->color = o->color_request;
        return;
    }
    const char *no = getenv("NO_COLOR");
    const char *term = getenv("TERM");
    o->color = isatty(STDOUT_FILENO) && !(no && *no) && !(term && !strcmp(term, "dumb"));
}

int cli_parse_args(cli_opts *o, int argc, char **argv, const cli_option *extra,
                   cli_option_fn on_option, void *ctx, void (*usage)(FILE *))
{
    const char *cmd = argv[0];
    memset(o, 0, sizeof *o);
    o->cmd = cmd;
    o->threads = 1;
    o->format = CLI_FORMAT_AUTO;
    o->layout = DOKU_FORMAT_GRID;
    o->color_request = -1;
    o->files = cli_xmalloc(sizeof(char *) * (size_t)(argc > 0 ? argc : 1));
    int only_files = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (only_files || arg[0] != '-' || !strcmp(arg, "-")) {
            o->files[o->nfiles++] = argv[i];
            continue;
        }
        if (!strcmp(arg, "--")) {
            only_files = 1;
            continue;
        }
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            usage(stdout);
            cli_opts_free(o);
            return CLI_PARSE_HELP;
        }
        const char *value = NULL;
        int own = 1;
        const cli_option *op = find_option(extra, arg, &value);
        if (!op) {
            own = 0;
            op = find_option(common_options, arg, &value);
        }
        if (!op) {
            cli_usage_error(cmd, "unknown option '%s'", arg);
            cli_opts_free(o);
            return CLI_PARSE_ERROR;
        }
        if (op->takes_value && !value) {
            if (i + 1 >= argc) {
                cli_usage_error(cmd, "%s needs a value", op->name);
                cli_opts_free(o);
                return CLI_PARSE_ERROR;
            }
            value = argv[++i];
        } else if (!op->takes_value && value) {
            cli_usage_error(cmd, "%s takes no value", op->name);
            cli_opts_free(o);
            return CLI_PARSE_ERROR;
        }
        int rc = own ? on_option(ctx, op->id, value) : common_option(o, cmd, op->id, value);
        if (rc != 0) {
            cli_opts_free(o);
            return CLI_PARSE_ERROR;
        }
    }
    if (o->keep_boxes && !o->regions_file) {
        cli_usage_error(cmd, "--keep-boxes only makes sense with --regions");
        cli_opts_free(o);
        return CLI_PARSE_ERROR;
    }
    if (o->regions_file && cli_load_regions(o, cmd) != 0) {
        cli_opts_free(o);
        return CLI_PARSE_ERROR;
    }
    if (o->regions_file && o->box_rows && o->box_rows * o->box_cols != o->regions_n) {
        cli_usage_error(cmd, "--box %dx%d is for %dx%d grids but the --regions map is %dx%d",
                        o->box_rows, o->box_cols, o->box_rows * o->box_cols,
                        o->box_rows * o->box_cols, o->regions_n, o->regions_n);
        cli_opts_free(o);
        return CLI_PARSE_ERROR;
    }
    /* Text goes to the file as if it were standard output; a document
     * opens its own file(s) when the run starts. */
    if (o->output && !o->document && redirect_stdout(o->output) != 0) {
        cli_usage_error(cmd, "cannot write %s: %s", o->output, strerror(errno));
        cli_opts_free(o);
        return CLI_PARSE_ERROR;
    }
    resolve_color(o);
    return CLI_PARSE_OK;
}

void cli_opts_free(cli_opts *o)
{
    free(o->files);
    free(o->regions);
    free(o->stdin_text);
    o->files = NULL;
    o->regions = NULL;
    o->stdin_text = NULL;
    o->nfiles = 0;
}

doku_shape *cli_make_shape(const cli_opts *o, int n, char *why, size_t cap)
{
    doku_shape_spec spec = {0};
    spec.n = n;
    spec.variants = o->variants;
    if (o->box_rows) {
        if (o->box_rows * o->box_cols != n) {
            snprintf(why, cap, "--box %dx%d does not fit a %dx%d puzzle", o->box_rows,
                     o->box_cols, n, n);
            return NULL;
        }
        spec.box_rows = o->box_rows;
        spec.box_cols = o->box_cols;
    }
    if (o->regions) {
        if (o->regions_n != n) {
            snprintf(why, cap, "the --regions map is %dx%d but this puzzle is %dx%d",
                     o->regions_n, o->regions_n, n, n);
            return NULL;
        }
        spec.regions = o->regions;
        spec.keep_boxes = o->keep_boxes;
    }
    doku_shape *s = NULL;
    doku_status st = doku_shape_create(&spec, &s);
    if (st == DOKU_OK)
        return s;
    if (st == DOKU_ERR_SHAPE && !o->box_rows)
        snprintf(why, cap, "%dx%d has no RxC box shape with R, C >= 2; use --regions", n, n);
    else if (st == DOKU_ERR_VARIANT)
        snprintf(why, cap, "--variant is not defined for %dx%d with these boxes", n, n);
    else
        snprintf(why, cap, "cannot make a %dx%d shape: %s", n, n, doku_status_string(st));
    return NULL;
}
