/*
 * chain_text.c — how a chain reads in a step's sentence: nodes as
 * "r1c2=5" / "r1c2<>5", a chain as its main line joined by " -> " (or
 * " -[cage r1c1-r1c3 (sum 7)]-> " where a variant constraint made the
 * link), and that line as the step's proof.
 */
#include "chain_internal.h"
#include "variant_internal.h"

void chain_node_text(doku_logic *L, int node)
{
    /* by hand: chains print many nodes, and printf's parsing showed */
    char a[48];
    int k = logic_cellname(L, NCELL(node), a, 24);
    if (NON(node)) {
        a[k++] = '=';
    } else {
        a[k++] = '<';
        a[k++] = '>';
    }
    int d = NDIG(node), nd = d >= 10 ? 2 : 1;
    if (d >= 100) {
        lstep_append(L, a, (size_t)k);
        lstep_text(L, "%d", d);
        return;
    }
    if (nd == 2)
        a[k++] = (char)('0' + d / 10);
    a[k++] = (char)('0' + d % 10);
    lstep_append(L, a, (size_t)k);
}

/* The main line of a chain: from the root to instance i by first parents.
 * A node an inner chain gave (nested forcing chains) follows " ~> ". */
void chain_text(doku_logic *L, const branch *b, int i)
{
    struct chain_ws *w = L->cw;
    int k = 0;
    while (i >= 0 && k < w->NN) {
        w->stack[k++] = i;
        i = b->pcount[i] ? b->pool[b->pstart[i]] : -1;
    }
    for (int j = k - 1; j >= 0; j--) {
        int x = w->stack[j];
        if (j != k - 1 && !NON(b->inode[x]) && b->icause[x] <= -3) {
            /* a variant constraint's link (variant_chain.c) */
            lstep_append(L, " -[", 3);
            lvar_text_link(L, -3 - b->icause[x]);
            lstep_append(L, "]-> ", 4);
        } else if (j != k - 1) {
            if (b->inest[w->stack[j]] >= 0)
                lstep_append(L, " ~> ", 4);
            else
                lstep_append(L, " -> ", 4);
        }
        chain_node_text(L, b->inode[w->stack[j]]);
    }
}

/* The candidates of the main line (root to instance i by first parents)
 * as the step's proof. */
void chain_proof(doku_logic *L, const branch *b, int i)
{
    for (int x = i; x >= 0; x = b->pcount[x] ? b->pool[b->pstart[x]] : -1) {
        lstep_proof(L, NCELL(b->inode[x]), NDIG(b->inode[x]));
        if (!b->pcount[x])
            break;
    }
}
