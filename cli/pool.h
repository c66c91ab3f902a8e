/*
 * pool.h — the CLI's one pool of worker threads, behind solve/count/...
 * (the runner), generate and bench.
 *
 * The one design idea: work items are numbered 0, 1, 2, ... and results
 * are used in that order. The producer opens items up to a limit, workers
 * claim them a few at a time in order, and the consumer waits for item i
 * before it uses its result. The caller owns the result storage as a ring
 * of `window` slots: it opens item i + window only after consuming item
 * i. With no worker threads, opening runs the items on the calling thread,
 * so one code path serves one thread and many.
 */
#ifndef DOKU_CLI_POOL_H
#define DOKU_CLI_POOL_H

#include <pthread.h>
#include <stdint.h>

/* Runs item index on worker number worker (0 .. nthreads-1, or 0 inline). */
typedef void (*cli_pool_fn)(void *ctx, int worker, uint64_t index);

typedef struct cli_pool {
    cli_pool_fn fn;
    void *ctx;
    int nthreads;         /* worker threads running (0: items run inline) */
    pthread_t *threads;
    struct cli_pool_arg *args;
    pthread_mutex_t lock;
    pthread_cond_t work_cv, done_cv;
    uint64_t opened;      /* items below this may run */
    uint64_t next;        /* next item to claim */
    uint64_t window;      /* size of the done ring */
    unsigned char *done;  /* done[i % window]: item i finished, not consumed */
    unsigned claim;       /* items a worker takes at once */
    int quit;
} cli_pool;

/* Starts threads workers (threads <= 1: none, items run inline). claim:
 * items taken per lock round-trip (cheap items want several).
 * @return 0, or -1 if no thread could start (then it runs inline). */
int cli_pool_start(cli_pool *p, int threads, uint64_t window, unsigned claim, cli_pool_fn fn,
                   void *ctx);
/* Lets items below limit run (inline: runs them now). */
void cli_pool_open(cli_pool *p, uint64_t limit);
/* 1 if item index has finished (never blocks). */
int cli_pool_ready(cli_pool *p, uint64_t index);
/* Waits until item index has finished, at most timeout seconds (<= 0:
 * without limit). @return 1 if it has, 0 on timeout. */
int cli_pool_wait(cli_pool *p, uint64_t index, double timeout);
/* Marks item index consumed: its slot may be reused. */
void cli_pool_consume(cli_pool *p, uint64_t index);
/* Stops the workers (after the items they hold; opened items not yet
 * claimed are dropped) and frees the pool. */
void cli_pool_stop(cli_pool *p);

#endif
