/*
 * engine.c — the logic engine: one table of techniques in Sudoku
 * Explainer's order, the step builder, and the public doku_logic API.
 *
 * Design: the engine asks each technique family in turn (simplest first)
 * for a step and takes the first one found, exactly as SE's rater does;
 * this order is what makes the hardest step's rating an SE rating.
 */
#include "logic_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Technique names                                                     */

typedef struct tech_info {
    const char *name;
    const char *key;
    char symbol;
} tech_info;

static const tech_info TECH[DOKU_TECH_COUNT] = {
    [DOKU_TECH_FULL_HOUSE] = {"Full House", "full-house", 'f'},
    [DOKU_TECH_HIDDEN_SINGLE] = {"Hidden Single", "hidden-single", 'i'},
    [DOKU_TECH_DIRECT_POINTING] = {"Direct Pointing", "direct-pointing", 'p'},
    [DOKU_TECH_DIRECT_CLAIMING] = {"Direct Claiming", "direct-claiming", 'p'},
    [DOKU_TECH_DIRECT_HIDDEN_PAIR] = {"Direct Hidden Pair", "direct-hidden-pair", 'h'},
    [DOKU_TECH_NAKED_SINGLE] = {"Naked Single", "naked-single", 'n'},
    [DOKU_TECH_DIRECT_HIDDEN_TRIPLE] = {"Direct Hidden Triple", "direct-hidden-triple", 'h'},
    [DOKU_TECH_POINTING] = {"Pointing", "pointing", '^'},
    [DOKU_TECH_CLAIMING] = {"Claiming", "claiming", '^'},
    [DOKU_TECH_NAKED_PAIR] = {"Naked Pair", "naked-pair", '!'},
    [DOKU_TECH_X_WING] = {"X-Wing", "x-wing", '#'},
    [DOKU_TECH_HIDDEN_PAIR] = {"Hidden Pair", "hidden-pair", '!'},
    [DOKU_TECH_NAKED_TRIPLE] = {"Naked Triple", "naked-triple", '!'},
    [DOKU_TECH_SWORDFISH] = {"Swordfish", "swordfish", '#'},
    [DOKU_TECH_HIDDEN_TRIPLE] = {"Hidden Triple", "hidden-triple", '!'},
    [DOKU_TECH_SKYSCRAPER] = {"Skyscraper", "skyscraper", 's'},
    [DOKU_TECH_TWO_STRING_KITE] = {"Two-String Kite", "two-string-kite", 's'},
    [DOKU_TECH_TURBOT_FISH] = {"Turbot Fish", "turbot-fish", 's'},
    [DOKU_TECH_EMPTY_RECTANGLE] = {"Empty Rectangle", "empty-rectangle", 's'},
    [DOKU_TECH_XY_WING] = {"XY-Wing", "xy-wing", 'w'},
    [DOKU_TECH_XYZ_WING] = {"XYZ-Wing", "xyz-wing", 'w'},
    [DOKU_TECH_UNIQUE_RECTANGLE] = {"Unique Rectangle", "unique-rectangle", 'u'},
    [DOKU_TECH_NAKED_QUAD] = {"Naked Quad", "naked-quad", '!'},
    [DOKU_TECH_JELLYFISH] = {"Jellyfish", "jellyfish", '#'},
    [DOKU_TECH_HIDDEN_QUAD] = {"Hidden Quad", "hidden-quad", '!'},
    [DOKU_TECH_THREE_LINKS] = {"3 Strong Links", "three-links", 's'},
    [DOKU_TECH_WXYZ_WING] = {"WXYZ-Wing", "wxyz-wing", 'w'},
    [DOKU_TECH_BUG] = {"BUG", "bug", 'u'},
    [DOKU_TECH_VWXYZ_WING] = {"VWXYZ-Wing", "vwxyz-wing", 'w'},
    [DOKU_TECH_ALIGNED_PAIR] = {"Aligned Pair Exclusion", "aligned-pair", 'a'},
    [DOKU_TECH_X_CYCLE] = {"X-Cycle", "x-cycle", 'c'},
    [DOKU_TECH_X_CHAIN] = {"X-Chain", "x-chain", 'c'},
    [DOKU_TECH_Y_CYCLE] = {"Y-Cycle", "y-cycle", 'c'},
    [DOKU_TECH_XY_CYCLE] = {"XY-Cycle", "xy-cycle", 'c'},
    [DOKU_TECH_AIC] = {"Forcing Chain", "aic", 'c'},
    [DOKU_TECH_ALIGNED_TRIPLE] = {"Aligned Triplet Exclusion", "aligned-triple", 'a'},
    [DOKU_TECH_NISHIO] = {"Nishio Forcing Chain", "nishio", 'F'},
    [DOKU_TECH_CELL_FORCING] = {"Cell Forcing Chains", "cell-forcing", 'F'},
    [DOKU_TECH_REGION_FORCING] = {"Region Forcing Chains", "region-forcing", 'F'},
    [DOKU_TECH_DYNAMIC_FORCING] = {"Dynamic Forcing Chains", "dynamic-forcing", 'D'},
    [DOKU_TECH_DYNAMIC_PLUS] = {"Dynamic Forcing Chains (+)", "dynamic-plus", 'D'},
    [DOKU_TECH_TRIAL] = {"Trial and Error", "trial", '?'},
    [DOKU_TECH_FINNED_X_WING] = {"Finned X-Wing", "finned-x-wing", '#'},
    [DOKU_TECH_FINNED_SWORDFISH] = {"Finned Swordfish", "finned-swordfish", '#'},
    [DOKU_TECH_FINNED_JELLYFISH] = {"Finned Jellyfish", "finned-jellyfish", '#'},
    [DOKU_TECH_W_WING] = {"W-Wing", "w-wing", 'w'},
    [DOKU_TECH_REMOTE_PAIR] = {"Remote Pair", "remote-pair", 'c'},
    [DOKU_TECH_SIMPLE_COLOURING] = {"Simple Colouring", "simple-colouring", 'c'},
    [DOKU_TECH_MULTI_COLOURING] = {"Multi-Colouring", "multi-colouring", 'c'},
    [DOKU_TECH_UNIQUE_RECTANGLE_6] = {"Unique Rectangle type 6", "unique-rectangle-6", 'u'},
    [DOKU_TECH_HIDDEN_RECTANGLE] = {"Hidden Rectangle", "hidden-rectangle", 'u'},
    [DOKU_TECH_SUE_DE_COQ] = {"Sue de Coq", "sue-de-coq", '!'},
    [DOKU_TECH_ALS_XZ] = {"ALS-XZ", "als-xz", 'w'},
    [DOKU_TECH_ALS_XY_WING] = {"ALS-XY-Wing", "als-xy-wing", 'w'},
    [DOKU_TECH_GROUPED_X_CHAIN] = {"Grouped X-Chain", "grouped-x-chain", 'c'},
    [DOKU_TECH_GROUPED_AIC] = {"Grouped AIC", "grouped-aic", 'c'},
};

/* The technique mask is a uint64_t. */
typedef char tech_count_fits_mask[DOKU_TECH_COUNT < 64 ? 1 : -1];

const char *doku_technique_name(doku_technique t)
{
    return (unsigned)t < DOKU_TECH_COUNT ? TECH[t].name : "?";
}

const char *doku_technique_key(doku_technique t)
{
    return (unsigned)t < DOKU_TECH_COUNT ? TECH[t].key : "?";
}

char doku_technique_symbol(doku_technique t)
{
    return (unsigned)t < DOKU_TECH_COUNT ? TECH[t].symbol : '?';
}

#define TB(t) ((uint64_t)1 << (t))
/* The extended techniques: not in SE's order, so off unless asked for. */
#define EXTENDED_MASK                                                                    \
    (TB(DOKU_TECH_FINNED_X_WING) | TB(DOKU_TECH_FINNED_SWORDFISH) |                     \
     TB(DOKU_TECH_FINNED_JELLYFISH) | TB(DOKU_TECH_W_WING) | TB(DOKU_TECH_REMOTE_PAIR) |  \
     TB(DOKU_TECH_SIMPLE_COLOURING) | TB(DOKU_TECH_MULTI_COLOURING) |                    \
     TB(DOKU_TECH_UNIQUE_RECTANGLE_6) | TB(DOKU_TECH_HIDDEN_RECTANGLE) |                 \
     TB(DOKU_TECH_SUE_DE_COQ) | TB(DOKU_TECH_ALS_XZ) | TB(DOKU_TECH_ALS_XY_WING) |        \
     TB(DOKU_TECH_GROUPED_X_CHAIN) | TB(DOKU_TECH_GROUPED_AIC))
/* SE's technique set: the default. */
#define SE_MASK ((((uint64_t)1 << DOKU_TECH_COUNT) - 1) & ~EXTENDED_MASK)
static const uint64_t SINGLES = TB(DOKU_TECH_FULL_HOUSE) | TB(DOKU_TECH_HIDDEN_SINGLE) |
                                TB(DOKU_TECH_NAKED_SINGLE);

typedef struct tech_group {
    const char *key;
    uint64_t mask;
} tech_group;

static const tech_group GROUPS[] = {
    {"singles", TB(DOKU_TECH_FULL_HOUSE) | TB(DOKU_TECH_HIDDEN_SINGLE) | TB(DOKU_TECH_NAKED_SINGLE)},
    {"direct", TB(DOKU_TECH_DIRECT_POINTING) | TB(DOKU_TECH_DIRECT_CLAIMING) |
                   TB(DOKU_TECH_DIRECT_HIDDEN_PAIR) | TB(DOKU_TECH_DIRECT_HIDDEN_TRIPLE)},
    {"intersections", TB(DOKU_TECH_POINTING) | TB(DOKU_TECH_CLAIMING) |
                          TB(DOKU_TECH_DIRECT_POINTING) | TB(DOKU_TECH_DIRECT_CLAIMING)},
    {"locked-candidates", TB(DOKU_TECH_POINTING) | TB(DOKU_TECH_CLAIMING) |
                              TB(DOKU_TECH_DIRECT_POINTING) | TB(DOKU_TECH_DIRECT_CLAIMING)},
    {"pairs", TB(DOKU_TECH_NAKED_PAIR) | TB(DOKU_TECH_HIDDEN_PAIR) | TB(DOKU_TECH_DIRECT_HIDDEN_PAIR)},
    {"triples", TB(DOKU_TECH_NAKED_TRIPLE) | TB(DOKU_TECH_HIDDEN_TRIPLE) |
                    TB(DOKU_TECH_DIRECT_HIDDEN_TRIPLE)},
    {"quads", TB(DOKU_TECH_NAKED_QUAD) | TB(DOKU_TECH_HIDDEN_QUAD)},
    {"subsets", TB(DOKU_TECH_NAKED_PAIR) | TB(DOKU_TECH_HIDDEN_PAIR) | TB(DOKU_TECH_DIRECT_HIDDEN_PAIR) |
                    TB(DOKU_TECH_NAKED_TRIPLE) | TB(DOKU_TECH_HIDDEN_TRIPLE) |
                    TB(DOKU_TECH_DIRECT_HIDDEN_TRIPLE) | TB(DOKU_TECH_NAKED_QUAD) |
                    TB(DOKU_TECH_HIDDEN_QUAD)},
    {"fish", TB(DOKU_TECH_X_WING) | TB(DOKU_TECH_SWORDFISH) | TB(DOKU_TECH_JELLYFISH)},
    {"single-digit", TB(DOKU_TECH_SKYSCRAPER) | TB(DOKU_TECH_TWO_STRING_KITE) |
                         TB(DOKU_TECH_TURBOT_FISH) | TB(DOKU_TECH_EMPTY_RECTANGLE) |
                         TB(DOKU_TECH_THREE_LINKS)},
    {"wings", TB(DOKU_TECH_XY_WING) | TB(DOKU_TECH_XYZ_WING) | TB(DOKU_TECH_WXYZ_WING) |
                  TB(DOKU_TECH_VWXYZ_WING)},
    {"aligned", TB(DOKU_TECH_ALIGNED_PAIR) | TB(DOKU_TECH_ALIGNED_TRIPLE)},
    {"uniqueness", TB(DOKU_TECH_UNIQUE_RECTANGLE) | TB(DOKU_TECH_BUG)},
    {"chains", TB(DOKU_TECH_X_CYCLE) | TB(DOKU_TECH_X_CHAIN) | TB(DOKU_TECH_Y_CYCLE) |
                   TB(DOKU_TECH_XY_CYCLE) | TB(DOKU_TECH_AIC)},
    {"forcing", TB(DOKU_TECH_NISHIO) | TB(DOKU_TECH_CELL_FORCING) | TB(DOKU_TECH_REGION_FORCING) |
                    TB(DOKU_TECH_DYNAMIC_FORCING) | TB(DOKU_TECH_DYNAMIC_PLUS)},
    {"all", SE_MASK},
    /* extended techniques (off by default) */
    {"finned-fish", TB(DOKU_TECH_FINNED_X_WING) | TB(DOKU_TECH_FINNED_SWORDFISH) |
                        TB(DOKU_TECH_FINNED_JELLYFISH)},
    {"colouring", TB(DOKU_TECH_SIMPLE_COLOURING) | TB(DOKU_TECH_MULTI_COLOURING)},
    {"als", TB(DOKU_TECH_ALS_XZ) | TB(DOKU_TECH_ALS_XY_WING)},
    {"grouped-chains", TB(DOKU_TECH_GROUPED_X_CHAIN) | TB(DOKU_TECH_GROUPED_AIC)},
    {"extra", EXTENDED_MASK},
    {"extended", SE_MASK | EXTENDED_MASK},
};

doku_status doku_technique_mask(const char *list, uint64_t *mask, const char **bad_word)
{
    if (!list || !mask)
        return DOKU_ERR_ARG;
    uint64_t m = SINGLES;
    const char *p = list;
    while (*p) {
        while (*p == ',' || *p == ' ')
            p++;
        if (!*p)
            break;
        const char *w = p;
        while (*p && *p != ',' && *p != ' ')
            p++;
        size_t len = (size_t)(p - w);
        int found = 0;
        for (size_t g = 0; g < sizeof GROUPS / sizeof GROUPS[0]; g++)
            if (strlen(GROUPS[g].key) == len && strncmp(GROUPS[g].key, w, len) == 0) {
                m |= GROUPS[g].mask;
                found = 1;
            }
        for (int t = 0; t < DOKU_TECH_COUNT && !found; t++)
            if (strlen(TECH[t].key) == len && strncmp(TECH[t].key, w, len) == 0) {
                m |= TB(t);
                found = 1;
            }
        if (!found) {
            if (bad_word)
                *bad_word = w;
            return DOKU_ERR_PARSE;
        }
    }
    *mask = m;
    return DOKU_OK;
}

/* ------------------------------------------------------------------ */
/* The technique table, in SE's order. The extended techniques sit where
 * their rating belongs; being off by default they leave SE's path alone. */

typedef struct engine_entry {
    logic_finder find;
    uint64_t techs;      /* what it may produce (for --techniques) */
    int uniqueness;      /* needs a unique puzzle */
} engine_entry;

static const engine_entry ENGINE[] = {
    {logic_full_house, TB(DOKU_TECH_FULL_HOUSE), 0},
    {logic_hidden_single, TB(DOKU_TECH_HIDDEN_SINGLE), 0},
    {logic_direct_intersection, TB(DOKU_TECH_DIRECT_POINTING) | TB(DOKU_TECH_DIRECT_CLAIMING), 0},
    {logic_direct_hidden_pair, TB(DOKU_TECH_DIRECT_HIDDEN_PAIR), 0},
    {logic_naked_single, TB(DOKU_TECH_NAKED_SINGLE), 0},
    {logic_direct_hidden_triple, TB(DOKU_TECH_DIRECT_HIDDEN_TRIPLE), 0},
    {logic_intersection, TB(DOKU_TECH_POINTING) | TB(DOKU_TECH_CLAIMING), 0},
    {logic_naked_pair, TB(DOKU_TECH_NAKED_PAIR), 0},
    {logic_x_wing, TB(DOKU_TECH_X_WING), 0},
    {logic_hidden_pair, TB(DOKU_TECH_HIDDEN_PAIR), 0},
    {logic_finned_x_wing, TB(DOKU_TECH_FINNED_X_WING), 0},
    {logic_naked_triple, TB(DOKU_TECH_NAKED_TRIPLE), 0},
    {logic_swordfish, TB(DOKU_TECH_SWORDFISH), 0},
    {logic_hidden_triple, TB(DOKU_TECH_HIDDEN_TRIPLE), 0},
    {logic_finned_swordfish, TB(DOKU_TECH_FINNED_SWORDFISH), 0},
    {logic_turbot, TB(DOKU_TECH_SKYSCRAPER) | TB(DOKU_TECH_TWO_STRING_KITE) |
                       TB(DOKU_TECH_TURBOT_FISH) | TB(DOKU_TECH_EMPTY_RECTANGLE), 0},
    {logic_xy_wing, TB(DOKU_TECH_XY_WING), 0},
    {logic_xyz_wing, TB(DOKU_TECH_XYZ_WING), 0},
    {logic_w_wing, TB(DOKU_TECH_W_WING), 0},
    {logic_unique_loops, TB(DOKU_TECH_UNIQUE_RECTANGLE), 1},
    {logic_remote_pair, TB(DOKU_TECH_REMOTE_PAIR), 0},
    {logic_simple_colouring, TB(DOKU_TECH_SIMPLE_COLOURING), 0},
    {logic_unique_rectangle_6, TB(DOKU_TECH_UNIQUE_RECTANGLE_6), 1},
    {logic_hidden_rectangle, TB(DOKU_TECH_HIDDEN_RECTANGLE), 1},
    {logic_multi_colouring, TB(DOKU_TECH_MULTI_COLOURING), 0},
    {logic_naked_quad, TB(DOKU_TECH_NAKED_QUAD), 0},
    {logic_sue_de_coq, TB(DOKU_TECH_SUE_DE_COQ), 0},
    {logic_jellyfish, TB(DOKU_TECH_JELLYFISH), 0},
    {logic_hidden_quad, TB(DOKU_TECH_HIDDEN_QUAD), 0},
    {logic_finned_jellyfish, TB(DOKU_TECH_FINNED_JELLYFISH), 0},
    {logic_three_links, TB(DOKU_TECH_THREE_LINKS), 0},
    {logic_wxyz_wing, TB(DOKU_TECH_WXYZ_WING), 0},
    {logic_als_xz, TB(DOKU_TECH_ALS_XZ), 0},
    {logic_bug, TB(DOKU_TECH_BUG), 1},
    {logic_als_xy_wing, TB(DOKU_TECH_ALS_XY_WING), 0},
    {logic_vwxyz_wing, TB(DOKU_TECH_VWXYZ_WING), 0},
    {logic_aligned_pair, TB(DOKU_TECH_ALIGNED_PAIR), 0},
    {logic_chain_cycles, TB(DOKU_TECH_X_CYCLE) | TB(DOKU_TECH_X_CHAIN) | TB(DOKU_TECH_Y_CYCLE) |
                             TB(DOKU_TECH_XY_CYCLE) | TB(DOKU_TECH_AIC), 0},
    {logic_grouped_chains, TB(DOKU_TECH_GROUPED_X_CHAIN) | TB(DOKU_TECH_GROUPED_AIC), 0},
    {logic_aligned_triple, TB(DOKU_TECH_ALIGNED_TRIPLE), 0},
    {logic_chain_nishio, TB(DOKU_TECH_NISHIO), 0},
    {logic_chain_multiple, TB(DOKU_TECH_CELL_FORCING) | TB(DOKU_TECH_REGION_FORCING), 0},
    {logic_chain_dynamic, TB(DOKU_TECH_DYNAMIC_FORCING), 0},
    {logic_chain_dynamic_plus, TB(DOKU_TECH_DYNAMIC_PLUS), 0},
    {logic_trial, TB(DOKU_TECH_TRIAL), 0},
};

/* ------------------------------------------------------------------ */
/* Step builder                                                        */

int lcands_push(lcands *a, int cell, int digit)
{
    if (a->n == a->cap) {
        size_t nc = a->cap ? a->cap * 2 : 32;
        doku_cand *v = realloc(a->v, nc * sizeof *v);
        if (!v)
            return -1;
        a->v = v;
        a->cap = nc;
    }
    a->v[a->n].cell = cell;
    a->v[a->n].digit = digit;
    a->n++;
    return 0;
}

void lstep_begin(doku_logic *L, doku_technique t, lrate rating, const char *name)
{
    lstep *s = &L->step;
    s->tech = t;
    s->rating = rating;
    snprintf(s->name, sizeof s->name, "%s", name ? name : TECH[t].name);
    s->place.n = s->elim.n = s->proof.n = 0;
    s->textlen = 0;
    if (s->text)
        s->text[0] = 0;
    s->valid = 1;
}

int lstep_place(doku_logic *L, int cell, int digit)
{
    for (size_t i = 0; i < L->step.place.n; i++)
        if (L->step.place.v[i].cell == cell)
            return 0;
    return lcands_push(&L->step.place, cell, digit);
}

int lstep_elim(doku_logic *L, int cell, int digit)
{
    if (!(L->cand[cell] & LBIT(digit)))
        return 0;
    for (size_t i = 0; i < L->step.elim.n; i++)
        if (L->step.elim.v[i].cell == cell && L->step.elim.v[i].digit == digit)
            return 0;
    return lcands_push(&L->step.elim, cell, digit);
}

int lstep_proof(doku_logic *L, int cell, int digit)
{
    return lcands_push(&L->step.proof, cell, digit);
}

void lstep_text(doku_logic *L, const char *fmt, ...)
{
    lstep *s = &L->step;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        size_t room = s->textcap - s->textlen;
        int w = vsnprintf(s->text ? s->text + s->textlen : NULL, s->text ? room : 0, fmt, ap);
        va_end(ap);
        if (w < 0)
            return;
        if (s->text && (size_t)w < room) {
            s->textlen += (size_t)w;
            return;
        }
        size_t nc = (s->textcap ? s->textcap : 256);
        while (nc < s->textlen + (size_t)w + 1)
            nc *= 2;
        char *t = realloc(s->text, nc);
        if (!t)
            return;
        s->text = t;
        if (s->textcap == 0)
            t[0] = 0;
        s->textcap = nc;
    }
}

void lstep_append(doku_logic *L, const char *str, size_t len)
{
    lstep *s = &L->step;
    if (!s->text || s->textlen + len + 1 > s->textcap) {
        size_t nc = (s->textcap ? s->textcap : 256);
        while (nc < s->textlen + len + 1)
            nc *= 2;
        char *t = realloc(s->text, nc);
        if (!t)
            return;
        if (!s->text)
            t[0] = 0;
        s->text = t;
        s->textcap = nc;
    }
    memcpy(s->text + s->textlen, str, len);
    s->textlen += len;
    s->text[s->textlen] = 0;
}

void lstep_text_elims(doku_logic *L)
{
    lstep *s = &L->step;
    char a[24];
    for (size_t i = 0; i < s->elim.n; i++) {
        logic_cellname(L, s->elim.v[i].cell, a, sizeof a);
        lstep_text(L, "%s%s<>%d", i ? ", " : "", a, s->elim.v[i].digit);
    }
}

void logic_text_set(doku_logic *L, lmask m)
{
    lstep_text(L, "{");
    int first = 1;
    while (m) {
        lstep_text(L, "%s%d", first ? "" : ",", lfirst(m) + 1);
        m &= m - 1;
        first = 0;
    }
    lstep_text(L, "}");
}

/* ------------------------------------------------------------------ */
/* Context                                                             */

doku_status doku_logic_create(const doku_shape *shape, const doku_logic_opts *opts,
                              doku_logic **out)
{
    if (!out)
        return DOKU_ERR_ARG;
    *out = NULL;
    if (!shape)
        return DOKU_ERR_ARG;
    doku_logic *L = calloc(1, sizeof *L);
    if (!L)
        return DOKU_ERR_NOMEM;
    L->shape = shape;
    L->n = shape->n;
    L->nc = shape->ncells;
    L->nunits = shape->nunits;
    L->allowed = (opts && opts->techniques) ? (opts->techniques | SINGLES) : SE_MASK;
    L->uniq_opt = opts ? opts->uniqueness : 0;
    L->no_trial = opts ? opts->no_trial : 0;
    if (L->no_trial)
        L->allowed &= ~TB(DOKU_TECH_TRIAL);
    L->val = calloc((size_t)L->nc, 1);
    L->cand = calloc((size_t)L->nc, sizeof(lmask));
    L->pos = calloc((size_t)L->nunits * (size_t)L->n, sizeof(lmask));
    L->solution = calloc((size_t)L->nc, 1);
    logic_geometry_init(L);
    if (!L->val || !L->cand || !L->pos || !L->solution ||         logic_memo_alloc(L) != 0 ||
        doku_solver_create(shape, &L->solver) != DOKU_OK || logic_chain_ws_create(L) != 0) {
        doku_logic_free(L);
        return DOKU_ERR_NOMEM;
    }
    *out = L;
    return DOKU_OK;
}

void doku_logic_free(doku_logic *L)
{
    if (!L)
        return;
    logic_chain_ws_free(L);
    doku_solver_free(L->solver);
    free(L->val);
    free(L->cand);
    free(L->pos);
    free(L->solution);
    free(L->plane);
    free(L->memo);
    free(L->snapcand);
    free(L->snapval);
    free(L->uver);
    free(L->umemo);
    free(L->cmemo_cand);
    free(L->cmemo_val);
    free(L->hot);
    free(L->step.place.v);
    free(L->step.elim.v);
    free(L->step.proof.v);
    free(L->step.text);
    free(L->tmp.v);
    free(L);
}

static void place_digit(doku_logic *L, int cell, int d)
{
    L->val[cell] = (uint8_t)d;
    L->cand[cell] = 0;
    const uint16_t *p = L->peers + (size_t)cell * L->maxp;
    for (int i = 0; i < L->npeers[cell]; i++)
        L->cand[p[i]] &= ~LBIT(d);
}

static doku_status load_common(doku_logic *L, const uint8_t *cells)
{
    int n = L->n;
    for (int c = 0; c < L->nc; c++)
        if (cells[c] > n)
            return DOKU_ERR_ARG;
    if (doku_find_conflicts(L->shape, cells, NULL, 0) != 0)
        return DOKU_ERR_ARG;
    lmask all = (n == 64) ? ~(lmask)0 : (((lmask)1 << n) - 1);
    for (int c = 0; c < L->nc; c++) {
        L->val[c] = 0;
        L->cand[c] = all;
    }
    for (int c = 0; c < L->nc; c++)
        if (cells[c])
            place_digit(L, c, cells[c]);
    L->step.valid = 0;
    logic_cmemo_reset(L);
    return DOKU_OK;
}

static void solve_for_reference(doku_logic *L, const uint8_t *cells)
{
    doku_search_opts o = {0};
    doku_search_result r;
    o.limit = 2;
    o.time_budget = 10.0;
    L->has_solution = 0;
    L->unique = 0;
    if (doku_search(L->solver, cells, &o, L->solution, NULL, NULL, &r) == DOKU_OK &&
        r.solutions >= 1) {
        L->has_solution = 1;
        L->unique = (r.solutions == 1 && !r.gave_up);
    }
}

doku_status doku_logic_load(doku_logic *L, const uint8_t *cells)
{
    if (!L || !cells)
        return DOKU_ERR_ARG;
    doku_status st = load_common(L, cells);
    if (st != DOKU_OK)
        return st;
    solve_for_reference(L, cells);
    return DOKU_OK;
}

doku_status doku_logic_load_candidates(doku_logic *L, const uint8_t *cells,
                                       const uint64_t *cands, int unique_known)
{
    if (!L || !cells || !cands)
        return DOKU_ERR_ARG;
    doku_status st = load_common(L, cells);
    if (st != DOKU_OK)
        return st;
    for (int c = 0; c < L->nc; c++)
        if (!L->val[c])
            L->cand[c] &= cands[c];
    /* A reference solution that respects the pencil marks: search on the
     * filled cells, accept it only if it agrees with every mark. */
    solve_for_reference(L, cells);
    if (L->has_solution)
        for (int c = 0; c < L->nc; c++)
            if (!L->val[c] && !(L->cand[c] & LBIT(L->solution[c])))
                L->has_solution = 0;
    L->unique = unique_known ? 1 : 0;
    return DOKU_OK;
}

int doku_logic_solved(const doku_logic *L)
{
    if (!L)
        return 0;
    for (int c = 0; c < L->nc; c++)
        if (!L->val[c])
            return 0;
    return 1;
}

const uint8_t *doku_logic_cells(const doku_logic *L) { return L ? L->val : NULL; }
const uint64_t *doku_logic_candidates(const doku_logic *L) { return L ? L->cand : NULL; }

static int broken(doku_logic *L)
{
    int n = L->n;
    for (int c = 0; c < L->nc; c++)
        if (!L->val[c] && !L->cand[c])
            return 1;
    for (int u = 0; u < L->nunits; u++) {
        lmask placed = 0, possible = 0;
        for (int i = 0; i < n; i++) {
            int c = logic_unit_cell(L, u, i);
            if (L->val[c])
                placed |= LBIT(L->val[c]);
            possible |= L->cand[c];
        }
        lmask all = (n == 64) ? ~(lmask)0 : (((lmask)1 << n) - 1);
        if ((placed | possible) != all)
            return 1;
    }
    return 0;
}

static void fill_public(doku_logic *L, doku_step *out)
{
    lstep *s = &L->step;
    if (!s->text) {
        lstep_text(L, "%s", "");
    }
    out->technique = s->tech;
    out->name = s->name;
    out->rating = s->rating / 10.0;
    out->nplacements = s->place.n;
    out->placements = s->place.v;
    out->neliminations = s->elim.n;
    out->eliminations = s->elim.v;
    out->nproof = s->proof.n;
    out->proof = s->proof.v;
    out->text = s->text;
}

int doku_logic_next(doku_logic *L, doku_step *out)
{
    if (!L || !out)
        return -1;
    L->step.valid = 0;
    if (doku_logic_solved(L))
        return 0;
    if (broken(L))
        return -1;
    logic_positions(L);
    int uniq_ok = L->uniq_opt >= 0 && L->unique;
    for (size_t i = 0; i < sizeof ENGINE / sizeof ENGINE[0]; i++) {
        const engine_entry *e = &ENGINE[i];
        if (!(e->techs & L->allowed))
            continue;
        if (e->uniqueness && !uniq_ok)
            continue;
        if (e->find == logic_trial && !L->has_solution)
            continue;
        if (e->find(L)) {
            if (L->step.place.n == 0 && L->step.elim.n == 0) {
                L->step.valid = 0;
                continue; /* defensive: a step must make progress */
            }
            fill_public(L, out);
            return 1;
        }
    }
    return 0;
}

doku_status doku_logic_apply(doku_logic *L)
{
    if (!L || !L->step.valid)
        return DOKU_ERR_ARG;
    lstep *s = &L->step;
    for (size_t i = 0; i < s->elim.n; i++)
        L->cand[s->elim.v[i].cell] &= ~LBIT(s->elim.v[i].digit);
    for (size_t i = 0; i < s->place.n; i++)
        if (!L->val[s->place.v[i].cell])
            place_digit(L, s->place.v[i].cell, s->place.v[i].digit);
    s->valid = 0;
    return DOKU_OK;
}
