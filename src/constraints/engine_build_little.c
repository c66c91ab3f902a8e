/*
 * engine_build_little.c — sums of little killers beyond their own
 * diagonals: groups of mutual peers grown as cliques (a long sum's
 * bound is only as tight as its groups are large), and the combined sums
 * of neighbouring diagonals (two diagonals side by side share rows,
 * columns and boxes, so their union falls into large groups of distinct
 * digits and its total is pinned far tighter than either alone).
 */
#include "engine_build_internal.h"
#include "util/bits.h"

#include <string.h>

int vbuild_clique_groups(const builder *b, const int *cells, const int *sign, int k, int *grp)
{
    int n = b->e->n, ng = 0, left = k;
    uint8_t cand[256];
    for (int i = 0; i < k; i++)
        grp[i] = -1;
    while (left) {
        for (int i = 0; i < k; i++)
            cand[i] = grp[i] < 0;
        for (int size = 0; size < n; size++) {
            /* the free cell that sees the most other free cells */
            int best = -1, bs = -1;
            for (int i = 0; i < k; i++) {
                if (!cand[i])
                    continue;
                int sc = 0;
                for (int j = 0; j < k; j++)
                    sc += j != i && cand[j] && (!sign || sign[i] == sign[j]) &&
                          vbuild_peers_of(b, cells[i], cells[j]);
                if (sc > bs) {
                    bs = sc;
                    best = i;
                }
            }
            if (best < 0)
                break;
            grp[best] = ng;
            left--;
            cand[best] = 0;
            for (int j = 0; j < k; j++)
                if (cand[j] && ((sign && sign[best] != sign[j]) ||
                                !vbuild_peers_of(b, cells[best], cells[j])))
                    cand[j] = 0;
        }
        ng++;
    }
    return ng;
}

void vbuild_little_killer(builder *b, const int *cells, int k, int sum)
{
    int peers = 1, ones[256];
    for (int i = 0; i < k; i++) {
        ones[i] = 1;
        for (int j = i + 1; j < k && peers; j++)
            peers = vbuild_peers_of(b, cells[i], cells[j]);
    }
    if (!peers || k < 2) {
        vbuild_add_linear(b, cells, ones, k, sum);
        return;
    }
    /* distinct digits: a cage, and the rest of each unit holding it sums
     * to the unit's total less the clue */
    vbuild_add_cage(b, cells, k, sum);
    const doku_shape *s = b->e->cs->shape;
    int n = b->e->n;
    for (int u = 0; u < s->nunits; u++) {
        const uint16_t *uc = s->unit_cells + (size_t)u * (size_t)n;
        int rest[DOKU_CONSTRAINTS_MAX_N], nrest = 0, in = 0;
        for (int i = 0; i < n; i++) {
            int hit = 0;
            for (int j = 0; j < k && !hit; j++)
                hit = uc[i] == cells[j];
            in += hit;
            if (!hit)
                rest[nrest++] = uc[i];
        }
        if (in == k && nrest > 0)
            vbuild_add_cage(b, rest, nrest, n * (n + 1) / 2 - sum);
    }
}

/* ---- combined sums ---- */

/* Cells of the smaller sum that must see the other for a merge: 4 (it
 * was 6) merges the five-cell diagonals too. Nodes over the 12 solved
 * LITTLE_KILLER_SNIPES in four orientations each (variant_bench --nodes
 * 400000), geomean against 6: 3 0.807, 4 0.786, 5 0.865; thread CPU 4:
 * 0.895. */
enum { MAXREC = 512, RELATED = 4 };

typedef struct csum {
    uint64_t cells[4]; /* up to 256 cells */
    int k, sum, score, original, alive;
} csum;

static int csum_has(const csum *r, int c) { return (int)(r->cells[c / 64] >> (c % 64)) & 1; }

/* The score of a sum: over its clique groups, size * (n - size) less the
 * sum's slack (how far its total sits from the groups' least or largest
 * total), summed. @return 0 with *ok = 0 when no total of distinct digits
 * per group reaches the sum. */
static int csum_score(const builder *b, const csum *r, int *ok)
{
    int n = b->e->n, cells[256] = {0}, grp[256], size[256], k = 0;
    for (int c = 0; c < b->e->ncells; c++)
        if (csum_has(r, c))
            cells[k++] = c;
    int ng = vbuild_clique_groups(b, cells, NULL, k, grp);
    memset(size, 0, sizeof size);
    for (int i = 0; i < k; i++)
        size[grp[i]]++;
    int lo = 0, hi = 0;
    for (int g = 0; g < ng; g++) {
        lo += size[g] * (size[g] + 1) / 2;
        hi += size[g] * (2 * n - size[g] + 1) / 2;
    }
    *ok = r->sum >= lo && r->sum <= hi;
    int dof = r->sum - lo < hi - r->sum ? r->sum - lo : hi - r->sum, score = 0;
    for (int g = 0; g < ng; g++)
        score += size[g] * (n - size[g]) - dof;
    return score;
}

/* 1 when x and y share no cell and at least RELATED cells of the smaller
 * see a cell of the larger. */
static int csum_related(const builder *b, const csum *x, const csum *y)
{
    for (int w = 0; w < 4; w++)
        if (x->cells[w] & y->cells[w])
            return 0;
    const csum *sm = x->k <= y->k ? x : y, *bg = x->k <= y->k ? y : x;
    if (sm->k < RELATED)
        return 0;
    int count = 0, W = b->words;
    for (int c = 0; c < b->e->ncells; c++) {
        if (!csum_has(sm, c))
            continue;
        const uint64_t *row = b->peer_bits + (size_t)c * (size_t)W;
        int sees = 0;
        for (int w = 0; w < W && !sees; w++)
            sees = (row[w] & bg->cells[w]) != 0;
        if (sees && ++count >= RELATED)
            return 1;
    }
    return 0;
}

/* Little killers whose cells are disjoint and related (at least RELATED
 * cells of the smaller see the other) add up to a sum over their union. Each
 * round merges the live pair whose union scores best, when it scores
 * above both or above their total (Interactive Sudoku Solver's greedy
 * merge), and retires the pair; the merged sums scoring above 0 become
 * linear sums. Each merge leaves one record fewer alive: at most nlk - 1
 * rounds. */
void vbuild_little_sums(builder *b, const doku_constraints *cs)
{
    if (b->e->ncells > 256)
        return;
    int nlk = 0;
    for (size_t i = 0; i < cs->count; i++)
        nlk += cs->items[i].kind == DOKU_CON_LITTLE_KILLER;
    if (nlk < 2 || nlk > MAXREC / 2)
        return;
    csum *r = calloc((size_t)(2 * nlk), sizeof *r);
    if (!r) {
        b->ok = 0;
        return;
    }
    int nr = 0;
    for (size_t i = 0; i < cs->count; i++) {
        const cons_item *it = &cs->items[i];
        if (it->kind != DOKU_CON_LITTLE_KILLER)
            continue;
        csum x = {{0}, (int)it->ncells, cs->params[it->param_off], 0, 1, 1};
        for (size_t j = 0; j < it->ncells; j++) {
            int c = cs->cells[it->cell_off + j];
            x.cells[c / 64] |= 1ull << (c % 64);
        }
        int ok;
        x.score = csum_score(b, &x, &ok);
        if (ok)
            r[nr++] = x;
    }
    while (nr < 2 * nlk) {
        int bi = -1, bj = -1;
        csum best = {{0}, 0, 0, 0, 0, 0};
        for (int i = 0; i < nr; i++)
            for (int j = i + 1; j < nr && r[i].alive; j++) {
                /* at most 64 cells: the clique groups cost k^3 */
                if (!r[j].alive || r[i].k + r[j].k > 64 || !csum_related(b, &r[i], &r[j]))
                    continue;
                csum m = {{0}, r[i].k + r[j].k, r[i].sum + r[j].sum, 0, 0, 1};
                for (int w = 0; w < 4; w++)
                    m.cells[w] = r[i].cells[w] | r[j].cells[w];
                int ok;
                m.score = csum_score(b, &m, &ok);
                if (!ok || ((m.score <= r[i].score || m.score <= r[j].score) &&
                            m.score <= r[i].score + r[j].score))
                    continue;
                if (bi < 0 || m.score > best.score) {
                    bi = i;
                    bj = j;
                    best = m;
                }
            }
        if (bi < 0)
            break;
        r[bi].alive = r[bj].alive = 0;
        r[nr++] = best;
    }
    int cells[256], ones[256];
    for (int i = 0; i < 256; i++)
        ones[i] = 1;
    for (int i = 0; i < nr; i++) {
        if (!r[i].alive || r[i].original || r[i].score <= 0)
            continue;
        int k = 0;
        for (int c = 0; c < b->e->ncells; c++)
            if (csum_has(&r[i], c))
                cells[k++] = c;
        vbuild_add_linear(b, cells, ones, k, r[i].sum);
    }
    free(r);
}
