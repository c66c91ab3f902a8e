/*
 * variant_checker.h — an independent judge of filled variant grids for
 * the tests: every unit of the shape and every constraint evaluated from
 * its definition (docs/FORMATS.md "Variant puzzles"), written apart from
 * the library's engine and its doku_constraints_check, so a propagation
 * bug and a checker bug must coincide to pass unseen.
 */
#ifndef VARIANT_CHECKER_H
#define VARIANT_CHECKER_H

#include "doku_constraints.h"

/* @return NULL when grid (n*n digits, all filled) obeys every unit and
 * constraint, else a static description of the first rule it breaks. */
const char *vc_check(const doku_constraints *cs, const uint8_t *grid);

#endif
