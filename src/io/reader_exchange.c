/*
 * reader_exchange.c — the exchange formats' lines: SadMan .sdk headers,
 * puzzle links (SudokuWiki, f-puzzles, SudokuPad), and the hand-off of
 * HoDoKu lines and OpenSudoku documents to their readers.
 */
#include "reader_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* SadMan .sdk header letters and the metadata key each becomes. */
static const char *sdk_key(char c)
{
    switch (c) {
    case 'A': return "author";
    case 'B': return "date";
    case 'C': return "comment";
    case 'D': return "description";
    case 'L': return "level";
    case 'S': return "source";
    case 'U': return "url";
    }
    return NULL;
}

/* Lines of the exchange formats. @return 1 when the line was one (with
 * *st its status). */
int rd_exchange_line(doku_reader *r, const char *line, size_t len, const char *s, size_t sl,
                     doku_status *st)
{
    *st = DOKU_OK;
    if (!r->xml.active && !r->active && s[0] == '{')
        return rd_json_line(r, s, sl, st);
    if (r->xml.active || io_xml_starts(s, sl)) {
        if (io_xml_line(&r->xml, line, len, r->lineno, rd_on_xml_game, r))
            *st = DOKU_ERR_NOMEM;
        return 1;
    }
    const char *key;
    /* "#A name" and SadMan's own "#Aname" */
    if (sl >= 2 && s[0] == '#' && (key = sdk_key(s[1])) != NULL) {
        size_t b = 2;
        while (b < sl && (s[b] == ' ' || s[b] == '\t'))
            b++;
        if (b < sl)
            io_meta_add(&r->meta_pending, key, s + b, sl - b);
        return 1;
    }
    if (s[0] == '#')
        return 0; /* a comment line, whatever it quotes */
    if (s[0] == ':') {
        int handled;
        *st = rd_hodoku_line(r, s, sl, &handled);
        if (handled)
            return 1;
    }
    if (sl < 20 || (!memchr(s, '/', sl)))
        return 0;
    if (!r->link_cells && !(r->link_cells = malloc(DOKU_MAX_CELLS))) {
        *st = DOKU_ERR_NOMEM;
        return 1;
    }
    io_puzzle p;
    memset(&p, 0, sizeof p);
    p.cells = r->link_cells;
    char why[240];
    size_t col = 0;
    int rc = io_link_decode(line, len, &p, why, sizeof why, &col);
    if (rc == 0) {
        doku_buf_free(&p.meta);
        return 0;
    }
    if (r->active)
        rd_abandon_grid(r, r->lineno, col, "grid ended by a link");
    r->skipping = 0;
    if (rc < 0) {
        *st = rd_push_error(r, r->lineno, col, DOKU_ERR_PARSE, why);
    } else if (r->opts.n && r->opts.n != p.n) {
        snprintf(why, sizeof why, "puzzle is %dx%d, expected %dx%d", p.n, p.n, r->opts.n, r->opts.n);
        *st = rd_push_error(r, r->lineno, col, DOKU_ERR_SIZE, why);
    } else {
        r->gcomment_len = 0;
        rd_comment_append(r, line, p.at);
        rd_comment_append(r, line + p.end, len - p.end);
        doku_buf_reset(&r->meta_extra);
        if (p.meta.len)
            doku_buf_append(&r->meta_extra, p.meta.data, p.meta.len);
        *st = rd_emit_values(r, p.cells, p.n, r->lineno, col, r->gcomment ? r->gcomment : "",
                          r->gcomment_len);
    }
    doku_buf_free(&p.meta);
    return 1;
}
