/*
 * book_xml.c — expat handlers for the XML inside xlsx and ods files.
 *
 * Each part is parsed as a stream (a sheet may be hundreds of megabytes
 * uncompressed) by one driver, xml_run, into a small state machine per
 * part. Element names are compared without their namespace prefix
 * ("x:c" and "c" are the same cell), as writers differ in the prefixes
 * they choose. Text is collected only where a value can be.
 */
#include "book_xml.h"

#include <expat.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CHUNK = 1 << 16, TEXT_MAX = 1 << 20 };

long xml_memory_read(void *ctx, char *buf, size_t cap)
{
    xml_memory *m = ctx;
    size_t n = m->len - m->pos < cap ? m->len - m->pos : cap;
    memcpy(buf, m->data + m->pos, n);
    m->pos += n;
    return (long)n;
}

/* ---- shared machinery --------------------------------------------------- */

typedef struct text_buf {
    char *data;
    size_t len, cap;
} text_buf;

static int text_put(text_buf *t, const char *s, size_t len)
{
    if (t->len + len > TEXT_MAX)
        return -1;
    if (t->len + len + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 64;
        while (cap < t->len + len + 1)
            cap *= 2;
        char *p = realloc(t->data, cap);
        if (!p)
            return -1;
        t->data = p;
        t->cap = cap;
    }
    memcpy(t->data + t->len, s, len);
    t->len += len;
    t->data[t->len] = '\0';
    return 0;
}

static char *xstrndup(const char *s, size_t len)
{
    char *p = malloc(len + 1);
    if (p) {
        memcpy(p, s, len);
        p[len] = '\0';
    }
    return p;
}

static const char *local_name(const char *name)
{
    const char *c = strrchr(name, ':');
    return c ? c + 1 : name;
}

static const char *attr(const char **atts, const char *local)
{
    for (int i = 0; atts[i]; i += 2)
        if (!strcmp(local_name(atts[i]), local))
            return atts[i + 1];
    return NULL;
}

/* What every part's state starts with: the parser (to stop it) and the
 * first error. */
typedef struct xml_state {
    XML_Parser parser;
    char *why;
    size_t cap;
    int failed;
} xml_state;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void fail(xml_state *x, const char *fmt, ...)
{
    if (x->failed)
        return;
    x->failed = 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->why, x->cap, fmt, ap);
    va_end(ap);
    XML_StopParser(x->parser, XML_FALSE);
}

static int xml_run(xml_state *x, xml_source_fn src, void *ctx, void *user,
                   XML_StartElementHandler start, XML_EndElementHandler end,
                   XML_CharacterDataHandler chars)
{
    XML_Parser p = XML_ParserCreate(NULL);
    if (!p) {
        snprintf(x->why, x->cap, "out of memory");
        return -1;
    }
    x->parser = p;
    XML_SetUserData(p, user);
    XML_SetElementHandler(p, start, end);
    if (chars)
        XML_SetCharacterDataHandler(p, chars);
    char *buf = malloc(CHUNK);
    int rc = 0;
    if (!buf) {
        snprintf(x->why, x->cap, "out of memory");
        rc = -1;
    }
    while (!rc) {
        long got = src(ctx, buf, CHUNK);
        if (got < 0) {
            snprintf(x->why, x->cap, "cannot read the XML");
            rc = -1;
            break;
        }
        if (XML_Parse(p, buf, (int)got, got == 0) != XML_STATUS_OK) {
            if (!x->failed)
                snprintf(x->why, x->cap, "broken XML at line %lu: %s",
                         (unsigned long)XML_GetCurrentLineNumber(p),
                         XML_ErrorString(XML_GetErrorCode(p)));
            rc = -1;
        } else if (x->failed) {
            rc = -1;
        }
        if (got == 0)
            break;
    }
    free(buf);
    XML_ParserFree(p);
    return rc;
}

/* ---- workbook.xml and its relationships --------------------------------- */

void xlsx_sheet_list_free(xlsx_sheet_list *l)
{
    for (size_t i = 0; i < l->count; i++) {
        free(l->refs[i].name);
        free(l->refs[i].rid);
        free(l->refs[i].target);
    }
    free(l->refs);
    memset(l, 0, sizeof *l);
}

typedef struct list_state {
    xml_state x;
    xlsx_sheet_list *l;
} list_state;

static void workbook_start(void *u, const char *name, const char **atts)
{
    list_state *st = u;
    if (strcmp(local_name(name), "sheet") != 0)
        return;
    const char *sheet = attr(atts, "name"), *rid = attr(atts, "id");
    if (!sheet || !rid) {
        fail(&st->x, "a sheet without a name or id in xl/workbook.xml");
        return;
    }
    xlsx_sheet_list *l = st->l;
    if (l->count == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 8;
        xlsx_sheet_ref *p = realloc(l->refs, cap * sizeof *p);
        if (!p) {
            fail(&st->x, "out of memory");
            return;
        }
        l->refs = p;
        l->cap = cap;
    }
    xlsx_sheet_ref *r = &l->refs[l->count];
    r->name = xstrndup(sheet, strlen(sheet));
    r->rid = xstrndup(rid, strlen(rid));
    r->target = NULL;
    l->count++;
    if (!r->name || !r->rid)
        fail(&st->x, "out of memory");
}

static void ignore_end(void *u, const char *name)
{
    (void)u;
    (void)name;
}

int xlsx_parse_workbook(xml_source_fn src, void *ctx, xlsx_sheet_list *out, char *why, size_t cap)
{
    list_state st = {{NULL, why, cap, 0}, out};
    return xml_run(&st.x, src, ctx, &st, workbook_start, ignore_end, NULL);
}

static void rels_start(void *u, const char *name, const char **atts)
{
    list_state *st = u;
    if (strcmp(local_name(name), "Relationship") != 0)
        return;
    const char *id = attr(atts, "Id"), *target = attr(atts, "Target");
    if (!id || !target)
        return;
    for (size_t i = 0; i < st->l->count; i++) {
        xlsx_sheet_ref *r = &st->l->refs[i];
        if (!strcmp(r->rid, id) && !r->target) {
            r->target = xstrndup(target, strlen(target));
            if (!r->target)
                fail(&st->x, "out of memory");
        }
    }
}

int xlsx_parse_rels(xml_source_fn src, void *ctx, xlsx_sheet_list *l, char *why, size_t cap)
{
    list_state st = {{NULL, why, cap, 0}, l};
    return xml_run(&st.x, src, ctx, &st, rels_start, ignore_end, NULL);
}

/* ---- shared strings ----------------------------------------------------- */

void xlsx_strings_free(xlsx_strings *s)
{
    for (size_t i = 0; i < s->count; i++)
        free(s->text[i]);
    free(s->text);
    memset(s, 0, sizeof *s);
}

typedef struct sst_state {
    xml_state x;
    xlsx_strings *out;
    int in_si, in_t, in_phonetic;
    text_buf text;
} sst_state;

static void sst_start(void *u, const char *name, const char **atts)
{
    sst_state *st = u;
    const char *n = local_name(name);
    (void)atts;
    if (!strcmp(n, "si")) {
        st->in_si = 1;
        st->text.len = 0;
        text_put(&st->text, "", 0);
    } else if (!strcmp(n, "rPh")) {
        st->in_phonetic = 1;
    } else if (!strcmp(n, "t") && st->in_si && !st->in_phonetic) {
        st->in_t = 1;
    }
}

static void sst_end(void *u, const char *name)
{
    sst_state *st = u;
    const char *n = local_name(name);
    if (!strcmp(n, "t")) {
        st->in_t = 0;
    } else if (!strcmp(n, "rPh")) {
        st->in_phonetic = 0;
    } else if (!strcmp(n, "si") && st->in_si) {
        st->in_si = 0;
        xlsx_strings *o = st->out;
        if (o->count == o->cap) {
            size_t cap = o->cap ? o->cap * 2 : 64;
            char **p = realloc(o->text, cap * sizeof *p);
            if (!p) {
                fail(&st->x, "out of memory");
                return;
            }
            o->text = p;
            o->cap = cap;
        }
        o->text[o->count] = xstrndup(st->text.data ? st->text.data : "", st->text.len);
        if (!o->text[o->count]) {
            fail(&st->x, "out of memory");
            return;
        }
        o->count++;
    }
}

static void sst_chars(void *u, const char *s, int len)
{
    sst_state *st = u;
    if (st->in_t && text_put(&st->text, s, (size_t)len) != 0)
        fail(&st->x, "shared string %zu is longer than %d bytes", st->out->count, TEXT_MAX);
}

int xlsx_parse_strings(xml_source_fn src, void *ctx, xlsx_strings *out, char *why, size_t cap)
{
    sst_state st;
    memset(&st, 0, sizeof st);
    st.x.why = why;
    st.x.cap = cap;
    st.out = out;
    int rc = xml_run(&st.x, src, ctx, &st, sst_start, sst_end, sst_chars);
    free(st.text.data);
    return rc;
}

/* ---- styles ------------------------------------------------------------- */

void xlsx_styles_free(xlsx_styles *s)
{
    free(s->framed);
    free(s->edges);
    free(s->look);
    memset(s, 0, sizeof *s);
}

/* A growable list of small numbers (ids, flags). */
typedef struct id_list {
    uint32_t *v;
    size_t count, cap;
} id_list;

static int id_push(id_list *l, uint32_t x)
{
    if (l->count == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 16;
        uint32_t *p = realloc(l->v, cap * sizeof *p);
        if (!p)
            return -1;
        l->v = p;
        l->cap = cap;
    }
    l->v[l->count++] = x;
    return 0;
}

typedef struct styles_state {
    xml_state x;
    int in_fonts, in_font, in_fills, in_borders, in_border, in_xfs;
    id_list fills, borders, xf_fill, xf_border;  /* fills: 1 = drawn; borders: WB_EDGE_* */
    id_list fonts, fill_colors, xf_font;         /* fonts, fill_colors: LOOK_* */
} styles_state;

/* A font's or fill's part of a look, packed in 32 bits for an id_list:
 * the 24-bit colour code and whether it counts. */
#define LOOK_BOLD (UINT32_C(1) << 31)
#define LOOK_COLORED (UINT32_C(1) << 30)
#define LOOK_CODE UINT32_C(0xFFFFFF)

static uint32_t id_attr(const char **atts, const char *name)
{
    const char *v = attr(atts, name);
    unsigned long k = v ? strtoul(v, NULL, 10) : 0;
    return k > UINT32_MAX ? UINT32_MAX : (uint32_t)k;
}

/* A colour element (<color>, <fgColor>) as LOOK_COLORED | code, or 0 for
 * the colour that marks nothing: black or automatic text (text), white
 * or the window's background (fill). Theme and palette colours get codes
 * of their own; looks need only be told apart. */
static uint32_t color_look(const char **atts, int text)
{
    const char *rgb = attr(atts, "rgb"), *theme = attr(atts, "theme");
    const char *indexed = attr(atts, "indexed"), *automatic = attr(atts, "auto");
    uint32_t code;
    if (rgb) {
        unsigned long v = strtoul(rgb, NULL, 16) & LOOK_CODE;
        if (v == (text ? 0x000000ul : 0xFFFFFFul))
            return 0;
        code = (uint32_t)v;
    } else if (theme) {
        /* theme 1 is the text colour (dark 1), theme 0 the background
         * (light 1), unless tinted */
        unsigned long t = strtoul(theme, NULL, 10);
        const char *tint = attr(atts, "tint");
        long shade = tint ? (long)(strtod(tint, NULL) * 100) : 0;
        if (!shade && t == (text ? 1ul : 0ul))
            return 0;
        code = 0xE00000u | (uint32_t)(t & 0xFF) << 8 | (uint32_t)(shade & 0xFF);
    } else if (indexed) {
        /* the palette's black (8) and system text (64); white (9) and
         * system background (65) */
        unsigned long k = strtoul(indexed, NULL, 10);
        if (text ? k == 8 || k == 64 : k == 9 || k == 64 || k == 65)
            return 0;
        code = 0xD00000u | (uint32_t)(k & 0xFFFF);
    } else {
        return automatic || text ? 0 : LOOK_COLORED;   /* a fill with no colour named */
    }
    return LOOK_COLORED | code;
}

static void styles_start(void *u, const char *name, const char **atts)
{
    styles_state *st = u;
    const char *n = local_name(name);
    int bad = 0;
    if (!strcmp(n, "fonts")) {
        st->in_fonts = 1;
    } else if (!strcmp(n, "fills")) {
        st->in_fills = 1;
    } else if (!strcmp(n, "borders")) {
        st->in_borders = 1;
    } else if (!strcmp(n, "cellXfs")) {
        st->in_xfs = 1;
    } else if (st->in_fonts && !strcmp(n, "font")) {
        st->in_font = 1;
        bad = id_push(&st->fonts, 0);
    } else if (st->in_font && st->fonts.count && !strcmp(n, "b")) {
        const char *val = attr(atts, "val");
        if (!val || !strcmp(val, "1") || !strcmp(val, "true"))
            st->fonts.v[st->fonts.count - 1] |= LOOK_BOLD;
    } else if (st->in_font && st->fonts.count && !strcmp(n, "color")) {
        uint32_t *f = &st->fonts.v[st->fonts.count - 1];
        *f = (*f & LOOK_BOLD) | color_look(atts, 1);
    } else if (st->in_fills && !strcmp(n, "fill")) {
        bad = id_push(&st->fills, 0) || id_push(&st->fill_colors, 0);
    } else if (st->in_fills && st->fills.count &&
               (!strcmp(n, "patternFill") || !strcmp(n, "gradientFill"))) {
        /* a pattern without a type is "none"; gray125 is Excel's reserved
         * second fill, never a user's */
        const char *type = attr(atts, "patternType");
        if (!strcmp(n, "gradientFill") ||
            (type && strcmp(type, "none") != 0 && strcmp(type, "gray125") != 0)) {
            st->fills.v[st->fills.count - 1] = 1;
            st->fill_colors.v[st->fills.count - 1] = LOOK_COLORED;   /* until its colour */
        }
    } else if (st->in_fills && st->fills.count && st->fills.v[st->fills.count - 1] &&
               (!strcmp(n, "fgColor") || !strcmp(n, "color"))) {
        /* a solid pattern's colour, or a gradient's first stop */
        uint32_t *c = &st->fill_colors.v[st->fills.count - 1];
        if (*c == LOOK_COLORED)
            *c = color_look(atts, 0);
    } else if (st->in_borders && !strcmp(n, "border")) {
        st->in_border = 1;
        bad = id_push(&st->borders, 0);
    } else if (st->in_border && st->borders.count &&
               (!strcmp(n, "left") || !strcmp(n, "right") || !strcmp(n, "top") ||
                !strcmp(n, "bottom") || !strcmp(n, "start") || !strcmp(n, "end"))) {
        /* the sides drawn, as WB_EDGE_* (start/end: left/right of a
         * left-to-right sheet) */
        const char *style = attr(atts, "style");
        unsigned side = n[0] == 'l' || n[0] == 's' ? WB_EDGE_LEFT
                      : n[0] == 'r' || n[0] == 'e' ? WB_EDGE_RIGHT
                      : n[0] == 't' ? WB_EDGE_TOP : WB_EDGE_BOTTOM;
        if (style && strcmp(style, "none") != 0)
            st->borders.v[st->borders.count - 1] |= side;
    } else if (st->in_xfs && !strcmp(n, "xf")) {
        bad = id_push(&st->xf_fill, id_attr(atts, "fillId")) ||
              id_push(&st->xf_border, id_attr(atts, "borderId")) ||
              id_push(&st->xf_font, id_attr(atts, "fontId"));
    }
    if (bad)
        fail(&st->x, "out of memory");
}

static void styles_end(void *u, const char *name)
{
    styles_state *st = u;
    const char *n = local_name(name);
    if (!strcmp(n, "fonts"))
        st->in_fonts = 0;
    else if (!strcmp(n, "font"))
        st->in_font = 0;
    else if (!strcmp(n, "fills"))
        st->in_fills = 0;
    else if (!strcmp(n, "borders"))
        st->in_borders = 0;
    else if (!strcmp(n, "border"))
        st->in_border = 0;
    else if (!strcmp(n, "cellXfs"))
        st->in_xfs = 0;
}

int xlsx_parse_styles(xml_source_fn src, void *ctx, xlsx_styles *out, char *why, size_t cap)
{
    styles_state st;
    memset(&st, 0, sizeof st);
    st.x.why = why;
    st.x.cap = cap;
    int rc = xml_run(&st.x, src, ctx, &st, styles_start, styles_end, NULL);
    if (rc == 0 && st.xf_fill.count) {
        out->framed = calloc(st.xf_fill.count, 1);
        out->edges = calloc(st.xf_fill.count, 1);
        out->look = calloc(st.xf_fill.count, sizeof *out->look);
        if (!out->framed || !out->edges || !out->look) {
            snprintf(why, cap, "out of memory");
            rc = -1;
        } else {
            out->count = st.xf_fill.count;
            for (size_t i = 0; i < out->count; i++) {
                uint32_t f = st.xf_fill.v[i], b = st.xf_border.v[i], t = st.xf_font.v[i];
                out->edges[i] = (unsigned char)(b < st.borders.count ? st.borders.v[b] : 0);
                out->framed[i] = (unsigned char)((f < st.fills.count && st.fills.v[f]) ||
                                                 out->edges[i]);
                uint32_t font = t < st.fonts.count ? st.fonts.v[t] : 0;
                uint32_t fill = f < st.fill_colors.count ? st.fill_colors.v[f] : 0;
                out->look[i] = wb_look_make(!!(font & LOOK_BOLD), !!(font & LOOK_COLORED),
                                            font & LOOK_CODE, !!(fill & LOOK_COLORED),
                                            fill & LOOK_CODE);
            }
        }
    }
    free(st.fills.v);
    free(st.borders.v);
    free(st.xf_fill.v);
    free(st.xf_border.v);
    free(st.fonts.v);
    free(st.fill_colors.v);
    free(st.xf_font.v);
    return rc;
}

/* ---- worksheets --------------------------------------------------------- */

typedef struct sheet_state {
    xml_state x;
    const xlsx_strings *sst;
    const xlsx_styles *styles;  /* NULL: styled empties are not kept */
    wb_sheet *sheet;
    uint32_t row, col;      /* the current cell (0-based) */
    int row_seen;           /* a <row> has been opened */
    int in_cell, in_v, in_is, in_t, in_phonetic;
    int has_formula, has_value; /* the cell has an <f>, a <v> or <is> */
    unsigned long style;    /* the cell's s attribute */
    char type[16];          /* the cell's t attribute */
    text_buf text;
} sheet_state;

static void sheet_start(void *u, const char *name, const char **atts)
{
    sheet_state *st = u;
    const char *n = local_name(name);
    if (!strcmp(n, "row")) {
        const char *r = attr(atts, "r");
        if (r) {
            char *end;
            unsigned long v = strtoul(r, &end, 10);
            if (*end || v < 1 || v > WB_MAX_ROWS) {
                fail(&st->x, "row number '%s' out of range", r);
                return;
            }
            st->row = (uint32_t)(v - 1);
        } else if (st->row_seen) {
            st->row++;
        }
        st->row_seen = 1;
        st->col = 0;
    } else if (!strcmp(n, "c")) {
        const char *r = attr(atts, "r");
        if (r) {
            const char *p = r;
            uint32_t row, col;
            if (wb_parse_cell(&p, &row, &col) != 0 || *p) {
                fail(&st->x, "cell reference '%s' is not a cell", r);
                return;
            }
            st->row = row;
            st->col = col;
        }
        const char *t = attr(atts, "t");
        snprintf(st->type, sizeof st->type, "%s", t ? t : "n");
        const char *style = attr(atts, "s");
        st->style = style ? strtoul(style, NULL, 10) : 0;
        st->in_cell = 1;
        st->has_formula = st->has_value = 0;
        st->text.len = 0;
    } else if (st->in_cell && !strcmp(n, "f")) {
        st->has_formula = 1;
    } else if (st->in_cell && !strcmp(n, "v")) {
        st->in_v = 1;
        st->has_value = 1;
    } else if (st->in_cell && !strcmp(n, "is")) {
        st->in_is = 1;
        st->has_value = 1;
    } else if (st->in_is && !strcmp(n, "rPh")) {
        st->in_phonetic = 1;
    } else if (st->in_is && !st->in_phonetic && !strcmp(n, "t")) {
        st->in_t = 1;
    }
}

static void cell_done(sheet_state *st)
{
    char where[16];
    wb_cell_name(st->row, st->col, where);
    const char *text = st->text.data ? st->text.data : "";
    size_t len = st->text.len;
    int rc = 0;
    uint64_t look = st->styles && st->style < st->styles->count && st->styles->look
                        ? st->styles->look[st->style]
                        : 0;
    unsigned edges = st->styles && st->style < st->styles->count && st->styles->edges
                         ? st->styles->edges[st->style]
                         : 0;
    if (len == 0 && st->has_formula && (!st->has_value || strcmp(st->type, "str") != 0)) {
        /* a formula no program computed (openpyxl writes <v></v>): said
         * when the cell is read as part of a puzzle; an empty string is
         * a text result (t="str") */
        rc = wb_sheet_add_empty(st->sheet, st->row, st->col, WB_CELL_NO_VALUE);
    } else if (len == 0) {
        if (edges)
            rc = wb_sheet_add_edged(st->sheet, st->row, st->col, NULL, 0, 0, edges);
        else if (st->styles && st->style < st->styles->count && st->styles->framed[st->style])
            rc = wb_sheet_add_empty(st->sheet, st->row, st->col, WB_CELL_STYLED);
    } else if (!strcmp(st->type, "s")) {
        char *end;
        unsigned long k = strtoul(text, &end, 10);
        if (*end || end == text || k >= st->sst->count) {
            fail(&st->x, "%s: shared string %s does not exist (the workbook has %zu)", where,
                 text, st->sst->count);
            return;
        }
        const char *s = st->sst->text[k];
        rc = wb_sheet_add_edged(st->sheet, st->row, st->col, s, strlen(s), look, edges);
    } else if (!strcmp(st->type, "n")) {
        char *end;
        double v = strtod(text, &end);
        if (end == text || *end) {
            fail(&st->x, "%s: '%s' is not a number", where, text);
            return;
        }
        char num[32];
        wb_number_text(v, num);
        rc = wb_sheet_add_edged(st->sheet, st->row, st->col, num, strlen(num), look, edges);
    } else {
        /* str (a formula's text), inlineStr, b, e, d: the text as it is */
        rc = wb_sheet_add_edged(st->sheet, st->row, st->col, text, len, look, edges);
    }
    if (rc != 0)
        fail(&st->x, "%s: out of memory or more than %d cells in the sheet", where,
             (int)WB_MAX_CELLS);
}

static void sheet_end(void *u, const char *name)
{
    sheet_state *st = u;
    const char *n = local_name(name);
    if (!strcmp(n, "c") && st->in_cell) {
        cell_done(st);
        st->in_cell = st->in_v = st->in_is = st->in_t = st->in_phonetic = 0;
        if (st->col + 1 < WB_MAX_COLS)
            st->col++;
    } else if (!strcmp(n, "v")) {
        st->in_v = 0;
    } else if (!strcmp(n, "is")) {
        st->in_is = 0;
    } else if (!strcmp(n, "rPh")) {
        st->in_phonetic = 0;
    } else if (!strcmp(n, "t")) {
        st->in_t = 0;
    }
}

static void sheet_chars(void *u, const char *s, int len)
{
    sheet_state *st = u;
    if ((st->in_v || st->in_t) && text_put(&st->text, s, (size_t)len) != 0) {
        char where[16];
        wb_cell_name(st->row, st->col, where);
        fail(&st->x, "%s: value longer than %d bytes", where, TEXT_MAX);
    }
}

int xlsx_parse_sheet(xml_source_fn src, void *ctx, const xlsx_strings *sst, wb_sheet *s,
                     char *why, size_t cap)
{
    return xlsx_parse_sheet_styled(src, ctx, sst, NULL, s, why, cap);
}

int xlsx_parse_sheet_styled(xml_source_fn src, void *ctx, const xlsx_strings *sst,
                            const xlsx_styles *styles, wb_sheet *s, char *why, size_t cap)
{
    sheet_state st;
    memset(&st, 0, sizeof st);
    st.x.why = why;
    st.x.cap = cap;
    st.sst = sst;
    st.styles = styles;
    st.sheet = s;
    int rc = xml_run(&st.x, src, ctx, &st, sheet_start, sheet_end, sheet_chars);
    free(st.text.data);
    if (rc == 0)
        wb_sheet_sort(s);
    return rc;
}

/* ---- OpenDocument content.xml ------------------------------------------- */

/* One cell of the row being read, kept until the row's repeat count is
 * known to apply (rows repeat as a whole). */
typedef struct row_cell {
    uint32_t col;
    char *text;         /* NULL for an empty cell kept for its flags */
    unsigned flags;     /* WB_CELL_* */
    uint64_t look;      /* WB_LOOK_* of its text */
    unsigned edges;     /* WB_EDGE_* of its style */
} row_cell;

/* A run of columns sharing a default cell style (table:table-column). */
typedef struct column_run {
    uint32_t start, count;
    int framed;
    uint64_t look;
    unsigned edges;
} column_run;

/* An automatic cell style that matters: one that frames a cell (a border
 * or a background) or sets how its text looks. */
typedef struct cell_style {
    char *name;
    int framed;
    uint64_t look;
    unsigned edges;     /* the sides it draws a border on (WB_EDGE_*) */
} cell_style;

/* Repeats of styled empty cells kept at most, across and down: a grid is
 * at most DOKU_MAX_N wide, while a style spread over whole rows or
 * columns (1024 columns repeated) would be a flood of cells. */
enum { STYLED_REPEAT_MAX = 64 };

typedef struct ods_state {
    xml_state x;
    wb_book *book;
    wb_sheet *sheet;        /* the table being read, NULL outside one */
    uint32_t row, col;
    unsigned long row_repeat, col_repeat;
    int in_cell, in_p, in_annotation, paragraphs;
    char *value;            /* office:value of a number cell */
    text_buf text;
    row_cell *cells;        /* the current row's cells */
    size_t ncells, cap;
    /* automatic cell styles with a border, background or text look */
    int in_auto_styles, style_framed, style_bold, style_colored, style_filled;
    unsigned style_edges;
    uint32_t style_color, style_fill;
    char *style_name;       /* the style:style being read */
    cell_style *styles;
    size_t nstyles, styles_cap;
    /* the table's column default styles */
    column_run *columns;
    size_t ncolumns, columns_cap;
    uint32_t column_at;
    /* the current cell's table:style-name, NULL for its column's; a
     * formula cell without a value type is LibreOffice's empty-string
     * result, so it reads as empty like any empty cell */
    char *cell_style;
} ods_state;

static unsigned long repeat_of(const char **atts, const char *name)
{
    const char *r = attr(atts, name);
    if (!r)
        return 1;
    unsigned long v = strtoul(r, NULL, 10);
    return v < 1 ? 1 : v;
}

static const cell_style *style_named(const ods_state *st, const char *name)
{
    for (size_t i = 0; name && i < st->nstyles; i++)
        if (!strcmp(st->styles[i].name, name))
            return &st->styles[i];
    return NULL;
}

static const column_run *column_of(const ods_state *st, uint32_t col)
{
    for (size_t i = 0; i < st->ncolumns; i++)
        if (col >= st->columns[i].start && col - st->columns[i].start < st->columns[i].count)
            return &st->columns[i];
    return NULL;
}

/* "#rrggbb" as 0xRRGGBB, -1 for anything else ("transparent"). */
static long hex_color(const char *v)
{
    if (!v || v[0] != '#' || strlen(v) != 7)
        return -1;
    char *end;
    long c = strtol(v + 1, &end, 16);
    return *end ? -1 : c;
}

/* The text and background parts of an automatic style's look. */
static void style_look_props(ods_state *st, const char *n, const char **atts)
{
    if (!strcmp(n, "text-properties")) {
        const char *w = attr(atts, "font-weight");
        if (w && (!strcmp(w, "bold") || atoi(w) >= 600))
            st->style_bold = 1;
        long c = hex_color(attr(atts, "color"));
        if (c > 0) {   /* black (0) is the plain colour */
            st->style_colored = 1;
            st->style_color = (uint32_t)c;
        }
    } else if (!strcmp(n, "table-cell-properties")) {
        long c = hex_color(attr(atts, "background-color"));
        if (c >= 0 && c != 0xFFFFFF) {
            st->style_filled = 1;
            st->style_fill = (uint32_t)c;
        }
    }
}

/* The sides a style:table-cell-properties draws a border on (WB_EDGE_*). */
static unsigned border_edges(const char **atts)
{
    static const char *const sides[] = {"border", "border-left", "border-right", "border-top",
                                        "border-bottom"};
    static const unsigned bits[] = {WB_EDGE_LEFT | WB_EDGE_RIGHT | WB_EDGE_TOP | WB_EDGE_BOTTOM,
                                    WB_EDGE_LEFT, WB_EDGE_RIGHT, WB_EDGE_TOP, WB_EDGE_BOTTOM};
    unsigned edges = 0;
    for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++) {
        const char *v = attr(atts, sides[i]);
        if (v && strcmp(v, "none") != 0)
            edges |= bits[i];
    }
    return edges;
}

/* A border or background in a style:table-cell-properties. */
static int draws(const char **atts)
{
    const char *bg = attr(atts, "background-color");
    return border_edges(atts) || (bg && strcmp(bg, "transparent") != 0);
}

/* The style part of ods_start: automatic styles and column defaults.
 * @return 1 when name was one of them. */
static int ods_style_start(ods_state *st, const char *name, const char *n, const char **atts)
{
    if (!strcmp(n, "automatic-styles")) {
        st->in_auto_styles = 1;
    } else if (st->in_auto_styles && !strcmp(n, "style") && !strncmp(name, "style:", 6)) {
        const char *family = attr(atts, "family"), *sn = attr(atts, "name");
        free(st->style_name);
        st->style_name = family && sn && !strcmp(family, "table-cell") ? xstrndup(sn, strlen(sn))
                                                                       : NULL;
        st->style_framed = st->style_bold = st->style_colored = st->style_filled = 0;
        st->style_edges = 0;
    } else if (st->style_name &&
               (!strcmp(n, "table-cell-properties") || !strcmp(n, "text-properties"))) {
        if (!strcmp(n, "table-cell-properties")) {
            st->style_framed |= draws(atts);
            st->style_edges |= border_edges(atts);
        }
        style_look_props(st, n, atts);
    } else if (st->sheet && !strcmp(n, "table-column")) {
        unsigned long k = repeat_of(atts, "number-columns-repeated");
        const cell_style *def = style_named(st, attr(atts, "default-cell-style-name"));
        if (def) {
            if (st->ncolumns == st->columns_cap) {
                size_t cap = st->columns_cap ? st->columns_cap * 2 : 8;
                column_run *p = realloc(st->columns, cap * sizeof *p);
                if (!p) {
                    fail(&st->x, "out of memory");
                    return 1;
                }
                st->columns = p;
                st->columns_cap = cap;
            }
            st->columns[st->ncolumns++] = (column_run){
                st->column_at, k > WB_MAX_COLS ? WB_MAX_COLS : (uint32_t)k, def->framed,
                def->look, def->edges};
        }
        unsigned long next = st->column_at + k;
        st->column_at = next > WB_MAX_COLS ? WB_MAX_COLS : (uint32_t)next;
    } else {
        return 0;
    }
    return 1;
}

static void ods_style_end(ods_state *st, const char *name, const char *n)
{
    if (!strcmp(n, "automatic-styles")) {
        st->in_auto_styles = 0;
    } else if (st->style_name && !strcmp(n, "style") && !strncmp(name, "style:", 6)) {
        uint64_t look = wb_look_make(st->style_bold, st->style_colored, st->style_color,
                                     st->style_filled, st->style_fill);
        if (st->style_framed || look) {
            if (st->nstyles == st->styles_cap) {
                size_t cap = st->styles_cap ? st->styles_cap * 2 : 16;
                cell_style *p = realloc(st->styles, cap * sizeof *p);
                if (!p) {
                    fail(&st->x, "out of memory");
                    return;
                }
                st->styles = p;
                st->styles_cap = cap;
            }
            st->styles[st->nstyles++] =
                (cell_style){st->style_name, st->style_framed, look, st->style_edges};
        } else {
            free(st->style_name);
        }
        st->style_name = NULL;
    }
}

static void ods_row_clear(ods_state *st)
{
    for (size_t i = 0; i < st->ncells; i++)
        free(st->cells[i].text);
    st->ncells = 0;
}

/* Keeps one cell of the current row. @return 0, -1 after a failure. */
static int ods_row_keep(ods_state *st, uint32_t col, const char *text, unsigned flags,
                        uint64_t look, unsigned edges)
{
    if (st->ncells == st->cap) {
        size_t cap = st->cap ? st->cap * 2 : 32;
        row_cell *p = realloc(st->cells, cap * sizeof *p);
        if (!p) {
            fail(&st->x, "out of memory");
            return -1;
        }
        st->cells = p;
        st->cap = cap;
    }
    if (st->ncells >= WB_MAX_CELLS) {
        fail(&st->x, "more than %d cells in one row", (int)WB_MAX_CELLS);
        return -1;
    }
    char *copy = NULL;
    if (text && !(copy = xstrndup(text, strlen(text)))) {
        fail(&st->x, "out of memory");
        return -1;
    }
    st->cells[st->ncells++] = (row_cell){col, copy, flags, look, edges};
    return 0;
}

static void ods_start(void *u, const char *name, const char **atts)
{
    ods_state *st = u;
    const char *n = local_name(name);
    if (ods_style_start(st, name, n, atts))
        return;
    if (!strcmp(n, "table") && !strncmp(name, "table:", 6)) {
        const char *tn = attr(atts, "name");
        if (!tn)
            tn = "";
        st->sheet = wb_book_add_sheet(st->book, tn, strlen(tn));
        if (!st->sheet)
            fail(&st->x, "out of memory");
        st->row = 0;
        st->ncolumns = 0;
        st->column_at = 0;
    } else if (!st->sheet) {
        return;
    } else if (!strcmp(n, "table-row")) {
        st->row_repeat = repeat_of(atts, "number-rows-repeated");
        st->col = 0;
        ods_row_clear(st);
    } else if (!strcmp(n, "table-cell") || !strcmp(n, "covered-table-cell")) {
        st->col_repeat = repeat_of(atts, "number-columns-repeated");
        st->in_cell = 1;
        st->paragraphs = 0;
        st->text.len = 0;
        free(st->value);
        st->value = NULL;
        const char *type = attr(atts, "value-type");
        const char *v = attr(atts, "value");
        const char *cs = attr(atts, "style-name");
        free(st->cell_style);
        st->cell_style = cs ? xstrndup(cs, strlen(cs)) : NULL;
        if (type && v && (!strcmp(type, "float") || !strcmp(type, "percentage") ||
                          !strcmp(type, "currency")))
            st->value = xstrndup(v, strlen(v));
    } else if (st->in_cell && !strcmp(n, "annotation")) {
        st->in_annotation = 1;
    } else if (st->in_cell && !st->in_annotation && !strcmp(n, "p")) {
        if (st->paragraphs++ > 0)
            text_put(&st->text, "\n", 1);
        st->in_p = 1;
    } else if (st->in_p && !strcmp(n, "s")) {
        unsigned long k = repeat_of(atts, "c");
        for (unsigned long i = 0; i < k && i < 64; i++)
            text_put(&st->text, " ", 1);
    } else if (st->in_p && !strcmp(n, "tab")) {
        text_put(&st->text, "\t", 1);
    }
}

static void ods_cell_done(ods_state *st)
{
    const char *text = st->text.data && st->text.len ? st->text.data : "";
    char num[64];
    if (st->value) {
        char *end;
        double v = strtod(st->value, &end);
        if (end != st->value && !*end) {
            /* the value, not its display (which may be rounded or dated) */
            wb_number_text(v, num);
            text = num;
        }
    }
    int blank = 1;
    for (const char *p = text; *p; p++)
        if (*p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
            blank = 0;
    int small = st->col_repeat <= STYLED_REPEAT_MAX && st->row_repeat <= STYLED_REPEAT_MAX;
    const cell_style *own = st->cell_style ? style_named(st, st->cell_style) : NULL;
    for (unsigned long i = 0; i < st->col_repeat && st->col + i < WB_MAX_COLS; i++) {
        uint32_t col = st->col + (uint32_t)i;
        const column_run *column = st->cell_style ? NULL : column_of(st, col);
        int framed = own ? own->framed : column ? column->framed : 0;
        uint64_t look = own ? own->look : column ? column->look : 0;
        unsigned edges = own ? own->edges : column ? column->edges : 0;
        int rc = 0;
        if (!blank)
            rc = ods_row_keep(st, col, text, 0, look, edges);
        else if (small && framed)
            rc = ods_row_keep(st, col, NULL, WB_CELL_STYLED, 0, edges);
        if (rc != 0)
            return;
    }
    unsigned long next = st->col + st->col_repeat;
    st->col = next > WB_MAX_COLS ? WB_MAX_COLS : (uint32_t)next;
}

static void ods_row_done(ods_state *st)
{
    for (unsigned long r = 0; r < st->row_repeat && st->ncells; r++) {
        if (st->row + r >= WB_MAX_ROWS)
            break;
        for (size_t i = 0; i < st->ncells; i++)
            if ((st->cells[i].text || st->cells[i].edges
                     ? wb_sheet_add_edged(st->sheet, st->row + (uint32_t)r, st->cells[i].col,
                                          st->cells[i].text,
                                          st->cells[i].text ? strlen(st->cells[i].text) : 0,
                                          st->cells[i].look, st->cells[i].edges)
                     : wb_sheet_add_empty(st->sheet, st->row + (uint32_t)r, st->cells[i].col,
                                          st->cells[i].flags)) != 0) {
                char where[16];
                wb_cell_name(st->row + (uint32_t)r, st->cells[i].col, where);
                fail(&st->x, "%s!%s: out of memory or more than %d cells in the sheet",
                     st->sheet->name, where, (int)WB_MAX_CELLS);
                return;
            }
    }
    unsigned long next = st->row + st->row_repeat;
    st->row = next > WB_MAX_ROWS ? WB_MAX_ROWS : (uint32_t)next;
    ods_row_clear(st);
}

static void ods_end(void *u, const char *name)
{
    ods_state *st = u;
    const char *n = local_name(name);
    ods_style_end(st, name, n);
    if (!st->sheet)
        return;
    if (!strcmp(n, "table") && !strncmp(name, "table:", 6)) {
        wb_sheet_sort(st->sheet);
        st->sheet = NULL;
    } else if (!strcmp(n, "table-row")) {
        ods_row_done(st);
    } else if ((!strcmp(n, "table-cell") || !strcmp(n, "covered-table-cell")) && st->in_cell) {
        ods_cell_done(st);
        st->in_cell = st->in_p = st->in_annotation = 0;
    } else if (!strcmp(n, "annotation")) {
        st->in_annotation = 0;
    } else if (!strcmp(n, "p")) {
        st->in_p = 0;
    }
}

static void ods_chars(void *u, const char *s, int len)
{
    ods_state *st = u;
    if (st->in_p && !st->in_annotation && text_put(&st->text, s, (size_t)len) != 0)
        fail(&st->x, "a cell's text is longer than %d bytes", TEXT_MAX);
}

int ods_parse_content(xml_source_fn src, void *ctx, wb_book *b, char *why, size_t cap)
{
    ods_state st;
    memset(&st, 0, sizeof st);
    st.x.why = why;
    st.x.cap = cap;
    st.book = b;
    int rc = xml_run(&st.x, src, ctx, &st, ods_start, ods_end, ods_chars);
    ods_row_clear(&st);
    free(st.cells);
    free(st.value);
    free(st.text.data);
    free(st.style_name);
    free(st.cell_style);
    for (size_t i = 0; i < st.nstyles; i++)
        free(st.styles[i].name);
    free(st.styles);
    free(st.columns);
    return rc;
}
