/*
 * reader_opensudoku.c — the games of an OpenSudoku XML document
 * (opensudoku.c scans the XML and calls rd_on_xml_game for each).
 */
#include "reader_internal.h"

#include <stdio.h>

int rd_on_xml_game(void *ctx, const char *data, size_t len, doku_buf *meta, size_t line,
                   size_t col)
{
    doku_reader *r = ctx;
    char msg[160];
    int m = data ? rd_square_side(len) : 0;
    size_t bad = 0;
    for (size_t i = 0; data && i < len && !bad; i++)
        if (!is_digit(data[i]) && data[i] != '.')
            bad = i + 1;
    doku_status st;
    if (!data) {
        st = rd_push_error(r, line, col, DOKU_ERR_PARSE, "OpenSudoku <game> without data=\"...\"");
    } else if (m < MIN_SIDE || m > DECIMAL_SIDE || bad) {
        snprintf(msg, sizeof msg, "OpenSudoku game data holds %zu characters%s; 81 digits (0 empty) expected",
                 len, bad ? " that are not all digits" : "");
        st = rd_push_error(r, line, col, DOKU_ERR_PARSE, msg);
    } else {
        uint8_t v[DECIMAL_SIDE * DECIMAL_SIDE];
        for (size_t i = 0; i < len; i++)
            v[i] = data[i] == '.' ? 0 : (uint8_t)(data[i] - '0');
        doku_buf_reset(&r->meta_extra);
        if (meta->len)
            doku_buf_append(&r->meta_extra, meta->data, meta->len);
        st = rd_emit_values(r, v, m, line, col, "", 0);
    }
    return st == DOKU_ERR_NOMEM ? 1 : 0;
}
