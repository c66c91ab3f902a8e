/*
 * replay.h — the candidate grid before each step of an explanation,
 * rebuilt from the record alone: the puzzle's candidates (what its filled
 * peers leave), then each step's placements and eliminations in order.
 * It needs neither the options the steps were found with nor a second
 * run of the logic engine, so the pictures always show the record's own
 * path.
 */
#ifndef DOKU_RENDER_REPLAY_H
#define DOKU_RENDER_REPLAY_H

#include "record.h"

typedef struct rd_replay {
    const rd_record *rec;
    uint8_t *cells;     /* n*n values */
    uint64_t *cands;    /* n*n masks, bit d-1 = digit d; 0 for filled cells */
} rd_replay;

/* Starts from r's puzzle. @return 0, or -1 out of memory (nothing held). */
int rd_replay_init(rd_replay *p, const rd_record *r);

/* Makes sure what st shows (its eliminations and proof candidates) is on
 * the grid: a hint from pencil marks starts from marks the record does
 * not carry. */
void rd_replay_show(rd_replay *p, const rd_step *st);

/* Applies st: places its digits (removing them from the peers) and
 * removes its eliminations. */
void rd_replay_apply(rd_replay *p, const rd_step *st);

void rd_replay_free(rd_replay *p);

#endif
