/*
 * gen_filter.h — the acceptance filter `doku generate` hands the library
 * (and `doku reduce` applies to its results) for requests only the logic grader can judge (--rating, --require).
 * Kept apart so the generator pipeline does not depend on the grader: the
 * filter is a doku_puzzle_filter, and this file is the only place that
 * knows how a rating or a technique is checked.
 */
#ifndef DOKU_CLI_GEN_FILTER_H
#define DOKU_CLI_GEN_FILTER_H

#include "doku.h"

#include <stddef.h>

typedef struct gen_filter_spec {
    int have_rating;
    double rating_min, rating_max;
    int rating_open;          /* "MIN+": no upper bound */
    doku_difficulty difficulty; /* --difficulty NAME: its range (else ANY) */
    const char *require;      /* technique list as given, or NULL */
    uint64_t require_mask;    /* parsed by gen_filter_check */
} gen_filter_spec;

/* Parses the value v of option opt of command cmd as a rating range
 * (doku_parse_rating_range) into the spec. @return 0, or -1 after the
 * message. */
int gen_filter_parse_rating(gen_filter_spec *f, const char *opt, const char *v,
                            const char *cmd);
/* Asks for the ER range of the difficulty d (EASY ... EXTREME).
 * @return 0, or -1 for ANY or UNSOLVED. */
int gen_filter_set_difficulty(gen_filter_spec *f, doku_difficulty d);
/* 1 if the spec asks for anything. */
int gen_filter_active(const gen_filter_spec *f);
/* Parses and checks the technique list. @return 0, or -1 after printing
 * why to stderr, naming the command cmd ("generate", "reduce"). */
int gen_filter_check(gen_filter_spec *f, const char *cmd);
/* The generator class that every accepted puzzle must have (a cheap
 * screen before grading): EXPERT for bands above 3.4 or for required
 * techniques all tried after the hidden pair, else ANY. */
doku_qqwing_level gen_filter_class(const gen_filter_spec *f);
/* 1 if the band judge itself rejects every candidate below that class
 * (cheaper than the generator screening it first). */
int gen_filter_band_screens(const gen_filter_spec *f);
/* Appends ", rated 2.0-4.5, using TECH" style text to buf. */
void gen_filter_describe(const gen_filter_spec *f, char *buf, size_t cap);

/* The rating filter for one thread (a doku_puzzle_filter is
 * doku_rating_filter_accept with it as user). @return NULL when out of
 * memory. */
doku_rating_filter *gen_filter_band(const gen_filter_spec *f,
                                    const doku_shape *s);

#endif
