/*
 * clock.h — seconds on the monotonic clock, for per-puzzle timing,
 * deadlines and progress: the one clock of the programs (cli/, server/).
 */
#ifndef DOKU_COMMON_CLOCK_H
#define DOKU_COMMON_CLOCK_H

/* Seconds on CLOCK_MONOTONIC (the clock server/pool.c waits on). Thread-safe. */
double now_seconds(void);
/* Seconds of CPU time used by the calling thread. Thread-safe. */
double thread_cpu_seconds(void);

#endif
