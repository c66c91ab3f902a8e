/*
 * text.c — captions and word-wrapped sentences (cairo's toy text API: one
 * face, DejaVu Sans, which fontconfig replaces by the system's sans face
 * when it is missing).
 */
#include "text.h"
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

void rd_text_centred(cairo_t *cr, const char *text, double x, double y, double width)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", text);
    size_t len = strlen(buf);
    cairo_text_extents_t e;
    cairo_text_extents(cr, buf, &e);
    while (e.x_advance > width && len > 4) {
        len--;
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

void rd_caption(const rd_record *r, long number, char *buf, size_t cap)
{
    size_t k = 0;
    char t[256];
    buf[0] = '\0';
    if (number > 0 || r->index > 0) {
        snprintf(t, sizeof t, "%ld", number > 0 ? number : r->index);
        add(buf, cap, &k, "Puzzle ", t);
    } else if (r->file && *r->file) {
        /* a record with no file (the server's) has no place to name */
        snprintf(t, sizeof t, "%s:%ld", r->file, r->line);
        add(buf, cap, &k, "", t);
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
