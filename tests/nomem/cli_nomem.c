/*
 * cli_nomem.c — allocation failure in the doku commands that judge with
 * the logic engine: grade, explain, reduce and generate with --rating,
 * and check on conflicting givens. For each command below the k-th
 * allocation fails (the CLI's, the library's: every object linked into
 * this program), for every k from the first to the last the command
 * makes. Each run happens in a child process (the CLI's own answer to an
 * exhausted allocator is to end the program). The child must then either
 * print exactly what a run without failure prints, with its exit status,
 * or say "out of memory" on stderr and exit nonzero — never print a
 * rating, step list or verdict from a run the failure cut short.
 *
 * The failing allocator is failing_alloc.c; linked with every cli/
 * source but main.c (tests/CMakeLists.txt).
 */
#include "commands.h"
#include "failing_alloc.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* In the child: one byte on tell_fd tells the parent a failure was
 * injected. */
static int tell_fd = -1;

static void tell_parent(void)
{
    if (tell_fd >= 0 && write(tell_fd, "!", 1) != 1)
        _exit(99);
}

typedef int (*command)(int argc, char **argv);

/* The output of one run. */
typedef struct outcome {
    int status;      /* exit status, or 200 + signal */
    int injected;
    char *out, *err; /* stdout, stderr (the caller frees) */
} outcome;

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return strdup("");
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *s = __real_malloc((size_t)n + 1);
    size_t got = fread(s, 1, (size_t)n, f);
    s[got] = '\0';
    fclose(f);
    return s;
}

static outcome run(command cmd, char **argv, long k, const char *dir)
{
    char out_path[512], err_path[512];
    snprintf(out_path, sizeof out_path, "%s/out", dir);
    snprintf(err_path, sizeof err_path, "%s/err", dir);
    int tell[2];
    if (pipe(tell) != 0)
        abort();
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        abort();
    if (pid == 0) {
        close(tell[0]);
        int o = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int e = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (o < 0 || e < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0)
            _exit(98);
        tell_fd = tell[1];
        int argc = 0;
        while (argv[argc])
            argc++;
        failing_alloc_on_failure(tell_parent);
        failing_alloc_arm(k);
        int rc = cmd(argc, argv);
        failing_alloc_disarm();
        fflush(stdout);
        fflush(stderr);
        /* _exit: a run cut short leaves the leaks LeakSanitizer would
         * report; the allocation paths themselves are test_nomem's */
        _exit(rc);
    }
    close(tell[1]);
    char c;
    outcome r = {0, 0, NULL, NULL};
    r.injected = read(tell[0], &c, 1) == 1;
    close(tell[0]);
    int ws;
    waitpid(pid, &ws, 0);
    r.status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 200 + (WIFSIGNALED(ws) ? WTERMSIG(ws) : 0);
    r.out = slurp(out_path);
    r.err = slurp(err_path);
    return r;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: cli_nomem TMPDIR\n");
        return 2;
    }
    const char *dir = argv[1];
    char in[512], grid[512];
    snprintf(in, sizeof in, "%s/puzzles.txt", dir);
    snprintf(grid, sizeof grid, "%s/conflict.txt", dir);
    FILE *f = fopen(in, "w");
    /* steps up to an AIC (tests/fixtures/logic_techniques.tsv) */
    fputs("070090040140208037900010008080000090201040603400000001010000020000629000700080009\n", f);
    fclose(f);
    f = fopen(grid, "w");
    fputs("55..........................................5...5............................5.....\n", f);
    fclose(f);
    static char json[] = "--format", jv[] = "json";
    char *grade[] = {"grade", json, jv, in, NULL};
    char *explain[] = {"explain", in, NULL};
    char *reduce[] = {"reduce", "--rating", "2.0-9.0", "--seed", "3", in, NULL};
    char *generate[] = {"generate", "--rating", "2.0-4.0", "--seed", "7", NULL};
    char *check[] = {"check", json, jv, grid, NULL};
    const struct {
        command cmd;
        char **argv;
    } cases[] = {
        {cmd_grade, grade}, {cmd_explain, explain}, {cmd_reduce, reduce},
        {cmd_generate, generate}, {cmd_check, check},
    };
    int bad = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *name = cases[i].argv[0];
        outcome ref = run(cases[i].cmd, cases[i].argv, -1, dir);
        if (ref.status >= 2) {
            fprintf(stderr, "doku %s: exit %d without failure:\n%s", name, ref.status, ref.err);
            return 1;
        }
        long k, reported = 0;
        for (k = 0;; k++) {
            outcome r = run(cases[i].cmd, cases[i].argv, k, dir);
            int same = r.status == ref.status && strcmp(r.out, ref.out) == 0;
            int said = r.status != 0 && r.status < 200 && strstr(r.err, "out of memory");
            reported += said && !same;
            int done = !r.injected;
            if (done && !same) {
                fprintf(stderr, "doku %s: a run without failure differs\n", name);
                bad = 1;
            } else if (!done && !same && !said) {
                fprintf(stderr, "doku %s: allocation %ld failed: exit %d, stdout:\n%s\nstderr:\n%s\n"
                                "(without failure: exit %d)\n",
                        name, k, r.status, r.out, r.err, ref.status);
                bad = 1;
            }
            free(r.out);
            free(r.err);
            if (done)
                break;
        }
        printf("doku %s: %ld allocations, each failed once (%ld said out of memory)\n", name, k,
               reported);
        free(ref.out);
        free(ref.err);
    }
    return bad;
}
