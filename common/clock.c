/*
 * clock.c — the programs' one clock helper: monotonic seconds for timing
 * and deadlines, and the calling thread's CPU seconds for benchmarks.
 */
#include "clock.h"

#include <time.h>

static double seconds_of(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double now_seconds(void)
{
    return seconds_of(CLOCK_MONOTONIC);
}

double thread_cpu_seconds(void)
{
    return seconds_of(CLOCK_THREAD_CPUTIME_ID);
}
