/*
 * replay.c — runs a fuzz target's LLVMFuzzerTestOneInput once on every
 * file named on the command line (a directory: every file in it), without
 * libFuzzer. `make test` links each target's harness with this driver and
 * the ASan+UBSan build's own library to replay the seed corpora
 * (tests/fixtures/fuzz/<target>/): the same checks as libFuzzer's replay of
 * the same files, without compiling the library twice more with the
 * fuzzer's coverage instrumentation. A finding aborts (the sanitizers, or
 * the harness's abort()), as under libFuzzer.
 *
 * Each input gets a buffer of exactly its size (so a read past it is an
 * ASan error) and 30 s (SIGALRM names the input and exits 1), as
 * fuzz/run.sh gives libFuzzer (-timeout=30). Exit status: 0 all replayed,
 * 1 a timeout, 2 an unreadable file or no input at all.
 */
#include <dirent.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { INPUT_SECONDS = 30 };

static const char *volatile current_input = "";

static void on_alarm(int sig)
{
    (void)sig;
    static const char msg[] = "replay: timeout (30 s) on input ";
    const char *name = current_input;
    size_t len = 0;
    while (name[len])
        len++;
    if (write(2, msg, sizeof msg - 1) < 0 || write(2, name, len) < 0 || write(2, "\n", 1) < 0)
        _exit(1);
    _exit(1);
}

/* Reads path whole into an exactly sized buffer (*out, the caller's).
 * @return 0, or -1 with a message on stderr. */
static int read_input(const char *path, uint8_t **out, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        uint8_t *grown = realloc(buf, cap * 2);
        if (!grown) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = grown;
        cap *= 2;
    }
    int bad = !buf || ferror(f);
    fclose(f);
    if (bad) {
        fprintf(stderr, "replay: cannot read %s\n", path);
        free(buf);
        return -1;
    }
    /* an exact copy: ASan then sees a read one byte past the input */
    uint8_t *exact = malloc(n ? n : 1);
    if (!exact) {
        free(buf);
        fprintf(stderr, "replay: out of memory for %s\n", path);
        return -1;
    }
    memcpy(exact, buf, n);
    free(buf);
    *out = exact;
    *size = n;
    return 0;
}

static int run_one(const char *path)
{
    uint8_t *data;
    size_t size;
    if (read_input(path, &data, &size) != 0)
        return -1;
    current_input = path;
    alarm(INPUT_SECONDS);
    LLVMFuzzerTestOneInput(data, size);
    alarm(0);
    free(data);
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Replays every regular entry of dir in name order. @return the count,
 * or -1 on an error (said on stderr). */
static long run_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        perror(dir);
        return -1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    long result = 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 256;
            char **grown = realloc(names, cap * sizeof *names);
            if (!grown) {
                result = -1;
                break;
            }
            names = grown;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        names[n] = malloc(len);
        if (!names[n]) {
            result = -1;
            break;
        }
        snprintf(names[n], len, "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    if (result == 0 && n)
        qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n && result >= 0; i++)
        result = run_one(names[i]) == 0 ? result + 1 : -1;
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    if (result < 0)
        fprintf(stderr, "replay: %s not replayed whole\n", dir);
    return result;
}

int main(int argc, char **argv)
{
    signal(SIGALRM, on_alarm);
    long total = 0;
    for (int i = 1; i < argc; i++) {
        DIR *d = opendir(argv[i]);
        long k;
        if (d) {
            closedir(d);
            k = run_dir(argv[i]);
        } else {
            k = run_one(argv[i]) == 0 ? 1 : -1;
        }
        if (k < 0)
            return 2;
        total += k;
    }
    if (total == 0) {
        fprintf(stderr, "replay: no inputs\n");
        return 2;
    }
    printf("%s: %ld inputs replayed, nothing found\n", argv[0], total);
    return 0;
}
