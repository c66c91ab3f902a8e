/*
 * generic_cdcl.c — conflict-driven clause learning for the generic
 * engine's hard cases (big near-empty hyper grids, sparse 64x64 grids):
 * the depth-first search forgets why a branch failed and meets the same
 * conflict again in every sibling; here each conflict becomes a clause.
 *
 * The variables are the cell-digit pairs x(c, d) still open at the root
 * (the generic engine's propagated candidates). The sudoku rules are not
 * written out as clauses, as a CNF encoding must (a 64x64 grid: millions
 * of binary clauses): they are propagated natively from the same two
 * views the depth-first engine keeps, per cell the digits not yet false
 * and per unit-digit the places not yet false. x(c, d) true makes every
 * other digit of c and every peer's d false; a cell or unit-digit left
 * with one candidate makes it true, with none it is a conflict. A reason
 * is a small tag (the cell, the unit-digit, or the true variable that
 * excludes), and its clause is listed only when conflict analysis asks:
 * the cell's or unit-digit's root candidates, or a binary exclusion.
 * Learnt clauses (first UIP, minimised against reasons) use two watched
 * literals.
 *
 * Around that, a plain MiniSat-like loop: activity-ordered decisions
 * (VSIDS, digits of scarce cells first at the start), saved phases (a
 * false one decides the cell's saved true digit instead), Luby restarts,
 * learnt clauses halved by LBD at restarts, chronological backtracking
 * over long jumps (a literal's level is its reason's highest, so the
 * trail is not sorted by level; analysis runs at the conflict's level). A solution is
 * reported and then blocked by a clause, so counting is exact; the root
 * becoming contradictory ends the search with a proof of no more.
 */
#include "generic_internal.h"
#include "util/bits.h"

#include <stdlib.h>
#include <string.h>

enum { R_ROOT = 0, R_DECISION = 1, R_CELL = 2, R_UNIT = 3, R_EXCL = 4, R_CLAUSE = 5 };

/* Luby restarts of LUBY_UNIT conflicts (128 before chronological
 * backtracking; 512 took the hard-shape sums from 42.8 to 35.3 s on the
 * tuning set and 61.6 to 52.2 s held out); learnt clauses halved when they
 * pass the cap (growing by a tenth each time). A learnt clause that would
 * jump back over more than CHRONO_LEVELS levels goes back one level only
 * (chronological backtracking, as CaDiCaL: the hard shapes descend
 * thousands of levels; on an empty 32x32 x+hyper grid CaDiCaL without it
 * needs 20x the conflicts). */
enum { LUBY_UNIT = 512, LEARNT_FIRST = 4000, CHRONO_LEVELS = 100 };

/* Reason bumping (as CaDiCaL's bumpreason): the variables of the short
 * reasons (at most REASON_BUMP_MAX literals) of a learnt clause's
 * literals are bumped too; they took part in the conflict one step
 * further back. Most short reasons here are exclusions (two literals)
 * and the cells or unit-digits left with few root candidates. On the
 * tuning set (3 seeds, cap 3 s) it took the sum from 40.5 to 26.2 s and
 * the instances solved from 28 to 34 of 36. */
enum { REASON_BUMP_MAX = 8 };

/* Shrinking gives up on a block after this many resolution steps. */
enum { SHRINK_WORK = 1000 };

typedef struct watch_list {
    uint32_t *w;         /* clause offsets in the arena */
    uint32_t n, cap;
} watch_list;

struct generic_cdcl {
    const doku_shape *s;
    const uint8_t *cell_index; /* [ncells * maxu] cell's place in its units */
    int n, ncells, nunits, maxu;
    uint32_t nvars;      /* ncells * n; var = c * n + d, lit = var * 2 + neg */

    int8_t *val;         /* [nvars] 1 true, -1 false, 0 open */
    int8_t *phase;       /* [nvars] saved value */
    int32_t *level;      /* [nvars] */
    uint8_t *rkind;      /* [nvars] R_* */
    uint32_t *ridx;      /* [nvars] cell, unit-digit, variable or clause */
    uint64_t *cmask;     /* [ncells] digits not false */
    uint64_t *pmask;     /* [nunits * n] places not false */
    uint64_t *root_c;    /* [ncells] root candidates */
    uint64_t *root_p;    /* [nunits * n] root places */

    uint32_t *trail;     /* true literals in order */
    uint32_t ntrail, qhead;
    uint32_t *lim;       /* [levels] trail length when the level began */
    int dlevel;

    double *act, inc;    /* [nvars] activity, bump */
    int32_t *heap, *hpos; /* max-heap of variables on act; hpos -1: out */
    uint32_t hsize;

    uint32_t *arena;     /* clauses: size, lbd, literals... */
    size_t alen, acap;
    uint32_t *learnts;   /* arena offsets of deletable clauses */
    size_t nlearnts, lcap;
    watch_list *watch;   /* [2 * nvars] clauses watching the literal */

    uint8_t *seen;       /* [nvars] analysis marks */
    uint32_t *buf;       /* [nvars] learnt clause being built */
    uint32_t *rbuf;      /* [nvars] a reason's literals */
    uint32_t *kept;      /* [nvars] the learnt clause minimised */
    uint32_t *tpos;      /* [nvars] position on the trail (set variables) */
    uint64_t *skey;      /* [nvars] shrinking: clause literals by level */
    uint32_t *sheap;     /* [nvars] shrinking: block variables, latest first */
    uint32_t *stouch;    /* [nvars] shrinking: variables marked */
    uint32_t *stamp;     /* [ncells + 2] LBD level stamps */
    uint32_t stamp_now;
    uint8_t *grid;       /* [ncells] a solution */
    int oom;
    int chrono;          /* jumps back over more levels go back one */
};

/* A conflict: a reason tag whose clause is all false (for R_EXCL, the
 * two true variables ridx and other). */
typedef struct conflict {
    int kind;
    uint32_t idx, other;
} conflict;

static inline uint32_t var_of(const generic_cdcl *k, int c, int d)
{
    return (uint32_t)c * (uint32_t)k->n + (uint32_t)d;
}

/* @return 1 true, -1 false, 0 open. */
static inline int lit_value(const generic_cdcl *k, uint32_t lit)
{
    int v = k->val[lit >> 1];
    return lit & 1 ? -v : v;
}

static void heap_up(generic_cdcl *k, uint32_t i)
{
    int32_t v = k->heap[i];
    while (i > 0) {
        uint32_t p = (i - 1) / 2;
        if (k->act[k->heap[p]] >= k->act[v])
            break;
        k->heap[i] = k->heap[p];
        k->hpos[k->heap[i]] = (int32_t)i;
        i = p;
    }
    k->heap[i] = v;
    k->hpos[v] = (int32_t)i;
}

static void heap_down(generic_cdcl *k, uint32_t i)
{
    int32_t v = k->heap[i];
    for (;;) {
        uint32_t l = 2 * i + 1;
        if (l >= k->hsize)
            break;
        uint32_t r = l + 1, m = r < k->hsize && k->act[k->heap[r]] > k->act[k->heap[l]] ? r : l;
        if (k->act[k->heap[m]] <= k->act[v])
            break;
        k->heap[i] = k->heap[m];
        k->hpos[k->heap[i]] = (int32_t)i;
        i = m;
    }
    k->heap[i] = v;
    k->hpos[v] = (int32_t)i;
}

static void heap_insert(generic_cdcl *k, uint32_t v)
{
    if (k->hpos[v] >= 0)
        return;
    k->heap[k->hsize] = (int32_t)v;
    heap_up(k, k->hsize++);
}

static int32_t heap_pop(generic_cdcl *k)
{
    int32_t v = k->heap[0];
    k->hpos[v] = -1;
    if (--k->hsize) {
        k->heap[0] = k->heap[k->hsize];
        heap_down(k, 0);
    }
    return v;
}

static void bump(generic_cdcl *k, uint32_t v)
{
    if ((k->act[v] += k->inc) > 1e100) {
        for (uint32_t i = 0; i < k->nvars; i++)
            k->act[i] *= 1e-100;
        k->inc *= 1e-100;
    }
    if (k->hpos[v] >= 0)
        heap_up(k, (uint32_t)k->hpos[v]);
}

void generic_cdcl_free(generic_cdcl *k)
{
    if (!k)
        return;
    if (k->watch)
        for (uint32_t i = 0; i < 2 * k->nvars; i++)
            free(k->watch[i].w);
    free(k->watch);
    free(k->val);
    free(k->phase);
    free(k->level);
    free(k->rkind);
    free(k->ridx);
    free(k->cmask);
    free(k->pmask);
    free(k->root_c);
    free(k->root_p);
    free(k->trail);
    free(k->lim);
    free(k->act);
    free(k->heap);
    free(k->hpos);
    free(k->arena);
    free(k->learnts);
    free(k->seen);
    free(k->buf);
    free(k->rbuf);
    free(k->kept);
    free(k->tpos);
    free(k->skey);
    free(k->sheap);
    free(k->stouch);
    free(k->stamp);
    free(k->grid);
    free(k);
}

doku_status generic_cdcl_create(const doku_shape *s, const uint8_t *cell_index, generic_cdcl **out)
{
    generic_cdcl *k = calloc(1, sizeof *k);
    if (!k)
        return DOKU_ERR_NOMEM;
    k->s = s;
    k->cell_index = cell_index;
    k->chrono = CHRONO_LEVELS;
    k->n = s->n;
    k->ncells = s->ncells;
    k->nunits = s->nunits;
    k->maxu = s->max_cell_units;
    k->nvars = (uint32_t)s->ncells * (uint32_t)s->n;
    size_t nv = k->nvars, nc = (size_t)s->ncells, nud = (size_t)s->nunits * (size_t)s->n;
    k->val = malloc(nv);
    k->phase = malloc(nv);
    k->level = malloc(sizeof *k->level * nv);
    k->rkind = malloc(nv);
    k->ridx = malloc(sizeof *k->ridx * nv);
    k->cmask = malloc(sizeof *k->cmask * nc);
    k->pmask = malloc(sizeof *k->pmask * nud);
    k->root_c = malloc(sizeof *k->root_c * nc);
    k->root_p = malloc(sizeof *k->root_p * nud);
    k->trail = malloc(sizeof *k->trail * nv);
    k->lim = malloc(sizeof *k->lim * (nv + 1));
    k->act = malloc(sizeof *k->act * nv);
    k->heap = malloc(sizeof *k->heap * nv);
    k->hpos = malloc(sizeof *k->hpos * nv);
    k->watch = calloc(2 * nv, sizeof *k->watch);
    k->seen = calloc(nv, 1);
    k->buf = malloc(sizeof *k->buf * (nv + 1));
    k->rbuf = malloc(sizeof *k->rbuf * (nv + 1));
    k->kept = malloc(sizeof *k->kept * (nv + 1));
    k->tpos = malloc(sizeof *k->tpos * nv);
    k->skey = malloc(sizeof *k->skey * (nv + 1));
    k->sheap = malloc(sizeof *k->sheap * (nv + 1));
    k->stouch = malloc(sizeof *k->stouch * (nv + 1));
    k->stamp = calloc(nv + 2, sizeof *k->stamp);
    k->grid = malloc(nc);
    k->acap = 1 << 16;
    k->arena = malloc(sizeof *k->arena * k->acap);
    k->lcap = 1024;
    k->learnts = malloc(sizeof *k->learnts * k->lcap);
    if (!k->val || !k->phase || !k->level || !k->rkind || !k->ridx || !k->cmask || !k->pmask ||
        !k->root_c || !k->root_p || !k->trail || !k->lim || !k->act || !k->heap || !k->hpos ||
        !k->watch || !k->seen || !k->buf || !k->rbuf || !k->kept || !k->tpos || !k->skey || !k->sheap || !k->stouch || !k->stamp || !k->grid || !k->arena ||
        !k->learnts) {
        generic_cdcl_free(k);
        return DOKU_ERR_NOMEM;
    }
    *out = k;
    return DOKU_OK;
}

void generic_cdcl_set_chrono(generic_cdcl *k, int levels)
{
    k->chrono = levels < 0 ? 0 : levels;
}

/* Makes lit true at the given level (its reason's highest, which may lie
 * below the current one) with the given reason, updating the candidate
 * views at once (propagation reads them later). */
static void assign(generic_cdcl *k, uint32_t lit, int kind, uint32_t idx, int level)
{
    uint32_t v = lit >> 1;
    k->val[v] = (int8_t)(lit & 1 ? -1 : 1);
    k->level[v] = level;
    k->rkind[v] = (uint8_t)kind;
    k->ridx[v] = idx;
    k->tpos[v] = k->ntrail;
    k->trail[k->ntrail++] = lit;
    if (lit & 1) {
        int c = (int)(v / (uint32_t)k->n), d = (int)(v % (uint32_t)k->n);
        k->cmask[c] &= ~((uint64_t)1 << d);
        const uint16_t *cu = k->s->cell_units + (size_t)c * (size_t)k->maxu;
        const uint8_t *ci = k->cell_index + (size_t)c * (size_t)k->maxu;
        for (int j = 0, nk = k->s->cell_nunits[c]; j < nk; j++)
            k->pmask[(size_t)cu[j] * (size_t)k->n + (size_t)d] &= ~((uint64_t)1 << ci[j]);
    }
}

static void backtrack(generic_cdcl *k, int level)
{
    if (k->dlevel <= level)
        return;
    uint32_t to = k->lim[level], kept = to;
    for (uint32_t i = to; i < k->ntrail; i++) {
        uint32_t lit = k->trail[i], v = lit >> 1;
        if (k->level[v] <= level) {
            k->tpos[v] = kept;
            k->trail[kept++] = lit; /* assigned out of order: stays */
            continue;
        }
        if (lit & 1) {
            int c = (int)(v / (uint32_t)k->n), d = (int)(v % (uint32_t)k->n);
            k->cmask[c] |= (uint64_t)1 << d;
            const uint16_t *cu = k->s->cell_units + (size_t)c * (size_t)k->maxu;
            const uint8_t *ci = k->cell_index + (size_t)c * (size_t)k->maxu;
            for (int j = 0, nk = k->s->cell_nunits[c]; j < nk; j++)
                k->pmask[(size_t)cu[j] * (size_t)k->n + (size_t)d] |= (uint64_t)1 << ci[j];
        }
        k->phase[v] = k->val[v];
        k->val[v] = 0;
        heap_insert(k, v);
    }
    k->ntrail = kept;
    k->qhead = to; /* what stayed is propagated again (idempotent) */
    k->dlevel = level;
}

/* A reason's or conflict's clause, every literal (the implied one too).
 * @return its length. */
static uint32_t clause_of(const generic_cdcl *k, int kind, uint32_t idx, uint32_t v, uint32_t *out)
{
    uint32_t len = 0;
    const int n = k->n;
    if (kind == R_CELL) {
        for (uint64_t m = k->root_c[idx]; m; m &= m - 1)
            out[len++] = var_of(k, (int)idx, bits_lowest(m)) << 1;
    } else if (kind == R_UNIT) {
        uint32_t u = idx / (uint32_t)n;
        int d = (int)(idx % (uint32_t)n);
        const uint16_t *uc = k->s->unit_cells + (size_t)u * (size_t)n;
        for (uint64_t m = k->root_p[idx]; m; m &= m - 1)
            out[len++] = var_of(k, uc[bits_lowest(m)], d) << 1;
    } else if (kind == R_EXCL) {
        out[len++] = v << 1 | 1;
        out[len++] = idx << 1 | 1;
    } else if (kind == R_CLAUSE) {
        const uint32_t *c = k->arena + idx;
        for (uint32_t i = 0; i < c[0]; i++)
            out[len++] = c[2 + i];
    }
    return len;
}

/* The length of the clause clause_of would list, without listing it. */
static uint32_t reason_size(const generic_cdcl *k, int kind, uint32_t idx)
{
    if (kind == R_CELL)
        return (uint32_t)bits_count(k->root_c[idx]);
    if (kind == R_UNIT)
        return (uint32_t)bits_count(k->root_p[idx]);
    if (kind == R_EXCL)
        return 2;
    return kind == R_CLAUSE ? k->arena[idx] : 0;
}

static int watch_push(generic_cdcl *k, uint32_t lit, uint32_t off)
{
    watch_list *w = &k->watch[lit];
    if (w->n == w->cap) {
        uint32_t cap = w->cap ? w->cap * 2 : 4;
        uint32_t *p = realloc(w->w, sizeof *p * cap);
        if (!p) {
            k->oom = 1;
            return 0;
        }
        w->w = p;
        w->cap = cap;
    }
    w->w[w->n++] = off;
    return 1;
}

/* Stores a clause (lits[0], lits[1] watched). @return its offset, or
 * UINT32_MAX when out of memory. */
static uint32_t add_clause(generic_cdcl *k, const uint32_t *lits, uint32_t len, uint32_t lbd,
                           int learnt)
{
    if (k->alen + len + 2 > k->acap || k->alen + len + 2 > UINT32_MAX / 2) {
        size_t cap = k->acap * 2 + len + 2;
        uint32_t *a = cap < UINT32_MAX / 2 ? realloc(k->arena, sizeof *a * cap) : NULL;
        if (!a) {
            k->oom = 1;
            return UINT32_MAX;
        }
        k->arena = a;
        k->acap = cap;
    }
    if (learnt && k->nlearnts == k->lcap) {
        uint32_t *l = realloc(k->learnts, sizeof *l * k->lcap * 2);
        if (!l) {
            k->oom = 1;
            return UINT32_MAX;
        }
        k->learnts = l;
        k->lcap *= 2;
    }
    uint32_t off = (uint32_t)k->alen;
    k->arena[off] = len;
    k->arena[off + 1] = lbd;
    memcpy(k->arena + off + 2, lits, sizeof *lits * len);
    k->alen += len + 2;
    if (learnt)
        k->learnts[k->nlearnts++] = off;
    if (!watch_push(k, lits[0], off) || !watch_push(k, lits[1], off))
        return UINT32_MAX;
    return off;
}

/* The highest level among the literals of a reason's or conflict's
 * clause other than variable except (all false, or for a conflict all):
 * an implied literal's true level, which chronological backtracking
 * needs (it is below the current one when the reason was complete
 * earlier). Reads the views, no buffer. */
static int max_level(const generic_cdcl *k, int kind, uint32_t idx, uint32_t except)
{
    int lv = 0;
    const int n = k->n;
    if (kind == R_CELL) {
        for (uint64_t m = k->root_c[idx]; m; m &= m - 1) {
            uint32_t w = var_of(k, (int)idx, bits_lowest(m));
            if (w != except && k->level[w] > lv)
                lv = k->level[w];
        }
    } else if (kind == R_UNIT) {
        uint32_t u = idx / (uint32_t)n;
        int d = (int)(idx % (uint32_t)n);
        const uint16_t *uc = k->s->unit_cells + (size_t)u * (size_t)n;
        for (uint64_t m = k->root_p[idx]; m; m &= m - 1) {
            uint32_t w = var_of(k, uc[bits_lowest(m)], d);
            if (w != except && k->level[w] > lv)
                lv = k->level[w];
        }
    } else if (kind == R_CLAUSE) {
        const uint32_t *c = k->arena + idx;
        for (uint32_t i = 0; i < c[0]; i++) {
            uint32_t w = c[2 + i] >> 1;
            if (w != except && k->level[w] > lv)
                lv = k->level[w];
        }
    }
    return lv;
}

/* The level of conflict cf: the highest of its clause's literals. */
static int conflict_level(const generic_cdcl *k, const conflict *cf)
{
    if (cf->kind == R_EXCL) {
        int a = k->level[cf->idx], b = k->level[cf->other];
        return a > b ? a : b;
    }
    return max_level(k, cf->kind, cf->idx, UINT32_MAX);
}

/* Native propagation of a true x(c, d): every other digit of c and d in
 * every peer become false. @return 0 on conflict (*cf set). */
static int native_true(generic_cdcl *k, uint32_t v, conflict *cf)
{
    const int n = k->n;
    int c = (int)(v / (uint32_t)n), d = (int)(v % (uint32_t)n);
    for (uint64_t m = k->cmask[c] & ~((uint64_t)1 << d); m; m &= m - 1) {
        uint32_t w = var_of(k, c, bits_lowest(m));
        if (k->val[w] > 0) {
            *cf = (conflict){R_EXCL, v, w};
            return 0;
        }
        assign(k, w << 1 | 1, R_EXCL, v, k->level[v]);
    }
    const uint16_t *cu = k->s->cell_units + (size_t)c * (size_t)k->maxu;
    const uint8_t *ci = k->cell_index + (size_t)c * (size_t)k->maxu;
    for (int j = 0, nk = k->s->cell_nunits[c]; j < nk; j++) {
        const uint16_t *uc = k->s->unit_cells + (size_t)cu[j] * (size_t)n;
        uint64_t m = k->pmask[(size_t)cu[j] * (size_t)n + (size_t)d] & ~((uint64_t)1 << ci[j]);
        for (; m; m &= m - 1) {
            uint32_t w = var_of(k, uc[bits_lowest(m)], d);
            if (k->val[w] > 0) {
                *cf = (conflict){R_EXCL, v, w};
                return 0;
            }
            assign(k, w << 1 | 1, R_EXCL, v, k->level[v]);
        }
    }
    return 1;
}

/* Native propagation of a false x(c, d): c and each of its unit-digits
 * for d with one candidate left make it true, with none conflict.
 * @return 0 on conflict. */
static int native_false(generic_cdcl *k, uint32_t v, conflict *cf)
{
    const int n = k->n;
    int c = (int)(v / (uint32_t)n), d = (int)(v % (uint32_t)n);
    uint64_t m = k->cmask[c];
    if (!m) {
        *cf = (conflict){R_CELL, (uint32_t)c, 0};
        return 0;
    }
    if (bits_single(m)) {
        uint32_t w = var_of(k, c, bits_lowest(m));
        if (!k->val[w])
            assign(k, w << 1, R_CELL, (uint32_t)c, max_level(k, R_CELL, (uint32_t)c, w));
    }
    const uint16_t *cu = k->s->cell_units + (size_t)c * (size_t)k->maxu;
    for (int j = 0, nk = k->s->cell_nunits[c]; j < nk; j++) {
        uint32_t key = (uint32_t)cu[j] * (uint32_t)n + (uint32_t)d;
        uint64_t p = k->pmask[key];
        if (!p) {
            *cf = (conflict){R_UNIT, key, 0};
            return 0;
        }
        if (bits_single(p)) {
            uint32_t w = var_of(k, k->s->unit_cells[(size_t)cu[j] * (size_t)n + (size_t)bits_lowest(p)], d);
            if (!k->val[w])
                assign(k, w << 1, R_UNIT, key, max_level(k, R_UNIT, key, w));
        }
    }
    return 1;
}

/* Propagates to a fixpoint. @return 0 on conflict (*cf set). */
static int propagate(generic_cdcl *k, conflict *cf)
{
    while (k->qhead < k->ntrail) {
        uint32_t lit = k->trail[k->qhead++], v = lit >> 1;
        if (!(lit & 1) ? !native_true(k, v, cf) : !native_false(k, v, cf))
            return 0;
        uint32_t fl = lit ^ 1; /* the literal that became false */
        watch_list *ws = &k->watch[fl];
        uint32_t i = 0, j = 0;
        while (i < ws->n) {
            uint32_t off = ws->w[i++];
            uint32_t *c = k->arena + off, *l = c + 2;
            if (l[0] == fl) {
                l[0] = l[1];
                l[1] = fl;
            }
            if (lit_value(k, l[0]) > 0) {
                ws->w[j++] = off;
                continue;
            }
            int moved = 0;
            for (uint32_t q = 2; q < c[0]; q++)
                if (lit_value(k, l[q]) >= 0) {
                    l[1] = l[q];
                    l[q] = fl;
                    if (!watch_push(k, l[1], off))
                        return 1; /* oom: the caller stops */
                    moved = 1;
                    break;
                }
            if (moved)
                continue;
            ws->w[j++] = off;
            if (lit_value(k, l[0]) < 0) {
                while (i < ws->n)
                    ws->w[j++] = ws->w[i++];
                ws->n = j;
                *cf = (conflict){R_CLAUSE, off, 0};
                return 0;
            }
            assign(k, l[0], R_CLAUSE, off, max_level(k, R_CLAUSE, off, l[0] >> 1));
        }
        ws->n = j;
    }
    return 1;
}

/* Whether every other literal of v's reason is marked or fixed at the
 * root, so v's literal adds nothing to a learnt clause. */
static int redundant(generic_cdcl *k, uint32_t v)
{
    if (k->rkind[v] == R_DECISION || k->rkind[v] == R_ROOT)
        return 0;
    uint32_t len = clause_of(k, k->rkind[v], k->ridx[v], v, k->rbuf);
    for (uint32_t i = 0; i < len; i++) {
        uint32_t w = k->rbuf[i] >> 1;
        if (w != v && !k->seen[w] && k->level[w] > 0)
            return 0;
    }
    return 1;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Shrinking's queue of a block's variables, latest on the trail first. */
static void sheap_push(generic_cdcl *k, uint32_t *n, uint32_t v)
{
    uint32_t i = (*n)++;
    while (i > 0) {
        uint32_t p = (i - 1) / 2;
        if (k->tpos[k->sheap[p]] >= k->tpos[v])
            break;
        k->sheap[i] = k->sheap[p];
        i = p;
    }
    k->sheap[i] = v;
}

static uint32_t sheap_pop(generic_cdcl *k, uint32_t *n)
{
    uint32_t top = k->sheap[0], v = k->sheap[--*n], i = 0;
    for (;;) {
        uint32_t l = 2 * i + 1;
        if (l >= *n)
            break;
        uint32_t r = l + 1, m = r < *n && k->tpos[k->sheap[r]] > k->tpos[k->sheap[l]] ? r : l;
        if (k->tpos[k->sheap[m]] <= k->tpos[v])
            break;
        k->sheap[i] = k->sheap[m];
        i = m;
    }
    if (*n)
        k->sheap[i] = v;
    return top;
}

/* Shrinking (Fleury and Biere's, as CaDiCaL's --shrink): the block of a
 * learnt clause's literals at one level L (skey[from..to), each level << 32
 * | literal; every clause variable has seen 1) is replaced by the single
 * literal of the block's own UIP when resolving back from the block's
 * latest literal meets only literals of level L, of the root or of the
 * clause. The clause keeps its LBD and gets shorter, and its literals are
 * closer to the decisions. Marks its variables with seen bit 2 while it
 * runs. @return the replacing literal, or UINT32_MAX (clause unchanged). */
static uint32_t shrink_block(generic_cdcl *k, uint32_t from, uint32_t to, int level)
{
    uint32_t hn = 0, nt = 0, work = 0, res = UINT32_MAX;
    for (uint32_t i = from; i < to; i++) {
        uint32_t v = (uint32_t)k->skey[i] >> 1;
        k->seen[v] |= 2;
        k->stouch[nt++] = v;
        sheap_push(k, &hn, v);
    }
    while (hn) {
        uint32_t u = sheap_pop(k, &hn);
        if (hn == 0) {
            res = u << 1 | (k->val[u] > 0); /* the clause's literal is false */
            break;
        }
        int rk = k->rkind[u], fail = 0;
        if (rk == R_DECISION || rk == R_ROOT || ++work > SHRINK_WORK)
            break;
        uint32_t rl = clause_of(k, rk, k->ridx[u], u, k->rbuf);
        for (uint32_t j = 0; j < rl && !fail; j++) {
            uint32_t w = k->rbuf[j] >> 1;
            if (w == u || k->level[w] == 0 || k->seen[w] & 2)
                continue;
            if (k->level[w] == level) {
                k->seen[w] |= 2;
                k->stouch[nt++] = w;
                sheap_push(k, &hn, w);
            } else if (!k->seen[w]) {
                fail = 1;
            }
        }
        if (fail)
            break;
    }
    for (uint32_t i = 0; i < nt; i++)
        k->seen[k->stouch[i]] &= 1;
    return res;
}

/* Shrinks the learnt clause buf[1..len) level by level (shrink_block).
 * @return its new length. */
static uint32_t shrink(generic_cdcl *k, uint32_t len)
{
    for (uint32_t i = 1; i < len; i++) {
        k->seen[k->buf[i] >> 1] = 1;
        k->skey[i - 1] = (uint64_t)k->level[k->buf[i] >> 1] << 32 | k->buf[i];
    }
    qsort(k->skey, len - 1, sizeof *k->skey, cmp_u64);
    uint32_t out = 1;
    for (uint32_t i = 0, j; i < len - 1; i = j) {
        int level = (int)(k->skey[i] >> 32);
        for (j = i; j < len - 1 && (int)(k->skey[j] >> 32) == level; j++)
            ;
        uint32_t r = j - i >= 2 ? shrink_block(k, i, j, level) : UINT32_MAX;
        if (r != UINT32_MAX)
            k->kept[out++] = r;
        else
            for (uint32_t q = i; q < j; q++)
                k->kept[out++] = (uint32_t)k->skey[q];
    }
    for (uint32_t i = 1; i < len; i++)
        k->seen[k->buf[i] >> 1] = 0;
    memcpy(k->buf + 1, k->kept + 1, sizeof *k->buf * (out - 1));
    return out;
}

/* First-UIP analysis of cf. Leaves the learnt clause in buf (buf[0] the
 * asserting literal, buf[1] one of the highest remaining level).
 * @return its length; *bt the level to go back to, *lbd its LBD. */
static uint32_t analyze(generic_cdcl *k, const conflict *cf, int *bt, uint32_t *lbd)
{
    uint32_t len = 1, path = 0, idx = k->ntrail, p = UINT32_MAX;
    int kind = cf->kind;
    uint32_t ridx = cf->idx, rv = cf->other;
    for (;;) {
        uint32_t clen = clause_of(k, kind, ridx, rv, k->rbuf);
        for (uint32_t i = 0; i < clen; i++) {
            uint32_t q = k->rbuf[i], w = q >> 1;
            if (w == p || k->seen[w] || k->level[w] == 0)
                continue;
            k->seen[w] = 1;
            bump(k, w);
            if (k->level[w] == k->dlevel)
                path++;
            else
                k->buf[len++] = q;
        }
        while (!k->seen[k->trail[--idx] >> 1] || k->level[k->trail[idx] >> 1] != k->dlevel)
            ;
        p = k->trail[idx] >> 1;
        k->seen[p] = 0;
        if (--path == 0)
            break;
        kind = k->rkind[p];
        ridx = k->ridx[p];
        rv = p;
    }
    k->buf[0] = k->trail[idx] ^ 1;
    /* Local minimisation: a literal implied by the others goes. */
    uint32_t out = 1;
    for (uint32_t i = 1; i < len; i++)
        if (!redundant(k, k->buf[i] >> 1))
            k->kept[out++] = k->buf[i];
    for (uint32_t i = 1; i < len; i++)
        k->seen[k->buf[i] >> 1] = 0;
    memcpy(k->buf + 1, k->kept + 1, sizeof *k->buf * (out - 1));
    len = out;
    if (len > 2)
        len = shrink(k, len);
    *bt = 0;
    for (uint32_t i = 1; i < len; i++)
        if (k->level[k->buf[i] >> 1] > *bt) {
            *bt = k->level[k->buf[i] >> 1];
            uint32_t t = k->buf[1];
            k->buf[1] = k->buf[i];
            k->buf[i] = t;
        }
    for (uint32_t i = 1; i < len; i++) {
        uint32_t v = k->buf[i] >> 1;
        int rk = k->rkind[v];
        if (rk == R_DECISION || rk == R_ROOT)
            continue;
        if (reason_size(k, rk, k->ridx[v]) > REASON_BUMP_MAX)
            continue;
        uint32_t rl = clause_of(k, rk, k->ridx[v], v, k->rbuf);
        for (uint32_t j = 0; j < rl; j++) {
            uint32_t w = k->rbuf[j] >> 1;
            if (w != v && k->level[w] > 0)
                bump(k, w);
        }
    }
    k->stamp_now++;
    *lbd = 0;
    for (uint32_t i = 0; i < len; i++) {
        int lv = k->level[k->buf[i] >> 1];
        if (k->stamp[lv] != k->stamp_now) {
            k->stamp[lv] = k->stamp_now;
            (*lbd)++;
        }
    }
    k->inc *= 1.0 / 0.95;
    return len;
}

/* At the root: drops the worse half of the learnt clauses (by LBD, then
 * length), keeps clauses of LBD <= 2, and rebuilds the arena and the
 * watches. Root reasons are no longer read, so none is locked. */
static void reduce(generic_cdcl *k)
{
    uint64_t *key = malloc(sizeof *key * (k->nlearnts + 1));
    uint32_t *arena = malloc(sizeof *arena * k->acap);
    if (!key || !arena) {
        free(key);
        free(arena);
        return; /* keep them all: correct, only slower */
    }
    for (size_t i = 0; i < k->nlearnts; i++) {
        const uint32_t *c = k->arena + k->learnts[i];
        key[i] = (uint64_t)c[1] << 52 | (uint64_t)c[0] << 32 | k->learnts[i];
    }
    qsort(key, k->nlearnts, sizeof *key, cmp_u64);
    size_t keep_from = k->nlearnts / 2;
    for (uint32_t v = 0; v < k->nvars; v++)
        if (k->rkind[v] == R_CLAUSE)
            k->rkind[v] = R_ROOT; /* root level: never analysed */
    uint8_t *dead = calloc(k->alen + 1, 1);
    if (!dead) {
        free(key);
        free(arena);
        return;
    }
    for (size_t i = keep_from; i < k->nlearnts; i++)
        if ((key[i] >> 52) > 2)
            dead[(uint32_t)key[i]] = 1;
    free(key);
    size_t alen = 0, nl = 0, li = 0;
    /* Learnt offsets ascend in the arena; permanent clauses lie between. */
    for (size_t off = 0; off < k->alen;) {
        uint32_t len = k->arena[off];
        int learnt = li < k->nlearnts && k->learnts[li] == off;
        li += learnt;
        if (!dead[off]) {
            memcpy(arena + alen, k->arena + off, sizeof *arena * (len + 2));
            if (learnt)
                k->learnts[nl++] = (uint32_t)alen;
            alen += len + 2;
        }
        off += len + 2;
    }
    free(dead);
    free(k->arena);
    k->arena = arena;
    k->alen = alen;
    k->nlearnts = nl;
    for (uint32_t i = 0; i < 2 * k->nvars; i++)
        k->watch[i].n = 0;
    for (size_t off = 0; off < k->alen;) {
        uint32_t len = k->arena[off];
        if (!watch_push(k, k->arena[off + 2], (uint32_t)off) ||
            !watch_push(k, k->arena[off + 3], (uint32_t)off))
            return;
        off += len + 2;
    }
}

/* The Luby sequence 1 1 2 1 1 2 4 ...: its i-th term (from 0). */
static uint64_t luby(uint64_t i)
{
    uint64_t size = 1, seq = 0;
    while (size < i + 1) {
        seq++;
        size = 2 * size + 1;
    }
    while (size - 1 != i) {
        size = (size - 1) >> 1;
        seq--;
        i = i % size;
    }
    return (uint64_t)1 << seq;
}

/* The level a restart goes back to, keeping the decisions the restart
 * would take again (trail reuse): those of higher activity than the best
 * open variable. A big near-empty grid needs thousands of decisions for
 * one descent, which a full restart would throw away each time. */
static int reuse_level(generic_cdcl *k)
{
    while (k->hsize && k->val[k->heap[0]]) {
        int32_t x = heap_pop(k);
        (void)x;
    }
    if (!k->hsize)
        return 0;
    double top = k->act[k->heap[0]];
    int level = 0;
    while (level < k->dlevel && k->act[k->trail[k->lim[level]] >> 1] > top)
        level++;
    return level;
}

/* Adds the clause excluding solution sol (cells fixed at the root left
 * out) at the root. @return 0 when it leaves no assignment (search over). */
static int block(generic_cdcl *k, const uint8_t *sol)
{
    uint32_t len = 0;
    for (int c = 0; c < k->ncells; c++) {
        uint32_t v = var_of(k, c, sol[c] - 1);
        if (k->val[v] > 0 && k->level[v] == 0)
            continue;
        if (k->val[v] < 0 && k->level[v] == 0)
            return 1; /* already excluded at the root */
        k->buf[len++] = v << 1 | 1;
    }
    if (len == 0)
        return 0;
    if (len == 1) {
        assign(k, k->buf[0], R_ROOT, 0, 0);
        return 1;
    }
    return add_clause(k, k->buf, len, 0, 0) != UINT32_MAX;
}

/* Loads the root: candidates cand (the depth-first engine's propagated
 * root). @return 0 if they contradict. */
static int load(generic_cdcl *k, const uint64_t *cand)
{
    const int n = k->n;
    memset(k->val, 0, k->nvars);
    memset(k->phase, 1, k->nvars);
    k->ntrail = k->qhead = 0;
    k->dlevel = 0;
    k->alen = 0;
    k->nlearnts = 0;
    k->inc = 1.0;
    k->oom = 0;
    for (uint32_t i = 0; i < 2 * k->nvars; i++)
        k->watch[i].n = 0;
    for (int c = 0; c < k->ncells; c++)
        k->cmask[c] = k->root_c[c] = cand[c];
    for (int u = 0; u < k->nunits; u++) {
        const uint16_t *uc = k->s->unit_cells + (size_t)u * (size_t)n;
        for (int d = 0; d < n; d++) {
            uint64_t p = 0;
            for (int i = 0; i < n; i++)
                p |= (uint64_t)(cand[uc[i]] >> d & 1) << i;
            k->pmask[(size_t)u * (size_t)n + (size_t)d] = k->root_p[(size_t)u * (size_t)n + (size_t)d] = p;
        }
    }
    k->hsize = 0;
    for (uint32_t v = 0; v < k->nvars; v++) {
        int c = (int)(v / (uint32_t)n), d = (int)(v % (uint32_t)n);
        k->hpos[v] = -1;
        k->level[v] = 0;
        k->rkind[v] = R_ROOT;
        if (!(cand[c] >> d & 1)) {
            k->val[v] = -1;
            continue;
        }
        /* Cells with few candidates first until conflicts take over. */
        k->act[v] = 1e-3 / (double)bits_count(cand[c]);
    }
    for (uint32_t v = 0; v < k->nvars; v++)
        if (!k->val[v])
            heap_insert(k, v);
    for (int c = 0; c < k->ncells; c++) {
        if (!cand[c])
            return 0;
        if (bits_single(cand[c]))
            assign(k, var_of(k, c, bits_lowest(cand[c])) << 1, R_ROOT, 0, 0);
    }
    for (size_t key = 0; key < (size_t)k->nunits * (size_t)n; key++) {
        uint64_t p = k->pmask[key];
        if (!p)
            return 0;
        if (bits_single(p)) {
            uint32_t w = var_of(k, k->s->unit_cells[(key / (size_t)n) * (size_t)n + (size_t)bits_lowest(p)],
                                (int)(key % (size_t)n));
            if (!k->val[w])
                assign(k, w << 1, R_ROOT, 0, 0);
            else if (k->val[w] < 0)
                return 0;
        }
    }
    conflict cf;
    return propagate(k, &cf);
}

void generic_cdcl_run(generic_cdcl *k, const uint64_t *cand, const uint8_t *reported,
                      search_ctx *ctx)
{
    if (!load(k, cand))
        return;
    if (reported && !block(k, reported))
        return;
    uint64_t conflicts = 0, restarts = 0, next_restart = LUBY_UNIT * luby(0);
    size_t max_learnts = LEARNT_FIRST + (size_t)k->nvars / 8;
    for (;;) {
        conflict cf;
        if (k->oom) {
            ctx->gave_up = ctx->stop = 1;
            ctx->out_of_memory = 1;
            return;
        }
        if (!propagate(k, &cf)) {
            int cl = conflict_level(k, &cf);
            if (cl == 0)
                return; /* no (further) solution */
            conflicts++;
            backtrack(k, cl); /* analysis runs at the conflict's level */
            int bt;
            uint32_t lbd, len = analyze(k, &cf, &bt, &lbd);
            if (len == 1) {
                backtrack(k, 0);
                assign(k, k->buf[0], R_ROOT, 0, 0);
            } else {
                /* A long jump back throws away a long descent that phase
                 * saving would mostly make again: go back one level and
                 * assign the learnt literal at its own level instead. */
                backtrack(k, k->dlevel - bt > k->chrono ? k->dlevel - 1 : bt);
                uint32_t off = add_clause(k, k->buf, len, lbd, 1);
                if (off == UINT32_MAX)
                    continue; /* oom: reported above */
                assign(k, k->buf[0], R_CLAUSE, off, bt);
            }
            continue;
        }
        if (conflicts >= next_restart) {
            restarts++;
            next_restart = conflicts + LUBY_UNIT * luby(restarts);
            if (k->nlearnts > max_learnts) {
                backtrack(k, 0);
                reduce(k);
                max_learnts += max_learnts / 10;
            } else {
                backtrack(k, reuse_level(k));
            }
            continue;
        }
        int32_t v = -1;
        while (k->hsize) {
            int32_t x = heap_pop(k);
            if (!k->val[x]) {
                v = x;
                break;
            }
        }
        if (v < 0) {
            /* Every variable set without conflict: each cell holds one digit. */
            for (int c = 0; c < k->ncells; c++)
                k->grid[c] = (uint8_t)(bits_lowest(k->cmask[c]) + 1);
            search_report_solution(ctx, k->grid, k->ncells);
            if (ctx->stop)
                return;
            backtrack(k, 0);
            if (!block(k, k->grid))
                return;
            continue;
        }
        if (search_count_node(ctx))
            return;
        ctx->guesses++;
        k->lim[k->dlevel++] = k->ntrail;
        /* A false saved phase would decide only that v's cell lacks one
         * digit (most saved phases are false: a cell has one true digit
         * of n), and the descent would take many such decisions per
         * cell. The cell's saved true digit, if still open, is decided
         * instead: one decision does what those would (on the hard
         * shapes half the decisions per conflict, fewer conflicts). */
        uint32_t dlit = (uint32_t)v << 1 | (k->phase[v] < 0);
        if (k->phase[v] < 0) {
            uint32_t c = (uint32_t)v / (uint32_t)k->n;
            for (uint64_t m = k->cmask[c]; m; m &= m - 1) {
                uint32_t w = c * (uint32_t)k->n + (uint32_t)bits_lowest(m);
                if (!k->val[w] && k->phase[w] > 0) {
                    dlit = w << 1;
                    heap_insert(k, (uint32_t)v); /* v stays open for now */
                    break;
                }
            }
        }
        assign(k, dlit, R_DECISION, 0, k->dlevel);
    }
}
