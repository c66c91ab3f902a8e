/*
 * main.c — the doku command: dispatches `doku <command> ...` through one
 * table. Everything a command needs (options, input, threads, output)
 * lives in options.c, runner.c and output.c; main only knows the names.
 */
#include "commands.h"
#include "usage.h"
#include "isa_env.h"
#include "doku.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    {"solve", cmd_solve, "solve puzzles (and say when there is no or no unique solution)"},
    {"count", cmd_count, "count the solutions of puzzles, up to a limit"},
    {"check", cmd_check, "validate puzzles: symbols, duplicate givens, uniqueness"},
    {"generate", cmd_generate, "generate unique puzzles (or full grids) from a seed"},
    {"reduce", cmd_reduce, "remove givens from grids or puzzles while they stay unique"},
    {"bench", cmd_bench, "measure solver throughput on puzzle files (in memory)"},
    {"explain", cmd_explain, "solve like a person: every step, with SE ratings"},
    {"hint", cmd_hint, "the next logical step for a puzzle or pencil-mark grid"},
    {"grade", cmd_grade, "rate puzzles on Sudoku Explainer's scale (ER/EP/ED, level)"},
    {"print", cmd_print, "a booklet of puzzles (PDF, SVG, PNG), solutions at the back"},
    {"convert", cmd_convert, "convert puzzles between formats (CSV, pencil marks, links...)"},
    {"serve", cmd_serve, "the web page and JSON API on http://127.0.0.1:8080/"},
};

enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

static void usage(FILE *f)
{
    fprintf(f, "Usage: doku <command> [options] [FILE...]\n"
               "       doku <command> --help | doku --help | doku --version\n\n"
               "Sudoku of any size (4x4 ... 25x25 and more, any RxC box), with X, hyper\n"
               "(Windoku) and jigsaw variants. Commands:\n");
    for (int i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\nPuzzles are read from FILEs or standard input, one per line or as grids.\n"
               "Exit status: 0 ok, 1 some puzzle unsolvable, invalid or not unique\n"
               "(as each command defines), 2 usage error or unreadable input.\n");
}

static const command *find_command(const char *name)
{
    for (int i = 0; i < NCOMMANDS; i++)
        if (!strcmp(commands[i].name, name))
            return &commands[i];
    return NULL;
}

/* Runs the command line; main checks its output afterwards. */
static int dispatch(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return CLI_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (!strcmp(name, "--help") || !strcmp(name, "-h")) {
        usage(stdout);
        return CLI_EXIT_OK;
    }
    if (!strcmp(name, "--version") || !strcmp(name, "-V")) {
        printf("doku %s\n", doku_version());
        return CLI_EXIT_OK;
    }
    if (!strcmp(name, "help")) {
        /* `doku help CMD` is `doku CMD --help`. */
        if (argc < 3) {
            usage(stdout);
            return CLI_EXIT_OK;
        }
        const command *c = find_command(argv[2]);
        if (!c) {
            fprintf(stderr, "doku: unknown command '%s'\n\n", argv[2]);
            usage(stderr);
            return CLI_EXIT_USAGE;
        }
        static char help_flag[] = "--help";
        char *help_argv[] = {argv[2], help_flag, NULL};
        return c->run(2, help_argv);
    }
    /* DOKU_ISA caps the fast paths' SIMD tier (applied by the commands
     * to the solvers and generators they create, common/isa_env.c); a
     * name it does not know or a tier this CPU lacks is refused here,
     * before anything runs. */
    doku_isa isa;
    doku_status isa_st = isa_env(&isa);
    if (isa_st != DOKU_OK) {
        fprintf(stderr, "doku: DOKU_ISA=%s: %s\n", getenv("DOKU_ISA"),
                isa_st == DOKU_ERR_PARSE ? "not a tier (portable, sse42, avx2, avx512, auto)"
                                         : "this CPU lacks it");
        return CLI_EXIT_USAGE;
    }
    const command *c = find_command(name);
    if (!c) {
        fprintf(stderr, "doku: unknown command '%s'\n\n", name);
        usage(stderr);
        return CLI_EXIT_USAGE;
    }
    return c->run(argc - 1, argv + 1);
}

/* Every command's output, --help and --version included, is checked once
 * here, where it is closed: a full disk or a closed pipe is exit 2 with a
 * message naming the command, never a silent loss. */
int main(int argc, char **argv)
{
    int rc = dispatch(argc, argv);
    int failed = fflush(stdout) != 0 || ferror(stdout);
    int err = errno;
    if (fclose(stdout) != 0 && !failed) {
        failed = 1;
        err = errno;
    }
    if (failed) {
        const char *cmd = argc >= 2 && find_command(argv[1]) ? argv[1] : "";
        fprintf(stderr, "doku%s%s: cannot write the output: %s\n", *cmd ? " " : "", cmd,
                strerror(err ? err : EIO));
        return CLI_EXIT_USAGE;
    }
    return rc;
}
