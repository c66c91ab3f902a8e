/*
 * meta_shape.c — the shapes that records declare (see meta_shape.h).
 * The one design idea: a declared shape is made once per distinct
 * declaration and kept for the run, so a file of a million links of the
 * same jigsaw costs one shape.
 */
#include "meta_shape.h"
#include "buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *cli_meta_get(const char *meta, size_t len, const char *key)
{
    size_t at = 0;
    while (meta && at < len) {
        const char *k = meta + at;
        const char *v = k + strlen(k) + 1;
        if (!strcmp(k, key))
            return v;
        at = (size_t)(v + strlen(v) + 1 - meta);
    }
    return NULL;
}

/* 1 if word is one of the words of list (separated by spaces or commas). */
static int has_word(const char *list, const char *word)
{
    size_t len = strlen(word);
    for (const char *p = list; *p;) {
        while (*p == ' ' || *p == ',')
            p++;
        size_t k = strcspn(p, " ,");
        if (k == len && !strncmp(p, word, len))
            return 1;
        p += k;
    }
    return 0;
}

int cli_meta_shape(cli_meta_shapes *c, const cli_opts *o, int n, const char *meta, size_t len,
                   const doku_shape **out, char *why, size_t cap)
{
    const char *variant = cli_meta_get(meta, len, "variant");
    const char *regions = cli_meta_get(meta, len, "regions");
    const char *boxes = cli_meta_get(meta, len, "boxes");
    if (!variant && !regions)
        return 0;
    char key[DOKU_MAX_CELLS + 32];
    snprintf(key, sizeof key, "%d:%s:%s:%s", n, variant ? variant : "", regions ? regions : "",
             boxes ? boxes : "");
    for (size_t i = 0; i < c->count; i++)
        if (!strcmp(c->keys[i], key)) {
            *out = c->shapes[i];
            return 1;
        }
    cli_opts copy = *o;
    uint8_t map[DOKU_MAX_CELLS];
    /* "x", "hyper" or both ("x,hyper") */
    if (variant && has_word(variant, "x"))
        copy.variants |= DOKU_VARIANT_X;
    if (variant && has_word(variant, "hyper"))
        copy.variants |= DOKU_VARIANT_HYPER;
    if (regions) {
        if (strlen(regions) != (size_t)n * (size_t)n) {
            snprintf(why, cap, "the puzzle's region map is not %dx%d", n, n);
            return -1;
        }
        static const char sym[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        for (int i = 0; i < n * n; i++) {
            const char *p = strchr(sym, regions[i]);
            if (!p || p - sym >= n) {
                snprintf(why, cap, "the puzzle's region map has no region '%c'", regions[i]);
                return -1;
            }
            map[i] = (uint8_t)(p - sym);
        }
        copy.regions = map;
        copy.regions_n = n;
        copy.keep_boxes = boxes && !strcmp(boxes, "kept");
        copy.box_rows = copy.box_cols = 0;
    }
    doku_shape *s = cli_make_shape(&copy, n, why, cap);
    if (!s)
        return -1;
    if (c->count == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 4;
        c->shapes = realloc(c->shapes, c->cap * sizeof *c->shapes);
        c->keys = realloc(c->keys, c->cap * sizeof *c->keys);
        if (!c->shapes || !c->keys) {
            fputs("doku: out of memory\n", stderr);
            exit(2);
        }
    }
    size_t kl = strlen(key) + 1;
    c->keys[c->count] = cli_xmalloc(kl);
    memcpy(c->keys[c->count], key, kl);
    c->shapes[c->count++] = s;
    *out = s;
    return 1;
}

void cli_meta_shapes_free(cli_meta_shapes *c)
{
    for (size_t i = 0; i < c->count; i++) {
        doku_shape_free(c->shapes[i]);
        free(c->keys[i]);
    }
    free(c->shapes);
    free(c->keys);
    memset(c, 0, sizeof *c);
}
