/*
 * lzstring.c — the lz-string codec (compressToBase64 /
 * decompressFromBase64) that f-puzzles and SudokuPad links use, written
 * from the format's description: an LZW variant over UTF-16 code units
 * whose codes grow from 2 bits, packed into 6-bit base64 characters,
 * least significant bit first.
 *
 * The one design idea: both directions work on arrays of UTF-16 code
 * units, as the JavaScript original does on strings, and convert from and
 * to UTF-8 only at the edges; so a title with "é" or an emoji compresses
 * to the same link the browser makes.
 */
#include "io_internal.h"

#include <stdlib.h>
#include <string.h>

static const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

/* ---- UTF-8 <-> UTF-16 ---------------------------------------------------- */

/* @return the number of code units written to u (room for len), malformed
 * bytes taken as Latin-1 so nothing is lost. */
static size_t utf8_to_16(const char *s, size_t len, uint16_t *u)
{
    size_t k = 0;
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)s[i];
        uint32_t cp = c;
        size_t need = c >= 0xF0 && c < 0xF8 ? 3 : c >= 0xE0 ? 2 : c >= 0xC2 && c < 0xE0 ? 1 : 0;
        if (c >= 0x80 && need && i + need < len + 0) {
            uint32_t v = c & (0x3F >> need);
            size_t j = 1;
            for (; j <= need && i + j < len; j++) {
                unsigned char d = (unsigned char)s[i + j];
                if ((d & 0xC0) != 0x80)
                    break;
                v = v << 6 | (d & 0x3F);
            }
            if (j == need + 1) {
                cp = v;
                i += need + 1;
                if (cp >= 0x10000) {
                    cp -= 0x10000;
                    u[k++] = (uint16_t)(0xD800 | (cp >> 10));
                    u[k++] = (uint16_t)(0xDC00 | (cp & 0x3FF));
                } else {
                    u[k++] = (uint16_t)cp;
                }
                continue;
            }
        }
        u[k++] = (uint16_t)cp;
        i++;
    }
    return k;
}

static void utf16_to_8(doku_buf *b, const uint16_t *u, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t cp = u[i];
        if (cp >= 0xD800 && cp < 0xDC00 && i + 1 < n && u[i + 1] >= 0xDC00 && u[i + 1] < 0xE000) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (u[i + 1] - 0xDC00);
            i++;
        }
        io_buf_put_utf8(b, cp);
    }
}

/* ---- compression -------------------------------------------------------- */

/* The phrase dictionary as a trie: node k's child by code unit c is
 * found in an open-addressing table keyed by (k, c). */
typedef struct trie {
    uint32_t *keys_node;   /* parent node + 1; 0 = free slot */
    uint16_t *keys_unit;
    uint32_t *child;
    size_t cap, used;
} trie;

static size_t slot_of(const trie *t, uint32_t node, uint16_t unit)
{
    size_t h = ((size_t)node * 2654435761u ^ (size_t)unit * 40503u) & (t->cap - 1);
    while (t->keys_node[h] && !(t->keys_node[h] == node + 1 && t->keys_unit[h] == unit))
        h = (h + 1) & (t->cap - 1);
    return h;
}

static int trie_grow(trie *t)
{
    trie n = {0};
    n.cap = t->cap ? t->cap * 2 : 1024;
    n.keys_node = calloc(n.cap, sizeof *n.keys_node);
    n.keys_unit = malloc(n.cap * sizeof *n.keys_unit);
    n.child = malloc(n.cap * sizeof *n.child);
    if (!n.keys_node || !n.keys_unit || !n.child) {
        free(n.keys_node);
        free(n.keys_unit);
        free(n.child);
        return 0;
    }
    for (size_t i = 0; i < t->cap; i++)
        if (t->keys_node[i]) {
            size_t h = slot_of(&n, t->keys_node[i] - 1, t->keys_unit[i]);
            n.keys_node[h] = t->keys_node[i];
            n.keys_unit[h] = t->keys_unit[i];
            n.child[h] = t->child[i];
        }
    n.used = t->used;
    free(t->keys_node);
    free(t->keys_unit);
    free(t->child);
    *t = n;
    return 1;
}

typedef struct bit_writer {
    doku_buf *out;
    int value, position;
} bit_writer;

static void put_bits(bit_writer *w, uint32_t v, int nbits)
{
    for (int i = 0; i < nbits; i++) {
        w->value = (w->value << 1) | (int)(v & 1);
        v >>= 1;
        if (w->position == 5) {
            w->position = 0;
            doku_buf_append(w->out, &B64[w->value], 1);
            w->value = 0;
        } else {
            w->position++;
        }
    }
}

/* Node ids: 0 is the root (the empty phrase); phrase codes live beside. */
typedef struct lz_state {
    trie t;
    uint32_t *code;     /* [node] dictionary code of the node's phrase */
    uint8_t *fresh;     /* [node] a single unit not yet written as a literal */
    uint16_t *first;    /* [node] the phrase's first unit */
    size_t nodes, nodes_cap;
} lz_state;

static int64_t new_node(lz_state *z)
{
    if (z->nodes == z->nodes_cap) {
        size_t nc = z->nodes_cap ? z->nodes_cap * 2 : 1024;
        uint32_t *c = realloc(z->code, nc * sizeof *c);
        if (!c)
            return -1;
        z->code = c;
        uint8_t *f = realloc(z->fresh, nc);
        if (!f)
            return -1;
        z->fresh = f;
        uint16_t *fu = realloc(z->first, nc * sizeof *fu);
        if (!fu)
            return -1;
        z->first = fu;
        z->nodes_cap = nc;
    }
    return (int64_t)z->nodes++;
}

/* child of node by unit, or -1; with make, created (code set by caller) */
static int64_t child_of(lz_state *z, uint32_t node, uint16_t unit, int make)
{
    if (!z->t.cap && !trie_grow(&z->t))
        return -2;
    size_t h = slot_of(&z->t, node, unit);
    if (z->t.keys_node[h])
        return z->t.child[h];
    if (!make)
        return -1;
    if ((z->t.used + 1) * 2 > z->t.cap) {
        if (!trie_grow(&z->t))
            return -2;
        h = slot_of(&z->t, node, unit);
    }
    int64_t k = new_node(z);
    if (k < 0)
        return -2;
    z->t.keys_node[h] = node + 1;
    z->t.keys_unit[h] = unit;
    z->t.child[h] = (uint32_t)k;
    z->t.used++;
    return k;
}

typedef struct lz_out {
    bit_writer w;
    uint32_t enlarge_in, dict_size;
    int num_bits;
} lz_out;

static void count_down(lz_out *o)
{
    if (--o->enlarge_in == 0) {
        o->enlarge_in = (uint32_t)1 << o->num_bits;
        o->num_bits++;
    }
}

/* Writes the phrase of node w: a literal the first time a single unit is
 * used, else its code. */
static void emit_phrase(lz_state *z, lz_out *o, uint32_t w)
{
    if (z->fresh[w]) {
        uint16_t u = z->first[w];
        if (u < 256) {
            put_bits(&o->w, 0, o->num_bits);
            put_bits(&o->w, u, 8);
        } else {
            put_bits(&o->w, 1, o->num_bits);
            put_bits(&o->w, u, 16);
        }
        count_down(o);
        z->fresh[w] = 0;
    } else {
        put_bits(&o->w, z->code[w], o->num_bits);
    }
    count_down(o);
}

doku_status io_lz_compress_b64(const char *text, size_t len, doku_buf *out)
{
    uint16_t *u = malloc((len + 1) * sizeof *u);
    if (!u)
        return DOKU_ERR_NOMEM;
    size_t n = utf8_to_16(text, len, u);
    lz_state z = {0};
    doku_status st = DOKU_OK;
    size_t start = out->len;
    lz_out o = {{out, 0, 0}, 2, 3, 2};
    if (new_node(&z) != 0) {
        st = DOKU_ERR_NOMEM;
        goto done;
    }
    int64_t w = 0; /* the root: the empty phrase */
    for (size_t i = 0; i < n; i++) {
        uint16_t c = u[i];
        int64_t single = child_of(&z, 0, c, 0);
        if (single == -2) {
            st = DOKU_ERR_NOMEM;
            goto done;
        }
        if (single < 0) {
            single = child_of(&z, 0, c, 1);
            if (single < 0) {
                st = DOKU_ERR_NOMEM;
                goto done;
            }
            z.code[single] = o.dict_size++;
            z.fresh[single] = 1;
            z.first[single] = c;
        }
        int64_t wc = w ? child_of(&z, (uint32_t)w, c, 0) : single;
        if (wc == -2) {
            st = DOKU_ERR_NOMEM;
            goto done;
        }
        if (wc >= 0) {
            w = wc;
            continue;
        }
        emit_phrase(&z, &o, (uint32_t)w);
        wc = child_of(&z, (uint32_t)w, c, 1);
        if (wc < 0) {
            st = DOKU_ERR_NOMEM;
            goto done;
        }
        z.code[wc] = o.dict_size++;
        z.fresh[wc] = 0;
        z.first[wc] = z.first[w];
        w = single;
    }
    if (w)
        emit_phrase(&z, &o, (uint32_t)w);
    put_bits(&o.w, 2, o.num_bits);
    /* flush the last character */
    for (;;) {
        o.w.value <<= 1;
        if (o.w.position == 5) {
            doku_buf_append(out, &B64[o.w.value], 1);
            break;
        }
        o.w.position++;
    }
    static const char *const pad[4] = {"", "===", "==", "="};
    doku_buf_append(out, pad[(out->len - start) % 4], strlen(pad[(out->len - start) % 4]));
done:
    free(u);
    free(z.t.keys_node);
    free(z.t.keys_unit);
    free(z.t.child);
    free(z.code);
    free(z.fresh);
    free(z.first);
    if (st == DOKU_OK && out->failed)
        st = DOKU_ERR_NOMEM;
    return st;
}

/* ---- decompression ------------------------------------------------------ */

typedef struct bit_reader {
    const char *s;
    size_t len, index;
    int value, position;
    int bad;
} bit_reader;

static int b64_value(char c)
{
    const char *p = c ? strchr(B64, c) : NULL;
    return p && p - B64 < 64 ? (int)(p - B64) : -1;
}

static uint32_t get_bits(bit_reader *r, int nbits)
{
    uint32_t bits = 0;
    for (int i = 0; i < nbits; i++) {
        int b = (r->value & r->position) != 0;
        r->position >>= 1;
        if (r->position == 0) {
            r->position = 32;
            if (r->index < r->len) {
                int v = b64_value(r->s[r->index]);
                if (v < 0)
                    r->bad = 1;
                r->value = v < 0 ? 0 : v;
            } else {
                r->value = 0;
            }
            r->index++;
        }
        bits |= (uint32_t)b << i;
    }
    return bits;
}

typedef struct dict_entry {
    size_t off, len;
} dict_entry;

doku_status io_lz_decompress_b64(const char *s, size_t len, size_t max_units, doku_buf *out)
{
    /* '=' padding ends the data */
    while (len && s[len - 1] == '=')
        len--;
    if (!len)
        return DOKU_ERR_PARSE;
    bit_reader r = {s, len, 1, b64_value(s[0]), 32, b64_value(s[0]) < 0};
    dict_entry *dict = NULL;
    size_t dcap = 0, dsize = 4;
    uint16_t *arena = NULL, *res = NULL;
    size_t acap = 0, alen = 0, rcap = 0, rlen = 0;
    doku_status st = DOKU_ERR_PARSE;
    uint32_t enlarge_in = 4;
    int num_bits = 3;
#define NEED(ptr, cap, want, type)                                                     \
    do {                                                                               \
        if ((want) > (cap)) {                                                          \
            size_t nc_ = (cap) ? (cap) * 2 : 256;                                      \
            while (nc_ < (want))                                                       \
                nc_ *= 2;                                                              \
            type *np_ = realloc((ptr), nc_ * sizeof(type));                            \
            if (!np_) {                                                                \
                st = DOKU_ERR_NOMEM;                                                   \
                goto done;                                                             \
            }                                                                          \
            (ptr) = np_;                                                               \
            (cap) = nc_;                                                               \
        }                                                                              \
    } while (0)
    uint32_t first = get_bits(&r, 2);
    if (first == 2 || first > 2)
        goto done;
    uint16_t c0 = (uint16_t)get_bits(&r, first == 0 ? 8 : 16);
    NEED(dict, dcap, (size_t)4, dict_entry);
    NEED(arena, acap, (size_t)1, uint16_t);
    arena[alen] = c0;
    dict[3].off = alen++;
    dict[3].len = 1;
    NEED(res, rcap, (size_t)1, uint16_t);
    res[rlen++] = c0;
    size_t w_off = dict[3].off, w_len = 1;
    for (;;) {
        if (r.index > len || r.bad)
            goto done;
        uint32_t c = get_bits(&r, num_bits);
        if (c == 0 || c == 1) {
            uint16_t ch = (uint16_t)get_bits(&r, c == 0 ? 8 : 16);
            NEED(dict, dcap, dsize + 1, dict_entry);
            NEED(arena, acap, alen + 1, uint16_t);
            arena[alen] = ch;
            dict[dsize].off = alen++;
            dict[dsize].len = 1;
            c = (uint32_t)dsize++;
            enlarge_in--;
        } else if (c == 2) {
            st = DOKU_OK;
            break;
        }
        if (enlarge_in == 0) {
            enlarge_in = (uint32_t)1 << num_bits;
            num_bits++;
        }
        size_t e_off, e_len;
        if (c < dsize && c >= 3) {
            e_off = dict[c].off;
            e_len = dict[c].len;
        } else if (c == dsize) {
            /* w + w[0], built in the arena */
            NEED(arena, acap, alen + w_len + 1, uint16_t);
            memmove(arena + alen, arena + w_off, w_len * sizeof *arena);
            arena[alen + w_len] = arena[w_off];
            e_off = alen;
            e_len = w_len + 1;
            alen += e_len;
        } else {
            goto done;
        }
        if (rlen + e_len > max_units)
            goto done;
        NEED(res, rcap, rlen + e_len, uint16_t);
        memcpy(res + rlen, arena + e_off, e_len * sizeof *res);
        rlen += e_len;
        /* dictionary[dsize] = w + entry[0] */
        NEED(arena, acap, alen + w_len + 1, uint16_t);
        memmove(arena + alen, arena + w_off, w_len * sizeof *arena);
        arena[alen + w_len] = arena[e_off];
        NEED(dict, dcap, dsize + 1, dict_entry);
        dict[dsize].off = alen;
        dict[dsize].len = w_len + 1;
        dsize++;
        alen += w_len + 1;
        enlarge_in--;
        w_off = e_off;
        w_len = e_len;
        if (enlarge_in == 0) {
            enlarge_in = (uint32_t)1 << num_bits;
            num_bits++;
        }
    }
#undef NEED
    utf16_to_8(out, res, rlen);
    if (out->failed)
        st = DOKU_ERR_NOMEM;
done:
    free(dict);
    free(arena);
    free(res);
    return st;
}
