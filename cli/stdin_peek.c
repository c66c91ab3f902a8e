/*
 * stdin_peek.c — see stdin_peek.h.
 *
 * The one design idea: the peek reads the file descriptor, never the
 * stdin FILE, so no bytes hide in stdio's buffer. When the input is not
 * a variant puzzle, a file is wound back (lseek); anything else (a pipe)
 * is replaced on descriptor 0 by a pipe that a thread fills with the
 * peeked bytes and then the rest of the real input, so the classic
 * readers stream it as if nothing had happened.
 */
#include "stdin_peek.h"

#include "doku_constraints.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { PEEK_MAX = 1 << 20, CHUNK = 1 << 16 };

typedef struct replay {
    char *head;
    size_t len;
    int src, dst;
} replay;

static int write_all(int fd, const char *p, size_t len)
{
    while (len) {
        ssize_t w = write(fd, p, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        len -= (size_t)w;
    }
    return 0;
}

static void *replay_main(void *arg)
{
    replay *r = arg;
    char buf[CHUNK];
    if (write_all(r->dst, r->head, r->len) == 0) {
        for (;;) {
            ssize_t got = read(r->src, buf, sizeof buf);
            if (got < 0 && errno == EINTR)
                continue;
            if (got <= 0 || write_all(r->dst, buf, (size_t)got) != 0)
                break;
        }
    }
    close(r->dst);
    close(r->src);
    free(r->head);
    free(r);
    return NULL;
}

/* 1 when buf holds a complete first statement (a line that is neither
 * blank nor a comment, ended by a newline). */
static int has_statement(const char *buf, size_t len)
{
    size_t i = 0;
    while (i < len) {
        size_t e = i;
        while (e < len && buf[e] != '\n')
            e++;
        if (e == len)
            return 0;
        size_t b = i;
        while (b < e && (buf[b] == ' ' || buf[b] == '\t' || buf[b] == '\r'))
            b++;
        if (b < e && buf[b] != '#')
            return 1;
        i = e + 1;
    }
    return 0;
}

/* Reads fd 0 into *buf from *len until stop(buf) or EOF (or max bytes).
 * @return 0, or -1 on a read error or out of memory. */
static int read_more(char **buf, size_t *len, size_t *cap, size_t max, int until_statement)
{
    for (;;) {
        if (until_statement && has_statement(*buf, *len))
            return 0;
        if (*len >= max)
            return 0;
        if (*cap - *len < CHUNK) {
            size_t nc = *cap ? *cap * 2 : CHUNK * 2;
            char *nb = realloc(*buf, nc + 1);
            if (!nb)
                return -1;
            *buf = nb;
            *cap = nc;
        }
        ssize_t got = read(0, *buf + *len, *cap - *len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return -1;
        if (got == 0)
            return 0;
        *len += (size_t)got;
    }
}

int cli_is_variant_text(const char *text, size_t len)
{
    doku_variant_format f = doku_variant_format_guess(text, len);
    if (f != DOKU_VARIANT_FORMAT_FPUZZLES && f != DOKU_VARIANT_FORMAT_SUDOKUPAD &&
        f != DOKU_VARIANT_FORMAT_JSON)
        return f != DOKU_VARIANT_FORMAT_NONE;
    /* the first record: the first line that is no comment, or the document */
    size_t b = 0;
    for (;;) {
        while (b < len && (text[b] == ' ' || text[b] == '\t' || text[b] == '\r' || text[b] == '\n'))
            b++;
        if (b < len && text[b] == '#') {
            while (b < len && text[b] != '\n')
                b++;
            continue;
        }
        break;
    }
    size_t e = b;
    while (f != DOKU_VARIANT_FORMAT_JSON && e < len && text[e] != '\n')
        e++;
    if (f == DOKU_VARIANT_FORMAT_JSON)
        e = len;
    doku_variant_puzzle *p;
    if (doku_variant_puzzle_read(text + b, e - b, &p, NULL, 0) != DOKU_OK)
        return 1;
    int variant = doku_constraints_count(doku_variant_puzzle_constraints(p)) > 0;
    doku_variant_puzzle_free(p);
    return variant;
}

int cli_stdin_peek(cli_opts *o)
{
    if (isatty(0))
        return 0;
    char *buf = NULL;
    size_t len = 0, cap = 0;
    /* a file (not a pipe) can simply be wound back */
    off_t start = lseek(0, 0, SEEK_CUR);
    if (read_more(&buf, &len, &cap, PEEK_MAX, 1) != 0) {
        free(buf);
        return -1;
    }
    if (len && cli_is_variant_text(buf, len)) {
        if (read_more(&buf, &len, &cap, (size_t)-1 / 2, 0) == 0) {
            buf[len] = 0;
            o->stdin_text = buf;
            o->stdin_len = len;
            return 1;
        }
    }
    if (start >= 0 && lseek(0, start, SEEK_SET) == start) {
        free(buf);
        return 0;
    }
    /* hand the bytes back: a pipe in place of descriptor 0 */
    int fds[2];
    int src = dup(0);
    replay *r = malloc(sizeof *r);
    pthread_t th;
    if (src < 0 || !r || pipe(fds) != 0) {
        free(r);
        free(buf);
        if (src >= 0)
            close(src);
        return -1;
    }
    dup2(fds[0], 0);
    close(fds[0]);
    r->head = buf;
    r->len = len;
    r->src = src;
    r->dst = fds[1];
    if (pthread_create(&th, NULL, replay_main, r) != 0) {
        /* filling the pipe here could block for ever: the input is lost */
        close(fds[1]);
        close(src);
        free(buf);
        free(r);
        return -1;
    }
    pthread_detach(th);
    return 0;
}
