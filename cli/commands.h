/*
 * commands.h — the doku subcommands. Each lives in cli/cmd_<name>.c as
 * int cmd_<name>(int argc, char **argv), where argv[0] is the command name;
 * it returns the process exit code (CLI_EXIT_* in usage.h). To add one:
 * declare it here and add a row to the table in main.c.
 */
#ifndef DOKU_CLI_COMMANDS_H
#define DOKU_CLI_COMMANDS_H

int cmd_solve(int argc, char **argv);
int cmd_count(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_generate(int argc, char **argv);
int cmd_reduce(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_explain(int argc, char **argv);
int cmd_hint(int argc, char **argv);
int cmd_grade(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_print(int argc, char **argv);

/* doku print lays out what solve (puzzle files) or generate (--generate)
 * make: the same commands, their records going to a booklet (document.h). */
struct document_booklet;
int cmd_solve_booklet(int argc, char **argv, const struct document_booklet *booklet);
int cmd_generate_booklet(int argc, char **argv, const struct document_booklet *booklet);
int cmd_convert(int argc, char **argv);

#endif /* DOKU_CLI_COMMANDS_H */
