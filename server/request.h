/*
 * request.h — reading an API request: the JSON body, the puzzle in any
 * format the CLI reads, the shape fields (size, box, variants, regions,
 * keep_boxes, symbols) and typed option fields. Every reader either
 * succeeds or fills the reply with a 400 that names the field (and, for
 * a puzzle, the line and column) and says what is wrong.
 */
#ifndef DOKU_SERVER_REQUEST_H
#define DOKU_SERVER_REQUEST_H

#include "reply.h"

#include "doku.h"
#include "doku_constraints.h"
#include "doku_parse.h"
#include "doku_variant_gen.h"

#include <cjson/cJSON.h>
#include <stdint.h>

typedef struct srv_puzzle {
    const doku_shape *shape; /* the worker's cached shape (cache.h): valid
                                for this request, not owned */
    int n;
    uint8_t *cells;          /* n*n givens, owned; NULL without a puzzle */
    char *comment;           /* text kept around the grid, owned ("" if none) */
    doku_symbols symbols;    /* alphabet to answer in */
    doku_constraints *cons;  /* the variant constraints (the text's and
                                the "constraints" field's) on shape,
                                owned; NULL when there are none */
    int vset;                /* a constraint set "variants" named (killer,
                                thermo...: SRV_SETS), or -1 */
} srv_puzzle;

/* srv_read_puzzle's flags. */
#define SRV_NEED_PUZZLE 1 /* a "puzzle" field is required */
#define SRV_SETS 2        /* "variants" may name a constraint set to
                             generate, as `doku generate --variant` takes
                             it (doku_parse_vgen_variants) */

/* Parses body as one JSON object. @return the tree (cJSON_Delete it), or
 * NULL with a 400 in out. */
cJSON *srv_parse_body(const char *body, size_t len, srv_reply *out);

/* Reads "puzzle" (a string in any format the CLI reads, doku's variant
 * text format or an ISS constraint string included, or an array of rows
 * of numbers), the shape fields and "constraints" (variant.h) into p. flags:
 * SRV_NEED_PUZZLE, SRV_SETS (0 or 1 as before: the puzzle's need). Without
 * SRV_NEED_PUZZLE and no "puzzle" field, the side comes from "size"
 * (default: from the box or regions, else 9) and p->cells stays NULL.
 * @return 0, or -1 with a 400 in out (p is then empty). */
int srv_read_puzzle(const cJSON *req, int flags, srv_puzzle *p, srv_reply *out);

/* Frees what p owns (not the cached shape) and zeroes it; NULL is
 * ignored. */
void srv_puzzle_free(srv_puzzle *p);

/* Typed fields. Each returns 0 with the default when the field is
 * absent or null, 0 with the value when it is valid, -1 with a 400 in out
 * otherwise. */
int srv_field_u64(const cJSON *req, const char *name, uint64_t lo, uint64_t hi, uint64_t def,
                  uint64_t *v, srv_reply *out);
int srv_field_number(const cJSON *req, const char *name, double lo, double hi, double def,
                     double *v, srv_reply *out);
int srv_field_bool(const cJSON *req, const char *name, int def, int *v, srv_reply *out);
/* A string field; *v points into req (NULL when absent). */
int srv_field_string(const cJSON *req, const char *name, const char **v, srv_reply *out);

/* "symbols": "1-9A-Z", "0-9A-Z", "A-Z" or "auto" (the default). */
int srv_field_symbols(const cJSON *req, doku_symbols *sym, srv_reply *out);

/* Reports what a doku_parse_* call said about field name: 0 on DOKU_OK;
 * otherwise a 400 "bad_field" whose message is 'field "NAME": ' and the
 * library's message (the one the CLI prints for the same value), or a
 * 500 when out of memory, and -1. */
int srv_parsed(srv_reply *out, const char *name, doku_status st, const doku_parse_error *e);

/* The seconds a request may compute: its "timeout" field when smaller
 * than the server's limit. @return 0, or -1 with a 400 in out. */
int srv_field_timeout(const cJSON *req, double server_limit, double *v, srv_reply *out);

#endif
