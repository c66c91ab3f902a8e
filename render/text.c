/*
 * text.c — captions and word-wrapped sentences (cairo's toy text API: one
 * face, DejaVu Sans, which fontconfig replaces by the system's sans face
 * when it is missing).
 */
#include "text.h"

#include "doku_constraints.h"
#include "grid.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first len bytes of s as a string in buf (cut to its 1024 bytes). */
static const char *prefix(const char *s, size_t len, char buf[1024])
{
    if (len >= 1024)
        len = 1023;
    memcpy(buf, s, len);
    buf[len] = '\0';
    return buf;
}

static double width_of(cairo_t *cr, const char *s, size_t len)
{
    char buf[1024];
    cairo_text_extents_t e;
    cairo_text_extents(cr, prefix(s, len, buf), &e);
    return e.x_advance;
}

int rd_wrap(cairo_t *cr, const char *text, double x, double y, double width, double lh, int draw)
{
    int lines = 0;
    const char *s = text;
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        /* the longest run of whole words that fits (at least one word) */
        size_t fit = 0, i = 0;
        for (;;) {
            while (s[i] && s[i] != ' ')
                i++;
            if (fit && width_of(cr, s, i) > width)
                break;
            fit = i;
            if (!s[i] || i > 1000)
                break;
            while (s[i] == ' ')
                i++;
        }
        if (draw) {
            char buf[1024];
            cairo_move_to(cr, x, y + lines * lh);
            cairo_show_text(cr, prefix(s, fit, buf));
        }
        lines++;
        s += fit;
    }
    return lines;
}

/* 1 if the len bytes of s end with a whole UTF-8 character. */
static int utf8_whole(const char *s, size_t len)
{
    size_t k = len, back = 0;
    while (k && ((unsigned char)s[k - 1] & 0xC0) == 0x80 && back < 4) {
        k--;
        back++;
    }
    if (!k)
        return 0;
    unsigned char lead = (unsigned char)s[k - 1];
    size_t need = lead < 0x80 ? 0 : lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 9;
    return need == back;
}

void rd_text_centred(cairo_t *cr, const char *text, double x, double y, double width)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", text);
    size_t len = strlen(buf);
    /* cut only between characters: a UTF-8 sequence cut in two (the
     * caption's middle dots) puts cairo in an error state that blanks
     * the rest of the page */
    size_t whole = len;
    while (whole > 0 && !utf8_whole(buf, whole))
        whole--;
    if (whole < len) {
        memset(buf + whole, 0, len - whole);
        len = whole;
    }
    cairo_text_extents_t e;
    cairo_text_extents(cr, buf, &e);
    while (e.x_advance > width && len > 4) {
        do
            len--;
        while (len > 4 && ((unsigned char)buf[len - 3] & 0xC0) == 0x80);
        memcpy(buf + len - 3, "...", 4);
        cairo_text_extents(cr, buf, &e);
    }
    cairo_move_to(cr, x - e.x_advance / 2, y);
    cairo_show_text(cr, buf);
}

/* Appends " · " (unless first), prefix and a. */
static void add(char *buf, size_t cap, size_t *k, const char *prefix, const char *a)
{
    if (*k >= cap)
        return;
    int w = snprintf(buf + *k, cap - *k, "%s%s%s", *k ? " \xc2\xb7 " : "", prefix, a);
    if (w > 0)
        *k += (size_t)w;
}

void rd_rules(const rd_record *r, char *buf, size_t cap)
{
    size_t k = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < r->ncons; i++)
        if (r->cons[i].ncells == 0)
            add(buf, cap, &k, "", doku_constraint_kind_name((doku_constraint_kind)r->cons[i].kind));
}

void rd_caption(const rd_record *r, long number, int with_rules, char *buf, size_t cap)
{
    size_t k = 0;
    char t[256];
    buf[0] = '\0';
    if (number > 0 || r->index > 0) {
        snprintf(t, sizeof t, "%ld", number > 0 ? number : r->index);
        add(buf, cap, &k, "Puzzle ", t);
    } else if (r->file && *r->file) {
        /* a record with no file (the server's) has no place to name */
        /* line 0: a file of one puzzle (a variant text, a workbook's cells) */
        if (r->line > 0)
            snprintf(t, sizeof t, "%s:%ld", r->file, r->line);
        else
            snprintf(t, sizeof t, "%s", r->file);
        add(buf, cap, &k, "", t);
    }
    if (with_rules) {
        /* the global rules early: a long caption is cut at its end */
        char rules[512];
        rd_rules(r, rules, sizeof rules);
        if (*rules)
            add(buf, cap, &k, "", rules);
    }
    if (r->level)
        add(buf, cap, &k, "", r->level);
    if (r->rating >= 0) {
        snprintf(t, sizeof t, "%.1f", r->rating);
        add(buf, cap, &k, "rating ", t);
    }
    if (r->comment && *r->comment)
        add(buf, cap, &k, "", r->comment);
    if (r->has_seed) {
        snprintf(t, sizeof t, "%llu", (unsigned long long)r->seed);
        add(buf, cap, &k, "seed ", t);
    }
    static const char *const plain[] = {"unique", "solved", "step", "counted", NULL};
    int shown = r->status == NULL;
    for (int i = 0; !shown && plain[i]; i++)
        shown = !strcmp(r->status, plain[i]);
    if (!shown)
        add(buf, cap, &k, "", r->status);
}

cairo_t *rd_measure_context(void)
{
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1);
    cairo_t *cr = cairo_create(s);
    cairo_surface_destroy(s);
    cairo_select_font_face(cr, RD_FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    return cr;
}
