/*
 * record_json.c — doku_constraints_write_json: the "constraints" array of
 * doku's JSON records, written once here so the CLI's records and the
 * server's API carry the same bytes (read back by read_record.c).
 */
#include "cons_internal.h"

doku_status doku_constraints_write_json(doku_buf *out, const doku_constraints *cs)
{
    if (!out || !cs)
        return DOKU_ERR_ARG;
    const doku_shape *s = doku_constraints_shape(cs);
    size_t count = doku_constraints_count(cs);
    doku_buf_append(out, "[", 1);
    for (size_t i = 0; i < count; i++) {
        doku_constraint c;
        if (doku_constraints_get(cs, i, &c) != DOKU_OK)
            return DOKU_ERR_ARG;
        doku_buf_printf(out, "%s{\"kind\":\"%s\",\"cells\":[", i ? "," : "",
                        doku_constraint_kind_key(c.kind));
        for (size_t k = 0; k < c.ncells; k++) {
            char name[16];
            doku_cell_name(s, c.cells[k], name, sizeof name, NULL);
            doku_buf_printf(out, "%s\"%s\"", k ? "," : "", name);
        }
        doku_buf_append(out, "],\"params\":[", 12);
        for (size_t k = 0; k < c.nparams; k++)
            doku_buf_printf(out, "%s%d", k ? "," : "", c.params[k]);
        /* the sentence: a reader of the record sees what the numbers mean */
        char text[512];
        doku_constraint_text(cs, i, text, sizeof text, NULL);
        doku_buf_append(out, "],\"text\":", 9);
        doku_buf_append_json_string(out, text);
        doku_buf_append(out, "}", 1);
    }
    return doku_buf_append(out, "]", 1) == DOKU_OK && !out->failed ? DOKU_OK : DOKU_ERR_NOMEM;
}
