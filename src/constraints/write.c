/*
 * write.c — doku_variant_write: gathers what every writer needs (the
 * region map, whether it replaces the boxes) and picks the writer; the
 * links are f-puzzles' JSON under lz-string behind the site's address.
 */
#include "write_internal.h"

#include "io/io_internal.h"

#include <stdio.h>
#include <string.h>

/* The region map of s into p (boxes or jigsaw regions). */
static void regions_of(vw *p)
{
    const doku_shape *s = p->s;
    int n = p->n, br, bc;
    doku_default_box(n, &br, &bc);
    p->jigsaw = 0;
    p->keep_boxes = 0;
    if (s->regions) {
        memcpy(p->regions, s->regions, (size_t)(n * n));
        p->jigsaw = 1;
        p->keep_boxes = s->box_rows != 0;
        return;
    }
    int rows = s->box_rows ? s->box_rows : br, cols = s->box_cols ? s->box_cols : bc;
    for (int i = 0; i < n * n; i++)
        p->regions[i] = (uint8_t)((i / n / rows) * (n / cols) + (i % n) / cols);
    p->jigsaw = rows != br || cols != bc;
}

static doku_status link_of(const vw *p, doku_buf *out, const char *address)
{
    doku_buf json = {0};
    doku_status st = vw_fpuzzles(p, &json);
    if (st == DOKU_OK && json.failed)
        st = DOKU_ERR_NOMEM;
    if (st == DOKU_OK) {
        io_buf_puts(out, address);
        st = io_lz_compress_b64(json.data, json.len, out);
    }
    doku_buf_free(&json);
    return st;
}

doku_status doku_variant_write(doku_buf *out, const doku_constraints *cs, const uint8_t *givens,
                               const uint8_t *solution, doku_variant_format format, char *msg,
                               size_t cap)
{
    return doku_variant_write_titled(out, cs, givens, solution, NULL, NULL, format, msg, cap);
}

doku_status doku_variant_write_titled(doku_buf *out, const doku_constraints *cs,
                                      const uint8_t *givens, const uint8_t *solution,
                                      const char *title, const char *author,
                                      doku_variant_format format, char *msg, size_t cap)
{
    char dummy[8];
    if (!msg || !cap) {
        msg = dummy;
        cap = sizeof dummy;
    }
    msg[0] = 0;
    if (!out || !cs)
        return DOKU_ERR_ARG;
    vw p;
    memset(&p, 0, sizeof p);
    p.cs = cs;
    p.s = cs->shape;
    p.n = cs->shape->n;
    p.givens = givens;
    p.solution = solution;
    p.title = title && *title ? title : NULL;
    p.author = author && *author ? author : NULL;
    p.msg = msg;
    p.cap = cap;
    regions_of(&p);
    /* written into a scratch buffer first, so that a refusal leaves out as it was */
    doku_buf tmp = {0};
    doku_status st;
    switch (format) {
    case DOKU_VARIANT_FORMAT_TEXT: st = vw_text(&p, &tmp); break;
    case DOKU_VARIANT_FORMAT_JSON: st = vw_fpuzzles(&p, &tmp); break;
    case DOKU_VARIANT_FORMAT_FPUZZLES:
        st = link_of(&p, &tmp, "https://www.f-puzzles.com/?load=");
        break;
    case DOKU_VARIANT_FORMAT_SUDOKUPAD:
        st = link_of(&p, &tmp, "https://sudokupad.app/fpuzzles");
        break;
    case DOKU_VARIANT_FORMAT_SUDOKUWIKI: st = vw_sudokuwiki(&p, &tmp); break;
    case DOKU_VARIANT_FORMAT_KILLER: st = vw_killer(&p, &tmp); break;
    default: st = DOKU_ERR_ARG;
    }
    if (st == DOKU_OK && tmp.failed)
        st = DOKU_ERR_NOMEM;
    if (st == DOKU_OK && tmp.len)
        st = doku_buf_append(out, tmp.data, tmp.len);
    if (st == DOKU_ERR_NOMEM)
        snprintf(msg, cap, "out of memory");
    doku_buf_free(&tmp);
    return st;
}
