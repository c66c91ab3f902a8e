/*
 * write_text.c — doku's own variant text format (read_text.c reads it):
 * the shape statements, givens, solution, then one statement per
 * constraint as "keyword numbers cells", which carries every kind as the
 * model holds it.
 */
#include "write_internal.h"

static char sym(int v) { return v <= 0 ? '.' : v <= 9 ? (char)('0' + v) : (char)('A' + v - 10); }

static void grid_line(doku_buf *out, const char *key, const uint8_t *g, int n, int offset)
{
    doku_buf_printf(out, "%s ", key);
    for (int i = 0; i < n * n; i++) {
        char c = sym(g[i] + offset);
        doku_buf_append(out, &c, 1);
    }
    doku_buf_append(out, "\n", 1);
}

doku_status vw_text(const vw *p, doku_buf *out)
{
    int n = p->n;
    unsigned v = p->s->variants;
    doku_buf_printf(out, "size %d\n", n);
    if (v)
        doku_buf_printf(out, "variant%s%s\n", v & DOKU_VARIANT_X ? " x" : "",
                        v & DOKU_VARIANT_HYPER ? " hyper" : "");
    /* one line each: a line break or control character becomes a space */
    const char *words[2][2] = {{"title", p->title}, {"author", p->author}};
    for (int k = 0; k < 2; k++) {
        if (!words[k][1])
            continue;
        doku_buf_printf(out, "%s ", words[k][0]);
        for (const char *s = words[k][1]; *s; s++)
            doku_buf_append(out, (unsigned char)*s < ' ' || *s == 0x7f ? " " : s, 1);
        doku_buf_append(out, "\n", 1);
    }
    if (p->jigsaw) {
        grid_line(out, "regions", p->regions, n, 1);
        if (p->keep_boxes)
            doku_buf_printf(out, "keep-boxes\n");
    }
    int any = 0;
    for (int i = 0; p->givens && i < n * n; i++)
        any |= p->givens[i] != 0;
    if (any)
        grid_line(out, "givens", p->givens, n, 0);
    if (p->solution)
        grid_line(out, "solution", p->solution, n, 0);
    for (size_t i = 0; i < doku_constraints_count(p->cs); i++) {
        doku_constraint c;
        doku_constraints_get(p->cs, i, &c);
        doku_buf_printf(out, "%s", doku_constraint_kind_key(c.kind));
        for (size_t k = 0; k < c.nparams; k++)
            doku_buf_printf(out, " %d", c.params[k]);
        if (c.ncells)
            doku_buf_append(out, " ", 1);
        vw_cells(out, n, c.cells, c.ncells, " ");
        doku_buf_append(out, "\n", 1);
    }
    return DOKU_OK;
}
