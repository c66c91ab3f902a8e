/*
 * export_variant.c — see export_variant.h. A variant puzzle is written
 * by the library's one variant writer, as `doku convert` writes it; a
 * format that cannot carry its constraints is refused by name, never
 * written without them.
 */
#include "export_variant.h"

#include "doku_constraints.h"

#include <stdio.h>
#include <string.h>

typedef struct vformat {
    const char *name;
    doku_variant_format fmt;
    const char *ext, *type;
    int only;                /* written by the variant writer alone */
} vformat;

static const vformat vformats[] = {
    {"text", DOKU_VARIANT_FORMAT_TEXT, "txt", "text/plain; charset=utf-8", 1},
    {"fpuzzles-json", DOKU_VARIANT_FORMAT_JSON, "json", "application/json", 1},
    {"killer", DOKU_VARIANT_FORMAT_KILLER, "txt", "text/plain; charset=utf-8", 1},
    {"fpuzzles", DOKU_VARIANT_FORMAT_FPUZZLES, "txt", "text/plain; charset=utf-8", 0},
    {"sudokupad", DOKU_VARIANT_FORMAT_SUDOKUPAD, "txt", "text/plain; charset=utf-8", 0},
    {"sudokuwiki", DOKU_VARIANT_FORMAT_SUDOKUWIKI, "txt", "text/plain; charset=utf-8", 0},
};

static const vformat *find(const char *name)
{
    for (size_t i = 0; name && i < sizeof vformats / sizeof vformats[0]; i++)
        if (!strcmp(vformats[i].name, name))
            return &vformats[i];
    return NULL;
}

int srv_export_variant(const srv_puzzle *p, const char *format, const char *name,
                       const char *title, const char *author, srv_reply *out)
{
    const vformat *f = find(format);
    if (!p->cons && !(f && f->only))
        return 0;
    /* pictures, booklets and workbooks read the constraints from the
     * record they are drawn from: the document path takes them */
    static const char *const documents[] = {"pdf", "png", "svg", "xlsx"};
    for (size_t i = 0; !f && i < sizeof documents / sizeof documents[0]; i++)
        if (!strcmp(format, documents[i]))
            return 0;
    if (!f) {
        char msg[300];
        snprintf(msg, sizeof msg,
                 "a %s file cannot hold the puzzle's variant constraints: save it as text (doku's "
                 "variant format), fpuzzles, sudokupad, fpuzzles-json, sudokuwiki, killer, or a "
                 "picture (pdf, png, svg) or workbook (xlsx)",
                 format);
        srv_reply_error(out, 422, "format_cannot_hold", msg, "format");
        return 1;
    }
    doku_constraints *none = NULL;
    const doku_constraints *cs = p->cons;
    if (!cs && doku_constraints_create(p->shape, &none) != DOKU_OK) {
        char msg[160];
        snprintf(msg, sizeof msg, "%s holds square shapes up to %dx%d", format,
                 DOKU_CONSTRAINTS_MAX_N, DOKU_CONSTRAINTS_MAX_N);
        srv_reply_error(out, 422, "format_cannot_hold", msg, "format");
        return 1;
    }
    if (!cs)
        cs = none;
    doku_buf b = {0};
    char msg[400] = "";
    doku_status st = doku_variant_write_titled(&b, cs, p->cells, NULL, title, author, f->fmt, msg,
                                               sizeof msg);
    doku_constraints_free(none);
    /* a link or a string is a line, as doku convert prints it */
    if (st == DOKU_OK && b.len && b.data[b.len - 1] != '\n')
        doku_buf_append(&b, "\n", 1);
    if (st == DOKU_ERR_VARIANT) {
        srv_reply_error(out, 422, "format_cannot_hold", msg[0] ? msg : "the format cannot hold this puzzle",
                        "format");
    } else if (st != DOKU_OK || b.failed || !b.data) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
    } else {
        char file[128];
        if (name && *name)
            snprintf(file, sizeof file, "%.100s.%s", name, f->ext);
        else
            snprintf(file, sizeof file, "doku-%dx%d.%s", p->n, p->n, f->ext);
        srv_reply_file(out, 200, b.data, b.len, f->type, file);
        b.data = NULL;
    }
    doku_buf_free(&b);
    return 1;
}
