/*
 * failing_alloc.h — the failing allocator of the allocation-failure tests
 * (tests/unit/test_nomem.c, tests/nomem/server_nomem.c,
 * tests/nomem/cli_nomem.c): armed with k, the k-th allocation from then
 * on (counting from 0) returns NULL and every other one succeeds, so a
 * test can fail each allocation of a path once, for k = 0, 1, ... until
 * a run makes no more than k allocations.
 *
 * A program using it is linked with failing_alloc.c and
 * -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=aligned_alloc
 * (tests/CMakeLists.txt): every allocation in the objects linked into it
 * (the library's, the CLI's, the server's) then passes through the
 * counter; shared libraries (cmocka, cJSON, libc itself) are not seen.
 * Test code only: the library has no allocator hook.
 */
#ifndef DOKU_TEST_FAILING_ALLOC_H
#define DOKU_TEST_FAILING_ALLOC_H

#include <stddef.h>

/* The allocator underneath, for a test's own buffers that must never
 * fail nor be counted. */
void *__real_malloc(size_t size);

/* Arms the counter: the k-th allocation from now on fails (k from 0);
 * a negative k disarms it. Clears the injected flag. */
void failing_alloc_arm(long k);

/* Disarms the counter; the injected flag keeps its value. */
void failing_alloc_disarm(void);

/* @return 1 if the armed failure happened since the last arm, else 0. */
int failing_alloc_injected(void);

/* hook (may be NULL: none) is called each time a failure is injected,
 * before the allocation returns NULL (cli_nomem's child tells its
 * parent through a pipe). */
void failing_alloc_on_failure(void (*hook)(void));

#endif
