/*
 * opensudoku.c — reads OpenSudoku collections (.opensudoku, XML): version
 * 1 (<opensudoku> with <name>, <author>, <description>, <comment>,
 * <created>, <source>, <level>, <sourceURL>, then <game data="81 digits"/>)
 * and version 2 (<opensudoku version="2"><folder name=...><game data=...
 * note=... .../>), line by line as the reader is fed.
 *
 * The one design idea: only the few elements the format defines are
 * understood, by a scanner that keeps a tag or an element's text open
 * across lines; the collection's fields become every game's metadata, so
 * a collection converts to any format that can hold them.
 */
#include "io_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Collection elements and the metadata key each becomes. */
static const char *const FIELDS[][2] = {
    {"name", "name"},     {"author", "author"}, {"description", "description"},
    {"comment", "comment"}, {"created", "date"}, {"source", "source"},
    {"level", "level"},   {"sourceURL", "url"}};
enum { NFIELDS = sizeof FIELDS / sizeof FIELDS[0] };

/* Decodes XML character references and the five named entities. */
static void put_text(doku_buf *b, const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if (s[i] != '&') {
            doku_buf_append(b, s + i, 1);
            continue;
        }
        static const char *const ent[][2] = {{"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"},
                                             {"&quot;", "\""}, {"&apos;", "'"}};
        int done = 0;
        for (int k = 0; k < 5 && !done; k++) {
            size_t el = strlen(ent[k][0]);
            if (len - i >= el && !memcmp(s + i, ent[k][0], el)) {
                doku_buf_append(b, ent[k][1], 1);
                i += el - 1;
                done = 1;
            }
        }
        if (!done && i + 2 < len && s[i + 1] == '#') {
            size_t j = i + 2;
            int hex = s[j] == 'x' || s[j] == 'X';
            unsigned cp = 0;
            if (hex)
                j++;
            size_t start = j;
            while (j < len && s[j] != ';' && j - start < 8) {
                int d = hex ? io_hex_digit(s[j]) : (s[j] >= '0' && s[j] <= '9' ? s[j] - '0' : -1);
                if (d < 0)
                    break;
                cp = cp * (hex ? 16u : 10u) + (unsigned)d;
                j++;
            }
            if (j < len && s[j] == ';' && j > start && cp > 0 && cp < 0x110000) {
                io_buf_put_utf8(b, cp);
                i = j;
                done = 1;
            }
        }
        if (!done)
            doku_buf_append(b, "&", 1);
    }
}

/* The value of attribute name in a tag's text, decoded into out.
 * @return 1 if present. */
static int attribute(const char *tag, size_t len, const char *name, doku_buf *out)
{
    size_t nl = strlen(name);
    for (size_t i = 0; i + nl + 2 <= len; i++) {
        if ((i == 0 || tag[i - 1] == ' ' || tag[i - 1] == '\t' || tag[i - 1] == '\n') &&
            !memcmp(tag + i, name, nl)) {
            size_t j = i + nl;
            while (j < len && (tag[j] == ' ' || tag[j] == '\t'))
                j++;
            if (j >= len || tag[j] != '=')
                continue;
            j++;
            while (j < len && (tag[j] == ' ' || tag[j] == '\t'))
                j++;
            if (j >= len || (tag[j] != '"' && tag[j] != '\''))
                continue;
            char q = tag[j++];
            size_t b = j;
            while (j < len && tag[j] != q)
                j++;
            doku_buf_reset(out);
            put_text(out, tag + b, j - b);
            doku_buf_append(out, "", 0);
            return 1;
        }
    }
    return 0;
}

static size_t tag_name(const char *t, size_t len, char *name, size_t cap)
{
    size_t i = 0, k = 0;
    while (i < len && (t[i] == '/' || t[i] == ' '))
        i++;
    while (i < len && t[i] != ' ' && t[i] != '\t' && t[i] != '/' && t[i] != '>' && t[i] != '\n') {
        if (k + 1 < cap)
            name[k++] = t[i];
        i++;
    }
    name[k] = '\0';
    return i;
}

static void set_collection(io_xml *x, const char *key, const char *value, size_t vlen)
{
    /* the newest value of a key wins: drop an older one */
    doku_buf keep = {0};
    size_t i = 0;
    while (i < x->collection.len) {
        const char *k = x->collection.data + i;
        const char *v = k + strlen(k) + 1;
        size_t next = (size_t)(v + strlen(v) + 1 - x->collection.data);
        if (strcmp(k, key))
            doku_buf_append(&keep, k, next - i);
        i = next;
    }
    doku_buf_free(&x->collection);
    x->collection = keep;
    while (vlen && (value[vlen - 1] == ' ' || value[vlen - 1] == '\n'))
        vlen--;
    while (vlen && (*value == ' ' || *value == '\n'))
        value++, vlen--;
    if (vlen)
        io_meta_add(&x->collection, key, value, vlen);
}

/* One complete tag (between '<' and '>'). */
static int handle_tag(io_xml *x, const char *t, size_t len, size_t line, size_t col,
                      io_xml_game_fn fn, void *ctx)
{
    if (len && (t[0] == '?' || t[0] == '!'))
        return 0;
    char name[32];
    tag_name(t, len, name, sizeof name);
    int closing = len && t[0] == '/';
    if (!strcmp(name, "opensudoku")) {
        x->active = !closing;
        if (closing)
            doku_buf_reset(&x->collection);
        return 0;
    }
    if (!x->active)
        return 0;
    if (!closing && !strcmp(name, "folder")) {
        doku_buf v = {0};
        if (attribute(t, len, "name", &v))
            set_collection(x, "name", v.data ? v.data : "", v.len);
        doku_buf_free(&v);
        return 0;
    }
    for (int k = 0; k < NFIELDS; k++)
        if (!strcmp(name, FIELDS[k][0])) {
            if (closing && x->field == k + 1) {
                set_collection(x, FIELDS[k][1], x->text.data ? x->text.data : "", x->text.len);
                x->field = 0;
            } else if (!closing && !(len && t[len - 1] == '/')) {
                x->field = k + 1;
                doku_buf_reset(&x->text);
            }
            return 0;
        }
    if (closing || strcmp(name, "game"))
        return 0;
    doku_buf data = {0}, meta = {0}, v = {0};
    if (x->collection.len)
        doku_buf_append(&meta, x->collection.data, x->collection.len);
    if (attribute(t, len, "note", &v) && v.len)
        io_meta_add(&meta, "note", v.data, v.len);
    int have = attribute(t, len, "data", &data);
    int rc = fn(ctx, have ? (data.data ? data.data : "") : NULL, have ? data.len : 0, &meta, line, col);
    doku_buf_free(&data);
    doku_buf_free(&meta);
    doku_buf_free(&v);
    return rc;
}

int io_xml_starts(const char *s, size_t len)
{
    size_t i = 0;
    while (i < len && (s[i] == ' ' || s[i] == '\t'))
        i++;
    /* an XML comment too: files put them between the declaration and
     * <opensudoku>, and no puzzle text starts with "<!--" */
    return len - i >= 4 && (!memcmp(s + i, "<!--", 4) ||
                            (len - i >= 5 && !memcmp(s + i, "<?xml", 5)) ||
                            (len - i >= 11 && !memcmp(s + i, "<opensudoku", 11)));
}

int io_xml_line(io_xml *x, const char *s, size_t len, size_t line, io_xml_game_fn fn, void *ctx)
{
    x->seen = 1;
    size_t i = 0;
    while (i < len) {
        if (x->in_tag) {
            const char *gt = memchr(s + i, '>', len - i);
            size_t take = gt ? (size_t)(gt - (s + i)) : len - i;
            doku_buf_append(&x->tag, s + i, take);
            if (!gt) {
                doku_buf_append(&x->tag, " ", 1);
                return 0;
            }
            x->in_tag = 0;
            int rc = handle_tag(x, x->tag.data ? x->tag.data : "", x->tag.len, x->tag_line,
                                x->tag_col, fn, ctx);
            if (rc)
                return rc;
            i += take + 1;
            continue;
        }
        const char *lt = memchr(s + i, '<', len - i);
        size_t take = lt ? (size_t)(lt - (s + i)) : len - i;
        if (x->field)
            put_text(&x->text, s + i, take);
        if (!lt)
            break;
        i += take + 1;
        x->in_tag = 1;
        x->tag_line = line;
        x->tag_col = i;
        doku_buf_reset(&x->tag);
    }
    if (x->field)
        doku_buf_append(&x->text, "\n", 1);
    return 0;
}

void io_xml_free(io_xml *x)
{
    doku_buf_free(&x->tag);
    doku_buf_free(&x->text);
    doku_buf_free(&x->collection);
}
