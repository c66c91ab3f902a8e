/*
 * reader_hodoku.c — HoDoKu library lines: a 9x9 grid with placed digits
 * and deleted candidates, read as a puzzle with pencil marks.
 */
#include "reader_internal.h"

#include <stdio.h>
#include <string.h>

/* A HoDoKu library line ":type:candidates:grid:deleted:eliminations:
 * placements:extra": the grid marks placed digits with '+', the deleted
 * candidates are "digit row col" triples; the rest is the comment. */
doku_status rd_hodoku_line(doku_reader *r, const char *s, size_t len, int *handled)
{
    size_t f[8], nf = 0;
    for (size_t i = 0; i < len && nf < 8; i++)
        if (s[i] == ':')
            f[nf++] = i;
    *handled = 0;
    if (nf < 4 || f[0] != 0)
        return DOKU_OK;
    const char *g = s + f[2] + 1;
    size_t gl = f[3] - f[2] - 1, k = 0;
    uint8_t cells[81];
    for (size_t i = 0; i < gl; i++) {
        if (g[i] == '+')
            continue;
        if (k == 81 || !(is_digit(g[i]) || g[i] == '.'))
            return DOKU_OK;
        cells[k++] = g[i] == '.' ? 0 : (uint8_t)(g[i] - '0');
    }
    if (k != 81)
        return DOKU_OK;
    *handled = 1;
    uint64_t cands[81];
    for (int i = 0; i < 81; i++) {
        uint64_t m = 0x1FF;
        for (int j = 0; j < 81; j++) {
            int same = i / 9 == j / 9 || i % 9 == j % 9 ||
                       (i / 27 == j / 27 && (i % 9) / 3 == (j % 9) / 3);
            if (j != i && same && cells[j])
                m &= ~((uint64_t)1 << (cells[j] - 1));
        }
        cands[i] = cells[i] ? (uint64_t)1 << (cells[i] - 1) : m;
    }
    const char *d = s + f[3] + 1, *de = nf > 4 ? s + f[4] : s + len;
    while (d < de) {
        while (d < de && (*d == ' ' || *d == ','))
            d++;
        if (d + 3 <= de && d[0] >= '1' && d[0] <= '9' && d[1] >= '1' && d[1] <= '9' &&
            d[2] >= '1' && d[2] <= '9') {
            int cell = (d[1] - '1') * 9 + (d[2] - '1');
            if (!cells[cell])
                cands[cell] &= ~((uint64_t)1 << (d[0] - '1'));
            d += 3;
        } else if (d < de) {
            char msg[120];
            snprintf(msg, sizeof msg, "HoDoKu line: deleted candidate '%.*s' is no digit-row-column triple",
                     (int)(de - d > 8 ? 8 : de - d), d);
            return rd_push_error(r, r->lineno, (size_t)(d - s) + 1, DOKU_ERR_PARSE, msg);
        }
    }
    for (int i = 0; i < 81; i++)
        if (!cands[i]) {
            char msg[120];
            snprintf(msg, sizeof msg, "HoDoKu line: r%dc%d has no candidates left", i / 9 + 1, i % 9 + 1);
            return rd_push_error(r, r->lineno, f[2] + 2, DOKU_ERR_PARSE, msg);
        }
    /* the comment: the line without its grid and deleted candidates */
    r->gcomment_len = 0;
    rd_comment_append(r, s, f[2] + 1);
    if (nf > 4) {
        /* joined as written: ":type:cands:" then ":elims:placements:" */
        size_t keep = r->gcomment_len;
        rd_comment_append(r, s + f[4], len - f[4]);
        if (keep && r->gcomment_len > keep) {
            memmove(r->gcomment + keep, r->gcomment + keep + 1, r->gcomment_len - keep);
            r->gcomment_len--;
        }
    }
    return rd_emit_with_cands(r, 9, cells, cands, r->lineno, r->gcomment ? r->gcomment : "",
                           r->gcomment_len);
}
