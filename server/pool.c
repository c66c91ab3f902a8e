/*
 * pool.c — worker threads over a bounded FIFO queue (a ring of job
 * pointers under one mutex). FIFO order is what keeps a request from
 * waiting behind later ones: no job starves while others are served.
 */
#include "pool.h"

#include <pthread.h>
#include <stdlib.h>

struct srv_pool {
    pthread_mutex_t lock;
    pthread_cond_t ready;      /* a job was queued, or stopping */
    void **ring;
    size_t capacity, head, count, running;
    int stopping;
    srv_job_fn run;
    pthread_t *threads;
    int nthreads;
};

static void *worker_main(void *arg)
{
    srv_pool *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (p->count == 0 && !p->stopping)
            pthread_cond_wait(&p->ready, &p->lock);
        if (p->count == 0)
            break;   /* stopping and drained */
        void *job = p->ring[p->head];
        p->head = (p->head + 1) % p->capacity;
        p->count--;
        p->running++;
        pthread_mutex_unlock(&p->lock);
        p->run(job);
        pthread_mutex_lock(&p->lock);
        p->running--;
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

srv_pool *srv_pool_create(int threads, size_t capacity, srv_job_fn run)
{
    if (threads < 1 || capacity < 1 || !run)
        return NULL;
    srv_pool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->ring = calloc(capacity, sizeof *p->ring);
    p->threads = calloc((size_t)threads, sizeof *p->threads);
    if (!p->ring || !p->threads) {
        free(p->ring);
        free(p->threads);
        free(p);
        return NULL;
    }
    p->capacity = capacity;
    p->run = run;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->ready, NULL);
    for (int i = 0; i < threads; i++) {
        if (pthread_create(&p->threads[i], NULL, worker_main, p) != 0)
            break;
        p->nthreads++;
    }
    if (p->nthreads == 0) {
        srv_pool_free(p);
        return NULL;
    }
    return p;
}

int srv_pool_submit(srv_pool *p, void *job)
{
    int ok = -1;
    pthread_mutex_lock(&p->lock);
    if (!p->stopping && p->count < p->capacity) {
        p->ring[(p->head + p->count) % p->capacity] = job;
        p->count++;
        ok = 0;
        pthread_cond_signal(&p->ready);
    }
    pthread_mutex_unlock(&p->lock);
    return ok;
}

size_t srv_pool_load(srv_pool *p)
{
    pthread_mutex_lock(&p->lock);
    size_t n = p->count + p->running;
    pthread_mutex_unlock(&p->lock);
    return n;
}

void srv_pool_shutdown(srv_pool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    int joined = p->stopping;
    p->stopping = 1;
    pthread_cond_broadcast(&p->ready);
    pthread_mutex_unlock(&p->lock);
    if (joined)
        return;
    for (int i = 0; i < p->nthreads; i++)
        pthread_join(p->threads[i], NULL);
}

void srv_pool_free(srv_pool *p)
{
    if (!p)
        return;
    srv_pool_shutdown(p);
    pthread_cond_destroy(&p->ready);
    pthread_mutex_destroy(&p->lock);
    free(p->ring);
    free(p->threads);
    free(p);
}
