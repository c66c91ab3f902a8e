/*
 * replay.c — candidates from the record's steps (see replay.h). Peers
 * come from the shape, so variants and jigsaws need nothing special.
 */
#include "replay.h"

#include <stdlib.h>
#include <string.h>

static void place(rd_replay *p, int cell, int d)
{
    const doku_shape *s = p->rec->shape;
    int count;
    const uint16_t *peers = doku_shape_peers(s, cell, &count);
    p->cells[cell] = (uint8_t)d;
    p->cands[cell] = 0;
    for (int i = 0; i < count; i++)
        p->cands[peers[i]] &= ~(1ull << (d - 1));
}

int rd_replay_init(rd_replay *p, const rd_record *r)
{
    int n = r->n, ncells = n * n;
    p->rec = r;
    p->cells = malloc((size_t)ncells);
    p->cands = malloc(sizeof *p->cands * (size_t)ncells);
    if (!p->cells || !p->cands) {
        rd_replay_free(p);
        return -1;
    }
    uint64_t all = n == 64 ? ~0ull : (1ull << n) - 1;
    for (int i = 0; i < ncells; i++) {
        p->cells[i] = 0;
        p->cands[i] = all;
    }
    for (int i = 0; i < ncells; i++)
        if (r->puzzle[i])
            place(p, i, r->puzzle[i]);
    return 0;
}

void rd_replay_show(rd_replay *p, const rd_step *st)
{
    for (size_t i = 0; i < st->nelim; i++)
        if (!p->cells[st->elim[i].cell])
            p->cands[st->elim[i].cell] |= 1ull << (st->elim[i].digit - 1);
    for (size_t i = 0; i < st->nproof; i++)
        if (st->proof[i].digit && !p->cells[st->proof[i].cell])
            p->cands[st->proof[i].cell] |= 1ull << (st->proof[i].digit - 1);
    for (size_t i = 0; i < st->nplace; i++)
        if (!p->cells[st->place[i].cell])
            p->cands[st->place[i].cell] |= 1ull << (st->place[i].digit - 1);
}

void rd_replay_apply(rd_replay *p, const rd_step *st)
{
    for (size_t i = 0; i < st->nplace; i++)
        if (st->place[i].digit)
            place(p, st->place[i].cell, st->place[i].digit);
    for (size_t i = 0; i < st->nelim; i++)
        if (st->elim[i].digit)
            p->cands[st->elim[i].cell] &= ~(1ull << (st->elim[i].digit - 1));
}

void rd_replay_free(rd_replay *p)
{
    free(p->cells);
    free(p->cands);
    p->cells = NULL;
    p->cands = NULL;
}
