/*
 * pool.c — worker threads over a bounded FIFO queue (a ring of jobs under
 * one mutex), and one timer thread that answers the jobs whose deadline
 * passes while they wait. FIFO order is what keeps a request from waiting
 * behind later ones: no job starves while others are served; with one
 * budget for every job it is also deadline order, so the timer only ever
 * watches the oldest job.
 */
#include "pool.h"
#include "clock.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>

typedef struct slot {
    void *job;
    double deadline;
} slot;

struct srv_pool {
    pthread_mutex_t lock;
    pthread_cond_t ready;      /* a job was queued, or stopping */
    pthread_cond_t tick;       /* the timer's: the oldest job changed, or stopping */
    slot *ring;
    size_t capacity, head, count, running;
    int stopping;
    srv_job_fn run, expire;
    pthread_t *threads;
    int nthreads;
    pthread_t timer;
    int has_timer;
};

/* Takes the oldest job off the ring (the lock held, count > 0). */
static slot pop_head(srv_pool *p)
{
    slot s = p->ring[p->head];
    p->head = (p->head + 1) % p->capacity;
    p->count--;
    pthread_cond_signal(&p->tick);
    return s;
}

static void *worker_main(void *arg)
{
    srv_pool *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (p->count == 0 && !p->stopping)
            pthread_cond_wait(&p->ready, &p->lock);
        if (p->count == 0)
            break;   /* stopping and drained */
        slot s = pop_head(p);
        /* past its deadline (the timer has not come to it yet): answered,
         * not computed, unless the pool is stopping (run says so then) */
        int late = p->expire && !p->stopping && now_seconds() >= s.deadline;
        p->running++;
        pthread_mutex_unlock(&p->lock);
        (late ? p->expire : p->run)(s.job);
        pthread_mutex_lock(&p->lock);
        p->running--;
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

static void *timer_main(void *arg)
{
    srv_pool *p = arg;
    pthread_mutex_lock(&p->lock);
    while (!p->stopping) {
        if (p->count == 0) {
            pthread_cond_wait(&p->tick, &p->lock);
            continue;
        }
        double due = p->ring[p->head].deadline;
        if (now_seconds() >= due) {
            slot s = pop_head(p);
            pthread_mutex_unlock(&p->lock);
            p->expire(s.job);
            pthread_mutex_lock(&p->lock);
            continue;
        }
        struct timespec ts;
        ts.tv_sec = (time_t)due;
        ts.tv_nsec = (long)((due - (double)ts.tv_sec) * 1e9);
        if (ts.tv_nsec >= 1000000000L) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&p->tick, &p->lock, &ts);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

srv_pool *srv_pool_create(int threads, size_t capacity, srv_job_fn run, srv_job_fn expire)
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
    p->expire = expire;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->ready, NULL);
    /* the timer waits on the deadlines' own clock */
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&p->tick, &ca);
    pthread_condattr_destroy(&ca);
    for (int i = 0; i < threads; i++) {
        if (pthread_create(&p->threads[i], NULL, worker_main, p) != 0)
            break;
        p->nthreads++;
    }
    if (expire && p->nthreads > 0)
        p->has_timer = pthread_create(&p->timer, NULL, timer_main, p) == 0;
    if (p->nthreads == 0 || (expire && !p->has_timer)) {
        srv_pool_free(p);
        return NULL;
    }
    return p;
}

int srv_pool_submit(srv_pool *p, void *job, double deadline)
{
    int ok = -1;
    pthread_mutex_lock(&p->lock);
    if (!p->stopping && p->count < p->capacity) {
        p->ring[(p->head + p->count) % p->capacity] = (slot){job, deadline};
        p->count++;
        ok = 0;
        pthread_cond_signal(&p->ready);
        if (p->count == 1)
            pthread_cond_signal(&p->tick);   /* a new oldest job */
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
    pthread_cond_broadcast(&p->tick);
    pthread_mutex_unlock(&p->lock);
    if (joined)
        return;
    if (p->has_timer)
        pthread_join(p->timer, NULL);
    for (int i = 0; i < p->nthreads; i++)
        pthread_join(p->threads[i], NULL);
}

void srv_pool_free(srv_pool *p)
{
    if (!p)
        return;
    srv_pool_shutdown(p);
    pthread_cond_destroy(&p->tick);
    pthread_cond_destroy(&p->ready);
    pthread_mutex_destroy(&p->lock);
    free(p->ring);
    free(p->threads);
    free(p);
}
