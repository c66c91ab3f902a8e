/*
 * format_logic.c — the records of the logic commands: a step (sentence or
 * JSON), the candidate grid, and the records of explain (the path), hint
 * (the next step) and grade (the rating).
 *
 * The one design idea: a step is written from the doku_step the engine
 * returns and nothing else, so a hint, a path and a web page show the same
 * step the same way.
 */
#include "doku_records.h"
#include "doku_constraints.h"
#include "io_internal.h"

#include <stdio.h>
#include <string.h>

static void put_rating(doku_buf *b, double r)
{
    io_put_json_number(b, 1, r);
}

static void put_cands_json(doku_buf *b, const doku_shape *s, const doku_cand *v, size_t n,
                           int cells_only)
{
    io_buf_puts(b, "[");
    for (size_t i = 0; i < n; i++) {
        io_buf_puts(b, i ? ",{\"cell\":\"" : "{\"cell\":\"");
        io_buf_cell(b, s, v[i].cell);
        if (cells_only && v[i].digit == 0)
            io_buf_puts(b, "\"}");
        else
            io_buf_printf(b, "\",\"digit\":%d}", v[i].digit);
    }
    io_buf_puts(b, "]");
}

doku_status doku_format_step(doku_buf *b, const doku_shape *s, const doku_step *st,
                             doku_format fmt, size_t index)
{
    if (!b || !s || !st)
        return DOKU_ERR_ARG;
    if (fmt != DOKU_FORMAT_JSON) {
        if (index)
            io_buf_printf(b, "%4zu. (%.1f) %s\n", index, st->rating, st->text ? st->text : "");
        else
            io_buf_printf(b, "(%.1f) %s\n", st->rating, st->text ? st->text : "");
        return io_buf_status(b);
    }
    io_buf_puts(b, "{\"technique\":");
    doku_buf_append_json_string(b, st->name);
    io_buf_puts(b, ",\"key\":");
    doku_buf_append_json_string(b, doku_technique_key(st->technique));
    io_buf_puts(b, ",\"rating\":");
    put_rating(b, st->rating);
    io_buf_puts(b, ",\"placements\":");
    put_cands_json(b, s, st->placements, st->nplacements, 0);
    io_buf_puts(b, ",\"eliminations\":");
    put_cands_json(b, s, st->eliminations, st->neliminations, 0);
    io_buf_puts(b, ",\"proof\":");
    put_cands_json(b, s, st->proof, st->nproof, 1);
    io_buf_puts(b, ",\"text\":");
    doku_buf_append_json_string(b, st->text);
    io_buf_puts(b, "}");
    return io_buf_status(b);
}

doku_status doku_format_candidates(doku_buf *b, const doku_shape *s, const doku_logic *lg)
{
    if (!b || !s || !lg)
        return DOKU_ERR_ARG;
    io_put_pencil_grid(b, s, doku_logic_cells(lg), doku_logic_candidates(lg));
    return io_buf_status(b);
}

/* The status of a record whose engine run happened. */
static const char *run_status(const doku_logic_record *rec, int solved)
{
    return solved ? "solved" : rec->status == DOKU_GAVE_UP ? "gave_up" : "stuck";
}

static void json_head(doku_buf *b, const doku_source *src, const char *status)
{
    io_json_open(b, src, src->symbols);
    io_buf_printf(b, ",\"status\":\"%s\"", status);
}

/* 1 when the record's ratings are doku's own: a variant puzzle's context
 * (SE has no scale for constraints), so they are labelled "doku rating"
 * in text and "scale":"doku" in JSON. */
static int doku_scale(const doku_logic_record *rec)
{
    return rec->logic && doku_logic_constraints(rec->logic) != NULL;
}

static void json_scale(doku_buf *b, const doku_logic_record *rec)
{
    if (doku_scale(rec))
        io_buf_puts(b, ",\"scale\":\"doku\"");
}


/* A puzzle the engine was not run on: no solution, several, or the check
 * ran out of budget. Nothing false is said: no step, no rating. */
static void write_verdict(doku_buf *b, const doku_source *src, const doku_record_opts *o,
                          const doku_logic_record *rec)
{
    static const char *const keys[] = {"unique", "none", "multiple", "gave_up", "invalid"};
    static const char *const texts[] = {"unique", "no solution", "several solutions",
                                        "gave up before knowing how many solutions there are",
                                        "invalid"};
    int v = (int)rec->verdict;
    const char *msg = rec->message && rec->message[0] ? rec->message : NULL;
    switch (io_record_format(o)) {
    case DOKU_FORMAT_JSON:
        json_head(b, src, keys[v]);
        if (msg) {
            io_buf_puts(b, ",\"message\":");
            doku_buf_append_json_string(b, msg);
        }
        io_buf_puts(b, "}\n");
        break;
    case DOKU_FORMAT_CSV:
        if (rec->command == DOKU_CMD_GRADE) {
            io_csv_prefix(b, src);
            io_csv_line(b, o, src->shape, src->cells, src->symbols);
            io_buf_printf(b, ",%s,,,,,,%s", keys[v], o->history ? ",," : "");
            io_buf_puts(b, ",");
            doku_buf_append_csv_field(b, msg ? msg : texts[v]);
            io_buf_puts(b, "\n");
            break;
        }
        io_verdict_text(b, src, o, texts[v], msg);   /* explain, hint: no CSV form */
        break;
    default:
        io_verdict_text(b, src, o, texts[v], msg);
    }
}

static void write_explain(doku_buf *b, const doku_source *src, const doku_record_opts *o,
                          const doku_logic_record *rec)
{
    const doku_rating *r = rec->rating;
    if (io_record_format(o) == DOKU_FORMAT_JSON) {
        json_head(b, src, run_status(rec, r->solved));
        json_scale(b, rec);
        io_buf_printf(b, ",\"solved\":%s,%s\"rating\":", r->solved ? "true" : "false",
                      rec->status == DOKU_GAVE_UP ? "\"timed_out\":true," : "");
        put_rating(b, r->er);
        io_buf_puts(b, ",\"difficulty\":");
        doku_buf_append_json_string(b, doku_difficulty_name(r->difficulty));
        io_buf_puts(b, ",\"steps\":[");
        doku_buf_append(b, rec->steps, rec->steps_len);
        io_buf_puts(b, "]}\n");
        return;
    }
    io_put_line(b, src->shape, src->cells, src->symbols);
    io_buf_puts(b, "\n");
    doku_buf_append(b, rec->steps, rec->steps_len);
    if (r->solved) {
        io_buf_printf(b, "solved in %zu steps: %s %.1f, EP %.1f, ED %.1f (%s)\n", r->steps,
                      doku_scale(rec) ? "doku rating" : "ER", r->er, r->ep, r->ed,
                      doku_difficulty_name(r->difficulty));
    } else {
        double at = doku_logic_gave_up_at(rec->logic);
        int late = rec->status == DOKU_GAVE_UP;
        if (late && at > 0)
            io_buf_printf(b, "gave up after %zu steps at %s >= %.1f: the budget (--timeout) ran out; "
                             "remaining candidates:\n",
                          r->steps, doku_scale(rec) ? "doku rating" : "ER", at > r->er ? at : r->er);
        else
            io_buf_printf(b, "gave up after %zu steps: %s; remaining candidates:\n", r->steps,
                          late ? "the budget (--timeout) ran out"
                                         : "no allowed technique applies");
        doku_format_candidates(b, src->shape, rec->logic);
    }
    io_buf_puts(b, "\n");
}

static void write_hint(doku_buf *b, const doku_source *src, const doku_record_opts *o,
                       const doku_logic_record *rec)
{
    doku_status k = rec->step ? DOKU_OK : rec->status;
    if (io_record_format(o) == DOKU_FORMAT_JSON) {
        json_head(b, src,
                  rec->step                ? "step"
                  : rec->solved            ? "solved"
                  : k == DOKU_GAVE_UP      ? "gave_up"
                  : k == DOKU_ERR_NOMEM    ? "out_of_memory"
                  : k != DOKU_DONE         ? "broken"
                                           : "stuck");
        json_scale(b, rec);
        io_buf_printf(b, ",\"solved\":%s,%s\"step\":", rec->solved ? "true" : "false",
                      k == DOKU_GAVE_UP ? "\"timed_out\":true," : "");
        if (rec->step)
            doku_format_step(b, src->shape, rec->step, DOKU_FORMAT_JSON, 0);
        else
            io_buf_puts(b, "null");
        io_buf_puts(b, "}\n");
    } else if (rec->step) {
        doku_format_step(b, src->shape, rec->step, DOKU_FORMAT_LINE, 0);
    } else if (rec->solved) {
        io_buf_puts(b, "solved: no step needed\n");
    } else if (k == DOKU_GAVE_UP) {
        if (doku_logic_gave_up_at(rec->logic) > 0)
            io_buf_printf(b, "no step: the budget (--timeout) ran out during the search (the step is "
                             "at least ER %.1f)\n",
                          doku_logic_gave_up_at(rec->logic));
        else
            io_buf_puts(b, "no step: the budget (--timeout) ran out during the search\n");
    } else if (k == DOKU_ERR_NOMEM) {
        io_buf_puts(b, "no step: out of memory during the search\n");
    } else if (k != DOKU_DONE) {
        io_buf_puts(b, "no step: the grid is broken (a cell or a digit has no place left)\n");
    } else {
        io_buf_puts(b, "no step found with the allowed techniques\n");
    }
}

static void write_grade(doku_buf *b, const doku_source *src, const doku_record_opts *o,
                        const doku_logic_record *rec)
{
    const doku_rating *r = rec->rating;
    const char *level = doku_difficulty_name(r->difficulty);
    const char *hist = rec->history ? rec->history : "";
    switch (io_record_format(o)) {
    case DOKU_FORMAT_JSON:
        json_head(b, src, run_status(rec, r->solved));
        json_scale(b, rec);
        io_buf_printf(b, ",\"solved\":%s,\"er\":", r->solved ? "true" : "false");
        io_put_json_number(b, 1, r->er);
        io_buf_puts(b, ",\"ep\":");
        io_put_json_number(b, 1, r->ep);
        io_buf_puts(b, ",\"ed\":");
        io_put_json_number(b, 1, r->ed);
        io_buf_puts(b, ",\"difficulty\":");
        doku_buf_append_json_string(b, level);
        /* no step, no hardest step: null, not the technique 0 names */
        io_buf_puts(b, ",\"hardest\":");
        if (r->steps)
            doku_buf_append_json_string(b, doku_technique_name(r->hardest));
        else
            io_buf_puts(b, "null");
        io_buf_puts(b, ",\"techniques\":{");
        for (int k = 0, first = 1; k < DOKU_TECH_COUNT; k++)
            if (doku_logic_technique_count(rec->logic, (doku_technique)k)) {
                io_buf_printf(b, "%s\"%s\":%u", first ? "" : ",",
                              doku_technique_key((doku_technique)k),
                              doku_logic_technique_count(rec->logic, (doku_technique)k));
                first = 0;
            }
        io_buf_puts(b, "}");
        if (rec->status == DOKU_GAVE_UP)
            io_buf_puts(b, ",\"timed_out\":true");
        if (o->history) {
            io_buf_puts(b, ",\"history\":");
            doku_buf_append_json_string(b, hist);
            io_buf_puts(b, ",\"time_ms\":");
            io_put_json_number(b, 3, rec->time_ms);
        }
        io_buf_puts(b, "}\n");
        break;
    case DOKU_FORMAT_CSV:
        io_csv_prefix(b, src);
        io_csv_line(b, o, src->shape, src->cells, src->symbols);
        io_buf_printf(b, ",%s,%s,%.1f,%.1f,%.1f,%s,", run_status(rec, r->solved),
                      r->solved ? "yes" : "no", r->er, r->ep, r->ed, level);
        if (r->steps)
            doku_buf_append_csv_field(b, doku_technique_name(r->hardest));
        if (o->history) {
            io_buf_puts(b, ",");
            doku_buf_append_csv_field(b, hist);
            io_buf_printf(b, ",%.3f", rec->time_ms);
        }
        io_buf_puts(b, ",\n");
        break;
    default:
        if (io_record_format(o) == DOKU_FORMAT_GRID)
            io_grid_header(b, o, src, "");
        io_buf_printf(b, "%s%.1f/%.1f/%.1f %s", doku_scale(rec) ? "doku rating " : "", r->er,
                      r->ep, r->ed, level);
        for (int k = 0; k < DOKU_TECH_COUNT; k++)
            if (doku_logic_technique_count(rec->logic, (doku_technique)k))
                io_buf_printf(b, " %s:%u", doku_technique_key((doku_technique)k),
                              doku_logic_technique_count(rec->logic, (doku_technique)k));
        if (o->history)
            io_buf_printf(b, " %s %.2fms", hist, rec->time_ms);
        if (!r->solved) {
            /* what stopped, then the hardest step applied: the first
             * figure of the line is that step's rating, not the puzzle's */
            double at = doku_logic_gave_up_at(rec->logic);
            if (rec->status == DOKU_GAVE_UP && at > 0)
                io_buf_printf(b, " (gave up: the budget (--timeout) ran out while searching for a step of %s >= %.1f; ",
                              doku_scale(rec) ? "doku rating" : "ER", at);
            else if (rec->status == DOKU_GAVE_UP)
                io_buf_puts(b, " (gave up: the budget (--timeout) ran out; ");
            else
                io_buf_puts(b, " (gave up: no allowed technique applies; ");
            if (r->steps)
                io_buf_printf(b, "not solved by logic, hardest step so far %s %.1f)",
                              doku_technique_name(r->hardest), r->er);
            else
                io_buf_puts(b, "not solved by logic, no step applied)");
        }
        io_buf_puts(b, "\n");
    }
}

doku_status doku_format_logic(doku_buf *b, const doku_source *src,
                              const doku_record_opts *opts, const doku_logic_record *rec)
{
    if (!b || !src || !opts || !rec || !src->shape || !src->cells ||
        io_record_args_bad(src->symbols, opts))
        return DOKU_ERR_ARG;
    if (rec->verdict != DOKU_CHECK_UNIQUE) {
        if (rec->verdict < DOKU_CHECK_UNIQUE || rec->verdict > DOKU_CHECK_CONFLICT ||
            rec->command < DOKU_CMD_EXPLAIN || rec->command > DOKU_CMD_GRADE)
            return DOKU_ERR_ARG;
        write_verdict(b, src, opts, rec);
        return io_buf_status(b);
    }
    switch (rec->command) {
    case DOKU_CMD_EXPLAIN:
        if (!rec->rating || (!rec->steps && rec->steps_len) ||
            (!rec->rating->solved && !rec->logic))
            return DOKU_ERR_ARG;
        write_explain(b, src, opts, rec);
        break;
    case DOKU_CMD_HINT:
        write_hint(b, src, opts, rec);
        break;
    case DOKU_CMD_GRADE:
        if (!rec->rating || !rec->logic)
            return DOKU_ERR_ARG;
        write_grade(b, src, opts, rec);
        break;
    default:
        return DOKU_ERR_ARG;
    }
    return io_buf_status(b);
}
