/*
 * variant_draw.h — random constraints true of a filled grid (tests).
 */
#ifndef VARIANT_DRAW_H
#define VARIANT_DRAW_H

#include "doku_constraints.h"

#include <stdint.h>

/* A number in 0..k-1 from the generator state *s (deterministic). */
int vd_rnd(uint64_t *s, int k);

/* Tries to add to cs one random constraint of kind that the filled grid
 * g (of shape sh) obeys, as variant_checker.h judges it; the global rules
 * are added whether g obeys them or not. @return 1 if one was added. */
int vd_add_true(doku_constraints *cs, const doku_shape *sh, doku_constraint_kind kind,
                const uint8_t *g, uint64_t *s);

#endif
