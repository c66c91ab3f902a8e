/*
 * reader_json.c — a line holding one JSON record, as `doku convert --to
 * json` and the JSON outputs write them: its "puzzle" (a one-line puzzle)
 * is read back, its "comment" kept as the comment.
 */
#include "reader_internal.h"

#include <stdio.h>
#include <string.h>

int rd_json_line(doku_reader *r, const char *s, size_t sl, doku_status *st)
{
    *st = DOKU_OK;
    if (!sl || s[0] != '{')
        return 0;
    io_json j;
    char why[120], msg[240];
    if (io_json_parse(&j, s, sl, why, sizeof why) != 0) {
        io_json_free(&j);
        snprintf(msg, sizeof msg, "a line opening with '{' is no JSON record: %s", why);
        *st = rd_push_error(r, r->lineno, 1, DOKU_ERR_PARSE, msg);
        return 1;
    }
    int p = j.nodes[0].type == IO_JSON_OBJECT ? io_json_get(&j, 0, "puzzle") : -1;
    if (p < 0 || j.nodes[p].type != IO_JSON_STRING) {
        io_json_free(&j);
        *st = rd_push_error(r, r->lineno, 1, DOKU_ERR_PARSE,
                            "JSON record with no \"puzzle\" string (a one-line puzzle)");
        return 1;
    }
    const char *puz = io_json_str(&j, p);
    size_t plen = strlen(puz);
    int c = io_json_get(&j, 0, "comment");
    const char *comment = c >= 0 && j.nodes[c].type == IO_JSON_STRING ? io_json_str(&j, c) : "";
    int m = rd_square_side(plen);
    int k = plen >= 64 ? io_cand_line_side(puz, plen, r->opts.n) : 0;
    int ok = k || (m >= MIN_SIDE && m <= MAX_CHAR_SIDE && (!r->opts.n || r->opts.n == m));
    for (size_t i = 0; ok && !k && i < plen; i++)
        ok = is_cell_char(puz[i]);
    if (!ok) {
        snprintf(msg, sizeof msg,
                 "JSON \"puzzle\" of %zu characters is no one-line puzzle (n*n cells, 81 for 9x9)",
                 plen);
        *st = rd_push_error(r, r->lineno, 1, DOKU_ERR_PARSE, msg);
    } else if (k) {
        *st = rd_emit_cand_line(r, puz, k, 1, comment, strlen(comment));
    } else {
        raw_cell *cells = r->grid;
        for (size_t i = 0; i < plen; i++) {
            cells[i].ch = puz[i];
            cells[i].mask = 0;
            cells[i].token = TOKEN_NONE;
            cells[i].line = (uint32_t)r->lineno;
            cells[i].col = 1;
        }
        *st = rd_emit_puzzle(r, cells, m, 0, r->lineno, comment, strlen(comment));
    }
    io_json_free(&j);
    return 1;
}
