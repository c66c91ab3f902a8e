/*
 * engine_build.c — compiles a constraint list and its shape into the
 * variant engine: starting domains, each cell's all-different peers, the
 * groups that need every digit, and one propagator per rule. Pair rules
 * (dots, thermometer steps, whispers, the negative rules...) become
 * relation tables; sums become cage combinations or a linear sum
 * (engine_build_prim.c); killer cages also give the "45 rule" sums
 * (engine_build_sums.c).
 */
#include "engine_build_internal.h"
#include "util/bits.h"

#include <stdlib.h>
#include <string.h>

static void peer(builder *b, int p, int q)
{
    if (p == q)
        return;
    b->peer_bits[(size_t)p * b->words + q / 64] |= 1ull << (q % 64);
    b->peer_bits[(size_t)q * b->words + p / 64] |= 1ull << (p % 64);
}

static void peers_all(builder *b, const int *cells, int k)
{
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++)
            peer(b, cells[i], cells[j]);
}

/* A pair rule: allowed(x, y) for x at a, y at b. */
typedef int (*rel_fn)(int x, int y, int param);

static int rel_white(int x, int y, int p) { (void)p; return x - y == 1 || y - x == 1; }
static int rel_black(int x, int y, int p) { (void)p; return x == 2 * y || y == 2 * x; }
static int rel_x(int x, int y, int p) { (void)p; return x + y == 10; }
static int rel_v(int x, int y, int p) { (void)p; return x + y == 5; }
static int rel_greater(int x, int y, int p) { (void)p; return x > y; }
static int rel_less(int x, int y, int p) { (void)p; return x < y; }
static int rel_equal(int x, int y, int p) { (void)p; return x == y; }
static int rel_whisper(int x, int y, int p) { return x - y >= p || y - x >= p; }
/* the negative rules: bit 0 not consecutive, 1 not ratio 2, 2 not sum
 * 10, 3 not sum 5 */
static int rel_neg(int x, int y, int p)
{
    return !((p & 1 && (x - y == 1 || y - x == 1)) || (p & 2 && (x == 2 * y || y == 2 * x)) ||
             (p & 4 && x + y == 10) || (p & 8 && x + y == 5));
}

static void add_pair(builder *b, int a, int c, rel_fn rel, int param)
{
    int cells[2] = {a, c};
    vprop *p = vbuild_new_prop(b, VP_PAIR, cells, 2);
    if (!p)
        return;
    int n = b->e->n;
    /* aux: n forward masks (allowed at c given a = x), n backward */
    for (int x = 1; x <= n; x++) {
        int m = 0;
        for (int y = 1; y <= n; y++)
            if (rel(x, y, param))
                m |= 1 << (y - 1);
        b->ok &= vbuild_push(&b->aux, m);
    }
    for (int y = 1; y <= n; y++) {
        int m = 0;
        for (int x = 1; x <= n; x++)
            if (rel(x, y, param))
                m |= 1 << (x - 1);
        b->ok &= vbuild_push(&b->aux, m);
    }
    p->naux = 2 * n;
}

/* ---- locked candidates ----
 * Two groups that need every digit and share w cells (a box and a row,
 * a jigsaw region and a column, a diagonal and a box): the digits their
 * shared cells do not hold fill both remainders, so the remainders hold
 * the same digits. */
static void add_intersections(builder *b)
{
    vengine *e = b->e;
    int n = e->n, ng = (int)(b->groups.len / (size_t)n);
    const int *g = b->groups.v;
    for (int i = 0; i < ng; i++)
        for (int j = i + 1; j < ng; j++) {
            int shared = 0;
            for (int x = 0; x < n; x++)
                for (int y = 0; y < n; y++)
                    shared += g[i * n + x] == g[j * n + y];
            if (shared < 2 || shared >= n - 1)
                continue;
            int cells[2 * DOKU_CONSTRAINTS_MAX_N], k = 0;
            for (int side = 0; side < 2; side++) {
                const int *a = g + (side ? j : i) * n, *o = g + (side ? i : j) * n;
                for (int x = 0; x < n; x++) {
                    int in = 0;
                    for (int y = 0; y < n; y++)
                        in |= a[x] == o[y];
                    if (!in)
                        cells[k++] = a[x];
                }
            }
            vprop *p = vbuild_new_prop(b, VP_SAME, cells, k);
            if (p) {
                p->on_fix = 1;
                p->naux = k / 2;
            }
        }
}

/* ---- each constraint ---- */

static void compile_one(builder *b, const doku_constraints *cs, const cons_item *it)
{
    vengine *e = b->e;
    const doku_shape *s = cs->shape;
    int n = e->n, k = (int)it->ncells;
    int cells[256], w[256];
    for (int i = 0; i < k; i++)
        cells[i] = cs->cells[it->cell_off + (size_t)i];
    const int *pr = cs->params + it->param_off;
    switch (it->kind) {
    case DOKU_CON_CAGE:
        peers_all(b, cells, k);
        if (it->nparams)
            vbuild_add_cage(b, cells, k, pr[0]);
        break;
    case DOKU_CON_REGION:
        peers_all(b, cells, k);
        break;
    case DOKU_CON_LITTLE_KILLER:
        vbuild_little_killer(b, cells, k, pr[0]);
        break;
    case DOKU_CON_SANDWICH:
    case DOKU_CON_XSUM: {
        int type = it->kind == DOKU_CON_SANDWICH ? VP_SANDWICH : VP_XSUM;
        vprop *p = vbuild_new_prop(b, type, cells, k);
        if (p)
            p->value = pr[0];
        break;
    }
    case DOKU_CON_DISJOINT_GROUPS: {
        int br = s->box_rows, bc = s->box_cols;
        for (int p = 0; p < e->ncells; p++)
            for (int q = p + 1; q < e->ncells; q++)
                if ((p / n) % br == (q / n) % br && (p % n) % bc == (q % n) % bc)
                    peer(b, p, q);
        break;
    }
    case DOKU_CON_THERMO:
        for (int i = 1; i < k; i++)
            add_pair(b, cells[i - 1], cells[i], rel_less, 0);
        /* a thermometer's digits are distinct: they only rise */
        peers_all(b, cells, k);
        break;
    case DOKU_CON_ARROW: {
        int m = pr[0], pw = 1;
        /* a one-digit circle with one line cell: a pair (equal); with
         * two or three: the exact rule (engine_line.c; which line cells
         * are peers is read once every rule has added its peers) */
        if (m == 1 && k == 2) {
            add_pair(b, cells[0], cells[1], rel_equal, 0);
            break;
        }
        if (m == 1 && k <= 4) {
            vbuild_new_prop(b, VP_ARROW, cells, k);
            break;
        }
        for (int i = m - 1; i >= 0; i--) {
            w[i] = -pw;
            pw *= 10;
        }
        for (int i = m; i < k; i++)
            w[i] = 1;
        vbuild_add_linear(b, cells, w, k, 0);
        break;
    }
    case DOKU_CON_WHISPER:
        for (int i = 1; i < k; i++)
            add_pair(b, cells[i - 1], cells[i], rel_whisper,
                     cons_whisper_diff(n, pr, it->nparams));
        break;
    case DOKU_CON_RENBAN:
        peers_all(b, cells, k);
        vbuild_add_renban(b, cells, k);
        break;
    case DOKU_CON_PALINDROME:
        for (int i = 0; i < k / 2; i++)
            add_pair(b, cells[i], cells[k - 1 - i], rel_equal, 0);
        break;
    case DOKU_CON_BETWEEN:
        vbuild_new_prop(b, VP_BETWEEN, cells, k);
        break;
    case DOKU_CON_REGION_SUM: {
        /* pieces by box, all with one total: a one-cell piece is the hub
         * (other one-cell pieces equal it, each longer piece's sum minus
         * it is 0: small exact sums); with none, every pair of pieces
         * (Interactive Sudoku Solver's; a star from piece 0 propagates
         * between two outer pieces only through piece 0's bounds) */
        int start[257], np = 0, hub = -1;
        for (int i = 0; i < k; i++)
            if (i == 0 || s->cell_box[cells[i]] != s->cell_box[cells[i - 1]])
                start[np++] = i;
        start[np] = k;
        for (int j = 0; j < np && hub < 0; j++)
            if (start[j + 1] - start[j] == 1)
                hub = j;
        for (int a = 0; a < np; a++)
            for (int j = a + 1; j < np; j++) {
                int x = a, y = j;
                if (hub >= 0) {
                    if (a != hub && j != hub)
                        continue;
                    x = hub;
                    y = a == hub ? j : a;
                    int len = start[y + 1] - start[y];
                    if (len == 1) {
                        add_pair(b, cells[start[x]], cells[start[y]], rel_equal, 0);
                        continue;
                    }
                    if (len <= 3) {
                        /* the hub is the circle of a short arrow */
                        int ac[4] = {cells[start[x]]};
                        for (int i = 0; i < len; i++)
                            ac[1 + i] = cells[start[y] + i];
                        vbuild_new_prop(b, VP_ARROW, ac, len + 1);
                        continue;
                    }
                }
                int lc[512], lw[512], m = 0;
                for (int i = start[x]; i < start[x + 1]; i++) {
                    lc[m] = cells[i];
                    lw[m++] = 1;
                }
                for (int i = start[y]; i < start[y + 1]; i++) {
                    lc[m] = cells[i];
                    lw[m++] = -1;
                }
                vbuild_add_linear(b, lc, lw, m, 0);
            }
        break;
    }
    case DOKU_CON_KROPKI_WHITE: add_pair(b, cells[0], cells[1], rel_white, 0); break;
    case DOKU_CON_KROPKI_BLACK: add_pair(b, cells[0], cells[1], rel_black, 0); break;
    case DOKU_CON_X: add_pair(b, cells[0], cells[1], rel_x, 0); break;
    case DOKU_CON_V: add_pair(b, cells[0], cells[1], rel_v, 0); break;
    case DOKU_CON_GREATER: add_pair(b, cells[0], cells[1], rel_greater, 0); break;
    case DOKU_CON_QUADRUPLE: {
        vprop *p = vbuild_new_prop(b, VP_QUAD, cells, k);
        if (!p)
            break;
        for (int d = 0; d <= n; d++) {
            int t = 0;
            for (size_t i = 0; i < it->nparams; i++)
                t += pr[i] == d;
            b->ok &= vbuild_push(&b->aux, t);
        }
        p->naux = n + 1;
        break;
    }
    case DOKU_CON_ANTI_KNIGHT:
    case DOKU_CON_ANTI_KING:
        for (int p = 0; p < e->ncells; p++)
            for (int q = p + 1; q < e->ncells; q++) {
                int dr = abs(p / n - q / n), dc = abs(p % n - q % n);
                int hit = it->kind == DOKU_CON_ANTI_KNIGHT
                              ? (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
                              : dr <= 1 && dc <= 1;
                if (hit)
                    peer(b, p, q);
            }
        break;
    case DOKU_CON_EVEN:
    case DOKU_CON_ODD: {
        vmask m = 0;
        for (int d = 1; d <= n; d++)
            if ((d % 2 == 0) == (it->kind == DOKU_CON_EVEN))
                m |= (vmask)1 << (d - 1);
        for (int i = 0; i < k; i++)
            e->init[cells[i]] &= m;
        break;
    }
    case DOKU_CON_MINIMUM:
    case DOKU_CON_MAXIMUM: {
        int nb[4], cnt = cons_orth(n, cells[0], nb);
        for (int i = 0; i < cnt; i++)
            add_pair(b, cells[0], nb[i], it->kind == DOKU_CON_MINIMUM ? rel_less : rel_greater,
                     0);
        break;
    }
    default:
        break; /* the negative rules and non-consecutive: compile_pairs */
    }
}

/* Each short arrow's line cells that are peers (VP_ARROW's value), once
 * every rule has added its peers. */
static void arrow_peers(builder *b)
{
    for (size_t i = 0; i < b->npv; i++) {
        vprop *p = &b->pv[i];
        if (p->type != VP_ARROW)
            continue;
        const int *c = b->pcells.v + p->cell_off;
        p->value = vbuild_peers_of(b, c[1], c[2]);
        if (p->ncells == 4)
            p->value |= vbuild_peers_of(b, c[1], c[3]) << 1 | vbuild_peers_of(b, c[2], c[3]) << 2;
    }
}

/* Non-consecutive and the negative rules, merged into one table per
 * orthogonal pair. */
static void compile_negatives(builder *b, const doku_constraints *cs)
{
    int flags_dot = 0, flags_xv = 0, noncons = 0;
    for (size_t i = 0; i < cs->count; i++) {
        doku_constraint_kind k = cs->items[i].kind;
        flags_dot |= k == DOKU_CON_KROPKI_WHITE_ALL ? 1 : k == DOKU_CON_KROPKI_BLACK_ALL ? 2 : 0;
        flags_xv |= k == DOKU_CON_X_ALL ? 4 : k == DOKU_CON_V_ALL ? 8 : 0;
        noncons |= k == DOKU_CON_NON_CONSECUTIVE;
    }
    if (!flags_dot && !flags_xv && !noncons)
        return;
    int n = b->e->n;
    for (int p = 0; p < b->e->ncells; p++) {
        int nb[4], cnt = cons_orth(n, p, nb);
        for (int j = 0; j < cnt; j++) {
            int q = nb[j];
            if (q < p)
                continue;
            int dot = 0, xv = 0;
            for (size_t i = 0; i < cs->count; i++) {
                const cons_item *it = &cs->items[i];
                if (it->ncells != 2)
                    continue;
                const uint16_t *c = cs->cells + it->cell_off;
                if (!((c[0] == p && c[1] == q) || (c[0] == q && c[1] == p)))
                    continue;
                dot |= it->kind == DOKU_CON_KROPKI_WHITE || it->kind == DOKU_CON_KROPKI_BLACK;
                xv |= it->kind == DOKU_CON_X || it->kind == DOKU_CON_V;
            }
            int f = (dot ? 0 : flags_dot) | (xv ? 0 : flags_xv) | (noncons ? 1 : 0);
            if (f)
                add_pair(b, p, q, rel_neg, f);
        }
    }
}

static int *csr(int ncells, const int *owner_cells, const int *owner_of, size_t m, int **list)
{
    int *off = calloc((size_t)ncells + 1, sizeof *off);
    *list = malloc((m + 1) * sizeof **list);
    if (!off || !*list) {
        free(off);
        free(*list);
        *list = NULL;
        return NULL;
    }
    for (size_t i = 0; i < m; i++)
        off[owner_cells[i] + 1]++;
    for (int c = 0; c < ncells; c++)
        off[c + 1] += off[c];
    int *fill = malloc((size_t)ncells * sizeof *fill);
    if (!fill) {
        free(off);
        free(*list);
        *list = NULL;
        return NULL;
    }
    memcpy(fill, off, (size_t)ncells * sizeof *fill);
    for (size_t i = 0; i < m; i++)
        (*list)[fill[owner_cells[i]]++] = owner_of[i];
    free(fill);
    return off;
}

/* The branching's starting score of each cell: every unit and rule on it
 * adds its weight (sums weigh most, smaller cages more; a pair rule 2,
 * a line its length), so the search starts where the rules are densest
 * (the cell priorities of Interactive Sudoku Solver's optimizer). */
static uint32_t *cell_priorities(const doku_constraints *cs)
{
    const doku_shape *s = cs->shape;
    int n = s->n;
    uint32_t *pr = calloc((size_t)s->ncells, sizeof *pr);
    if (!pr)
        return NULL;
    for (int u = 0; u < s->nunits; u++)
        for (int i = 0; i < n; i++)
            pr[s->unit_cells[u * n + i]] += (uint32_t)n;
    for (size_t i = 0; i < cs->count; i++) {
        const cons_item *it = &cs->items[i];
        int k = (int)it->ncells, w;
        switch (it->kind) {
        case DOKU_CON_CAGE:
            w = it->nparams ? (2 * n - k > n ? 2 * n - k : n) : k;
            break;
        case DOKU_CON_LITTLE_KILLER:
        case DOKU_CON_ARROW:
            w = 2 * n - k > n ? 2 * n - k : n;
            break;
        case DOKU_CON_KROPKI_WHITE:
        case DOKU_CON_KROPKI_BLACK:
        case DOKU_CON_X:
        case DOKU_CON_V:
        case DOKU_CON_GREATER:
        case DOKU_CON_WHISPER:
        case DOKU_CON_PALINDROME:
            w = 2;
            break;
        default:
            w = k;
            break;
        }
        for (int j = 0; j < k; j++)
            pr[cs->cells[it->cell_off + (size_t)j]] += (uint32_t)w;
    }
    return pr;
}

/* Whole-mask tables for the pair rules (n <= PAIR_TAB_N): pairs with the
 * same relation share one (the negative rules, thermometer steps and
 * dots repeat a few relations over many pairs). @return 0 when out of
 * memory. */
static int pair_tables(vengine *e)
{
    int n = e->n, *owner = NULL, nt = 0, cap = 0;
    size_t sz = (size_t)1 << n;
    for (int pi = 0; pi < e->nprops; pi++) {
        vprop *p = &e->props[pi];
        if (p->type != VP_PAIR)
            continue;
        p->value = -1;
        if (n > PAIR_TAB_N)
            continue;
        const int *rel = e->aux + p->aux_off;
        int t = 0;
        while (t < nt && memcmp(e->aux + e->props[owner[t]].aux_off, rel, 2 * (size_t)n * sizeof *rel))
            t++;
        if (t == nt) {
            if (nt == cap) {
                cap = cap ? 2 * cap : 8;
                int *no = realloc(owner, (size_t)cap * sizeof *no);
                vmask *nt2 = realloc(e->pair_tab, (size_t)cap * 2 * sz * sizeof *nt2);
                if (no)
                    owner = no;
                if (nt2)
                    e->pair_tab = nt2;
                if (!no || !nt2) {
                    free(owner);
                    return 0;
                }
            }
            owner[nt] = pi;
            vmask *tab = e->pair_tab + (size_t)nt * 2 * sz;
            /* a mask's table entry: its lowest digit's and the rest's */
            tab[0] = tab[sz] = 0;
            for (size_t m = 1; m < sz; m++) {
                int d = bits_lowest(m);
                tab[m] = tab[m & (m - 1)] | (vmask)rel[d];
                tab[sz + m] = tab[sz + (m & (m - 1))] | (vmask)rel[n + d];
            }
            nt++;
        }
        p->value = (int)((size_t)t * 2 * sz);
    }
    free(owner);
    return 1;
}

void vengine_free(vengine *e)
{
    if (!e)
        return;
    free(e->init);
    free(e->peer_off);
    free(e->peers);
    free(e->peer_bits);
    free(e->group_cells);
    free(e->cell_group_off);
    free(e->cell_groups);
    free(e->props);
    free(e->pcells);
    free(e->aux);
    free(e->combos);
    free(e->cell_prop_off);
    free(e->cell_props);
    free(e->cell_fix_off);
    free(e->cell_fix);
    free(e->cell_bnd_off);
    free(e->cell_bnd);
    vqueue_free(e->q);
    free(e->dp);
    free(e->prio);
    free(e->pair_tab);
    free(e->sum_sets);
    free(e->sum_set_off);
    free(e->cage_bits);
    free(e);
}

static uint16_t *to_u16(const ivec *v)
{
    uint16_t *p = malloc((v->len + 1) * sizeof *p);
    if (p)
        for (size_t i = 0; i < v->len; i++)
            p[i] = (uint16_t)v->v[i];
    return p;
}

doku_status vengine_create(const doku_constraints *cs, vengine **out)
{
    *out = NULL;
    const doku_shape *s = cs->shape;
    vengine *e = calloc(1, sizeof *e);
    if (!e)
        return DOKU_ERR_NOMEM;
    e->cs = cs;
    e->n = s->n;
    e->ncells = s->ncells;
    e->all = (vmask)bits_all(s->n);
    e->bits_words = 1;
    builder b = {0};
    b.e = e;
    b.ok = 1;
    b.words = (e->ncells + 63) / 64;
    b.peer_bits = calloc((size_t)e->ncells * (size_t)b.words, sizeof *b.peer_bits);
    e->init = malloc((size_t)e->ncells * sizeof *e->init);
    if (!b.peer_bits || !e->init)
        b.ok = 0;
    int n = e->n;
    if (b.ok) {
        for (int c = 0; c < e->ncells; c++)
            e->init[c] = e->all;
        /* the shape's units: peers and hidden-single groups */
        for (int u = 0; u < s->nunits; u++) {
            int cells[DOKU_CONSTRAINTS_MAX_N];
            for (int i = 0; i < n; i++) {
                cells[i] = s->unit_cells[u * n + i];
                b.ok &= vbuild_push(&b.groups, cells[i]);
            }
            peers_all(&b, cells, n);
        }
        for (size_t i = 0; i < cs->count && b.ok; i++) {
            const cons_item *it = &cs->items[i];
            compile_one(&b, cs, it);
            /* a cage or region of n cells needs every digit */
            if ((it->kind == DOKU_CON_CAGE || it->kind == DOKU_CON_REGION) && (int)it->ncells == n)
                for (int j = 0; j < n; j++)
                    b.ok &= vbuild_push(&b.groups, cs->cells[it->cell_off + (size_t)j]);
            if (it->kind == DOKU_CON_DISJOINT_GROUPS) {
                int br = s->box_rows, bc = s->box_cols;
                for (int g = 0; g < n; g++)
                    for (int j = 0; j < n; j++) {
                        int r = (j / (n / bc)) * br + g / bc, c = (j % (n / bc)) * bc + g % bc;
                        b.ok &= vbuild_push(&b.groups, r * n + c);
                    }
            }
        }
        /* after a failed allocation a rule's cells may be missing: the
         * passes that read the rules run only while every push held */
        if (b.ok)
            arrow_peers(&b);
        if (b.ok)
            compile_negatives(&b, cs);
        if (b.ok)
            vbuild_sums_45(&b, cs);
        if (b.ok)
            vbuild_little_sums(&b, cs);
        if (b.ok)
            add_intersections(&b);
        if (b.ok)
            vbuild_group_linear(&b);
    }
    /* peers into lists */
    if (b.ok) {
        ivec pl = {0};
        e->peer_off = malloc(((size_t)e->ncells + 1) * sizeof *e->peer_off);
        b.ok = e->peer_off != NULL;
        for (int c = 0; c < e->ncells && b.ok; c++) {
            e->peer_off[c] = (int)pl.len;
            for (int q = 0; q < e->ncells; q++)
                if (b.peer_bits[(size_t)c * b.words + q / 64] >> (q % 64) & 1)
                    b.ok &= vbuild_push(&pl, q);
        }
        if (b.ok) {
            e->peer_off[e->ncells] = (int)pl.len;
            e->peers = to_u16(&pl);
            b.ok = e->peers != NULL;
        }
        free(pl.v);
    }
    /* groups and their cells' lists */
    if (b.ok) {
        e->ngroups = (int)(b.groups.len / (size_t)n);
        e->group_cells = to_u16(&b.groups);
        int *owner = malloc((b.groups.len + 1) * sizeof *owner);
        if (e->group_cells && owner) {
            for (size_t i = 0; i < b.groups.len; i++)
                owner[i] = (int)(i / (size_t)n);
            e->cell_group_off = csr(e->ncells, b.groups.v ? b.groups.v : owner, owner,
                                    b.groups.len, &e->cell_groups);
        }
        b.ok = e->group_cells && owner && e->cell_group_off;
        free(owner);
    }
    /* propagators and their cells' lists */
    if (b.ok) {
        e->nprops = (int)b.npv;
        e->props = b.pv;
        b.pv = NULL;
        e->pcells = to_u16(&b.pcells);
        e->aux = b.aux.v;
        b.aux.v = NULL;
        e->combos = b.combos;
        b.combos = NULL;
        /* each cell's props: ordinary ones, and those run on fixing */
        size_t m = b.pcells.len + 1;
        int *owner = malloc(m * sizeof *owner), *at = malloc(m * sizeof *at);
        int *fowner = malloc(m * sizeof *fowner), *fat = malloc(m * sizeof *fat);
        int *bowner = malloc(m * sizeof *bowner), *bat = malloc(m * sizeof *bat);
        if (owner && at && fowner && fat && bowner && bat && e->pcells) {
            size_t no = 0, nf = 0, nb = 0;
            for (int p = 0; p < e->nprops; p++) {
                const vprop *pp = &e->props[p];
                for (int i = 0; i < pp->ncells; i++) {
                    int c = b.pcells.v[pp->cell_off + i];
                    if (pp->on_fix) {
                        fowner[nf] = p;
                        fat[nf++] = c;
                    } else if (pp->type == VP_LINEAR) {
                        bowner[nb] = p;
                        bat[nb++] = c;
                    } else {
                        owner[no] = p;
                        at[no++] = c;
                    }
                }
                if (pp->ncells > e->max_prop_cells)
                    e->max_prop_cells = pp->ncells;
            }
            e->cell_prop_off = csr(e->ncells, at, owner, no, &e->cell_props);
            e->cell_fix_off = csr(e->ncells, fat, fowner, nf, &e->cell_fix);
            e->cell_bnd_off = csr(e->ncells, bat, bowner, nb, &e->cell_bnd);
        }
        b.ok = owner && at && fowner && fat && bowner && bat && e->pcells && e->cell_prop_off &&
               e->cell_fix_off && e->cell_bnd_off;
        free(owner);
        free(at);
        free(fowner);
        free(fat);
        free(bowner);
        free(bat);
    }
    if (b.ok) {
        e->dp = malloc(((size_t)e->max_prop_cells + 2) * 2 * (size_t)e->bits_words *
                       sizeof *e->dp);
        e->prio = cell_priorities(cs);
        b.ok = e->prio && e->dp && pair_tables(e) && vbuild_sum_sets(e) && vqueue_create(e);
    }
    e->peer_bits = b.peer_bits;
    e->peer_words = b.words;
    free(b.pv);
    free(b.pcells.v);
    free(b.aux.v);
    free(b.groups.v);
    free(b.combos);
    free(b.props.v);
    if (!b.ok) {
        vengine_free(e);
        return DOKU_ERR_NOMEM;
    }
    *out = e;
    return DOKU_OK;
}
