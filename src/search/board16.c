/*
 * board16.c — the fast path for every shape with n <= 16 (any box, any
 * variant) behind doku_search(): builds the board geometry from the shape's
 * unit table and compiles the engine (board16_core.h, design there) three
 * times on x86-64: a portable build, whose 256-bit vectors the compiler
 * splits into SSE2 halves (or scalar code elsewhere), one for CPUs with
 * AVX2 and one for AVX-512 (~10% faster than AVX2 on the 16x16 sets
 * before it also took two digit boards per register where that pays),
 * chosen once per engine from what the running CPU reports, so the binary
 * never executes an instruction an older CPU lacks.
 */
#include "board16_internal.h"

#include <stdlib.h>
#include <string.h>

/* 32-byte vectors passed by value warn about the ABI without AVX; they
 * never cross this file's boundary. */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wpsabi"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

/* Branching (board16_core.h): B16_PROBE_CELLS probes per choice as in
 * generic.c, after a plain first run of B16_PLAIN_FIRST nodes; the probe
 * memo keeps B16_MEMO_CELLS cells a level. */
enum { B16_DEAD = -1, B16_AGAIN = -2, B16_PROBE_CELLS = 16, B16_MEMO_CELLS = 16 };

/* One level's probe memo entries: cell (probed both ways) and which of
 * its two states are completed probes (bit k). */
typedef struct b16_memo_level {
    int16_t cell[B16_MEMO_CELLS];
    uint8_t ok[B16_MEMO_CELLS];
    uint8_t n, next;  /* entries in use; the one a full level replaces next */
} b16_memo_level;

struct board16_engine {
    b16_geom g;
    void (*run)(board16_engine *e, const uint8_t *givens, search_ctx *ctx);
    int variant;
    b16_state *stack;    /* ncells + 3 levels: one per guess depth, scratch */
    b16_state *alt;      /* 2 per level: its chosen cell's probe states */
    /* Probe memo (board16_core.h, probe()), allocated by the first
     * probing run (NULL: not yet, or no memory: probes start afresh). */
    b16_state *memo;     /* [levels * 2 * B16_MEMO_CELLS] */
    b16_memo_level *memo_at; /* [levels] */
    size_t levels;
    uint8_t *grid;       /* [ncells] */
    uint8_t *first;      /* [ncells] the first solution reported */
    int have_first;
    int probing;         /* this run chooses branches by probing */
    int aborted;
    uint64_t run_cap;    /* node count at which this run gives way, 0 none */
};

/* Allocates the probe memo (a 16x16 grid: 4.5 MB of address space, a
 * level's 17 KB touched when the search reaches it). @return 0 without
 * memory: the search runs without it, with the same results. */
static int b16_memo_alloc(board16_engine *e)
{
    if (e->memo)
        return 1;
    size_t bytes = e->levels * 2 * B16_MEMO_CELLS * sizeof(b16_state);
    e->memo = aligned_alloc(64, (bytes + 63) & ~(size_t)63);
    e->memo_at = calloc(e->levels, sizeof *e->memo_at);
    if (e->memo && e->memo_at)
        return 1;
    free(e->memo);
    free(e->memo_at);
    e->memo = NULL;
    e->memo_at = NULL;
    return 0;
}

enum { B16_PLAIN_FIRST = 32 };
#ifndef B16_BOTH
#define B16_BOTH 1
#endif

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define B16_X86 1
#include <immintrin.h>
#include "cpu_tier.h"
#endif

#define B16_SIMD 0
#define B16_FN(name) b16_portable_##name
#include "board16_core.h"
#undef B16_FN
#undef B16_SIMD

#ifdef B16_X86
CPU_TIER_BEGIN(CPU_TIER_AVX2)
#define B16_SIMD 2
#define B16_FN(name) b16_avx2_##name
#include "board16_core.h"
#undef B16_FN
#undef B16_SIMD
CPU_TIER_END()

/* AVX-512 (F, BW, VL): the same vector code on 256-bit registers, with
 * three-input logic (vpternlog) and compares into mask registers, which
 * the compiler picks on its own, plus the paired-board code (B16_PAIRS in
 * board16_core.h) on 512-bit registers. */
CPU_TIER_BEGIN(CPU_TIER_AVX512BW)
#define B16_SIMD 3
#define B16_FN(name) b16_avx512_##name
#include "board16_core.h"
#undef B16_FN
#undef B16_SIMD
CPU_TIER_END()


#endif

static void set_cell(b16v *v, int r, int c)
{
    (*v)[r] = (uint16_t)((*v)[r] | (1u << c));
}

static int same(const b16v *a, const b16v *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

/* Fills the geometry. @return 0 when the shape does not fit (n > 16 or too
 * many extra units). */
static int build_geom(const doku_shape *s, b16_geom *g)
{
    int n = s->n;
    if (n < 1 || n > 16)
        return 0;
    memset(g, 0, sizeof *g);
    g->n = n;
    g->ncells = s->ncells;
    for (int r = 0; r < n; r++) {
        g->rows[r] = 0xFFFF;
        for (int c = 0; c < n; c++)
            set_cell(&g->cells, r, c);
    }
    for (int r = 0; r < 16; r++)
        g->cols[r] = (uint16_t)((1u << n) - 1);
    for (int c = 0; c < s->ncells; c++) {
        b16v *p = &g->peers[(c / n) * 16 + c % n];
        for (int i = 0; i < s->peer_count[c]; i++) {
            int q = s->peers[(size_t)c * (size_t)s->max_peers + (size_t)i];
            set_cell(p, q / n, q % n);
        }
    }
    /* Aligned boxes are folded; only if every box unit is one. */
    int R = s->box_rows, C = s->box_cols;
    int fold = R >= 2 && C >= 2 && R <= 8 && C <= 8 && R * C == n;
    b16v box_start = {0};
    if (fold)
        for (int r = 0; r < n; r += R)
            for (int c = 0; c < n; c += C)
                set_cell(&box_start, r, c);
    int nbox = 0;
    for (int u = 0; u < s->nunits; u++) {
        b16v m = {0};
        for (int i = 0; i < n; i++) {
            int c = s->unit_cells[(size_t)u * (size_t)n + (size_t)i];
            set_cell(&m, c / n, c % n);
        }
        int kind = s->unit_kind[u];
        if (kind == DOKU_UNIT_ROW || kind == DOKU_UNIT_COL)
            continue;
        if (kind == DOKU_UNIT_BOX && fold) {
            /* The box whose top-left cell is the unit's first start bit. */
            b16v top = m & box_start, want = {0};
            int r0 = -1, c0 = -1;
            for (int r = 0; r < n && r0 < 0; r++)
                if (top[r]) {
                    r0 = r;
                    c0 = __builtin_ctz(top[r]);
                }
            if (r0 >= 0)
                for (int r = r0; r < r0 + R; r++)
                    for (int c = c0; c < c0 + C; c++)
                        set_cell(&want, r, c);
            if (r0 >= 0 && same(&want, &m)) {
                nbox++;
                continue;
            }
            fold = 0; /* not the aligned layout: every box becomes extra */
        }
        if (g->nextra == B16_MAX_EXTRA)
            return 0;
        g->extra[g->nextra++] = m;
    }
    /* The pair rules' unit list: what they do not fold (board16_core.h). */
    for (int u = 0; u < s->nunits; u++) {
        int kind = s->unit_kind[u];
        if (kind == DOKU_UNIT_ROW || kind == DOKU_UNIT_COL ||
            (kind == DOKU_UNIT_BOX && fold && nbox == n && R == 4 && C == 4))
            continue;
        b16v m = {0};
        for (int i = 0; i < n; i++) {
            int c = s->unit_cells[(size_t)u * (size_t)n + (size_t)i];
            set_cell(&m, c / n, c % n);
        }
        if (g->nunits == B16_MAX_UNITS)
            return 0;
        g->unit[g->nunits++] = m;
    }
    if (fold && nbox == n) {
        g->box_r = R;
        g->box_c = C;
        g->box_start = box_start;
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                if (c % C == 0)
                    set_cell(&g->start_cols, r, c);
                if (r % R == 0)
                    set_cell(&g->top, r, c);
                for (int k = 1; k < 8; k++) {
                    if (r % R + k < R)
                        set_cell(&g->band_dn[k], r, c);
                    if (r % R >= k)
                        set_cell(&g->band_up[k], r, c);
                    if (c % C + k < C)
                        set_cell(&g->grp_dn[k], r, c);
                    if (c % C >= k)
                        set_cell(&g->grp_up[k], r, c);
                }
            }
    } else if (fold && nbox) {
        /* Boxes partly folded cannot happen with a well-formed shape, but
         * if it did, treat them all as extra units. */
        return 0;
    }
    return 1;
}

doku_status board16_create(const doku_shape *s, int allow_extra, board16_engine **out)
{
    *out = NULL;
    size_t size = (sizeof(board16_engine) + 63) & ~(size_t)63;
    board16_engine *e = aligned_alloc(64, size);
    if (!e)
        return DOKU_ERR_NOMEM;
    memset(e, 0, sizeof *e);
    if (!build_geom(s, &e->g) || (e->g.nextra && !allow_extra)) {
        free(e);
        return DOKU_ERR_VARIANT;
    }
    size_t levels = (size_t)s->ncells + 3;
    e->stack = aligned_alloc(64, (levels * sizeof(b16_state) + 63) & ~(size_t)63);
    e->alt = aligned_alloc(64, (2 * levels * sizeof(b16_state) + 63) & ~(size_t)63);
    e->levels = levels;
    e->grid = malloc((size_t)s->ncells);
    e->first = malloc((size_t)s->ncells);
    if (!e->stack || !e->alt || !e->grid || !e->first) {
        board16_free(e);
        return DOKU_ERR_NOMEM;
    }
    board16_set_variant(e, -1);
    *out = e;
    return DOKU_OK;
}

int board16_set_variant(board16_engine *e, int variant)
{
    e->run = b16_portable_run;
    e->variant = BOARD16_PORTABLE;
#ifdef B16_X86
    if (variant != BOARD16_PORTABLE && cpu_has_avx2()) {
        e->run = b16_avx2_run;
        e->variant = BOARD16_AVX2;
    }
    if ((variant < 0 || variant == BOARD16_AVX512) && cpu_has_avx512bw()) {
        e->run = b16_avx512_run;
        e->variant = BOARD16_AVX512;
    }
#else
    (void)variant;
#endif
    return e->variant;
}

int board16_variant(const board16_engine *e)
{
    return e->variant;
}

void board16_free(board16_engine *e)
{
    if (!e)
        return;
    free(e->stack);
    free(e->alt);
    free(e->memo);
    free(e->memo_at);
    free(e->grid);
    free(e->first);
    free(e);
}

void board16_run(board16_engine *e, const uint8_t *givens, search_ctx *ctx)
{
    e->run(e, givens, ctx);
}
