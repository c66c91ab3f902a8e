/*
 * clock.h — seconds on the monotonic clock, for per-puzzle timing,
 * deadlines and progress (the CLI's one clock helper).
 */
#ifndef DOKU_CLI_CLOCK_H
#define DOKU_CLI_CLOCK_H

/* Seconds on a monotonic clock. */
double cli_now(void);
/* Seconds of CPU time used by the calling thread. */
double cli_thread_cpu(void);

#endif
