/*
 * vgen_killer.c — a killer without givens for a full grid: the grid cut
 * into cages of distinct digits, grown cell by cell, then repaired where
 * a second solution differs from the grid.
 *
 * Why repair and not restart: a random cut is rarely unique, but its
 * second solution differs from the grid in a few cells (two digits
 * swapped between two cages whose sums stay equal). Cutting again only
 * the cages over those cells, until the new cut breaks that solution and
 * every one seen before, makes most grids unique within a few checks of
 * a millisecond each; a new grid would start over with the same odds.
 *
 * Cages grow from the free cell with the fewest free neighbours, and
 * prefer such cells as they grow (the cells that would otherwise be left
 * alone in a corner), so few cages end below the minimum size; those
 * that do are merged into a neighbour.
 */
#include "vgen_internal.h"

#include <stdlib.h>
#include <string.h>

/* Repairs tried per second solution before the region grows by one ring
 * of cages, and in all. */
#define TRIES_PER_RING 6
#define TRIES 48
/* Checks spent on one grid (repairs and merges), at most. */
#define MAX_REPAIRS 200
#define MAX_MERGES 400

typedef struct kcut {
    vgen *v;
    int lo, hi;
    int *cage;     /* [ncells] cage id, -1 while free */
    int *size;     /* [ncells] cells per id (0: id unused) */
    uint32_t *mask; /* [ncells] digits per id */
    int *saved;    /* [ncells] cage before a repair */
    int *list;     /* [ncells] scratch */
    int *ids;      /* [ncells] scratch */
    uint8_t *none; /* [ncells] zeros: a killer has no givens */
} kcut;

static uint32_t bit(const kcut *k, int cell) { return 1u << k->v->grid[cell]; }

static int orth(const kcut *k, int cell, int nb[4])
{
    int n = k->v->n, r = cell / n, c = cell % n, m = 0;
    if (r > 0) nb[m++] = cell - n;
    if (r < n - 1) nb[m++] = cell + n;
    if (c > 0) nb[m++] = cell - 1;
    if (c < n - 1) nb[m++] = cell + 1;
    return m;
}

static int free_around(const kcut *k, int cell)
{
    int nb[4], m = orth(k, cell, nb), f = 0;
    for (int i = 0; i < m; i++)
        f += k->cage[nb[i]] < 0;
    return f;
}

static void recount(kcut *k)
{
    int nc = k->v->ncells;
    memset(k->size, 0, sizeof *k->size * (size_t)nc);
    memset(k->mask, 0, sizeof *k->mask * (size_t)nc);
    for (int c = 0; c < nc; c++)
        if (k->cage[c] >= 0) {
            k->size[k->cage[c]]++;
            k->mask[k->cage[c]] |= bit(k, c);
        }
}

static int unused_id(const kcut *k)
{
    for (int i = 0; i < k->v->ncells; i++)
        if (!k->size[i])
            return i;
    return -1; /* cannot happen: fewer cages than cells while one is free */
}

static void put(kcut *k, int cell, int id)
{
    k->cage[cell] = id;
    k->size[id]++;
    k->mask[id] |= bit(k, cell);
}

/* Of the cells in cand[0..m-1], one with the fewest free neighbours
 * (ties: the first, cand being in random order). */
static int tightest(const kcut *k, const int *cand, int m)
{
    int best = cand[0], bf = free_around(k, best);
    for (int i = 1; i < m && bf > 0; i++) {
        int f = free_around(k, cand[i]);
        if (f < bf) {
            bf = f;
            best = cand[i];
        }
    }
    return best;
}

/* Grows one cage from start toward a random size in lo..hi. @return its id. */
static int grow_one(kcut *k, int start)
{
    vgen *v = k->v;
    int id = unused_id(k);
    int target = k->lo + vgen_below(v, k->hi - k->lo + 1);
    int *cells = k->ids, nc = 0;
    put(k, start, id);
    cells[nc++] = start;
    while (nc < target) {
        int cand[4 * DOKU_CONSTRAINTS_MAX_N], m = 0;
        for (int i = 0; i < nc; i++) {
            int nb[4], q = orth(k, cells[i], nb);
            for (int j = 0; j < q; j++) {
                int x = nb[j];
                if (k->cage[x] >= 0 || (k->mask[id] & bit(k, x)))
                    continue;
                int dup = 0;
                for (int t = 0; t < m && !dup; t++)
                    dup = cand[t] == x;
                if (!dup)
                    cand[m++] = x;
            }
        }
        if (!m)
            break;
        vgen_shuffle(v, cand, m);
        /* half the time the tightest cell, else any: cages stay varied */
        int x = vgen_below(v, 2) ? tightest(k, cand, m) : cand[0];
        put(k, x, id);
        cells[nc++] = x;
    }
    return id;
}

/* Merges the cage id, smaller than lo, into a neighbouring cage it fits
 * with. @return 1, or 0 when none fits. */
static int merge_small(kcut *k, int id)
{
    vgen *v = k->v;
    int cand[4 * DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N], m = 0;
    for (int c = 0; c < v->ncells; c++) {
        if (k->cage[c] != id)
            continue;
        int nb[4], q = orth(k, c, nb);
        for (int j = 0; j < q; j++) {
            int o = k->cage[nb[j]];
            if (o < 0 || o == id || k->size[o] + k->size[id] > k->hi || (k->mask[o] & k->mask[id]))
                continue;
            cand[m++] = o;
        }
    }
    if (!m)
        return 0;
    int o = cand[vgen_below(v, m)];
    for (int c = 0; c < v->ncells; c++)
        if (k->cage[c] == id)
            k->cage[c] = o;
    k->size[o] += k->size[id];
    k->mask[o] |= k->mask[id];
    k->size[id] = 0;
    k->mask[id] = 0;
    return 1;
}

/* Cuts the free cells cells[0..m-1] (in random order) into cages.
 * @return 1 when every cage ends within lo..hi, else 0 (cells stay cut;
 * the caller restores). */
static int cut(kcut *k, int *cells, int m)
{
    for (;;) {
        int open[DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N], no = 0;
        for (int i = 0; i < m; i++)
            if (k->cage[cells[i]] < 0)
                open[no++] = cells[i];
        if (!no)
            break;
        grow_one(k, tightest(k, open, no));
    }
    for (int i = 0; i < m; i++) {
        int id = k->cage[cells[i]];
        if (k->size[id] < k->lo && !merge_small(k, id))
            return 0;
    }
    return 1;
}

/* 1 when some cage breaks alt (another sum, a repeated digit). */
static int breaks(const kcut *k, const uint8_t *alt)
{
    vgen *v = k->v;
    int *dsum = k->list; /* per id: sum of alt - sum of grid */
    uint32_t *seen = (uint32_t *)k->ids;
    memset(dsum, 0, sizeof *dsum * (size_t)v->ncells);
    memset(seen, 0, sizeof *seen * (size_t)v->ncells);
    for (int c = 0; c < v->ncells; c++) {
        int id = k->cage[c];
        uint32_t b = 1u << alt[c];
        if (seen[id] & b)
            return 1;
        seen[id] |= b;
        dsum[id] += alt[c] - v->grid[c];
    }
    for (int c = 0; c < v->ncells; c++)
        if (dsum[c])
            return 1;
    return 0;
}

static int breaks_all(const kcut *k)
{
    for (int i = 0; i < k->v->nalts; i++)
        if (!breaks(k, k->v->alts + (size_t)i * (size_t)k->v->ncells))
            return 0;
    return 1;
}

/* The cage list of the cut. @return DOKU_OK or DOKU_ERR_NOMEM. */
static doku_status build(const kcut *k, doku_constraints **out)
{
    vgen *v = k->v;
    *out = NULL;
    doku_constraints *cs;
    doku_status st = doku_constraints_create(v->s, &cs);
    if (st != DOKU_OK)
        return st;
    uint16_t cells[DOKU_CONSTRAINTS_MAX_N];
    for (int id = 0; id < v->ncells && st == DOKU_OK; id++) {
        if (!k->size[id])
            continue;
        size_t m = 0;
        int sum = 0;
        for (int c = 0; c < v->ncells; c++)
            if (k->cage[c] == id) {
                cells[m++] = (uint16_t)c;
                sum += v->grid[c];
            }
        st = doku_constraints_add(cs, DOKU_CON_CAGE, cells, m, &sum, 1);
    }
    if (st != DOKU_OK) {
        doku_constraints_free(cs);
        return st == DOKU_ERR_NOMEM ? st : DOKU_ERR_NOMEM;
    }
    *out = cs;
    return DOKU_OK;
}

/* Cuts the cages over the cells where v->alt differs from the grid again
 * until the cut breaks it and every remembered second solution; the
 * region grows by a ring of neighbouring cages every few tries. @return
 * 1 repaired, 0 not. */
static int repair(kcut *k)
{
    vgen *v = k->v;
    int nc = v->ncells;
    /* the region as a set of ids: a flag per id */
    int *region = malloc(sizeof *region * (size_t)nc);
    int *orig = malloc(sizeof *orig * (size_t)nc);
    if (!region || !orig) {
        free(region);
        free(orig);
        return -1;
    }
    memcpy(orig, k->cage, sizeof *orig * (size_t)nc);
    memset(region, 0, sizeof *region * (size_t)nc);
    for (int c = 0; c < nc; c++)
        if (v->alt[c] != v->grid[c])
            region[k->cage[c]] = 1;
    int ok = 0;
    for (int t = 0; t < TRIES && !ok; t++) {
        if (t && t % TRIES_PER_RING == 0) {
            /* one ring more: the cages next to the region's cells */
            int *add = k->saved;
            memset(add, 0, sizeof *add * (size_t)nc);
            for (int c = 0; c < nc; c++) {
                if (!region[orig[c]])
                    continue;
                int nb[4], q = orth(k, c, nb);
                for (int j = 0; j < q; j++)
                    add[orig[nb[j]]] = 1;
            }
            for (int i = 0; i < nc; i++)
                region[i] |= add[i];
        }
        memcpy(k->cage, orig, sizeof *orig * (size_t)nc);
        int m = 0;
        for (int c = 0; c < nc; c++)
            if (region[orig[c]]) {
                k->cage[c] = -1;
                k->list[m++] = c;
            }
        recount(k);
        int *cells = malloc(sizeof *cells * (size_t)m);
        if (!cells) {
            ok = -1;
            break;
        }
        memcpy(cells, k->list, sizeof *cells * (size_t)m);
        vgen_shuffle(v, cells, m);
        ok = cut(k, cells, m) && breaks_all(k);
        free(cells);
    }
    if (ok != 1) {
        memcpy(k->cage, orig, sizeof *orig * (size_t)nc);
        recount(k);
    }
    free(region);
    free(orig);
    return ok;
}

/* Merges neighbouring cages while the puzzle stays unique, until the
 * proof needs min_guesses (a merge past max_guesses is undone): fewer,
 * bigger cages are harder. cs is the
 * current unique list, replaced as merges are kept. @return 1, -1 out of
 * memory. */
static int harden(kcut *k, doku_constraints **cs)
{
    vgen *v = k->v;
    int nc = v->ncells, tried = 0;
    /* candidate pairs: (cell, right or down neighbour) in other cages */
    int *pairs = malloc(sizeof *pairs * (size_t)nc * 2);
    if (!pairs)
        return -1;
    int np = 0;
    for (int c = 0; c < nc; c++) {
        if (c % v->n + 1 < v->n)
            pairs[np++] = c * 2;
        if (c + v->n < nc)
            pairs[np++] = c * 2 + 1;
    }
    vgen_shuffle(v, pairs, np);
    uint64_t nodes = v->nodes, guesses = v->guesses;
    for (int i = 0; i < np && guesses < v->o->min_guesses && tried < MAX_MERGES && !v->late; i++) {
        int a = pairs[i] / 2, b = pairs[i] % 2 ? a + v->n : a + 1;
        int ia = k->cage[a], ib = k->cage[b];
        if (ia == ib || k->size[ia] + k->size[ib] > k->hi || (k->mask[ia] & k->mask[ib]))
            continue;
        memcpy(k->saved, k->cage, sizeof *k->saved * (size_t)nc);
        for (int c = 0; c < nc; c++)
            if (k->cage[c] == ib)
                k->cage[c] = ia;
        recount(k);
        doku_constraints *next;
        if (build(k, &next) != DOKU_OK) {
            free(pairs);
            return -1;
        }
        tried++;
        int r = vgen_check(v, next, k->none);
        if (r < 0) {
            doku_constraints_free(next);
            free(pairs);
            return -1;
        }
        if (r == 1 && v->guesses <= v->o->max_guesses) {
            doku_constraints_free(*cs);
            *cs = next;
            nodes = v->nodes;
            guesses = v->guesses;
        } else {
            doku_constraints_free(next);
            memcpy(k->cage, k->saved, sizeof *k->saved * (size_t)nc);
            recount(k);
        }
    }
    v->nodes = nodes;
    v->guesses = guesses;
    free(pairs);
    return 1;
}

int vgen_killer(vgen *v, doku_constraints **out)
{
    int nc = v->ncells;
    kcut k;
    k.v = v;
    k.lo = v->o->min_cage;
    k.hi = v->o->max_cage;
    k.cage = malloc(sizeof *k.cage * (size_t)nc);
    k.size = malloc(sizeof *k.size * (size_t)nc);
    k.mask = malloc(sizeof *k.mask * (size_t)nc);
    k.saved = malloc(sizeof *k.saved * (size_t)nc);
    k.list = malloc(sizeof *k.list * (size_t)nc);
    k.ids = malloc(sizeof *k.ids * (size_t)nc);
    int *cells = malloc(sizeof *cells * (size_t)nc);
    k.none = calloc((size_t)nc, 1);
    int rc = 0;
    *out = NULL;
    if (!k.cage || !k.size || !k.mask || !k.saved || !k.list || !k.ids || !cells || !k.none) {
        rc = -1;
        goto done;
    }
    /* a few cuts of this grid before the caller takes another */
    for (int part = 0; part < 4 && !rc && !v->late; part++) {
        v->nalts = v->alt_next = 0; /* the last cut's, not this one's */
        for (int c = 0; c < nc; c++) {
            k.cage[c] = -1;
            cells[c] = c;
        }
        recount(&k);
        vgen_shuffle(v, cells, nc);
        if (!cut(&k, cells, nc) || !breaks_all(&k))
            continue;
        for (int rep = 0; rep <= MAX_REPAIRS && !v->late; rep++) {
            doku_constraints *cs;
            if (build(&k, &cs) != DOKU_OK) {
                rc = -1;
                break;
            }
            int r = vgen_check(v, cs, k.none);
            if (r == 1 && v->o->band && v->o->min_guesses > v->guesses)
                r = harden(&k, &cs);
            if (r == 1) {
                *out = cs;
                rc = 1;
                break;
            }
            doku_constraints_free(cs);
            if (r < 0) {
                rc = -1;
                break;
            }
            if (!v->have_alt)
                break; /* the budget stopped the check: cut this grid anew */
            r = repair(&k);
            if (r < 0)
                rc = -1;
            if (r != 1)
                break;
            v->res->repairs++;
        }
    }
done:
    free(k.cage);
    free(k.size);
    free(k.mask);
    free(k.saved);
    free(k.list);
    free(k.ids);
    free(cells);
    free(k.none);
    return rc;
}
