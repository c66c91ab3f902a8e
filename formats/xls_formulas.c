/*
 * xls_formulas.c — the formula cells of an .xls workbook, which FreeXL
 * leaves out (it reports them as empty): the compound file's Workbook
 * stream is found through its sector tables and walked for FORMULA
 * records, each holding the value the saving program computed.
 *
 * The one design idea: read, never evaluate. Every program that writes
 * .xls stores a formula's last result beside it, so the value a user saw
 * is in the file; doku takes that, as it takes an xlsx's cached <v>.
 * The same walk reads the FONT and XF records (BIFF8) and each cell
 * record's format index, for the looks that tell givens from solved
 * digits and the borders that say where a drawn grid is (empty cells'
 * BLANK records included).
 */
#include "xls_formulas.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Files read at most (an .xls is limited by Excel to far less). */
#define FILE_MAX ((size_t)1 << 28)

#define END_OF_CHAIN 0xFFFFFFFEu

enum {
    HEADER_BYTES = 512,
    DIR_ENTRY = 128,
    REC_FORMULA = 0x0006,
    REC_BOF = 0x0809,
    REC_BOUNDSHEET = 0x0085,
    REC_STRING = 0x0207,
    REC_FONT = 0x0031,
    REC_XF = 0x00E0,
    REC_NUMBER = 0x0203,
    REC_RK = 0x027E,
    REC_MULRK = 0x00BD,
    REC_LABELSST = 0x00FD,
    REC_LABEL = 0x0204,
    REC_RSTRING = 0x00D6,
    REC_BLANK = 0x0201,
    REC_MULBLANK = 0x00BE,
    BOF_WORKSHEET = 0x0010
};

static uint32_t le16(const unsigned char *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t le32(const unsigned char *p)
{
    return le16(p) | le16(p + 2) << 16;
}

typedef struct cfb {
    const unsigned char *data;
    size_t len;
    size_t ssz;            /* sector size */
    uint32_t *fat;
    size_t nfat;           /* entries */
} cfb;

static const unsigned char *sector(const cfb *f, uint32_t k)
{
    size_t off = ((size_t)k + 1) * f->ssz;
    return off + f->ssz <= f->len && off >= f->ssz ? f->data + off : NULL;
}

/* Appends the bytes of the chain from start (through table, sectors of
 * unit bytes read by get) to out. @return 0, -1 on a broken chain. */
typedef const unsigned char *(*sector_fn)(const void *ctx, uint32_t k);

static int read_chain(const void *ctx, sector_fn get, const uint32_t *table, size_t ntable,
                      uint32_t start, size_t unit, size_t want, unsigned char **out, size_t *len)
{
    if (want > FILE_MAX)
        return -1;
    size_t cap = want ? want : unit * 8, n = 0, steps = 0;
    unsigned char *buf = malloc(cap);
    if (!buf)
        return -1;
    for (uint32_t k = start; k != END_OF_CHAIN && (!want || n < want); k = table[k]) {
        const unsigned char *s = k < ntable ? get(ctx, k) : NULL;
        if (!s || ++steps > ntable) {
            free(buf);
            return -1;
        }
        if (n + unit > cap) {
            size_t ncap = cap * 2 > n + unit ? cap * 2 : n + unit;
            unsigned char *p = realloc(buf, ncap);
            if (!p) {
                free(buf);
                return -1;
            }
            buf = p;
            cap = ncap;
        }
        memcpy(buf + n, s, unit);
        n += unit;
    }
    if (want && n < want) {
        free(buf);
        return -1;
    }
    *out = buf;
    *len = want ? want : n;
    return 0;
}

static const unsigned char *big_sector(const void *ctx, uint32_t k)
{
    return sector(ctx, k);
}

typedef struct mini {
    const unsigned char *stream;
    size_t len;
} mini;

static const unsigned char *mini_sector(const void *ctx, uint32_t k)
{
    const mini *m = ctx;
    size_t off = (size_t)k * 64;
    return off + 64 <= m->len ? m->stream + off : NULL;
}

/* The FAT from the header's DIFAT and its chained DIFAT sectors. */
static int load_fat(cfb *f)
{
    const unsigned char *h = f->data;
    size_t nsec = le32(h + 0x2C), per = f->ssz / 4;
    if (nsec == 0 || nsec > f->len / f->ssz + 1)
        return -1;
    f->fat = malloc(nsec * per * sizeof *f->fat);
    if (!f->fat)
        return -1;
    f->nfat = nsec * per;
    size_t got = 0;
    uint32_t difat = le32(h + 0x44);
    const unsigned char *list = h + 0x4C;
    size_t in_list = 109, steps = 0;
    while (got < nsec) {
        for (size_t i = 0; i < in_list && got < nsec; i++) {
            const unsigned char *s = sector(f, le32(list + 4 * i));
            if (!s)
                return -1;
            for (size_t j = 0; j < per; j++)
                f->fat[got * per + j] = le32(s + 4 * j);
            got++;
        }
        if (got < nsec) {
            list = difat != END_OF_CHAIN ? sector(f, difat) : NULL;
            if (!list || ++steps > nsec)
                return -1;
            in_list = per - 1;
            difat = le32(list + 4 * (per - 1));
        }
    }
    return 0;
}

/* The Workbook (BIFF8) or Book (BIFF5) stream of the compound file. */
static int workbook_stream(cfb *f, unsigned char **out, size_t *len, char *why, size_t cap)
{
    const unsigned char *h = f->data;
    unsigned char *dir = NULL, *ministream = NULL, *minifat_bytes = NULL;
    size_t dlen = 0, mlen = 0, flen = 0;
    int rc = -1;
    if (read_chain(f, big_sector, f->fat, f->nfat, le32(h + 0x30), f->ssz, 0, &dir, &dlen) != 0) {
        snprintf(why, cap, "its directory cannot be read");
        return -1;
    }
    const unsigned char *root = NULL, *book = NULL;
    for (size_t at = 0; at + DIR_ENTRY <= dlen; at += DIR_ENTRY) {
        const unsigned char *e = dir + at;
        uint32_t name_len = le16(e + 0x40), type = e[0x42];
        char name[32];
        size_t k = 0;
        for (uint32_t i = 0; i + 2 < name_len && i < 62 && k + 1 < sizeof name; i += 2)
            name[k++] = (char)(le16(e + i) < 128 ? le16(e + i) : '?');
        name[k] = '\0';
        if (type == 5)
            root = e;
        else if (type == 2 && (!strcmp(name, "Workbook") || (!book && !strcmp(name, "Book"))))
            book = e;
    }
    if (!book || !root) {
        snprintf(why, cap, "it holds no Workbook stream");
        goto done;
    }
    size_t size = le32(book + 0x78);
    uint32_t start = le32(book + 0x74);
    if (size > f->len || le32(root + 0x78) > f->len) {
        snprintf(why, cap, "its Workbook stream is larger than the file");
        goto done;
    }
    if (size >= le32(h + 0x38)) {
        rc = read_chain(f, big_sector, f->fat, f->nfat, start, f->ssz, size, out, len);
    } else {
        /* a small stream lives in the mini stream, 64-byte sectors chained
         * by the mini FAT */
        if (read_chain(f, big_sector, f->fat, f->nfat, le32(root + 0x74), f->ssz,
                       le32(root + 0x78), &ministream, &mlen) == 0 &&
            read_chain(f, big_sector, f->fat, f->nfat, le32(h + 0x3C), f->ssz, 0, &minifat_bytes,
                       &flen) == 0) {
            size_t nmini = flen / 4;
            uint32_t *minifat = malloc((nmini ? nmini : 1) * sizeof *minifat);
            if (minifat) {
                for (size_t i = 0; i < nmini; i++)
                    minifat[i] = le32(minifat_bytes + 4 * i);
                mini m = {ministream, mlen};
                rc = read_chain(&m, mini_sector, minifat, nmini, start, 64, size, out, len);
                free(minifat);
            }
        }
    }
    if (rc != 0)
        snprintf(why, cap, "its Workbook stream cannot be read");
done:
    free(dir);
    free(ministream);
    free(minifat_bytes);
    return rc;
}

/* A BIFF8 string at p (cch characters, then a flags byte unless biff5)
 * into UTF-8 out. */
static void biff_text(const unsigned char *p, const unsigned char *end, uint32_t cch, int biff5,
                      char *out, size_t cap)
{
    int wide = 0;
    if (!biff5 && p < end)
        wide = *p++ & 1;
    size_t o = 0;
    for (uint32_t i = 0; i < cch && o + 4 < cap; i++) {
        uint32_t c;
        if (wide) {
            if (p + 2 > end)
                break;
            c = le16(p);
            p += 2;
        } else {
            if (p >= end)
                break;
            c = *p++;
        }
        if (c < 0x80) {
            out[o++] = (char)c;
        } else if (c < 0x800) {
            out[o++] = (char)(0xC0 | c >> 6);
            out[o++] = (char)(0x80 | (c & 0x3F));
        } else {
            out[o++] = (char)(0xE0 | c >> 12);
            out[o++] = (char)(0x80 | (c >> 6 & 0x3F));
            out[o++] = (char)(0x80 | (c & 0x3F));
        }
    }
    out[o] = '\0';
}

static const char *error_text(unsigned code)
{
    switch (code) {
    case 0x00: return "#NULL!";
    case 0x07: return "#DIV/0!";
    case 0x0F: return "#VALUE!";
    case 0x17: return "#REF!";
    case 0x1D: return "#NAME?";
    case 0x24: return "#NUM!";
    default: return "#N/A";
    }
}

/* The fonts and cell formats of the workbook's globals, as looks. */
typedef struct xls_looks {
    uint32_t *fonts;        /* bit 31 bold, bit 30 coloured, the colour's code */
    size_t nfonts;
    uint64_t *xfs;          /* WB_LOOK_* of each XF */
    unsigned char *edges;   /* WB_EDGE_* of each XF (as many as xfs) */
    size_t nxfs, cap_fonts, cap_xfs, cap_edges;
} xls_looks;

static int grow(void **p, size_t *cap, size_t count, size_t size)
{
    if (count < *cap)
        return 0;
    size_t ncap = *cap ? *cap * 2 : 64;
    void *q = realloc(*p, ncap * size);
    if (!q)
        return -1;
    *p = q;
    *cap = ncap;
    return 0;
}

/* A palette index as a look colour: 0 for the plain one (black or the
 * system's text colour; for a fill, white or the window's background). */
static uint32_t palette_look(uint32_t icv, int text)
{
    if (text ? icv == 0 || icv == 8 || icv == 0x40 || icv == 0x7FFF
             : icv == 1 || icv == 9 || icv == 0x40 || icv == 0x41 || icv == 0x7FFF)
        return 0;
    return (uint32_t)1 << 30 | 0xC00000u | (icv & 0xFFFF);
}

/* FONT and XF records (BIFF8) into looks. @return 0, -1 out of memory. */
static int read_look_record(xls_looks *L, uint32_t id, const unsigned char *d, uint32_t n)
{
    if (L->nfonts >= 65536 || L->nxfs >= 65536)
        return 0;   /* 16-bit indexes: the rest cannot be named */
    if (id == REC_FONT && n >= 8) {
        /* index 4 is never written: the fourth FONT record is font 5 */
        if (L->nfonts == 4) {
            if (grow((void **)&L->fonts, &L->cap_fonts, L->nfonts, sizeof *L->fonts) != 0)
                return -1;
            L->fonts[L->nfonts++] = 0;
        }
        if (grow((void **)&L->fonts, &L->cap_fonts, L->nfonts, sizeof *L->fonts) != 0)
            return -1;
        uint32_t bold = le16(d + 6) >= 600 ? (uint32_t)1 << 31 : 0;
        L->fonts[L->nfonts++] = bold | palette_look(le16(d + 4), 1);
    } else if (id == REC_XF && n >= 20) {
        if (grow((void **)&L->xfs, &L->cap_xfs, L->nxfs, sizeof *L->xfs) != 0 ||
            grow((void **)&L->edges, &L->cap_edges, L->nxfs, 1) != 0)
            return -1;
        /* the four line styles, 4 bits each: left, right, top, bottom */
        uint32_t lines = le16(d + 10);
        L->edges[L->nxfs] = (unsigned char)((lines & 0xF ? WB_EDGE_LEFT : 0) |
                                            (lines >> 4 & 0xF ? WB_EDGE_RIGHT : 0) |
                                            (lines >> 8 & 0xF ? WB_EDGE_TOP : 0) |
                                            (lines >> 12 & 0xF ? WB_EDGE_BOTTOM : 0));
        uint32_t ifnt = le16(d), font = ifnt < L->nfonts ? L->fonts[ifnt] : 0;
        uint32_t fls = le32(d + 14) >> 26 & 0x3F, fill = fls ? palette_look(le16(d + 18) & 0x7F, 0) : 0;
        L->xfs[L->nxfs++] = wb_look_make(!!(font >> 31), !!(font >> 30 & 1), font & 0xFFFFFF,
                                         !!(fill >> 30 & 1), fill & 0xFFFFFF);
    }
    return 0;
}

/* One cell's format to fn, when it gives a look or borders. */
static int report(const xls_looks *L, uint32_t xf, const char *sheet, uint32_t row,
                  uint32_t col, int blank, xls_look_fn fn, void *user)
{
    if (xf >= L->nxfs || (!L->xfs[xf] && !L->edges[xf]) || (blank && !L->edges[xf]))
        return 0;
    return fn(user, sheet, row, col, blank ? 0 : L->xfs[xf], L->edges[xf], blank);
}

/* The looks of the cells of one cell record (row, column, XF index at
 * its start; MULRK and MULBLANK: a run of them) to fn. */
static int cell_looks(const xls_looks *L, uint32_t id, const unsigned char *d, uint32_t n,
                      const char *sheet, xls_look_fn fn, void *user)
{
    if (!fn || !L->nxfs || n < 6)
        return 0;
    uint32_t row = le16(d), col = le16(d + 2);
    if (id == REC_MULRK || id == REC_MULBLANK) {
        uint32_t step = id == REC_MULRK ? 6 : 2;   /* XF + RK, or XF alone */
        for (uint32_t k = 0; 4 + step * k + step <= n - 2; k++)
            if (report(L, le16(d + 4 + step * k), sheet, row, col + k, id == REC_MULBLANK, fn,
                       user) != 0)
                return -1;
        return 0;
    }
    int cell = id == REC_NUMBER || id == REC_RK || id == REC_LABELSST || id == REC_LABEL ||
               id == REC_RSTRING || id == REC_FORMULA || id == REC_BLANK;
    return cell ? report(L, le16(d + 4), sheet, row, col, id == REC_BLANK, fn, user) : 0;
}

/* Walks the BIFF records: sheet names from BOUNDSHEET, each worksheet's
 * FORMULA records (and the STRING after a text result) to fn, and each
 * cell's look to look_fn. */
static int walk(const unsigned char *s, size_t len, xls_formula_fn fn, xls_look_fn look_fn,
                void *user)
{
    enum { MAX_SHEETS = 4096 };
    uint32_t *offsets = malloc(MAX_SHEETS * sizeof *offsets);
    char (*names)[256] = malloc(MAX_SHEETS * sizeof *names);
    xls_looks looks = {0};
    if (!offsets || !names) {
        free(offsets);
        free(names);
        return -1;
    }
    size_t nsheets = 0;
    const char *sheet = NULL;
    int biff5 = 0, pending_text = 0, rc = 0;
    uint32_t prow = 0, pcol = 0;
    for (size_t at = 0; at + 4 <= len && rc == 0;) {
        uint32_t id = le16(s + at), n = le16(s + at + 2);
        const unsigned char *d = s + at + 4, *end = d + n;
        if (at + 4 + n > len)
            break;
        if (!sheet && !biff5)
            rc = read_look_record(&looks, id, d, n);
        else if (sheet)
            rc = cell_looks(&looks, id, d, n, sheet, look_fn, user);
        if (rc != 0)
            break;
        if (id == REC_BOF && n >= 4) {
            biff5 = le16(d) < 0x0600;
            sheet = NULL;
            if (le16(d + 2) == BOF_WORKSHEET)
                for (size_t i = 0; i < nsheets; i++)
                    if (offsets[i] == at)
                        sheet = names[i];
        } else if (id == REC_BOUNDSHEET && n >= 8 && nsheets < MAX_SHEETS) {
            offsets[nsheets] = le32(d);
            biff_text(d + 7, end, d[6], biff5, names[nsheets], sizeof names[nsheets]);
            nsheets++;
        } else if (id == REC_FORMULA && sheet && n >= 14) {
            uint32_t row = le16(d), col = le16(d + 2);
            const unsigned char *v = d + 6;
            pending_text = 0;
            if (le16(v + 6) != 0xFFFF) {
                double x;
                unsigned char b[8];
                memcpy(b, v, 8);
                uint64_t bits = 0;
                for (int i = 7; i >= 0; i--)
                    bits = bits << 8 | b[i];
                memcpy(&x, &bits, sizeof x);
                rc = fn(user, sheet, row, col, XLS_FORMULA_NUMBER, x, NULL);
            } else if (v[0] == 0) {
                pending_text = 1;   /* the text follows in a STRING record */
                prow = row;
                pcol = col;
            } else if (v[0] == 1) {
                rc = fn(user, sheet, row, col, XLS_FORMULA_TEXT, 0, v[2] ? "TRUE" : "FALSE");
            } else if (v[0] == 2) {
                rc = fn(user, sheet, row, col, XLS_FORMULA_TEXT, 0, error_text(v[2]));
            }
        } else if (id == REC_STRING && pending_text && sheet && n >= 2) {
            char text[1024];
            biff_text(d + 2, end, le16(d), biff5, text, sizeof text);
            if (text[0])
                rc = fn(user, sheet, prow, pcol, XLS_FORMULA_TEXT, 0, text);
            pending_text = 0;
        }
        at += 4 + n;
    }
    free(offsets);
    free(names);
    free(looks.fonts);
    free(looks.xfs);
    free(looks.edges);
    return rc;
}

int xls_formulas_read(const char *path, xls_formula_fn fn, xls_look_fn look_fn, void *user,
                      char *why, size_t cap)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        snprintf(why, cap, "cannot open it again to read its formulas");
        return -1;
    }
    unsigned char *data = NULL;
    size_t len = 0, room = 0;
    int rc = -1;
    for (;;) {
        if (len == room) {
            size_t nroom = room ? room * 2 : (size_t)1 << 16;
            unsigned char *p = nroom <= FILE_MAX ? realloc(data, nroom) : NULL;
            if (!p)
                break;
            data = p;
            room = nroom;
        }
        size_t got = fread(data + len, 1, room - len, fp);
        len += got;
        if (got == 0) {
            rc = ferror(fp) ? -1 : 0;
            break;
        }
    }
    fclose(fp);
    cfb f = {data, len, 0, NULL, 0};
    unsigned char *stream = NULL;
    size_t slen = 0;
    static const unsigned char magic[8] = {0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1};
    if (rc != 0) {
        snprintf(why, cap, "cannot read it to find its formulas");
    } else if (len < HEADER_BYTES || memcmp(data, magic, 8) != 0 ||
               (le16(data + 0x1E) != 9 && le16(data + 0x1E) != 12)) {
        snprintf(why, cap, "not a compound file: its formulas cannot be read");
        rc = -1;
    } else {
        f.ssz = (size_t)1 << le16(data + 0x1E);
        if (load_fat(&f) != 0) {
            snprintf(why, cap, "its sector table is broken: its formulas cannot be read");
            rc = -1;
        } else if ((rc = workbook_stream(&f, &stream, &slen, why, cap)) == 0 &&
                   walk(stream, slen, fn, look_fn, user) != 0) {
            snprintf(why, cap, "out of memory or more than %d cells in a sheet",
                     (int)WB_MAX_CELLS);
            rc = -1;
        }
    }
    free(stream);
    free(f.fat);
    free(data);
    return rc;
}
