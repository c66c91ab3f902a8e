/*
 * write_fpuzzles.c — a variant puzzle as f-puzzles' JSON, the payload of
 * f-puzzles and SudokuPad links (read_fpuzzles.c reads it back).
 *
 * The one design idea: each constraint goes to the f-puzzles key whose
 * rule is the same, written the way f-puzzles writes it (cells "R1C1",
 * sums as strings, clues outside the grid at row or column 0 or n+1);
 * what has no such key (greater-than, a partial little-killer diagonal,
 * one of the X/V negative rules alone) is refused by name, never dropped.
 * Windoku windows and regions kept beside the boxes become extra regions,
 * which f-puzzles has; the rules are the same.
 */
#include "write_internal.h"

#include <string.h>

#define NKEYS 26

static const char *const key_order[NKEYS] = {
    "killercage", "littlekillersum", "sandwichsum", "xsum", "extraregion", "thermometer",
    "arrow", "whispers", "renban", "palindrome", "betweenline", "regionsumline",
    "difference", "ratio", "xv", "minimum", "maximum", "odd", "even", "quadruple", NULL};

static void cell(doku_buf *o, int r, int c) { doku_buf_printf(o, "\"R%dC%d\"", r, c); }

static void cells(doku_buf *o, int n, const uint16_t *cs, size_t k)
{
    doku_buf_append(o, "[", 1);
    for (size_t i = 0; i < k; i++) {
        if (i)
            doku_buf_append(o, ",", 1);
        cell(o, cs[i] / n + 1, cs[i] % n + 1);
    }
    doku_buf_append(o, "]", 1);
}

/* The f-puzzles key constraint kind goes to, NULL for the global rules
 * and the ones it cannot carry. */
static const char *key_of(doku_constraint_kind k)
{
    switch (k) {
    case DOKU_CON_CAGE: return "killercage";
    case DOKU_CON_LITTLE_KILLER: return "littlekillersum";
    case DOKU_CON_SANDWICH: return "sandwichsum";
    case DOKU_CON_XSUM: return "xsum";
    case DOKU_CON_REGION: return "extraregion";
    case DOKU_CON_THERMO: return "thermometer";
    case DOKU_CON_ARROW: return "arrow";
    case DOKU_CON_WHISPER: return "whispers";
    case DOKU_CON_RENBAN: return "renban";
    case DOKU_CON_PALINDROME: return "palindrome";
    case DOKU_CON_BETWEEN: return "betweenline";
    case DOKU_CON_REGION_SUM: return "regionsumline";
    case DOKU_CON_KROPKI_WHITE: return "difference";
    case DOKU_CON_KROPKI_BLACK: return "ratio";
    case DOKU_CON_X:
    case DOKU_CON_V: return "xv";
    case DOKU_CON_MINIMUM: return "minimum";
    case DOKU_CON_MAXIMUM: return "maximum";
    case DOKU_CON_ODD: return "odd";
    case DOKU_CON_EVEN: return "even";
    case DOKU_CON_QUADRUPLE: return "quadruple";
    default: return NULL;
    }
}

/* A little killer's clue: outside the grid at the top end of its
 * diagonal, which must run from there to the grid's far edge. @return 1
 * with *r, *c (1-based, 0 or n+1 on one side) and dir. */
static int little_killer_clue(int n, const uint16_t *cs, size_t k, int *r, int *c,
                              const char **dir)
{
    int top = cs[0];
    for (size_t i = 1; i < k; i++)
        top = cs[i] < top ? cs[i] : top;
    int r0 = top / n, c0 = top % n;
    for (int dc = 1; dc >= -1; dc -= 2) {
        /* the clue before the top cell must lie outside the grid */
        int pr = r0 - 1, pc = c0 - dc;
        if (pr >= 0 && pc >= 0 && pc < n)
            continue;
        size_t len = 0, found = 0;
        for (int rr = r0, cc = c0; rr < n && cc >= 0 && cc < n; rr++, cc += dc, len++)
            for (size_t i = 0; i < k; i++)
                found += cs[i] == rr * n + cc;
        if (len != k || found != k)
            continue;
        *r = pr + 1;
        *c = pc + 1;
        *dir = dc > 0 ? "DR" : "DL";
        return 1;
    }
    return 0;
}

/* One item of constraint c under its key. @return DOKU_OK or a refusal. */
static doku_status item(const vw *p, size_t i, const doku_constraint *c, doku_buf *o)
{
    int n = p->n;
    switch (c->kind) {
    case DOKU_CON_CAGE:
    case DOKU_CON_REGION:
        doku_buf_printf(o, "{\"cells\":");
        cells(o, n, c->cells, c->ncells);
        if (c->nparams)
            doku_buf_printf(o, ",\"value\":\"%d\"", c->params[0]);
        doku_buf_printf(o, "}");
        return DOKU_OK;
    case DOKU_CON_LITTLE_KILLER: {
        int r, col;
        const char *dir;
        if (!little_killer_clue(n, c->cells, c->ncells, &r, &col, &dir))
            return vw_refuse(p, i, "f-puzzles", "its cells are not a whole diagonal from an edge");
        /* f-puzzles keeps the diagonal's cells beside the clue too */
        doku_buf_printf(o, "{\"cell\":\"R%dC%d\",\"cells\":", r, col);
        uint16_t diag[DOKU_CONSTRAINTS_MAX_N];
        size_t k = 0;
        int dc = dir[1] == 'R' ? 1 : -1;
        for (int rr = r, cc = col - 1 + dc; rr < n && cc >= 0 && cc < n && k < c->ncells;
             rr++, cc += dc)
            diag[k++] = (uint16_t)(rr * n + cc);
        cells(o, n, diag, k);
        doku_buf_printf(o, ",\"direction\":\"%s\",\"value\":\"%d\"}", dir, c->params[0]);
        return DOKU_OK;
    }
    case DOKU_CON_SANDWICH:
    case DOKU_CON_XSUM: {
        int step = c->cells[1] - c->cells[0], r = c->cells[0] / n + 1, col = c->cells[0] % n + 1;
        /* f-puzzles puts sandwich clues above or left of the grid; the
         * rule reads the same either way */
        if (c->kind == DOKU_CON_SANDWICH && (step == -1 || step == -n)) {
            r = c->cells[n - 1] / n + 1;
            col = c->cells[n - 1] % n + 1;
            step = -step;
        }
        if (step == 1)
            col = 0;
        else if (step == -1)
            col = n + 1;
        else if (step == n)
            r = 0;
        else
            r = n + 1;
        doku_buf_printf(o, "{\"cell\":\"R%dC%d\",\"value\":\"%d\"}", r, col, c->params[0]);
        return DOKU_OK;
    }
    case DOKU_CON_ARROW: {
        int m = c->params[0];
        for (int k = 1; k < m; k++)
            if (c->cells[k] < c->cells[k - 1])
                return vw_refuse(p, i, "f-puzzles",
                                 "its circle is read in another order than f-puzzles' (left to right, top to bottom)");
        /* the line starts in a circle cell touching the arrow's first cell */
        int start = c->cells[0];
        for (int k = m - 1; k >= 0; k--)
            if (cons_king_adjacent(n, c->cells[k], c->cells[m])) {
                start = c->cells[k];
                break;
            }
        doku_buf_printf(o, "{\"cells\":");
        cells(o, n, c->cells, (size_t)m);
        doku_buf_printf(o, ",\"lines\":[[");
        cell(o, start / n + 1, start % n + 1);
        for (size_t k = (size_t)m; k < c->ncells; k++) {
            doku_buf_append(o, ",", 1);
            cell(o, c->cells[k] / n + 1, c->cells[k] % n + 1);
        }
        doku_buf_printf(o, "]]}");
        return DOKU_OK;
    }
    case DOKU_CON_THERMO:
    case DOKU_CON_WHISPER:
    case DOKU_CON_RENBAN:
    case DOKU_CON_PALINDROME:
    case DOKU_CON_BETWEEN:
    case DOKU_CON_REGION_SUM:
        doku_buf_printf(o, "{\"lines\":[");
        cells(o, n, c->cells, c->ncells);
        doku_buf_printf(o, "]");
        if (c->nparams)
            doku_buf_printf(o, ",\"value\":\"%d\"", c->params[0]);
        doku_buf_printf(o, "}");
        return DOKU_OK;
    case DOKU_CON_KROPKI_WHITE:
    case DOKU_CON_KROPKI_BLACK:
    case DOKU_CON_X:
    case DOKU_CON_V:
        doku_buf_printf(o, "{\"cells\":");
        cells(o, n, c->cells, c->ncells);
        if (c->kind == DOKU_CON_X || c->kind == DOKU_CON_V)
            doku_buf_printf(o, ",\"value\":\"%s\"", c->kind == DOKU_CON_X ? "X" : "V");
        doku_buf_printf(o, "}");
        return DOKU_OK;
    case DOKU_CON_QUADRUPLE:
        doku_buf_printf(o, "{\"cells\":");
        cells(o, n, c->cells, c->ncells);
        doku_buf_printf(o, ",\"values\":[");
        for (size_t k = 0; k < c->nparams; k++)
            doku_buf_printf(o, "%s%d", k ? "," : "", c->params[k]);
        doku_buf_printf(o, "]}");
        return DOKU_OK;
    default:
        /* one cell each (minimum, maximum, odd, even), written per cell */
        for (size_t k = 0; k < c->ncells; k++) {
            if (k)
                doku_buf_append(o, ",", 1);
            doku_buf_printf(o, "{\"cell\":");
            cell(o, c->cells[k] / n + 1, c->cells[k] % n + 1);
            doku_buf_printf(o, "}");
        }
        return DOKU_OK;
    }
}

/* The global rules and the negative ones; refuses what f-puzzles cannot
 * say. */
static doku_status globals(const vw *p, doku_buf *o)
{
    size_t count = doku_constraints_count(p->cs), at[DOKU_CON_KIND_COUNT];
    int has[DOKU_CON_KIND_COUNT] = {0};
    for (size_t i = 0; i < count; i++) {
        doku_constraint c;
        doku_constraints_get(p->cs, i, &c);
        has[c.kind] = 1;
        at[c.kind] = i;
    }
    if (has[DOKU_CON_GREATER])
        return vw_refuse(p, at[DOKU_CON_GREATER], "f-puzzles", "f-puzzles has no greater-than");
    if (has[DOKU_CON_X_ALL] != has[DOKU_CON_V_ALL]) {
        doku_constraint_kind k = has[DOKU_CON_X_ALL] ? DOKU_CON_X_ALL : DOKU_CON_V_ALL;
        return vw_refuse(p, at[k], "f-puzzles", "its negative rule covers X and V together");
    }
    if (has[DOKU_CON_NON_CONSECUTIVE] && (has[DOKU_CON_KROPKI_WHITE] || has[DOKU_CON_KROPKI_BLACK]))
        return vw_refuse(p, at[DOKU_CON_NON_CONSECUTIVE], "f-puzzles",
                         "with kropki dots f-puzzles' non-consecutive spares the dotted pairs");
    if (has[DOKU_CON_ANTI_KNIGHT])
        doku_buf_printf(o, ",\"antiknight\":true");
    if (has[DOKU_CON_ANTI_KING])
        doku_buf_printf(o, ",\"antiking\":true");
    if (has[DOKU_CON_DISJOINT_GROUPS])
        doku_buf_printf(o, ",\"disjointgroups\":true");
    if (has[DOKU_CON_NON_CONSECUTIVE])
        doku_buf_printf(o, ",\"nonconsecutive\":true");
    if (has[DOKU_CON_KROPKI_WHITE_ALL] || has[DOKU_CON_KROPKI_BLACK_ALL] || has[DOKU_CON_X_ALL]) {
        const char *sep = "";
        doku_buf_printf(o, ",\"negative\":[");
        if (has[DOKU_CON_KROPKI_BLACK_ALL])
            doku_buf_printf(o, "\"ratio\""), sep = ",";
        if (has[DOKU_CON_KROPKI_WHITE_ALL])
            doku_buf_printf(o, "%s\"difference\"", sep), sep = ",";
        if (has[DOKU_CON_X_ALL])
            doku_buf_printf(o, "%s\"xv\"", sep);
        doku_buf_printf(o, "]");
    }
    return DOKU_OK;
}

/* Extra regions for the Windoku windows and kept-beside-boxes regions. */
static void extra_units(const vw *p, doku_buf *o, int *first)
{
    int n = p->n;
    for (int u = 0; u < doku_shape_unit_count(p->s); u++) {
        doku_unit_kind k = doku_shape_unit_kind(p->s, u);
        if (k != DOKU_UNIT_WINDOW && !(k == DOKU_UNIT_REGION && p->keep_boxes))
            continue;
        doku_buf_printf(o, "%s{\"cells\":", *first ? "" : ",");
        cells(o, n, doku_shape_unit_cells(p->s, u), (size_t)n);
        doku_buf_printf(o, "}");
        *first = 0;
    }
}

doku_status vw_fpuzzles(const vw *p, doku_buf *o)
{
    int n = p->n;
    doku_buf_printf(o, "{\"size\":%d,\"grid\":[", n);
    /* with regions kept beside the boxes, the boxes are the grid's regions */
    int regions = p->jigsaw && !p->keep_boxes;
    for (int r = 0; r < n; r++) {
        doku_buf_printf(o, "%s[", r ? "," : "");
        for (int c = 0; c < n; c++) {
            int i = r * n + c, v = p->givens ? p->givens[i] : 0;
            doku_buf_printf(o, "%s{", c ? "," : "");
            if (v)
                doku_buf_printf(o, "\"value\":%d,\"given\":true%s", v, regions ? "," : "");
            if (regions)
                doku_buf_printf(o, "\"region\":%d", p->regions[i]);
            doku_buf_printf(o, "}");
        }
        doku_buf_printf(o, "]");
    }
    doku_buf_printf(o, "]");
    if (p->title) {
        doku_buf_printf(o, ",\"title\":");
        doku_buf_append_json_string(o, p->title);
    }
    if (p->author) {
        doku_buf_printf(o, ",\"author\":");
        doku_buf_append_json_string(o, p->author);
    }
    if (p->s->variants & DOKU_VARIANT_X)
        doku_buf_printf(o, ",\"diagonal+\":true,\"diagonal-\":true");
    doku_status st = globals(p, o);
    if (st != DOKU_OK)
        return st;
    size_t count = doku_constraints_count(p->cs);
    for (int k = 0; key_order[k]; k++) {
        int first = 1;
        int extra = !strcmp(key_order[k], "extraregion") &&
                    ((p->s->variants & DOKU_VARIANT_HYPER) || p->keep_boxes);
        for (size_t i = 0; i < count; i++) {
            doku_constraint c;
            doku_constraints_get(p->cs, i, &c);
            const char *key = key_of(c.kind);
            if (!key || strcmp(key, key_order[k]))
                continue;
            doku_buf_printf(o, "%s", first ? ",\"" : ",");
            if (first)
                doku_buf_printf(o, "%s\":[", key);
            first = 0;
            if ((st = item(p, i, &c, o)) != DOKU_OK)
                return st;
        }
        if (extra) {
            if (first)
                doku_buf_printf(o, ",\"extraregion\":[");
            else
                doku_buf_append(o, ",", 1);
            int f2 = 1;
            extra_units(p, o, &f2);
            first = 0;
        }
        if (!first)
            doku_buf_printf(o, "]");
    }
    if (p->solution) {
        doku_buf_printf(o, ",\"solution\":[");
        for (int i = 0; i < n * n; i++)
            doku_buf_printf(o, "%s%d", i ? "," : "", p->solution[i]);
        doku_buf_printf(o, "]");
    }
    doku_buf_printf(o, "}");
    return DOKU_OK;
}
