/*
 * pool.c — worker threads taking numbered items in order (see pool.h).
 * One mutex guards the counters and the done ring; workers sleep on
 * work_cv, the consumer on done_cv.
 */
#include "pool.h"
#include "buf.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct cli_pool_arg {
    cli_pool *p;
    int worker;
} cli_pool_arg;

static void *worker_main(void *arg)
{
    cli_pool_arg *a = arg;
    cli_pool *p = a->p;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        if (p->next >= p->opened) {
            if (p->quit)
                break;
            pthread_cond_wait(&p->work_cv, &p->lock);
            continue;
        }
        /* A few items per claim: easy puzzles take a microsecond or two,
         * and one lock round-trip per puzzle would cost as much. */
        uint64_t first = p->next, count = p->opened - first;
        if (count > p->claim)
            count = p->claim;
        p->next += count;
        pthread_mutex_unlock(&p->lock);
        for (uint64_t i = 0; i < count; i++)
            p->fn(p->ctx, a->worker, first + i);
        pthread_mutex_lock(&p->lock);
        for (uint64_t i = 0; i < count; i++)
            p->done[(first + i) % p->window] = 1;
        pthread_cond_broadcast(&p->done_cv);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

int cli_pool_start(cli_pool *p, int threads, uint64_t window, unsigned claim, cli_pool_fn fn,
                   void *ctx)
{
    memset(p, 0, sizeof *p);
    p->fn = fn;
    p->ctx = ctx;
    p->window = window ? window : 1;
    p->claim = claim ? claim : 1;
    p->done = cli_xmalloc((size_t)p->window);
    memset(p->done, 0, (size_t)p->window);
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work_cv, NULL);
    pthread_cond_init(&p->done_cv, NULL);
    if (threads <= 1)
        return 0;
    p->threads = cli_xmalloc(sizeof *p->threads * (size_t)threads);
    p->args = cli_xmalloc(sizeof *p->args * (size_t)threads);
    for (int k = 0; k < threads; k++) {
        p->args[k].p = p;
        p->args[k].worker = k;
        if (pthread_create(&p->threads[k], NULL, worker_main, &p->args[k]) != 0)
            break;
        p->nthreads++;
    }
    return p->nthreads ? 0 : -1;
}

void cli_pool_open(cli_pool *p, uint64_t limit)
{
    if (p->nthreads == 0) {
        for (; p->next < limit; p->next++) {
            p->fn(p->ctx, 0, p->next);
            p->done[p->next % p->window] = 1;
        }
        p->opened = limit;
        return;
    }
    pthread_mutex_lock(&p->lock);
    if (limit > p->opened) {
        p->opened = limit;
        pthread_cond_broadcast(&p->work_cv);
    }
    pthread_mutex_unlock(&p->lock);
}

int cli_pool_ready(cli_pool *p, uint64_t index)
{
    if (p->nthreads == 0)
        return p->done[index % p->window];
    pthread_mutex_lock(&p->lock);
    int r = p->done[index % p->window];
    pthread_mutex_unlock(&p->lock);
    return r;
}

int cli_pool_wait(cli_pool *p, uint64_t index, double timeout)
{
    if (p->nthreads == 0)
        return p->done[index % p->window];
    pthread_mutex_lock(&p->lock);
    struct timespec until;
    if (timeout > 0) {
        clock_gettime(CLOCK_REALTIME, &until);
        double s = (double)until.tv_nsec * 1e-9 + timeout;
        until.tv_sec += (time_t)s;
        until.tv_nsec = (long)((s - (double)(time_t)s) * 1e9);
    }
    while (!p->done[index % p->window]) {
        if (timeout > 0) {
            if (pthread_cond_timedwait(&p->done_cv, &p->lock, &until) == ETIMEDOUT)
                break;
        } else {
            pthread_cond_wait(&p->done_cv, &p->lock);
        }
    }
    int r = p->done[index % p->window];
    pthread_mutex_unlock(&p->lock);
    return r;
}

void cli_pool_consume(cli_pool *p, uint64_t index)
{
    if (p->nthreads == 0) {
        p->done[index % p->window] = 0;
        return;
    }
    pthread_mutex_lock(&p->lock);
    p->done[index % p->window] = 0;
    pthread_mutex_unlock(&p->lock);
}

void cli_pool_stop(cli_pool *p)
{
    pthread_mutex_lock(&p->lock);
    p->opened = p->next;   /* items not yet claimed are dropped */
    p->quit = 1;
    pthread_cond_broadcast(&p->work_cv);
    pthread_mutex_unlock(&p->lock);
    for (int k = 0; k < p->nthreads; k++)
        pthread_join(p->threads[k], NULL);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->work_cv);
    pthread_cond_destroy(&p->done_cv);
    free(p->threads);
    free(p->args);
    free(p->done);
    memset(p, 0, sizeof *p);
}
