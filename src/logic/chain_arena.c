/*
 * chain_arena.c — the chain searches' memory: the workspace of a logic
 * context (branches, scratch grid, link lists), grown branch instances,
 * and the ancestor count that gives a chain its length.
 *
 * Design: everything is allocated once per context and reused by every
 * walk; a branch is cleared by bumping a generation stamp, not by memset.
 */
#include "chain_internal.h"

#include <stdlib.h>
#include <string.h>

int logic_chain_ws_create(doku_logic *L)
{
    L->cw = NULL;
    if (L->n > 25) /* memory grows as n^3 per branch: chains stop at 25x25 */
        return 0;
    struct chain_ws *w = calloc(1, sizeof *w);
    if (!w)
        return -1;
    L->cw = w;
    w->NN = L->nc * L->n * 2;
    w->nbr = 2 * L->n + 2;
    w->br = calloc((size_t)w->nbr, sizeof *w->br);
    w->cur = calloc((size_t)L->nc, sizeof(lmask));
    w->curpos = calloc((size_t)L->nunits * (size_t)L->n, sizeof(lmask));
    w->seen = calloc((size_t)w->NN, sizeof(uint32_t));
    w->genmark = calloc((size_t)w->NN, sizeof(uint32_t));
    w->closemark = calloc((size_t)w->NN, sizeof(uint32_t));
    w->sa = malloc(sizeof(int32_t) * ((size_t)w->NN + 1));
    w->sb = malloc(sizeof(int32_t) * ((size_t)w->NN + 1));
    w->stack = malloc(sizeof(int32_t) * (size_t)w->NN * 4);
    w->tmpnodes = malloc(sizeof(int32_t) * (size_t)w->NN);
    w->capgen = 4 * L->n * 4 + 16;
    w->capgenhp = 8 * L->n * 4 + 16;
    w->gen_node = malloc(sizeof(int32_t) * (size_t)w->capgen);
    w->gen_hps = malloc(sizeof(int32_t) * (size_t)w->capgen);
    w->gen_hpn = malloc(sizeof(int32_t) * (size_t)w->capgen);
    w->gen_cause = malloc(sizeof(int32_t) * (size_t)w->capgen);
    w->gen_hp = malloc(sizeof(int32_t) * (size_t)w->capgenhp);
    if (!w->br || !w->cur || !w->curpos || !w->genmark || !w->closemark || !w->sa || !w->sb || !w->seen || !w->stack || !w->tmpnodes || !w->gen_node ||
        !w->gen_hps || !w->gen_hpn || !w->gen_cause || !w->gen_hp)
        return -1;
    for (int i = 0; i < w->nbr; i++) {
        branch *b = &w->br[i];
        b->nomem = &L->nomem;
        b->stamp = calloc((size_t)w->NN, sizeof(uint32_t));
        b->slot = malloc(sizeof(int32_t) * (size_t)w->NN);
        b->qon = malloc(sizeof(int32_t) * (size_t)w->NN);
        b->qoff = malloc(sizeof(int32_t) * (size_t)w->NN * 4);
        if (!b->stamp || !b->slot || !b->qon || !b->qoff)
            return -1;
    }
    return 0;
}

void logic_chain_ws_free(doku_logic *L)
{
    struct chain_ws *w = L->cw;
    if (!w)
        return;
    if (w->br)
        for (int i = 0; i < w->nbr; i++) {
            branch *b = &w->br[i];
            free(b->stamp);
            free(b->slot);
            free(b->inode);
            free(b->inest);
            free(b->icause);
            free(b->pstart);
            free(b->pcount);
            free(b->pool);
            free(b->qon);
            free(b->qoff);
        }
    free(w->br);
    free(w->cur);
    free(w->curpos);
    free(w->seen);
    free(w->genmark);
    free(w->closemark);
    free(w->sa);
    free(w->sb);
    free(w->la);
    free(w->lb);
    free(w->stack);
    free(w->tmpnodes);
    free(w->gen_node);
    free(w->gen_hps);
    free(w->gen_hpn);
    free(w->gen_cause);
    free(w->gen_hp);
    chain_child_free(w->child);
    free(w->reach);
    free(w->reachstamp);
    free(w->nest_cx);
    free(w->nest_mark);
    chain_nest_ws_free(w->nw);
    chain_nest_memo_free(w->memo);
    free(w);
    L->cw = NULL;
}

/* Resizes *a to n entries, keeping *a on failure. @return 0 or -1. */
static int resize32(int32_t **a, int n)
{
    int32_t *t = realloc(*a, sizeof(int32_t) * (size_t)n);
    if (!t)
        return -1;
    *a = t;
    return 0;
}

/* The slow path of br_new: doubles the instance arrays and the parent
 * pool as needed. */
static int br_grow(branch *b, int np)
{
    if (b->ninst == b->capinst) {
        int nc = b->capinst ? b->capinst * 2 : 1024;
        if (resize32(&b->inode, nc) || resize32(&b->inest, nc) || resize32(&b->icause, nc) ||
            resize32(&b->pstart, nc))
            return -1;
        uint16_t *c = realloc(b->pcount, sizeof(uint16_t) * (size_t)nc);
        if (!c)
            return -1;
        b->pcount = c;
        b->capinst = nc;
    }
    if (b->npool + np > b->cappool) {
        int nc = b->cappool ? b->cappool : 1024;
        while (nc < b->npool + np)
            nc *= 2;
        if (resize32(&b->pool, nc))
            return -1;
        b->cappool = nc;
    }
    return 0;
}

int chain_br_grow(branch *b, int np)
{
    if (br_grow(b, np) == 0)
        return 0;
    *b->nomem = 1;
    return -1;
}

/* Distinct nodes among the ancestors of instance i (itself included). */
int chain_ancestors(doku_logic *L, const branch *b, int i)
{
    struct chain_ws *w = L->cw;
    seen_next(w);
    int sp = 0, count = 0;
    w->stack[sp++] = i;
    while (ancestor_next(w, b, &sp) >= 0)
        count++;
    return count;
}

int chain_complexity(doku_logic *L, const branch *b, const int *inst, int k)
{
    struct chain_ws *w = L->cw;
    int cx = 0;
    for (int j = 0; j < k; j++)
        cx += chain_ancestors(L, b, inst[j]);
    if (!w->nnest)
        return cx; /* no nested chain in this search */
    /* one walk over the union of the ancestors; each nested chain once */
    seen_next(w);
    if (++w->nest_gen == 0) {
        memset(w->nest_mark, 0, sizeof(uint32_t) * (size_t)w->capnest);
        w->nest_gen = 1;
    }
    int sp = 0;
    for (int j = 0; j < k; j++)
        if (sp < w->NN * 4)
            w->stack[sp++] = inst[j];
    for (int x; (x = ancestor_next(w, b, &sp)) >= 0;) {
        int id = b->inest[x];
        if (id >= 0 && w->nest_mark[id] != w->nest_gen) {
            w->nest_mark[id] = w->nest_gen;
            cx += w->nest_cx[id];
        }
    }
    return cx;
}

void chain_child_free(doku_logic *C)
{
    if (!C)
        return;
    logic_chain_ws_free(C);
    free(C->cand);
    free(C->pos);
    free(C);
}

void chain_child_forget(doku_logic *L)
{
    if (L->cw && L->cw->child)
        logic_cmemo_reset(L->cw->child);
}

doku_logic *chain_child(doku_logic *L)
{
    struct chain_ws *w = L->cw;
    if (w->child)
        return w->child;
    doku_logic *C = malloc(sizeof *C);
    if (!C)
        return NULL;
    *C = *L; /* geometry and values shared, read only */
    memset(&C->step, 0, sizeof C->step);
    memset(&C->tmp, 0, sizeof C->tmp);
    C->cw = NULL;
    C->cand = malloc(sizeof(lmask) * (size_t)L->nc);
    C->pos = malloc(sizeof(lmask) * (size_t)L->nunits * (size_t)L->n);
    if (!C->cand || !C->pos || logic_chain_ws_create(C) || !C->cw) {
        chain_child_free(C);
        return NULL;
    }
    w->child = C;
    return C;
}
