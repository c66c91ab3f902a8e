/*
 * record.h — one of the library's JSON records (docs/FORMATS.md,
 * "Records"), read back into what a picture needs: the puzzle, its
 * solution, conflicting cells, the steps of an explanation or hint, and
 * the caption's facts. Every command's record is read the same way: a
 * field that is there is used, one that is not is left empty.
 */
#ifndef DOKU_RENDER_RECORD_H
#define DOKU_RENDER_RECORD_H

#include "doku.h"

#include <stddef.h>
#include <stdint.h>

/* The alphabet of a record's line form: a doku_symbols value, or
 * RD_DECIMAL for space-separated numbers (sides above the alphabets). */
enum { RD_DECIMAL = -1 };

typedef struct rd_cand {
    int cell;    /* 0-based */
    int digit;   /* 1..n; 0: the whole cell */
} rd_cand;

/* A link of a chain, as the step's sentence writes it: "A -> B". */
typedef struct rd_link {
    rd_cand from, to;
    int to_on;   /* 1: "rNcM=D" (the candidate is true), 0: "rNcM<>D" */
} rd_link;

typedef struct rd_step {
    char *technique;           /* display name */
    char *text;                /* the sentence */
    double rating;
    rd_cand *place, *elim, *proof;
    size_t nplace, nelim, nproof;
    rd_link *links;            /* read from the sentence's "->" arrows */
    size_t nlinks;
} rd_step;

/* A variant constraint of the record ("constraints": docs/API.md
 * "Variant constraints"): a doku_constraint_kind, its cells in the
 * model's order and its numbers. */
typedef struct rd_constraint {
    int kind;                  /* doku_constraint_kind */
    int *cells;                /* 0-based */
    size_t ncells;
    int *params;
    size_t nparams;
} rd_constraint;

typedef struct rd_record {
    const doku_shape *shape;   /* the caller's */
    int n;
    int symbols;               /* alphabet of the line forms (doku_symbols or RD_DECIMAL) */
    uint8_t *puzzle;           /* n*n values, 0 empty */
    uint8_t *solution;         /* n*n values, or NULL */
    uint8_t *conflict;         /* n*n flags (check records), or NULL */
    uint8_t *played;           /* n*n values: the puzzle with a player's own
                                  digits ("entries", the web page's export)
                                  in its empty cells, or NULL without them */
    char *status, *message, *comment, *file, *level;
    long line;                 /* 0: none */
    long index;                /* generate: 1-based number; 0: none */
    int has_seed;
    uint64_t seed;
    double rating;             /* explain: the rating; < 0: none */
    rd_step *steps;            /* explain: every step; hint: its one step */
    size_t nsteps;
    rd_constraint *cons;       /* variant constraints, in the record's order */
    size_t ncons;
} rd_record;

/* Reads one JSON record of shape (which must hold the puzzle) written in
 * symbols (the CLI's --symbols; AUTO tries the alphabets the CLI writes).
 * @return 0 with *r filled (the caller frees it with rd_record_free), or
 * -1 with a message in why and *r empty. */
int rd_record_parse(rd_record *r, const doku_shape *shape, doku_symbols symbols,
                    const char *json, size_t len, char *why, size_t cap);

/* Frees what r holds (r itself is the caller's); NULL is fine. */
void rd_record_free(rd_record *r);

/* A malloc'd copy of s (the caller frees it); NULL for NULL s or out of
 * memory. */
char *rd_strdup(const char *s);

/* The symbol of value v (1..n) in the record's alphabet, as the CLI
 * writes it, into buf (at least 4 bytes). @return buf. */
const char *rd_symbol(const rd_record *r, int v, char *buf);

#endif
