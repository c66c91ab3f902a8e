/*
 * format_search.c — the records of the search commands: solve (the
 * solution, or why there is none), count (the number, capped or not) and
 * check (the verdict), in line, grid, JSON and CSV form.
 *
 * The one design idea: a record is judged once (status key, human text,
 * count) and then written in the asked format, so the formats cannot
 * disagree about what happened.
 */
#include "doku_records.h"
#include "io_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- solve ---------------------------------------------------------- */

typedef struct outcome {
    const char *key;        /* JSON/CSV status */
    char text[160];         /* human status */
    char count[32];         /* "1", ">=2" */
    int ok;
} outcome;

/* The common statuses are fixed strings and the count is written by hand:
 * that keeps printf out of the per-puzzle path of big batches. */
static void set_count(outcome *oc, int at_least, unsigned long long k)
{
    char digits[24];
    int nd = 0;
    do {
        digits[nd++] = (char)('0' + k % 10);
        k /= 10;
    } while (k);
    char *p = oc->count;
    if (at_least) {
        *p++ = '>';
        *p++ = '=';
    }
    while (nd)
        *p++ = digits[--nd];
    *p = '\0';
}

static void judge_solve(const doku_record_opts *o, const doku_search_record *rec, outcome *oc)
{
    const doku_search_result *res = rec->result;
    unsigned long long k = (unsigned long long)res->solutions;
    int cut = rec->cut != NULL;
    int capped = (rec->status == DOKU_GAVE_UP) || cut || res->solutions >= rec->limit;
    set_count(oc, capped && rec->limit > 1, k);
    oc->ok = 0;
    if ((rec->status == DOKU_GAVE_UP)) {
        oc->key = "gave_up";
        const char *sols = k == 1 ? "solution" : "solutions";
        if (o->timeout > 0)
            snprintf(oc->text, sizeof oc->text, "gave up after %g s (%llu %s found)", o->timeout,
                     k, sols);
        else
            snprintf(oc->text, sizeof oc->text, "gave up (%llu %s found)", k, sols);
    } else if (k == 0) {
        oc->key = "none";
        strcpy(oc->text, "no solution");
    } else if (rec->limit == 1) {
        oc->key = "solved";
        oc->ok = 1;
        strcpy(oc->text, "solved, uniqueness not checked");
    } else if (k == 1) {
        oc->key = "unique";
        oc->ok = 1;
        strcpy(oc->text, "unique solution");
    } else {
        oc->key = "multiple";
        if (cut)
            snprintf(oc->text, sizeof oc->text, "several solutions (at least %llu; %s)", k,
                     rec->cut);
        else if (capped)
            snprintf(oc->text, sizeof oc->text, "several solutions (at least %llu)", k);
        else
            snprintf(oc->text, sizeof oc->text, "%llu solutions", k);
    }
}

static void put_stats_csv(doku_buf *b, const doku_search_result *res, double ms)
{
    io_buf_printf(b, ",%llu,%llu,%.3f", (unsigned long long)res->nodes,
                  (unsigned long long)res->guesses, ms);
}

static void put_stats_note(doku_buf *b, const char *prefix, const doku_search_result *res,
                           double ms)
{
    io_buf_printf(b, "%snodes %llu, guesses %llu, %.3f ms\n", prefix,
                  (unsigned long long)res->nodes, (unsigned long long)res->guesses, ms);
}

/* The end of a grid record: the statistics note when asked, then the
 * blank line that separates records. */
static void end_grid_record(doku_buf *b, const doku_record_opts *o, const doku_search_result *res,
                            double ms)
{
    if (o->stats)
        put_stats_note(b, io_note(o), res, ms);
    io_buf_puts(b, "\n");
}

static void put_stats_json(doku_buf *b, const doku_search_result *res, double ms)
{
    io_buf_printf(b, ",\"stats\":{\"nodes\":%llu,\"guesses\":%llu,\"time_ms\":",
                  (unsigned long long)res->nodes, (unsigned long long)res->guesses);
    io_put_json_number(b, 3, ms);
    io_buf_puts(b, "}");
}

/* A listed record (--limit N, --all) is written as a start, one item per
 * solution and an end, so its solutions can leave while the search still
 * runs (doku_format_solution); what only the end knows (status, count)
 * comes after them in every format. */
/* The parts a solve record ends with, whether it listed its solutions
 * or showed one: JSON's status fields and its close, CSV's status
 * columns and its close, the text formats' status note. */
static void json_status(doku_buf *b, const outcome *oc, const doku_search_result *res)
{
    io_buf_printf(b, ",\"status\":\"%s\",\"solutions_found\":%llu,\"capped\":%s", oc->key,
                  (unsigned long long)res->solutions, oc->count[0] == '>' ? "true" : "false");
}

static void json_close(doku_buf *b, const doku_record_opts *o, const doku_search_record *rec,
                       const char *why, const char *cut)
{
    if (why) {
        io_buf_puts(b, ",\"reason\":");
        doku_buf_append_json_string(b, why);
    }
    if (cut) {
        io_buf_puts(b, ",\"message\":");
        doku_buf_append_json_string(b, cut);
    }
    if (o->stats)
        put_stats_json(b, rec->result, rec->time_ms);
    io_buf_puts(b, "}\n");
}

static void csv_status(doku_buf *b, const doku_source *src, const outcome *oc)
{
    io_csv_prefix(b, src);
    io_buf_printf(b, "%s,%s,", oc->key, oc->count);
}

static void csv_close(doku_buf *b, const doku_record_opts *o, const doku_search_record *rec,
                      const char *message)
{
    if (o->stats)
        put_stats_csv(b, rec->result, rec->time_ms);
    io_buf_puts(b, ",");
    doku_buf_append_csv_field(b, message);
    io_buf_puts(b, "\n");
}

/* "# FILE:LINE: status: why" when the status is worth a line, and the
 * stats note. */
static void note_status(doku_buf *b, const doku_source *src, const doku_record_opts *o,
                        const doku_search_record *rec, const outcome *oc, int show,
                        const char *why)
{
    if (show) {
        io_buf_puts(b, "# ");
        io_where(b, src);
        io_buf_printf(b, ": %s%s%s\n", oc->text, why ? ": " : "", why ? why : "");
    }
    if (o->stats)
        put_stats_note(b, "# ", rec->result, rec->time_ms);
}

static void list_item(doku_buf *b, const doku_source *src, const doku_record_opts *o,
                      size_t index, const uint8_t *cells)
{
    const doku_shape *s = src->shape;
    switch (io_record_format(o)) {
    case DOKU_FORMAT_GRID:
        if (index == 0)
            io_grid_header(b, o, src, "solutions");
        io_buf_printf(b, "%ssolution %llu:\n", io_note(o), (unsigned long long)index + 1);
        io_put_cells(b, o, s, cells, src->cells, NULL, DOKU_FORMAT_GRID, src->symbols, o->style);
        break;
    case DOKU_FORMAT_JSON:
        if (index == 0) {
            io_json_open(b, src, src->symbols);
            io_buf_puts(b, ",\"solutions\":[");
        } else {
            io_buf_puts(b, ",");
        }
        io_put_json_cells(b, s, cells);
        break;
    case DOKU_FORMAT_CSV:
        io_csv_prefix(b, src);
        io_buf_puts(b, "solution,");
        io_put_u64(b, (uint64_t)index + 1);
        io_buf_puts(b, ",");
        io_csv_line(b, o, s, cells, src->symbols);
        io_buf_puts(b, o->stats ? ",,,,\n" : ",\n");
        break;
    default:
        io_put_line(b, s, cells, src->symbols);
        io_buf_puts(b, "\n");
    }
}

static void list_end(doku_buf *b, const doku_source *src, const doku_record_opts *o,
                     const doku_search_record *rec, const outcome *oc, const char *why,
                     size_t shown)
{
    const doku_search_result *res = rec->result;
    switch (io_record_format(o)) {
    case DOKU_FORMAT_GRID:
        if (!shown) {
            io_grid_header(b, o, src, oc->text);
            io_puzzle_grid(b, o, src, rec->marks);
        } else {
            io_buf_printf(b, "%s%s\n", io_note(o), oc->text);
        }
        if (why)
            io_buf_printf(b, "%s  %s\n", io_note(o), why);
        if (o->stats)
            put_stats_note(b, io_note(o), res, rec->time_ms);
        io_buf_puts(b, "\n");
        break;
    case DOKU_FORMAT_JSON:
        if (!shown) {
            io_json_open(b, src, src->symbols);
            io_buf_puts(b, ",\"solutions\":[");
        }
        io_buf_puts(b, "]");
        json_status(b, oc, res);
        json_close(b, o, rec, why, rec->cut);
        break;
    case DOKU_FORMAT_CSV:
        csv_status(b, src, oc);
        csv_close(b, o, rec, why ? why : rec->cut ? oc->text : "");
        break;
    default:
        note_status(b, src, o, rec, oc, !oc->ok || res->solutions > 1, why);
    }
}

static void write_solve(doku_buf *b, const doku_source *src, const doku_record_opts *o,
                        const doku_search_record *rec)
{
    const doku_shape *s = src->shape;
    const doku_search_result *res = rec->result;
    size_t ncells = (size_t)doku_shape_cells(s);
    outcome oc;
    judge_solve(o, rec, &oc);
    const char *why = rec->reason && rec->reason[0] ? rec->reason : NULL;
    if (rec->list) {
        /* solutions NULL: doku_format_solution wrote them all already */
        for (size_t i = 0; rec->solutions && i < rec->nsolutions; i++)
            list_item(b, src, o, i, rec->solutions + i * ncells);
        list_end(b, src, o, rec, &oc, why, rec->nsolutions);
        return;
    }
    /* The unique (or first) solution, when there is one to show. */
    int shown = res->solutions > 0 && oc.ok && rec->nsolutions > 0;

    switch (io_record_format(o)) {
    case DOKU_FORMAT_GRID:
        io_grid_header(b, o, src, oc.text);
        if (why)
            io_buf_printf(b, "%s  %s\n", io_note(o), why);
        if (shown)
            io_put_cells(b, o, s, rec->solutions, src->cells, NULL, DOKU_FORMAT_GRID,
                         src->symbols, o->style);
        else
            io_puzzle_grid(b, o, src, rec->marks);
        end_grid_record(b, o, res, rec->time_ms);
        break;
    case DOKU_FORMAT_JSON:
        io_json_open(b, src, src->symbols);
        json_status(b, &oc, res);
        if (shown) {
            io_buf_puts(b, ",\"solution\":");
            io_put_json_cells(b, s, rec->solutions);
        }
        json_close(b, o, rec, why, NULL);
        break;
    case DOKU_FORMAT_CSV:
        csv_status(b, src, &oc);
        if (shown)
            io_csv_line(b, o, s, rec->solutions, src->symbols);
        csv_close(b, o, rec, why ? why : "");
        break;
    default:
        if (shown) {
            io_put_line(b, s, rec->solutions, src->symbols);
            io_buf_puts(b, "\n");
        }
        note_status(b, src, o, rec, &oc, !oc.ok, why);
    }
}

doku_status doku_format_solution(doku_buf *b, const doku_source *src,
                                 const doku_record_opts *opts, size_t index,
                                 const uint8_t *solution)
{
    if (!b || !src || !opts || !src->shape || !src->cells || !solution)
        return DOKU_ERR_ARG;
    list_item(b, src, opts, index, solution);
    return io_buf_status(b);
}

/* ---- count ---------------------------------------------------------- */

static void write_count(doku_buf *b, const doku_source *src, const doku_record_opts *o,
                        const doku_search_record *rec)
{
    const doku_search_result *res = rec->result;
    unsigned long long k = (unsigned long long)res->solutions;
    int capped = (rec->status == DOKU_GAVE_UP) || res->solutions >= rec->limit;
    const char *key = (rec->status == DOKU_GAVE_UP) ? "gave_up" : capped ? "capped" : "counted";
    char count[40];
    snprintf(count, sizeof count, "%s%llu", capped ? ">=" : "", k);

    switch (io_record_format(o)) {
    case DOKU_FORMAT_GRID: {
        char text[96];
        snprintf(text, sizeof text, "%s solution%s%s", count, k == 1 && !capped ? "" : "s",
                 (rec->status == DOKU_GAVE_UP) ? " (gave up)" : "");
        io_grid_header(b, o, src, text);
        io_puzzle_grid(b, o, src, NULL);
        end_grid_record(b, o, res, rec->time_ms);
        break;
    }
    case DOKU_FORMAT_JSON:
        io_json_open(b, src, src->symbols);
        io_buf_printf(b, ",\"status\":\"%s\",\"count\":%llu,\"capped\":%s,\"limit\":%llu", key, k,
                      capped ? "true" : "false", (unsigned long long)rec->limit);
        if (o->stats)
            put_stats_json(b, res, rec->time_ms);
        io_buf_puts(b, "}\n");
        break;
    case DOKU_FORMAT_CSV:
        io_csv_prefix(b, src);
        io_buf_printf(b, "%s,%s", key, count);
        if (o->stats)
            put_stats_csv(b, res, rec->time_ms);
        io_buf_puts(b, ",\n");
        break;
    default:
        io_buf_printf(b, "%s%s\n", count, (rec->status == DOKU_GAVE_UP) ? " (gave up)" : "");
        if (o->stats)
            put_stats_note(b, "# ", res, rec->time_ms);
    }
}

/* ---- check ---------------------------------------------------------- */

static void put_conflicts_json(doku_buf *b, const doku_source *src)
{
    const doku_shape *s = src->shape;
    int n = doku_shape_n(s);
    size_t ncells = (size_t)doku_shape_cells(s), total = 0;
    doku_find_conflicts(s, src->cells, ncells, NULL, 0, &total);
    doku_conflict *all = total > 0 ? malloc(sizeof *all * total) : NULL;
    if (total > 0 && !all) {
        b->failed = 1;
        return;
    }
    if (total > 0)
        doku_find_conflicts(s, src->cells, ncells, all, total, NULL);
    io_buf_puts(b, ",\"conflicts\":[");
    for (size_t i = 0; i < total; i++) {
        char unit[32], sym[8];
        doku_shape_unit_name(s, all[i].unit, unit, sizeof unit, NULL);
        io_buf_puts(b, i ? ",{\"cells\":[\"" : "{\"cells\":[\"");
        io_buf_cell(b, s, all[i].cell_a);
        io_buf_puts(b, "\",\"");
        io_buf_cell(b, s, all[i].cell_b);
        io_buf_puts(b, "\"],\"digit\":");
        doku_buf_append_json_string(b, io_symbol_text(n, src->symbols, all[i].digit, sym));
        io_buf_puts(b, ",\"unit\":");
        doku_buf_append_json_string(b, unit);
        io_buf_puts(b, "}");
    }
    io_buf_puts(b, "]");
    free(all);
}

/* "suspects": the cells a none verdict's reason blames (a likely wrong
 * entry), in cell order. */
static void put_suspects_json(doku_buf *b, const doku_source *src, const uint8_t *marks)
{
    int n = doku_shape_n(src->shape), k = 0;
    io_buf_puts(b, ",\"suspects\":[");
    for (int c = 0; c < n * n; c++) {
        if (!marks[c])
            continue;
        io_buf_puts(b, k++ ? ",\"" : "\"");
        io_buf_cell(b, src->shape, c);
        io_buf_puts(b, "\"");
    }
    io_buf_puts(b, "]");
}

static void write_check(doku_buf *b, const doku_source *src, const doku_record_opts *o,
                        const doku_search_record *rec)
{
    static const char *const keys[] = {"unique", "none", "multiple", "gave_up", "invalid"};
    static const char *const texts[] = {"unique", "no solution", "several solutions",
                                        "gave up", "invalid"};
    int v = rec->verdict >= DOKU_CHECK_UNIQUE && rec->verdict <= DOKU_CHECK_CONFLICT
                ? (int)rec->verdict : (int)DOKU_CHECK_CONFLICT;
    const char *detail = rec->reason ? rec->reason : "";
    switch (io_record_format(o)) {
    case DOKU_FORMAT_GRID: {
        doku_buf head = {0};
        io_buf_puts(&head, texts[v]);
        if (*detail)
            io_buf_printf(&head, ": %s", detail);
        io_grid_header(b, o, src, head.data ? head.data : "");
        if (head.failed)
            b->failed = 1;
        doku_buf_free(&head);
        io_puzzle_grid(b, o, src, rec->marks);
        io_buf_puts(b, "\n");
        break;
    }
    case DOKU_FORMAT_JSON:
        io_json_open(b, src, src->symbols);
        io_buf_printf(b, ",\"status\":\"%s\"", keys[v]);
        if (rec->marks && rec->verdict == DOKU_CHECK_CONFLICT)
            put_conflicts_json(b, src);
        else if (rec->marks)
            put_suspects_json(b, src, rec->marks);
        if (*detail) {
            io_buf_puts(b, ",\"message\":");
            doku_buf_append_json_string(b, detail);
        }
        io_buf_puts(b, "}\n");
        break;
    case DOKU_FORMAT_CSV:
        io_csv_prefix(b, src);
        io_buf_printf(b, "%s,", keys[v]);
        doku_buf_append_csv_field(b, detail);
        io_buf_puts(b, "\n");
        break;
    default:
        io_where(b, src);
        io_buf_printf(b, ": %s%s%s\n", texts[v], *detail ? ": " : "", detail);
    }
}

doku_status doku_format_search(doku_buf *b, const doku_source *src,
                               const doku_record_opts *opts, const doku_search_record *rec)
{
    if (!b || !src || !opts || !rec || !src->shape || !src->cells ||
        io_record_args_bad(src->symbols, opts))
        return DOKU_ERR_ARG;
    switch (rec->command) {
    case DOKU_CMD_SOLVE:
        /* solutions NULL with nsolutions: a listing streamed already */
        if (!rec->result || (rec->nsolutions && !rec->solutions && !rec->list))
            return DOKU_ERR_ARG;
        write_solve(b, src, opts, rec);
        break;
    case DOKU_CMD_COUNT:
        if (!rec->result)
            return DOKU_ERR_ARG;
        write_count(b, src, opts, rec);
        break;
    case DOKU_CMD_CHECK:
        write_check(b, src, opts, rec);
        break;
    default:
        return DOKU_ERR_ARG;
    }
    return io_buf_status(b);
}
