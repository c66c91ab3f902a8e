/*
 * record.c — replies made of the library's records. The server adds
 * nothing to a record and leaves nothing out: a reply body is the line
 * `doku <command> --format json` prints for the same puzzle, so a script
 * can move between the two without a second parser.
 */
#include "doku_records.h"
#include "record.h"
#include "clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double srv_remaining(const srv_budget *b)
{
    double left = b->deadline - now_seconds();
    return left > 0.001 ? left : 0.001;
}

double srv_budget_named(const cJSON *req, const srv_budget *b)
{
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(req, "timeout");
    double asked = cJSON_IsNumber(t) ? t->valuedouble : b->timeout;
    return asked < b->timeout ? asked : b->timeout;
}

const char *srv_seconds(char *buf, size_t cap, double secs)
{
    snprintf(buf, cap, secs >= 100 ? "%.0f" : "%.3g", secs);
    return buf;
}

char *srv_wrong_entry(doku_solver *sv, const srv_puzzle *p, double budget, uint8_t *marks)
{
    size_t nc = (size_t)doku_shape_cells(p->shape);
    doku_wrong_entry w;
    if (!marks || budget <= 0)
        return NULL;
    /* a variant grid is searched under its constraints, a classic one
     * under its units: one rule, the library's */
    doku_status st = p->cons ? doku_constraints_find_wrong_entry(p->cons, p->cells, nc, budget,
                                                                 marks, &w)
                     : sv    ? doku_find_wrong_entry(sv, p->cells, nc, budget, marks, &w)
                             : DOKU_ERR_ARG;
    if (st != DOKU_OK || !w.suspects)
        return NULL;
    doku_buf b = {0};
    if (doku_format_wrong_entry(&b, p->shape, p->cells, nc, p->symbols, marks, &w) != DOKU_OK) {
        doku_buf_free(&b);
        return NULL;
    }
    return b.data;
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

doku_status srv_record_add(doku_buf *b, const cJSON *extra)
{
    if (!extra || !extra->child || !b->data || b->len < 2)
        return b->failed ? DOKU_ERR_NOMEM : DOKU_OK;
    size_t end = b->len;
    while (end > 0 && b->data[end - 1] != '}')
        end--;
    if (!end)
        return DOKU_OK;
    doku_buf nb = {0};
    doku_buf_append(&nb, b->data, end - 1);
    int first = end == 2; /* "{}" */
    for (const cJSON *m = extra->child; m; m = m->next) {
        char *v = cJSON_PrintUnformatted(m);
        if (!v) {
            nb.failed = 1;
            break;
        }
        if (!first)
            doku_buf_append(&nb, ",", 1);
        first = 0;
        doku_buf_append_json_string(&nb, m->string);
        doku_buf_append(&nb, ":", 1);
        doku_buf_append(&nb, v, strlen(v));
        free(v);
    }
    doku_buf_append(&nb, b->data + end - 1, b->len - (end - 1));
    doku_buf_free(b);
    *b = nb;
    return b->failed ? DOKU_ERR_NOMEM : DOKU_OK;
}

void srv_reply_search(srv_reply *out, const srv_puzzle *p, const doku_search_record *rec,
                      int stats, double timeout, const cJSON *extra)
{
    doku_source src = srv_source(p);
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.format = DOKU_FORMAT_JSON;
    ro.stats = stats;
    ro.timeout = timeout;
    doku_buf b = {0};
    doku_status st = doku_format_search(&b, &src, &ro, rec);
    if (st == DOKU_OK)
        st = srv_record_add(&b, extra);
    srv_reply_buf(out, &b, st);
}

void srv_reply_reduce(srv_reply *out, const srv_puzzle *p, const doku_reduce_record *rec,
                      const char *note, const cJSON *extra)
{
    doku_source src = srv_source(p);
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.format = DOKU_FORMAT_JSON;
    doku_buf b = {0};
    doku_status st = doku_format_reduce(&b, &src, &ro, rec);
    if (st == DOKU_OK)
        st = srv_record_add(&b, extra);
    if (st == DOKU_OK && note && note[0])
        st = srv_record_note(&b, note);
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

doku_status srv_record_note(doku_buf *b, const char *note)
{
    if (!b->data || b->len < 2 || b->data[0] != '{')
        return DOKU_OK;
    doku_buf nb = {0};
    doku_buf_append(&nb, "{\"note\":", 8);
    doku_buf_append_json_string(&nb, note);
    if (b->data[1] != '}')
        doku_buf_append(&nb, ",", 1);
    doku_buf_append(&nb, b->data + 1, b->len - 1);
    doku_buf_free(b);
    if (nb.failed) {
        doku_buf_free(&nb);
        return DOKU_ERR_NOMEM;
    }
    *b = nb;
    return DOKU_OK;
}
