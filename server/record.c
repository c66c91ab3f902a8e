/*
 * record.c — replies made of the library's records. The server adds
 * nothing to a record and leaves nothing out: a reply body is the line
 * `doku <command> --format json` prints for the same puzzle, so a script
 * can move between the two without a second parser.
 */
#include "record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double srv_remaining(const srv_budget *b)
{
    double left = b->deadline - srv_now();
    return left > 0.001 ? left : 0.001;
}

doku_source srv_source(const srv_puzzle *p)
{
    doku_source src;
    memset(&src, 0, sizeof src);
    src.file = "";
    src.line = 1;
    src.shape = p->shape;
    src.cells = p->cells;
    src.comment = p->comment;
    src.symbols = p->symbols;
    return src;
}

void srv_reply_buf(srv_reply *out, doku_buf *b, doku_status st)
{
    if (st != DOKU_OK || b->failed || !b->data) {
        doku_buf_free(b);
        srv_reply_error(out, 500, st == DOKU_ERR_NOMEM || b->failed ? "no_memory" : "internal",
                        st == DOKU_OK ? "out of memory" : doku_status_string(st), NULL);
        return;
    }
    srv_reply_take(out, 200, b->data, b->len);
    b->data = NULL;
    doku_buf_free(b);
}

void srv_reply_search(srv_reply *out, const srv_puzzle *p, const doku_search_record *rec,
                      int stats, double timeout)
{
    doku_source src = srv_source(p);
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.format = DOKU_FORMAT_JSON;
    ro.stats = stats;
    ro.timeout = timeout;
    doku_buf b = {0};
    doku_status st = doku_format_search(&b, &src, &ro, rec);
    srv_reply_buf(out, &b, st);
}

void srv_reply_logic(srv_reply *out, const srv_puzzle *p, const doku_logic_record *rec,
                     int history)
{
    doku_source src = srv_source(p);
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.format = DOKU_FORMAT_JSON;
    ro.history = history;
    doku_buf b = {0};
    doku_status st = doku_format_logic(&b, &src, &ro, rec);
    srv_reply_buf(out, &b, st);
}

long srv_describe_conflicts(doku_buf *b, const doku_shape *s, const uint8_t *cells,
                            doku_symbols symbols, uint8_t *marks)
{
    enum { SHOWN = 8 };
    doku_conflict found[SHOWN];
    long total = doku_find_conflicts(s, cells, found, SHOWN);
    if (total <= 0)
        return total;
    int n = doku_shape_n(s);
    size_t shown = (size_t)total < SHOWN ? (size_t)total : SHOWN;
    for (size_t i = 0; i < shown; i++) {
        char a[16], c[16], unit[32], sym[8], text[128];
        doku_cell_name(s, found[i].cell_a, a, sizeof a);
        doku_cell_name(s, found[i].cell_b, c, sizeof c);
        doku_shape_unit_name(s, found[i].unit, unit, sizeof unit);
        if (n > 35)
            snprintf(sym, sizeof sym, "%d", found[i].digit);
        else
            snprintf(sym, sizeof sym, "%c", doku_symbol(n, symbols, found[i].digit));
        int len = snprintf(text, sizeof text, "%s%s and %s both hold %s in %s", i ? "; " : "", a,
                           c, sym, unit);
        doku_buf_append(b, text, (size_t)len);
    }
    if ((size_t)total > shown) {
        char more[48];
        int len = snprintf(more, sizeof more, "; and %ld more", total - (long)shown);
        doku_buf_append(b, more, (size_t)len);
    }
    if (marks) {
        doku_conflict *all = malloc(sizeof *all * (size_t)total);
        if (all) {
            doku_find_conflicts(s, cells, all, (size_t)total);
            for (long i = 0; i < total; i++)
                marks[all[i].cell_a] = marks[all[i].cell_b] = 1;
            free(all);
        }
    }
    return total;
}
