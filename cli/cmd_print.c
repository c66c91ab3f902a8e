/*
 * cmd_print.c — `doku print`: a booklet of puzzles (PDF, or SVG/PNG pages)
 * with captions, page numbers and the solutions at the back.
 *
 * The one design idea: print computes nothing of its own. It takes its
 * layout options off the command line and hands the rest to `solve`
 * (puzzle files: each record carries the puzzle and its solution) or to
 * `generate` (--generate: the generator's options as they are), whose
 * records go to the document backend with the booklet attached
 * (document.h). So every input format, shape option and generator option
 * works here exactly as there.
 */
#include "commands.h"
#include "document.h"
#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void usage(FILE *f)
{
    fputs("Usage: doku print [--per-page 1|2|4|6] [--paper a4|letter] [--title TEXT]\n"
          "                  [--solutions back|none|inline] -o FILE [options] [FILE...]\n"
          "       doku print --generate [generate options] -o FILE ...\n\n"
          "Lays puzzles out as a booklet to print: a title and page number on every\n"
          "page, a caption under each puzzle (its number, level and seed, or the\n"
          "comment its input line carries), and the solutions in small grids on the\n"
          "last pages. Puzzles come from FILEs (any format `doku solve` reads, every\n"
          "shape option) or, with --generate, from the generator, which takes all of\n"
          "`doku generate`'s options (-n, --rating, --difficulty, --seed, --size ...).\n\n"
          "  --per-page N       puzzles a page: 1, 2, 4 or 6 (default 4)\n"
          "  --paper P          a4 (default) or letter\n"
          "  --title TEXT       printed at the top of every page\n"
          "  --solutions S      back (default): small grids on the last pages;\n"
          "                     none; inline: a small grid beside each puzzle\n"
          "  --generate         make the puzzles instead of reading them\n"
          "  -o, --output FILE  the booklet: FILE.pdf one file; FILE.svg or FILE.png\n"
          "                     one file a page, numbered FILE-001.svg ... unless\n"
          "                     FILE holds a printf number (page-%02d.png)\n"
          "  --format F         pdf, svg or png (default: from FILE's extension, else pdf)\n\n"
          "Other options are solve's (`doku solve --help`) or, with --generate,\n"
          "generate's (`doku generate --help`).\n\n"
          "Exit status: 0 the booklet is written; 1 some puzzle could not be solved\n"
          "or generated (it is printed without a solution, or left out); 2 usage\n"
          "error or a file that cannot be read or written.\n",
          f);
}

/* The value of option name at argv[*i] ("--name V" or "--name=V"), moving
 * *i past it; NULL if argv[*i] is not that option. *missing is set when
 * the option is there without a value. */
static const char *take(int argc, char **argv, int *i, const char *name, int *missing)
{
    size_t len = strlen(name);
    const char *a = argv[*i];
    if (strncmp(a, name, len) != 0)
        return NULL;
    if (a[len] == '=')
        return a + len + 1;
    if (a[len] != '\0')
        return NULL;
    if (*i + 1 >= argc) {
        *missing = 1;
        return NULL;
    }
    return argv[++*i];
}

static int format_of_name(const char *v)
{
    if (!strcasecmp(v, "pdf"))
        return DOC_FORMAT_PDF;
    if (!strcasecmp(v, "svg"))
        return DOC_FORMAT_SVG;
    if (!strcasecmp(v, "png"))
        return DOC_FORMAT_PNG;
    return 0;
}

static const char *format_name(int format)
{
    return format == DOC_FORMAT_SVG ? "svg" : format == DOC_FORMAT_PNG ? "png" : "pdf";
}

int cmd_print(int argc, char **argv)
{
    document_booklet b = {4, DOC_PAPER_A4, NULL, DOC_SOLUTIONS_BACK};
    int generate = 0, format = 0;
    const char *output = NULL;
    /* the forwarded command line: command, the rest, --format F, NULL */
    char **fwd = calloc((size_t)argc + 4, sizeof *fwd);
    if (!fwd) {
        fputs("doku: out of memory\n", stderr);
        return CLI_EXIT_USAGE;
    }
    int nf = 1, rc = CLI_EXIT_USAGE;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        int missing = 0, first = i;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            rc = CLI_EXIT_OK;
            goto out;
        }
        if (!strcmp(a, "--generate")) {
            generate = 1;
        } else if ((v = take(argc, argv, &i, "--per-page", &missing))) {
            b.per_page = strlen(v) == 1 ? v[0] - '0' : 0;
            if (b.per_page != 1 && b.per_page != 2 && b.per_page != 4 && b.per_page != 6) {
                cli_usage_error("print", "--per-page wants 1, 2, 4 or 6; got '%s'", v);
                goto out;
            }
        } else if ((v = take(argc, argv, &i, "--paper", &missing))) {
            if (!strcasecmp(v, "a4")) {
                b.paper = DOC_PAPER_A4;
            } else if (!strcasecmp(v, "letter")) {
                b.paper = DOC_PAPER_LETTER;
            } else {
                cli_usage_error("print", "--paper wants a4 or letter; got '%s'", v);
                goto out;
            }
        } else if ((v = take(argc, argv, &i, "--title", &missing))) {
            b.title = v;
        } else if ((v = take(argc, argv, &i, "--solutions", &missing))) {
            if (!strcmp(v, "back")) {
                b.solutions = DOC_SOLUTIONS_BACK;
            } else if (!strcmp(v, "none")) {
                b.solutions = DOC_SOLUTIONS_NONE;
            } else if (!strcmp(v, "inline")) {
                b.solutions = DOC_SOLUTIONS_INLINE;
            } else {
                cli_usage_error("print", "--solutions wants back, none or inline; got '%s'", v);
                goto out;
            }
        } else if ((v = take(argc, argv, &i, "--format", &missing))) {
            if (!(format = format_of_name(v))) {
                cli_usage_error("print", "--format wants pdf, svg or png; got '%s'", v);
                goto out;
            }
        } else {
            /* everything else is solve's or generate's, passed on as it is */
            if ((v = take(argc, argv, &i, "--output", &missing)) ||
                (!missing && (v = take(argc, argv, &i, "-o", &missing))))
                output = v;
            for (int k = first; k <= i && !missing; k++)
                fwd[nf++] = argv[k];
        }
        if (missing) {
            cli_usage_error("print", "%s wants a value", a);
            goto out;
        }
    }
    if (!output) {
        cli_usage_error("print", "a booklet is a file: give it with -o FILE (e.g. -o puzzles.pdf)");
        goto out;
    }
    if (!format) {
        const char *dot = strrchr(output, '.');
        format = dot ? format_of_name(dot + 1) : 0;
        if (!format)
            format = DOC_FORMAT_PDF;
    }
    fwd[0] = (char *)"print";   /* the name messages about the options give */
    fwd[nf++] = (char *)"--format";
    fwd[nf++] = (char *)format_name(format);
    fwd[nf] = NULL;
    rc = generate ? cmd_generate_booklet(nf, fwd, &b) : cmd_solve_booklet(nf, fwd, &b);
out:
    free(fwd);
    return rc;
}
