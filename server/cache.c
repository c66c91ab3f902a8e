/*
 * cache.c — per-thread shape and solver cache (a pthread key whose
 * destructor frees the thread's entries when the worker ends). Entries
 * are matched on the whole shape spec, regions included, and replaced
 * least recently used first.
 */
#include "cache.h"
#include "isa_env.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { ENTRIES = 4 };

typedef struct entry {
    doku_shape_spec spec;      /* spec.regions points at regions below */
    uint8_t *regions;
    doku_shape *shape;
    doku_solver *solver;
    unsigned long used;        /* request counter at last use */
} entry;

typedef struct cache {
    entry e[ENTRIES];
    unsigned long clock;
} cache;

static pthread_key_t key;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void cache_free(void *p)
{
    cache *c = p;
    for (int i = 0; i < ENTRIES; i++) {
        doku_solver_free(c->e[i].solver);
        doku_shape_free(c->e[i].shape);
        free(c->e[i].regions);
    }
    free(c);
}

static void make_key(void)
{
    pthread_key_create(&key, cache_free);
}

static cache *this_cache(void)
{
    pthread_once(&once, make_key);
    cache *c = pthread_getspecific(key);
    if (!c) {
        c = calloc(1, sizeof *c);
        if (c && pthread_setspecific(key, c) != 0) {
            free(c);
            c = NULL;
        }
    }
    return c;
}

static int same_spec(const doku_shape_spec *a, const doku_shape_spec *b)
{
    if (a->n != b->n || a->box_rows != b->box_rows || a->box_cols != b->box_cols ||
        a->variants != b->variants || a->keep_boxes != b->keep_boxes ||
        !a->regions != !b->regions)
        return 0;
    return !a->regions || !memcmp(a->regions, b->regions, (size_t)a->n * (size_t)a->n);
}

doku_status srv_cache_shape(const doku_shape_spec *spec, const doku_shape **out)
{
    *out = NULL;
    cache *c = this_cache();
    if (!c)
        return DOKU_ERR_NOMEM;
    c->clock++;
    entry *victim = &c->e[0];
    for (int i = 0; i < ENTRIES; i++) {
        entry *e = &c->e[i];
        if (e->shape && same_spec(&e->spec, spec)) {
            e->used = c->clock;
            *out = e->shape;
            return DOKU_OK;
        }
        if (!e->shape || (victim->shape && e->used < victim->used))
            victim = e;
    }
    doku_shape *s = NULL;
    doku_status st = doku_shape_create(spec, &s);
    if (st != DOKU_OK)
        return st;
    uint8_t *regions = NULL;
    if (spec->regions) {
        size_t nc = (size_t)spec->n * (size_t)spec->n;
        regions = malloc(nc);
        if (!regions) {
            doku_shape_free(s);
            return DOKU_ERR_NOMEM;
        }
        memcpy(regions, spec->regions, nc);
    }
    doku_solver_free(victim->solver);
    doku_shape_free(victim->shape);
    free(victim->regions);
    victim->spec = *spec;
    victim->spec.regions = regions;
    victim->regions = regions;
    victim->shape = s;
    victim->solver = NULL;
    victim->used = c->clock;
    *out = s;
    return DOKU_OK;
}

doku_solver *srv_cache_solver(const doku_shape *shape)
{
    cache *c = this_cache();
    if (!c)
        return NULL;
    for (int i = 0; i < ENTRIES; i++) {
        entry *e = &c->e[i];
        if (e->shape == shape) {
            if (!e->solver) {
                if (doku_solver_create(shape, &e->solver) != DOKU_OK)
                    e->solver = NULL;
                isa_env_solver(e->solver);
            }
            return e->solver;
        }
    }
    return NULL;
}
