/*
 * write_internal.h — what the variant writers share: the puzzle being
 * written (write.c fills it and picks the writer) and the writers
 * (write_text.c, write_fpuzzles.c, write_killer.c).
 */
#ifndef DOKU_WRITE_INTERNAL_H
#define DOKU_WRITE_INTERNAL_H

#include "cons_internal.h"

typedef struct vw {
    const doku_constraints *cs;
    const doku_shape *s;
    int n;
    const uint8_t *givens;   /* NULL: none */
    const uint8_t *solution; /* NULL: none */
    uint8_t regions[DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N];
    int jigsaw;     /* regions replace the default boxes (jigsaw, or boxes
                       of another size than doku's default) */
    int keep_boxes; /* regions are extra units beside the boxes */
    const char *title, *author; /* NULL: none */
    char *msg;
    size_t cap;
} vw;

/* Appends "r1c1 r1c2 ..." (doku's cell names, sep between). */
void vw_cells(doku_buf *out, int n, const uint16_t *cells, size_t ncells, const char *sep);

/* Each appends p in its format to out. @return DOKU_OK, DOKU_ERR_VARIANT
 * (msg says which constraint the format cannot carry) or DOKU_ERR_NOMEM. */
doku_status vw_text(const vw *p, doku_buf *out);
doku_status vw_fpuzzles(const vw *p, doku_buf *out);
doku_status vw_sudokuwiki(const vw *p, doku_buf *out);
doku_status vw_killer(const vw *p, doku_buf *out);

/* Refuses constraint i for format: "<format> cannot carry <constraint
 * text>: why" into p->msg. @return DOKU_ERR_VARIANT. */
doku_status vw_refuse(const vw *p, size_t i, const char *format, const char *why);

#endif
