/*
 * steptrace.c — the exact sequence of instructions one function call runs,
 * on the real CPU (so AVX-512 code is traced too, which valgrind cannot
 * run): PROGRAM runs under ptrace to the first entry of the function at
 * ADDR (a breakpoint), then single-steps until that call returns, writing
 * each instruction address as a little-endian uint64 to OUT.
 *
 * usage: steptrace OUT ADDR PROGRAM [ARGS...]   (ADDR in hex; the program
 * must be linked -no-pie so ADDR is its run-time address)
 * Linux x86-64 only; a measuring tool, not part of the library.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

static void die(const char *what)
{
    perror(what);
    exit(1);
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: steptrace OUT ADDR PROGRAM [ARGS...]\n");
        return 2;
    }
    FILE *out = fopen(argv[1], "wb");
    if (!out)
        die(argv[1]);
    uint64_t entry = strtoull(argv[2], NULL, 16);
    pid_t pid = fork();
    if (pid < 0)
        die("fork");
    if (pid == 0) {
        ptrace(PTRACE_TRACEME, 0, NULL, NULL);
        execv(argv[3], argv + 3);
        die(argv[3]);
    }
    int st;
    if (waitpid(pid, &st, 0) < 0 || !WIFSTOPPED(st))
        die("exec");
    /* int3 at the entry; the first byte is restored once it is hit */
    errno = 0;
    long word = ptrace(PTRACE_PEEKTEXT, pid, (void *)entry, NULL);
    if (errno)
        die("peek");
    long trap = (word & ~0xffL) | 0xcc;
    if (ptrace(PTRACE_POKETEXT, pid, (void *)entry, (void *)trap) < 0)
        die("poke");
    if (ptrace(PTRACE_CONT, pid, NULL, NULL) < 0 || waitpid(pid, &st, 0) < 0)
        die("cont");
    if (!WIFSTOPPED(st) || WSTOPSIG(st) != SIGTRAP) {
        fprintf(stderr, "steptrace: the program did not reach %#llx\n", (unsigned long long)entry);
        return 1;
    }
    struct user_regs_struct r;
    ptrace(PTRACE_GETREGS, pid, NULL, &r);
    ptrace(PTRACE_POKETEXT, pid, (void *)entry, (void *)word);
    r.rip = entry;
    ptrace(PTRACE_SETREGS, pid, NULL, &r);
    errno = 0;
    uint64_t ret = (uint64_t)ptrace(PTRACE_PEEKDATA, pid, (void *)r.rsp, NULL);
    if (errno)
        die("peek return address");
    uint64_t steps = 0, rip = entry;
    while (rip != ret) {
        fwrite(&rip, sizeof rip, 1, out);
        steps++;
        if (ptrace(PTRACE_SINGLESTEP, pid, NULL, NULL) < 0 || waitpid(pid, &st, 0) < 0)
            die("step");
        if (!WIFSTOPPED(st)) {
            fprintf(stderr, "steptrace: the program ended inside the call\n");
            return 1;
        }
        ptrace(PTRACE_GETREGS, pid, NULL, &r);
        rip = r.rip;
    }
    fclose(out);
    fprintf(stderr, "steptrace: %llu instructions\n", (unsigned long long)steps);
    ptrace(PTRACE_CONT, pid, NULL, NULL);
    waitpid(pid, &st, 0);
    return 0;
}
