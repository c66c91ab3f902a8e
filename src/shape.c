/*
 * shape.c — the geometry model: sides, boxes, variants and their units.
 *
 * Everything about where digits may repeat is reduced here to one table of
 * units (sets of n cells that must all differ). Rows, columns, boxes,
 * diagonals, Windoku windows and jigsaw regions are all just units; the
 * per-cell unit lists and peer lists are derived once from that table.
 */
#include "shape_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

doku_status doku_default_box(int n, int *box_rows, int *box_cols)
{
    if (!box_rows || !box_cols)
        return DOKU_ERR_ARG;
    int best = -1;
    for (int r = 2; r * r <= n; r++)
        if (n % r == 0)
            best = r;
    if (best < 0)
        return DOKU_ERR_SHAPE;
    *box_rows = best;
    *box_cols = n / best;
    return DOKU_OK;
}

static void add_unit(doku_shape *s, doku_unit_kind kind, int ordinal,
                     const uint16_t *cells)
{
    int u = s->nunits++;
    s->unit_kind[u] = (uint8_t)kind;
    s->unit_ordinal[u] = (uint8_t)ordinal;
    memcpy(s->unit_cells + (size_t)u * s->n, cells, sizeof(uint16_t) * (size_t)s->n);
}

static int count_windows(int n, int extent)
{
    int k = 0;
    while (1 + k * (extent + 1) + extent <= n - 1)
        k++;
    return k;
}

static doku_status check_regions(int n, const uint8_t *regions)
{
    int size[DOKU_MAX_N] = {0};
    for (int i = 0; i < n * n; i++) {
        if (regions[i] >= n)
            return DOKU_ERR_REGIONS;
        size[regions[i]]++;
    }
    for (int r = 0; r < n; r++)
        if (size[r] != n)
            return DOKU_ERR_REGIONS;
    return DOKU_OK;
}

static void add_region_units(doku_shape *s, const uint8_t *regions)
{
    int n = s->n;
    uint16_t cells[DOKU_MAX_N];
    for (int r = 0; r < n; r++) {
        int k = 0;
        for (int i = 0; i < s->ncells; i++)
            if (regions[i] == r)
                cells[k++] = (uint16_t)i;
        add_unit(s, DOKU_UNIT_REGION, r, cells);
    }
}

static void add_line_and_box_units(doku_shape *s, int with_boxes)
{
    int n = s->n;
    uint16_t cells[DOKU_MAX_N];
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++)
            cells[c] = (uint16_t)(r * n + c);
        add_unit(s, DOKU_UNIT_ROW, r, cells);
    }
    for (int c = 0; c < n; c++) {
        for (int r = 0; r < n; r++)
            cells[r] = (uint16_t)(r * n + c);
        add_unit(s, DOKU_UNIT_COL, c, cells);
    }
    if (!with_boxes)
        return;
    int br = s->box_rows, bc = s->box_cols;
    for (int b = 0; b < n; b++) {
        int r0 = (b / (n / bc)) * br, c0 = (b % (n / bc)) * bc, k = 0;
        for (int r = 0; r < br; r++)
            for (int c = 0; c < bc; c++)
                cells[k++] = (uint16_t)((r0 + r) * n + c0 + c);
        add_unit(s, DOKU_UNIT_BOX, b, cells);
    }
}

static void add_variant_units(doku_shape *s, int win_rows, int win_cols)
{
    int n = s->n;
    uint16_t cells[DOKU_MAX_N];
    if (s->variants & DOKU_VARIANT_X) {
        for (int i = 0; i < n; i++)
            cells[i] = (uint16_t)(i * n + i);
        add_unit(s, DOKU_UNIT_DIAGONAL, 0, cells);
        for (int i = 0; i < n; i++)
            cells[i] = (uint16_t)(i * n + (n - 1 - i));
        add_unit(s, DOKU_UNIT_DIAGONAL, 1, cells);
    }
    if (s->variants & DOKU_VARIANT_HYPER) {
        int wr = count_windows(n, win_rows), wc = count_windows(n, win_cols), w = 0;
        for (int i = 0; i < wr; i++)
            for (int j = 0; j < wc; j++) {
                int r0 = 1 + i * (win_rows + 1), c0 = 1 + j * (win_cols + 1), k = 0;
                for (int r = 0; r < win_rows; r++)
                    for (int c = 0; c < win_cols; c++)
                        cells[k++] = (uint16_t)((r0 + r) * n + c0 + c);
                add_unit(s, DOKU_UNIT_WINDOW, w++, cells);
            }
    }
}

/* Derives per-cell unit lists and peer lists from the unit table. The
 * per-cell stride is the largest number of units any cell lies in (a
 * centre cell of X + hyper + jigsaw with boxes lies in seven), counted
 * first, never assumed. */
static doku_status derive_cell_tables(doku_shape *s)
{
    int n = s->n, nc = s->ncells;
    s->cell_nunits = calloc((size_t)nc, 1);
    if (!s->cell_nunits)
        return DOKU_ERR_NOMEM;
    int maxu = 0;
    for (int u = 0; u < s->nunits; u++)
        for (int i = 0; i < n; i++) {
            int cell = s->unit_cells[u * n + i];
            if (++s->cell_nunits[cell] > maxu)
                maxu = s->cell_nunits[cell];
        }
    memset(s->cell_nunits, 0, (size_t)nc);
    s->max_cell_units = maxu;
    s->cell_units = calloc((size_t)nc * (size_t)maxu, sizeof(uint16_t));
    s->max_peers = maxu * (n - 1);
    s->peer_count = calloc((size_t)nc, sizeof(uint16_t));
    s->peers = calloc((size_t)nc * (size_t)s->max_peers, sizeof(uint16_t));
    uint8_t *seen = calloc((size_t)nc, 1);
    if (!s->cell_units || !s->peer_count || !s->peers || !seen) {
        free(seen);
        return DOKU_ERR_NOMEM;
    }
    for (int u = 0; u < s->nunits; u++)
        for (int i = 0; i < n; i++) {
            int cell = s->unit_cells[u * n + i];
            s->cell_units[cell * maxu + s->cell_nunits[cell]++] = (uint16_t)u;
        }
    for (int cell = 0; cell < nc; cell++) {
        int k = 0;
        seen[cell] = 1;
        for (int j = 0; j < s->cell_nunits[cell]; j++) {
            const uint16_t *uc = s->unit_cells + (size_t)s->cell_units[cell * maxu + j] * n;
            for (int i = 0; i < n; i++)
                if (!seen[uc[i]]) {
                    seen[uc[i]] = 1;
                    s->peers[(size_t)cell * s->max_peers + k++] = uc[i];
                }
        }
        s->peer_count[cell] = (uint16_t)k;
        seen[cell] = 0;
        for (int i = 0; i < k; i++)
            seen[s->peers[(size_t)cell * s->max_peers + i]] = 0;
    }
    free(seen);
    return DOKU_OK;
}

/* Rank of a unit kind in the box-first order: box or region, row,
 * column, then the extra units. */
static int box_first_rank(doku_unit_kind k)
{
    switch (k) {
    case DOKU_UNIT_BOX:
    case DOKU_UNIT_REGION:
        return 0;
    case DOKU_UNIT_ROW:
        return 1;
    case DOKU_UNIT_COL:
        return 2;
    default:
        return 3;
    }
}

/* Derives the box-first tables (see shape_internal.h) from the per-cell
 * unit lists: the same units and peers, re-ordered, plus each cell's
 * position in every unit and the peer matrix. */
static doku_status derive_box_first_tables(doku_shape *s)
{
    int n = s->n, nc = s->ncells, nu = s->nunits, maxu = s->max_cell_units;
    s->peer_words = (nc + 63) / 64;
    s->cell_units_bf = calloc((size_t)nc * (size_t)maxu, sizeof(uint16_t));
    s->peers_bf = calloc((size_t)nc * (size_t)s->max_peers, sizeof(uint16_t));
    s->cell_box = malloc(sizeof(int) * (size_t)nc);
    s->cell_row = malloc(sizeof(int) * (size_t)nc);
    s->cell_col = malloc(sizeof(int) * (size_t)nc);
    s->cell_pos = malloc((size_t)nu * (size_t)nc);
    s->peer_bits = calloc((size_t)nc * (size_t)s->peer_words, sizeof(uint64_t));
    uint8_t *seen = calloc((size_t)nc, 1);
    if (!s->cell_units_bf || !s->peers_bf || !s->cell_box || !s->cell_row || !s->cell_col ||
        !s->cell_pos || !s->peer_bits || !seen) {
        free(seen);
        return DOKU_ERR_NOMEM;
    }
    memset(s->cell_pos, 0xff, (size_t)nu * (size_t)nc);
    for (int u = 0; u < nu; u++)
        for (int i = 0; i < n; i++)
            s->cell_pos[(size_t)u * nc + s->unit_cells[(size_t)u * n + i]] = (uint8_t)i;
    for (int c = 0; c < nc; c++) {
        int cnt = s->cell_nunits[c], k = 0;
        const uint16_t *cu = s->cell_units + (size_t)c * maxu;
        uint16_t *bf = s->cell_units_bf + (size_t)c * maxu;
        s->cell_box[c] = s->cell_row[c] = s->cell_col[c] = -1;
        for (int rank = 0; rank <= 3; rank++)
            for (int j = 0; j < cnt; j++)
                if (box_first_rank((doku_unit_kind)s->unit_kind[cu[j]]) == rank)
                    bf[k++] = cu[j];
        for (int j = 0; j < cnt; j++) {
            doku_unit_kind kd = (doku_unit_kind)s->unit_kind[cu[j]];
            if (kd == DOKU_UNIT_BOX || kd == DOKU_UNIT_REGION)
                s->cell_box[c] = cu[j];
            else if (kd == DOKU_UNIT_ROW)
                s->cell_row[c] = cu[j];
            else if (kd == DOKU_UNIT_COL)
                s->cell_col[c] = cu[j];
        }
        /* peers in the box-first unit order, each once */
        uint16_t *pb = s->peers_bf + (size_t)c * s->max_peers;
        int np = 0;
        seen[c] = 1;
        for (int j = 0; j < k; j++)
            for (int i = 0; i < n; i++) {
                int o = s->unit_cells[(size_t)bf[j] * n + i];
                if (!seen[o]) {
                    seen[o] = 1;
                    pb[np++] = (uint16_t)o;
                }
            }
        seen[c] = 0;
        for (int i = 0; i < np; i++) {
            seen[pb[i]] = 0;
            s->peer_bits[(size_t)c * s->peer_words + (pb[i] >> 6)] |= (uint64_t)1 << (pb[i] & 63);
        }
    }
    free(seen);
    return DOKU_OK;
}

doku_status doku_shape_create(const doku_shape_spec *spec, doku_shape **out)
{
    if (!out)
        return DOKU_ERR_ARG;
    *out = NULL;
    if (!spec)
        return DOKU_ERR_ARG;
    int n = spec->n, br = spec->box_rows, bc = spec->box_cols;
    if (n == 0)
        n = br * bc;
    /* n = 1 is refused: a one-cell grid has no unit worth the name, and
     * the engines assume every unit has a second cell. */
    if (n < 2 || n > DOKU_MAX_N || br < 0 || bc < 0)
        return DOKU_ERR_SHAPE;
    if (spec->variants & ~(unsigned)(DOKU_VARIANT_X | DOKU_VARIANT_HYPER))
        return DOKU_ERR_VARIANT;
    int with_boxes = !spec->regions || spec->keep_boxes;
    if (br == 0 && bc == 0) {
        if (doku_default_box(n, &br, &bc) != DOKU_OK) {
            if (with_boxes || (spec->variants & DOKU_VARIANT_HYPER))
                return DOKU_ERR_SHAPE;
            br = bc = 0;
        }
    } else if (br * bc != n || br < 1 || bc < 1) {
        return DOKU_ERR_SHAPE;
    }
    if (spec->regions) {
        doku_status st = check_regions(n, spec->regions);
        if (st != DOKU_OK)
            return st;
    }
    if ((spec->variants & DOKU_VARIANT_HYPER) &&
        (count_windows(n, br) < 1 || count_windows(n, bc) < 1))
        return DOKU_ERR_VARIANT;

    doku_shape *s = calloc(1, sizeof *s);
    if (!s)
        return DOKU_ERR_NOMEM;
    s->n = n;
    s->ncells = n * n;
    s->box_rows = with_boxes ? br : 0;
    s->box_cols = with_boxes ? bc : 0;
    s->variants = spec->variants;
    s->has_regions = spec->regions != NULL;
    int max_units = 3 * n + 2 + n + n * n; /* generous: windows < n*n */
    s->unit_kind = calloc((size_t)max_units, 1);
    s->unit_ordinal = calloc((size_t)max_units, 1);
    s->unit_cells = calloc((size_t)max_units * (size_t)n, sizeof(uint16_t));
    if (spec->regions)
        s->regions = malloc((size_t)s->ncells);
    if (!s->unit_kind || !s->unit_ordinal || !s->unit_cells ||
        (spec->regions && !s->regions)) {
        doku_shape_free(s);
        return DOKU_ERR_NOMEM;
    }
    add_line_and_box_units(s, with_boxes);
    if (spec->regions) {
        memcpy(s->regions, spec->regions, (size_t)s->ncells);
        add_region_units(s, spec->regions);
    }
    add_variant_units(s, br, bc);
    doku_status st = derive_cell_tables(s);
    if (st == DOKU_OK)
        st = derive_box_first_tables(s);
    if (st != DOKU_OK) {
        doku_shape_free(s);
        return st;
    }
    s->classic9 = n == 9 && br == 3 && bc == 3 && with_boxes && !spec->regions &&
                  spec->variants == 0;
    *out = s;
    return DOKU_OK;
}

doku_status shape_create_extended(const doku_shape *base, const uint16_t *extra, int nextra,
                                  doku_shape **out)
{
    *out = NULL;
    int n = base->n;
    doku_shape *s = calloc(1, sizeof *s);
    if (!s)
        return DOKU_ERR_NOMEM;
    s->n = n;
    s->ncells = base->ncells;
    s->box_rows = base->box_rows;
    s->box_cols = base->box_cols;
    s->variants = base->variants;
    s->has_regions = base->has_regions;
    int max_units = base->nunits + nextra;
    s->unit_kind = calloc((size_t)max_units, 1);
    s->unit_ordinal = calloc((size_t)max_units, 1);
    s->unit_cells = calloc((size_t)max_units * (size_t)n, sizeof(uint16_t));
    if (base->regions)
        s->regions = malloc((size_t)s->ncells);
    if (!s->unit_kind || !s->unit_ordinal || !s->unit_cells || (base->regions && !s->regions)) {
        doku_shape_free(s);
        return DOKU_ERR_NOMEM;
    }
    if (base->regions)
        memcpy(s->regions, base->regions, (size_t)s->ncells);
    for (int u = 0; u < base->nunits; u++)
        add_unit(s, (doku_unit_kind)base->unit_kind[u], base->unit_ordinal[u],
                 base->unit_cells + (size_t)u * n);
    for (int u = 0; u < nextra; u++)
        add_unit(s, DOKU_UNIT_WINDOW, (base->nunits + u) & 0xff, extra + (size_t)u * n);
    doku_status st = derive_cell_tables(s);
    if (st == DOKU_OK)
        st = derive_box_first_tables(s);
    if (st != DOKU_OK) {
        doku_shape_free(s);
        return st;
    }
    s->classic9 = 0;
    *out = s;
    return DOKU_OK;
}

doku_status doku_shape_create_simple(int n, unsigned variants, doku_shape **out)
{
    doku_shape_spec spec = {0};
    spec.n = n;
    spec.variants = variants;
    return doku_shape_create(&spec, out);
}

void doku_shape_free(doku_shape *s)
{
    if (!s)
        return;
    free(s->unit_kind);
    free(s->unit_ordinal);
    free(s->unit_cells);
    free(s->cell_nunits);
    free(s->cell_units);
    free(s->peer_count);
    free(s->peers);
    free(s->regions);
    free(s->cell_units_bf);
    free(s->peers_bf);
    free(s->cell_box);
    free(s->cell_row);
    free(s->cell_col);
    free(s->cell_pos);
    free(s->peer_bits);
    free(s);
}

/* The accessors below check their arguments (the public boundary): a NULL
 * shape or an index out of range gives the documented "none" value. */
int doku_shape_n(const doku_shape *s) { return s ? s->n : 0; }
int doku_shape_cells(const doku_shape *s) { return s ? s->ncells : 0; }
int doku_shape_box_rows(const doku_shape *s) { return s ? s->box_rows : 0; }
int doku_shape_box_cols(const doku_shape *s) { return s ? s->box_cols : 0; }
unsigned doku_shape_variants(const doku_shape *s) { return s ? s->variants : 0; }
bool doku_shape_has_regions(const doku_shape *s) { return s && s->has_regions; }
bool doku_shape_is_classic9(const doku_shape *s) { return s && s->classic9; }
int doku_shape_unit_count(const doku_shape *s) { return s ? s->nunits : 0; }

static int unit_ok(const doku_shape *s, int unit)
{
    return s && unit >= 0 && unit < s->nunits;
}

static int cell_ok(const doku_shape *s, int cell)
{
    return s && cell >= 0 && cell < s->ncells;
}

/* A failed snprintf-style call: DOKU_ERR_ARG, "" in buf when there is
 * room, and a length of 0. */
static doku_status no_text(char *buf, size_t cap, size_t *len)
{
    if (buf && cap)
        buf[0] = '\0';
    if (len)
        *len = 0;
    return DOKU_ERR_ARG;
}

/* The end of a successful snprintf-style call: its length to *len. */
static doku_status text_done(int k, size_t *len)
{
    if (len)
        *len = k > 0 ? (size_t)k : 0;
    return DOKU_OK;
}

doku_unit_kind doku_shape_unit_kind(const doku_shape *s, int unit)
{
    if (!unit_ok(s, unit))
        return DOKU_UNIT_NONE;
    return (doku_unit_kind)s->unit_kind[unit];
}

int doku_shape_unit_ordinal(const doku_shape *s, int unit)
{
    if (!unit_ok(s, unit))
        return -1;
    return s->unit_ordinal[unit];
}

const uint16_t *doku_shape_unit_cells(const doku_shape *s, int unit)
{
    if (!unit_ok(s, unit))
        return NULL;
    return s->unit_cells + (size_t)unit * s->n;
}

const uint16_t *doku_shape_cell_units(const doku_shape *s, int cell, int *count)
{
    if (count)
        *count = cell_ok(s, cell) ? s->cell_nunits[cell] : 0;
    if (!cell_ok(s, cell))
        return NULL;
    return s->cell_units + (size_t)cell * s->max_cell_units;
}

const uint16_t *doku_shape_peers(const doku_shape *s, int cell, int *count)
{
    if (count)
        *count = cell_ok(s, cell) ? s->peer_count[cell] : 0;
    if (!cell_ok(s, cell))
        return NULL;
    return s->peers + (size_t)cell * s->max_peers;
}

doku_status doku_shape_unit_name(const doku_shape *s, int unit, char *buf, size_t cap,
                                 size_t *len)
{
    static const char *const names[] = {"row", "column", "box", "diagonal",
                                        "window", "region"};
    if (!unit_ok(s, unit) || (!buf && cap))
        return no_text(buf, cap, len);
    return text_done(snprintf(buf, cap, "%s %d", names[s->unit_kind[unit]],
                              s->unit_ordinal[unit] + 1), len);
}

doku_status doku_cell_name(const doku_shape *s, int cell, char *buf, size_t cap, size_t *len)
{
    if (!cell_ok(s, cell) || (!buf && cap))
        return no_text(buf, cap, len);
    return text_done(snprintf(buf, cap, "r%dc%d", cell / s->n + 1, cell % s->n + 1), len);
}

doku_status doku_shape_describe(const doku_shape *s, char *buf, size_t cap, size_t *len)
{
    if (!s || (!buf && cap))
        return no_text(buf, cap, len);
    char boxes[40];
    if (s->box_rows)
        snprintf(boxes, sizeof boxes, "%dx%d boxes", s->box_rows, s->box_cols);
    else
        snprintf(boxes, sizeof boxes, "no boxes");
    const char *x = (s->variants & DOKU_VARIANT_X) ? "+x" : "";
    const char *h = (s->variants & DOKU_VARIANT_HYPER) ? "+hyper" : "";
    const char *j = s->has_regions ? "+jigsaw" : "";
    return text_done(snprintf(buf, cap, "%dx%d, %s%s%s%s", s->n, s->n, boxes, x, h, j), len);
}
