/*
 * workbook_input.c — recognising a workbook needs no library: its first
 * bytes say it. The reader itself is formats/workbook_reader.c; a build
 * without it answers with book_read_unavailable, which says what to
 * install, as document_open does for output.
 */
#include "workbook_input.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

book_kind book_kind_of(const char *path)
{
    unsigned char head[8] = {0};
    FILE *f = fopen(path, "rb");
    if (f) {
        size_t got = fread(head, 1, sizeof head, f);
        fclose(f);
        if (got >= 4 && !memcmp(head, "PK\x03\x04", 4))
            return BOOK_ZIP;
        if (got == 8 && !memcmp(head, "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", 8))
            return BOOK_XLS;
    }
    return BOOK_NONE;
}

long book_read_unavailable(const char *path, book_kind kind, const book_request *req,
                           book_sink sink, void *ctx, char *why, size_t cap)
{
    (void)req;
    (void)sink;
    (void)ctx;
    snprintf(why, cap, "%s: this doku was built without %s input: install %s and rebuild",
             path, kind == BOOK_XLS ? ".xls" : ".xlsx/.ods",
             kind == BOOK_XLS ? "libfreexl-dev" : "libzip-dev libexpat1-dev");
    return -1;
}

char *book_variant_text(const book_puzzle *p)
{
    static const char sym[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    size_t nc = (size_t)p->n * (size_t)p->n;
    size_t cons = p->constraints ? strlen(p->constraints) : 0;
    size_t words = p->comment ? strlen(p->comment) : 0;
    size_t cap = 4 * nc + cons + words + 112;
    char *t = malloc(cap);
    if (!t)
        return NULL;
    size_t o = (size_t)snprintf(t, cap, "size %d\n", p->n);
    if (p->variants & (DOKU_VARIANT_X | DOKU_VARIANT_HYPER))
        o += (size_t)snprintf(t + o, cap - o, "variant%s%s\n",
                              p->variants & DOKU_VARIANT_X ? " x" : "",
                              p->variants & DOKU_VARIANT_HYPER ? " hyper" : "");
    if (p->regions)
        o += (size_t)snprintf(t + o, cap - o, "regions %s\n%s", p->regions,
                              p->keep_boxes ? "keep-boxes\n" : "");
    if (p->comment && p->comment[0]) {
        /* the sheet's comment is the puzzle's title: one line, and a '#'
         * there would start a comment of the text */
        o += (size_t)snprintf(t + o, cap - o, "title ");
        for (const char *c = p->comment; *c && o + 2 < cap; c++)
            t[o++] = (unsigned char)*c < ' ' || *c == '#' ? ' ' : *c;
        t[o++] = '\n';
    }
    o += (size_t)snprintf(t + o, cap - o, "givens ");
    for (size_t i = 0; i < nc && o + 1 < cap; i++) {
        uint8_t v = p->cells ? p->cells[i] : 0;
        t[o++] = v && v <= 35 ? sym[v - 1] : '.';
    }
    /* digits set apart from the givens that fill the grid with them: the
     * puzzle's solution (a full killer read as one), kept, not dropped */
    int full = p->entries != NULL;
    for (size_t i = 0; i < nc && full; i++)
        full = p->cells[i] || p->entries[i];
    if (full) {
        o += (size_t)snprintf(t + o, cap - o, "\nsolution ");
        for (size_t i = 0; i < nc && o + 1 < cap; i++) {
            uint8_t v = p->cells[i] ? p->cells[i] : p->entries[i];
            t[o++] = v <= 35 ? sym[v - 1] : '.';
        }
    }
    o += (size_t)snprintf(t + o, cap - o, "\n%s", p->constraints ? p->constraints : "");
    return t;
}
