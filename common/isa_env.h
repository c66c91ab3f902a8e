/*
 * isa_env.h — DOKU_ISA, the environment variable that caps the SIMD tier
 * of the fast paths. The library reads no environment (GUIDE.md: programs
 * hand it every choice), so the programs read it here and apply it to the
 * solvers and generators they create.
 */
#ifndef DOKU_COMMON_ISA_ENV_H
#define DOKU_COMMON_ISA_ENV_H

#include "doku.h"

/* Reads DOKU_ISA into *out: DOKU_ISA_AUTO when unset or empty.
 * @return DOKU_OK; DOKU_ERR_PARSE when it names no tier, DOKU_ERR_ARG
 * when this CPU lacks the tier it names (*out AUTO for both, so a
 * caller that does not stop runs the best tier). Thread-safe while no
 * thread changes the environment. */
doku_status isa_env(doku_isa *out);

/* Applies DOKU_ISA to a new solver or generator (nothing when unset or
 * refused: main() refuses a bad one before anything runs). NULL is
 * ignored. */
void isa_env_solver(doku_solver *sv);
void isa_env_generator(doku_generator *g);

#endif
