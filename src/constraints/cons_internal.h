/*
 * cons_internal.h — the layout of a constraint list, shared by the list
 * (model.c), its validation (validate.c), the checker (check.c), the
 * engine (src/constraints/engine*.c) and the readers.
 */
#ifndef DOKU_CONS_INTERNAL_H
#define DOKU_CONS_INTERNAL_H

#include "doku_constraints.h"
#include "shape_internal.h"

#include <stddef.h>

typedef struct cons_item {
    doku_constraint_kind kind;
    size_t cell_off, ncells;   /* into cells */
    size_t param_off, nparams; /* into params */
} cons_item;

struct doku_constraints {
    const doku_shape *shape;
    cons_item *items;
    size_t count, cap;
    uint16_t *cells;
    size_t ncells, cells_cap;
    int *params;
    size_t nparams, params_cap;
    char error[256];
};

/* Checks one constraint against the shape before it is added. @return 1
 * when it is well formed and can hold; 0 with msg (cap bytes) saying why,
 * naming the constraint and its cells (validate.c). */
int cons_validate(const doku_shape *s, doku_constraint_kind kind, const uint16_t *cells,
                  size_t ncells, const int *params, size_t nparams, char *msg, size_t cap);

/* Writes "<name>[ <sum>] at r1c1 r1c2 ..." for a constraint into buf
 * (cells outside the grid as "cell #N"). @return as snprintf (text.c). */
int cons_describe(const doku_shape *s, doku_constraint_kind kind, const uint16_t *cells,
                  size_t ncells, const int *params, size_t nparams, char *buf, size_t cap);

/* The whispers' difference: params[0], or ceil(n/2) when absent. */
static inline int cons_whisper_diff(int n, const int *params, size_t nparams)
{
    return nparams ? params[0] : (n + 1) / 2;
}

/* The orthogonal neighbours of cell (up to 4) into out. @return how many. */
static inline int cons_orth(int n, int cell, int out[4])
{
    int r = cell / n, c = cell % n, k = 0;
    if (r > 0) out[k++] = cell - n;
    if (r < n - 1) out[k++] = cell + n;
    if (c > 0) out[k++] = cell - 1;
    if (c < n - 1) out[k++] = cell + 1;
    return k;
}

/* 1 when a and b are different cells a king's move apart. */
static inline int cons_king_adjacent(int n, int a, int b)
{
    int dr = a / n - b / n, dc = a % n - b % n;
    return a != b && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1;
}

/* 1 when a and b share a side. */
static inline int cons_orth_adjacent(int n, int a, int b)
{
    int dr = a / n - b / n, dc = a % n - b % n;
    return (dr == 0 && (dc == 1 || dc == -1)) || (dc == 0 && (dr == 1 || dr == -1));
}

#endif
