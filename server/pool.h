/*
 * pool.h — a fixed set of worker threads behind a bounded job queue.
 *
 * The HTTP threads never compute: a request whose body is complete becomes
 * a job here, its connection is suspended, and a worker runs it and
 * resumes the connection. The queue has a fixed capacity, so a flood of
 * requests is answered "busy" at once instead of piling up in memory.
 */
#ifndef DOKU_SERVER_POOL_H
#define DOKU_SERVER_POOL_H

#include <stddef.h>

typedef struct srv_pool srv_pool;

/* Runs one job on a worker thread. */
typedef void (*srv_job_fn)(void *job);

/* Starts threads workers over a queue of capacity jobs. @return the pool,
 * or NULL when threads could not be started or memory ran out. */
srv_pool *srv_pool_create(int threads, size_t capacity, srv_job_fn run);

/* Queues job. @return 0, or -1 when the queue is full or the pool is
 * stopping (the caller answers 503 itself; job is not touched). */
int srv_pool_submit(srv_pool *p, void *job);

/* Number of jobs queued or running right now. */
size_t srv_pool_load(srv_pool *p);

/* Stops taking jobs (srv_pool_submit fails from here on), lets the
 * workers finish every job already queued and joins them. The pool stays
 * valid until srv_pool_free. Call from one thread. NULL is ignored. */
void srv_pool_shutdown(srv_pool *p);

/* Shuts the pool down if that has not happened and frees it. NULL is
 * ignored. */
void srv_pool_free(srv_pool *p);

#endif
