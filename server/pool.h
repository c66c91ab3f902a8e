/*
 * pool.h — a fixed set of worker threads behind a bounded job queue whose
 * jobs have deadlines.
 *
 * The HTTP threads never compute: a request whose body is complete becomes
 * a job here, its connection is suspended, and a worker runs it and
 * resumes the connection. The queue has a fixed capacity, so a flood of
 * requests is answered "busy" at once instead of piling up in memory; and
 * each job has a deadline, so a job that is still queued when its
 * deadline comes is handed to the expire function at that moment (by a
 * thread of the pool's own) instead of waiting for a worker: time in the
 * queue is bounded too.
 */
#ifndef DOKU_SERVER_POOL_H
#define DOKU_SERVER_POOL_H

#include <stddef.h>

typedef struct srv_pool srv_pool;

/* Runs one job, or answers one that expired, on a thread of the pool. */
typedef void (*srv_job_fn)(void *job);

/* Starts threads workers over a queue of capacity jobs. run computes a
 * job; expire answers a job whose deadline came while it was queued (it
 * must be quick: it runs on the pool's timer thread). @return the pool,
 * or NULL when threads could not be started or memory ran out. */
srv_pool *srv_pool_create(int threads, size_t capacity, srv_job_fn run, srv_job_fn expire);

/* Queues job, to start before deadline (seconds on CLOCK_MONOTONIC, the
 * clock of now_seconds, common/clock.h): a job not started by then goes to
 * expire instead of run. Deadlines are expected in the order of submission (the same
 * budget for every job): the timer watches the oldest job only.
 * @return 0, or -1 when the queue is full or the pool is stopping (the
 * caller answers 503 itself; job is not touched). Thread-safe. */
int srv_pool_submit(srv_pool *p, void *job, double deadline);

/* Number of jobs queued or running right now. Thread-safe. */
size_t srv_pool_load(srv_pool *p);

/* Stops taking jobs (srv_pool_submit fails from here on), lets the
 * workers finish every job already queued and joins them. The pool stays
 * valid until srv_pool_free. Call from one thread. NULL is ignored. */
void srv_pool_shutdown(srv_pool *p);

/* Shuts the pool down if that has not happened and frees it. NULL is
 * ignored. */
void srv_pool_free(srv_pool *p);

#endif
