/*
 * engine_nogood.h — the nogoods the variant search keeps across its
 * restarts (engine_nogood.c), so that a restart never searches again a
 * subtree it has already been through.
 *
 * At a restart the branch from the root is a list of levels: the digit
 * placed at each level (a positive decision) and, before it, the digits
 * taken out at that level after their subtrees were searched (negative
 * decisions). Each negative decision "not x = a" at level L stands for a
 * nogood: the positive decisions of levels 0 .. L-1 together with x = a
 * lead to no solution not yet reported (Lecoutre et al., "Recording and
 * minimizing nogoods from restarts", 2007). A record keeps one branch;
 * its nogoods share the positives as a prefix.
 */
#ifndef DOKU_ENGINE_NOGOOD_H
#define DOKU_ENGINE_NOGOOD_H

#include "engine_internal.h"

typedef struct vnogoods {
    int nrec, caprec;
    int *rec;        /* [3 * nrec]: positives' start in lit_*, their count,
                        the record's first entry in lvl */
    int nlit, caplit;
    int *lit_cell;   /* positives then, level by level, negatives */
    vmask *lit_digit;
    int nlvl, caplvl;
    int *lvl;        /* per record, levels 0 .. npos: where the level's
                        negatives start in lit_*; one more for the end */
    int *changed;    /* [ncells] scratch for vng_apply */
} vnogoods;

/* An empty store for an engine of ncells cells. @return 0 when out of
 * memory (vng_free is still safe). */
int vng_init(vnogoods *g, int ncells);
void vng_free(vnogoods *g);

/* Records a branch: npos positive decisions (cell, digit) and the
 * negatives of levels 0 .. npos, level L's from neg_off[L] up to
 * neg_off[L + 1] (neg_off has npos + 2 entries). The caller's arrays are
 * copied. @return 0 when out of memory: nothing is recorded, and the
 * caller must not restart (it would report a solution again). */
int vng_record(vnogoods *g, const int *pos_cell, const vmask *pos_digit, int npos,
               const int *neg_cell, const vmask *neg_digit, const int *neg_off);

/* Takes out of dom every digit a nogood forbids and propagates that, to
 * a fixed point. A nogood acts once all its positives are placed in dom
 * (it takes its negative's digit out); one with a positive still open
 * infers nothing (a record is read as a prefix, which is cheap: a
 * positive is never inferred from the others). @return 0 on a
 * contradiction (*culprit: the cell a nogood emptied, or -1 when the
 * propagation failed, with e->fail_kind and fail_id). */
int vng_apply(const vnogoods *g, vengine *e, vmask *dom, uint8_t *fixed, int *culprit);

#endif
