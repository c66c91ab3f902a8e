/*
 * gen_request.h — the generator's request fields (clues, symmetry,
 * difficulty, rating, require, minimal, full, seed) read once, and
 * puzzle k of a master seed made from them: what /api/generate answers
 * with k = 0 and /api/print lays out for k = 0 .. count-1, as `doku
 * generate --seed S -n N` and `doku print --generate` number them.
 */
#ifndef DOKU_SERVER_GEN_REQUEST_H
#define DOKU_SERVER_GEN_REQUEST_H

#include "api.h"
#include "request.h"
#include "variant_rate.h"

#include "doku.h"
#include "doku_records.h"

/* Search nodes per uniqueness check when minimality must be proven (the
 * CLI's figure). */
#define SRV_PROOF_BUDGET 200000

typedef struct srv_gen {
    srv_puzzle p;            /* the shape (no puzzle) */
    int lo, hi;              /* clues: a band of givens, 0 0 = any */
    int minimal, full, have_rating;
    uint64_t seed;           /* the master seed */
    double timeout;          /* the request's budget in seconds */
    double named;            /* the same as its messages name it
                                (srv_budget_named) */
    doku_symmetry sym;
    doku_difficulty difficulty; /* a name asked for: its range is bo */
    doku_qqwing_level qqwing;
    char note[240];          /* "" or the note of an old spelling */
    doku_rating_filter_opts bo;
    doku_generator *g;       /* owned */
    doku_rating_filter *band;/* owned; NULL without a rating request */
    doku_vgen_opts vo;       /* p.vset >= 0: the constraint set to make
                                (killer...) and its cage sizes */
    vrate_want want;         /* a set's difficulty (vo.filter's user) */
} srv_gen;

/* Reads the generate fields of req into g and makes its generator. A
 * constraint set named in "variants" (killer, thermo, arrow, kropki, xv:
 * p.vset) takes "cage_size" ("2-5"), "difficulty" (doku's own scale) and
 * the seed and budget only, as `doku generate --killer` does (no clues,
 * symmetry, rating...).
 * @return 0, or -1 with the reply (400 naming the field, 500) in out;
 * either way srv_gen_free(g) afterwards. */
int srv_gen_read(srv_gen *g, const cJSON *req, const srv_budget *bud, srv_reply *out);

/* Makes puzzle index of g's master seed within timeout seconds: puzzle
 * and solution (n*n each, the caller's) and res. @return as doku_generate
 * (DOKU_GAVE_UP, res->found 0: nothing within the budget). */
doku_status srv_gen_make(srv_gen *g, uint64_t index, double timeout, uint8_t *puzzle,
                         uint8_t *solution, doku_generate_result *res);

/* Appends the JSON record `doku generate --format json` writes for that
 * puzzle. @return as doku_format_generate. */
doku_status srv_gen_record(const srv_gen *g, uint64_t index, const uint8_t *puzzle,
                           const uint8_t *solution, const doku_generate_result *res,
                           doku_buf *b);

/* What a generator for constraints made (the members of the generate
 * record that differ from puzzle to puzzle). */
typedef struct srv_made {
    int givens;
    uint64_t attempts;      /* full grids tried */
    doku_symmetry symmetry; /* of the givens (NONE when not asked) */
    int minimal;            /* every given proven needed */
} srv_made;

/* Appends the record of a puzzle made with constraints (a killer set or
 * a setter's drawn ones): srv_gen_record's for m, then extra's members
 * (the constraints, a set's name, a rating). extra is consumed (freed
 * here; NULL, a failed build of it, answers DOKU_ERR_NOMEM).
 * @return DOKU_OK or DOKU_ERR_NOMEM. */
doku_status srv_gen_record_constraints(const srv_gen *g, uint64_t index, const uint8_t *puzzle,
                                       const uint8_t *solution, const srv_made *m, cJSON *extra,
                                       doku_buf *b);

/* Frees what g owns; g may be reused after srv_gen_read. */
void srv_gen_free(srv_gen *g);

/* The fields reduce shares with generate. Each returns 0 (defaults when
 * absent), or -1 with a 400 in out. */
int srv_read_clues(const cJSON *req, int ncells, int *lo, int *hi, srv_reply *out);
int srv_read_symmetry(const cJSON *req, doku_symmetry *sym, srv_reply *out);
/* "difficulty" (a name of the vocabulary, or qqwing's old names with a
 * note, written to note: cap bytes, "" when none) and "qqwing_level". */
int srv_read_difficulty(const cJSON *req, doku_difficulty *d, doku_qqwing_level *q, char *note,
                        size_t cap, srv_reply *out);

#endif
