/*
 * failing_alloc.c — the counter behind -Wl,--wrap for malloc, calloc,
 * realloc and aligned_alloc (failing_alloc.h). One failure per armed
 * run: the allocation numbered fail_at fails, the ones after it succeed,
 * so each run tests recovery from exactly one failure.
 */
#include "failing_alloc.h"

void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void *__real_aligned_alloc(size_t align, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
void *__wrap_aligned_alloc(size_t align, size_t size);

static long alloc_count;
static long fail_at = -1;
static int injected;
static void (*on_failure)(void);

void failing_alloc_arm(long k)
{
    alloc_count = 0;
    injected = 0;
    fail_at = k < 0 ? -1 : k;
}

void failing_alloc_disarm(void) { fail_at = -1; }

int failing_alloc_injected(void) { return injected; }

void failing_alloc_on_failure(void (*hook)(void)) { on_failure = hook; }

static int fail_now(void)
{
    if (fail_at < 0 || alloc_count++ != fail_at)
        return 0;
    injected = 1;
    if (on_failure)
        on_failure();
    return 1;
}

void *__wrap_malloc(size_t size) { return fail_now() ? NULL : __real_malloc(size); }
void *__wrap_calloc(size_t n, size_t size) { return fail_now() ? NULL : __real_calloc(n, size); }
void *__wrap_realloc(void *p, size_t size) { return fail_now() ? NULL : __real_realloc(p, size); }
void *__wrap_aligned_alloc(size_t align, size_t size)
{
    return fail_now() ? NULL : __real_aligned_alloc(align, size);
}
