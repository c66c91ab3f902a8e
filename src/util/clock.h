/*
 * clock.h — the monotonic clock the library's deadlines are read from
 * (search budgets, the generator's time limits): one definition.
 */
#ifndef DOKU_UTIL_CLOCK_H
#define DOKU_UTIL_CLOCK_H

#include <time.h>

/* Seconds on the monotonic clock (an arbitrary origin; only differences
 * mean anything). */
static inline double clock_monotonic_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif
