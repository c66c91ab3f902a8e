/*
 * variant_rate.h — doku's own rating of a variant puzzle (SE has no
 * scale for constraints), judged against a difficulty: what /api/reduce
 * and /api/generate do with a "difficulty" or "rating" beside
 * "constraints", as `doku generate --variant ... --difficulty` judges.
 */
#ifndef DOKU_SERVER_VARIANT_RATE_H
#define DOKU_SERVER_VARIANT_RATE_H

#include "doku.h"
#include "doku_constraints.h"

/* How one rating came out. */
typedef struct srv_vrating {
    doku_rating r;      /* what the logic reached (r.solved 0: stuck or out of time) */
    int timed_out;      /* the logic ran out of its seconds */
    double reached;     /* rating reached when out of time (doku_logic_gave_up_at) */
    uint64_t used;      /* the techniques of the steps (1ull << doku_technique) */
} srv_vrating;

/* What a request asks of the rating. */
typedef struct srv_vwant {
    double min, max;    /* the range, inclusive; max < 0: no upper bound */
    uint64_t require;   /* 0, or techniques of which the path must use one */
} srv_vwant;

/* The verdict of a rating against a range [min, max] (max < 0: none). */
typedef enum srv_vverdict {
    SRV_VRATE_IN = 0,     /* solved by logic within the range */
    SRV_VRATE_EASIER = -1,/* solved, below min */
    SRV_VRATE_HARDER = 1  /* above max, or not solved by logic */
} srv_vverdict;

/* Rates givens (n*n values, one solution under cs) with a logic context
 * for cs, within seconds of wall time. @return DOKU_OK (out filled, a
 * run out of time included), DOKU_ERR_NOMEM, or DOKU_ERR_ARG for givens
 * that break cs. */
doku_status srv_vrate(const doku_constraints *cs, const uint8_t *givens, double seconds,
                      srv_vrating *out);

/* Where v falls against w: a run out of time counts as harder, and as
 * inside an open range (max < 0) once it reached min, as `doku generate
 * --difficulty extreme` judges a variant; a solve in range that uses
 * none of w->require counts as easier (fewer givens call for more). */
srv_vverdict srv_vrate_judge(const srv_vrating *v, const srv_vwant *w);

#endif
