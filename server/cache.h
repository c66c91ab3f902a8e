/*
 * cache.h — the shapes and solvers a worker thread made for earlier
 * requests, kept for the next ones. Building a 9x9 shape and its solver
 * costs several times a whole 9x9 solve; most requests ask for the same
 * few shapes, so each worker keeps its last few, owned by the thread.
 */
#ifndef DOKU_SERVER_CACHE_H
#define DOKU_SERVER_CACHE_H

#include "doku.h"

/* The shape of spec from this thread's cache, created on a miss.
 * @return DOKU_OK and *out (owned by the cache: valid on this thread
 * until its next srv_cache_shape call that misses with the cache full,
 * i.e. for one request), or the status of doku_shape_create. */
doku_status srv_cache_shape(const doku_shape_spec *spec, const doku_shape **out);

/* The solver of shape (a shape srv_cache_shape returned on this thread),
 * created on first use. @return NULL when out of memory. */
doku_solver *srv_cache_solver(const doku_shape *shape);

#endif
