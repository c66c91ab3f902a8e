/*
 * format_generate.c — the records of the generator commands: a generated
 * puzzle (generate) and a reduced input (reduce).
 *
 * The one design idea: a generated record carries its index, its own seed
 * and its run's master seed, so the record alone is enough to make the
 * puzzle again (`doku generate --seed MASTER --start INDEX` with the same
 * options).
 */
#include "doku_records.h"
#include "io_internal.h"

#include <stdio.h>
#include <string.h>

doku_status doku_format_generate(doku_buf *b, const doku_shape *s, doku_symbols symbols,
                                 const doku_record_opts *o, const doku_generate_record *rec)
{
    if (!b || !s || !o || !rec || !rec->puzzle || !rec->solution || !rec->result ||
        io_record_args_bad(symbols, o))
        return DOKU_ERR_ARG;
    const doku_generate_result *res = rec->result;
    int full = rec->full;
    const char *sym = full ? "" : doku_symmetry_name(res->symmetry);
    /* the difficulty asked for by name, and qqwing's level when asked */
    const char *diff = full || !rec->difficulty ? "" : doku_difficulty_name(rec->difficulty);
    const char *lvl = full || !res->qqwing_level ? "" : doku_qqwing_level_name(res->qqwing_level);
    unsigned long long number = (unsigned long long)rec->index + 1;
    switch (io_record_format(o)) {
    case DOKU_FORMAT_GRID:
        if (full)
            io_buf_printf(b, "# grid %llu\n", number);
        else
            io_buf_printf(b, "# puzzle %llu: %d givens, symmetry %s%s%s%s%s%s\n", number,
                          res->givens, sym, *diff ? ", " : "", diff,
                          *lvl ? ", qqwing level " : "", lvl, res->minimal ? ", minimal" : "");
        io_put_cells(b, o, s, rec->puzzle, rec->puzzle, NULL, DOKU_FORMAT_GRID, symbols,
                     o->style);
        if (rec->with_solution && !full) {
            io_buf_puts(b, "# solution\n");
            io_put_cells(b, o, s, rec->solution, rec->puzzle, NULL, DOKU_FORMAT_GRID, symbols,
                         o->style);
        }
        io_buf_puts(b, "\n");
        break;
    case DOKU_FORMAT_JSON:
        /* seeds as strings: JSON readers hold numbers as doubles, exact
         * only below 2^53, and a seed is 64 bits */
        io_buf_printf(b, "{\"index\":%llu,\"seed\":\"%llu\",\"master_seed\":\"%llu\",\"n\":%d,"
                      "\"puzzle\":", number, (unsigned long long)rec->seed,
                      (unsigned long long)rec->master_seed, doku_shape_n(s));
        io_put_line_json(b, s, rec->puzzle, symbols);
        io_buf_puts(b, ",\"solution\":");
        io_put_line_json(b, s, rec->solution, symbols);
        io_buf_printf(b, ",\"givens\":%d", res->givens);
        if (!full) {
            io_buf_printf(b, ",\"symmetry\":\"%s\",\"minimal\":%s", sym,
                          res->minimal ? "true" : "false");
            if (*diff)
                io_buf_printf(b, ",\"difficulty\":\"%s\"", diff);
            if (*lvl)
                io_buf_printf(b, ",\"qqwing_level\":\"%s\"", lvl);
        }
        io_buf_puts(b, "}\n");
        break;
    case DOKU_FORMAT_CSV:
        io_buf_printf(b, "%llu,", number);
        io_csv_line(b, o, s, rec->puzzle, symbols);
        if (rec->with_solution || full) {
            io_buf_puts(b, ",");
            io_csv_line(b, o, s, rec->solution, symbols);
        }
        io_buf_printf(b, ",%d,%s,%s,%s,%s,", res->givens, sym, diff, lvl,
                      full ? "" : res->minimal ? "yes" : "no");
        /* seeds are 64-bit: a spreadsheet would round them as numbers */
        io_csv_text_open(b, o);
        io_put_u64(b, rec->seed);
        io_csv_text_close(b, o);
        io_buf_puts(b, ",");
        io_csv_text_open(b, o);
        io_put_u64(b, rec->master_seed);
        io_csv_text_close(b, o);
        io_buf_puts(b, "\n");
        break;
    default:
        io_put_line(b, s, rec->puzzle, symbols);
        if (rec->with_solution && !full) {
            io_buf_puts(b, " ");
            io_put_line(b, s, rec->solution, symbols);
        }
        io_buf_puts(b, "\n");
    }
    return io_buf_status(b);
}

doku_status doku_format_reduce(doku_buf *b, const doku_source *src, const doku_record_opts *o,
                               const doku_reduce_record *rec)
{
    if (!b || !src || !o || !rec || !src->shape || !src->cells || !rec->status ||
        io_record_args_bad(src->symbols, o))
        return DOKU_ERR_ARG;
    doku_format fmt = io_record_format(o);
    if (!rec->reduced || !rec->result) {
        const char *msg = rec->message ? rec->message : "";
        if (fmt == DOKU_FORMAT_JSON) {
            io_json_open(b, src, src->symbols);
            /* the status is the caller's string: escaped like the rest */
            io_buf_puts(b, ",\"status\":");
            doku_buf_append_json_string(b, rec->status);
            io_buf_puts(b, ",\"error\":");
            doku_buf_append_json_string(b, msg);
            io_buf_puts(b, "}\n");
        } else if (fmt == DOKU_FORMAT_CSV) {
            io_csv_prefix(b, src);
            doku_buf_append_csv_field(b, rec->status);
            io_buf_puts(b, ",,,,,");
            doku_buf_append_csv_field(b, msg);
            io_buf_puts(b, "\n");
        } else {
            /* one record per input in every format */
            io_verdict_text(b, src, o, rec->status, msg);
        }
        return io_buf_status(b);
    }
    const doku_shape *s = src->shape;
    const doku_reduce_result *rr = rec->result;
    switch (fmt) {
    case DOKU_FORMAT_GRID: {
        char text[128];
        snprintf(text, sizeof text, "%d givens (from %d)%s%s", rr->givens, rec->givens_before,
                 rr->minimal ? ", minimal" : "",
                 !strcmp(rec->status, "above_target") ? ", above the target"
                 : !strcmp(rec->status, "outside_rating") ? ", outside the rating asked" : "");
        io_grid_header(b, o, src, text);
        io_put_cells(b, o, s, rec->reduced, rec->reduced, NULL, DOKU_FORMAT_GRID, src->symbols,
                     o->style);
        io_buf_puts(b, "\n");
        break;
    }
    case DOKU_FORMAT_JSON:
        /* "reduced", or "above_target" with the puzzle it did reach */
        io_json_open(b, src, src->symbols);
        io_buf_puts(b, ",\"status\":");
        doku_buf_append_json_string(b, rec->status);
        io_buf_puts(b, ",\"reduced\":");
        io_put_line_json(b, s, rec->reduced, src->symbols);
        io_buf_printf(b, ",\"givens\":%d,\"symmetry\":\"%s\",\"minimal\":%s", rr->givens,
                      doku_symmetry_name(rr->symmetry), rr->minimal ? "true" : "false");
        if (rec->message) {
            io_buf_puts(b, ",\"error\":");
            doku_buf_append_json_string(b, rec->message);
        }
        io_buf_puts(b, "}\n");
        break;
    case DOKU_FORMAT_CSV:
        io_csv_prefix(b, src);
        doku_buf_append_csv_field(b, rec->status);
        io_buf_puts(b, ",");
        io_csv_line(b, o, s, rec->reduced, src->symbols);
        io_buf_printf(b, ",%d,%s,%s,", rr->givens, doku_symmetry_name(rr->symmetry),
                      rr->minimal ? "yes" : "no");
        doku_buf_append_csv_field(b, rec->message);
        io_buf_puts(b, "\n");
        break;
    default:
        io_put_line(b, s, rec->reduced, src->symbols);
        if (src->comment && src->comment[0]) {
            io_buf_puts(b, " ");
            io_buf_puts(b, src->comment);
        }
        io_buf_puts(b, "\n");
    }
    return io_buf_status(b);
}
