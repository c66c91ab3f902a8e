/*
 * write_common.c — pieces every variant writer uses: the refusal naming a
 * constraint a format cannot carry, and cell lists.
 */
#include "write_internal.h"

#include <stdio.h>

doku_status vw_refuse(const vw *p, size_t i, const char *format, const char *why)
{
    char what[160];
    doku_constraint_text(p->cs, i, what, sizeof what, NULL);
    snprintf(p->msg, p->cap, "%s cannot carry %s: %s", format, what, why);
    return DOKU_ERR_VARIANT;
}

void vw_cells(doku_buf *out, int n, const uint16_t *cells, size_t ncells, const char *sep)
{
    for (size_t i = 0; i < ncells; i++)
        doku_buf_printf(out, "%sr%dc%d", i ? sep : "", cells[i] / n + 1, cells[i] % n + 1);
}
