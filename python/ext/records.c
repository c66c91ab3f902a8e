/*
 * records.c — one puzzle through one command, written as the JSON record
 * `doku COMMAND --format json` prints, by the library's record writers.
 *
 * The order of the checks is the CLI's (duplicate givens, then the count
 * of solutions within the budget, then the engine), so a record made
 * here equals the CLI's for the same puzzle and options; the pure-Python
 * layer parses the record into its result classes. solve() is the one
 * call that skips the record: its per-call cost is the point of it.
 */
#include "core.h"
#include "doku_parse.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* CLI defaults the records name (cli/cmd_check.c). */
enum { CHECK_CONFLICTS_SHOWN = 16 };
#define WRONG_ENTRY_SECONDS 2.0

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static doku_source make_source(core_shape *sh, const uint8_t *cells, const core_source *src)
{
    doku_source s;
    memset(&s, 0, sizeof s);
    s.file = src->file ? src->file : "<python>";
    s.line = src->line;
    s.shape = sh->s;
    s.cells = cells;
    s.comment = src->comment;
    s.symbols = src->symbols;
    return s;
}

static doku_record_opts make_ropts(const core_task_opts *o)
{
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.format = DOKU_FORMAT_JSON;
    ro.style = DOKU_STYLE_MARK_FILLED;
    ro.timeout = o->work_default ? 0 : o->timeout; /* the CLI's, without --timeout */
    ro.history = o->history;
    return ro;
}

static doku_status record_solve(core_shape *sh, const uint8_t *cells, const core_source *src,
                                const core_task_opts *o, doku_buf *out)
{
    doku_solver *sv = core_take_solver(sh);
    if (!sv)
        return DOKU_ERR_NOMEM;
    doku_search_opts so = {o->limit, o->nodes, o->timeout, 0};
    uint8_t first[DOKU_MAX_CELLS];
    doku_search_result res;
    doku_status found = doku_search(sv, cells, (size_t)sh->cells, &so, first, NULL, NULL, &res);
    core_give_solver(sh, sv);
    if (found != DOKU_OK && found != DOKU_GAVE_UP)
        return found;
    doku_buf why = {0};
    uint8_t marks[DOKU_MAX_CELLS];
    int marked = 0;
    if (res.solutions == 0 && found == DOKU_OK) {
        memset(marks, 0, (size_t)sh->cells);
        size_t conflicts = 0;
        marked = doku_format_conflicts(&why, sh->s, cells, (size_t)sh->cells, src->symbols, 8,
                                       marks, &conflicts) == DOKU_OK &&
                 conflicts > 0;
    }
    doku_search_record rec;
    memset(&rec, 0, sizeof rec);
    rec.command = DOKU_CMD_SOLVE;
    rec.result = &res;
    rec.status = found;
    rec.limit = o->limit;
    rec.solutions = first;
    rec.nsolutions = res.solutions > 0 ? 1 : 0;
    rec.reason = marked ? why.data : NULL;
    rec.marks = marked ? marks : NULL;
    doku_source s = make_source(sh, cells, src);
    doku_record_opts ro = make_ropts(o);
    doku_status st = doku_format_search(out, &s, &ro, &rec);
    doku_buf_free(&why);
    return st;
}

/* A count sees every solution: the stop flag (Ctrl+C) is read there. */
static int count_stop(void *user, const uint8_t *solution)
{
    (void)solution;
    return atomic_load((const atomic_int *)user);
}

static doku_status record_count(core_shape *sh, const uint8_t *cells, const core_source *src,
                                const core_task_opts *o, doku_buf *out)
{
    doku_solver *sv = core_take_solver(sh);
    if (!sv)
        return DOKU_ERR_NOMEM;
    doku_search_opts so = {o->limit, o->nodes, o->timeout, 0};
    doku_search_result res;
    doku_status st = doku_search(sv, cells, (size_t)sh->cells, &so, NULL,
                                 o->stop ? count_stop : NULL, (void *)o->stop, &res);
    core_give_solver(sh, sv);
    if (st != DOKU_OK && st != DOKU_GAVE_UP)
        return st;
    doku_search_record rec;
    memset(&rec, 0, sizeof rec);
    rec.command = DOKU_CMD_COUNT;
    rec.result = &res;
    rec.status = st;
    rec.limit = o->limit;
    doku_source s = make_source(sh, cells, src);
    doku_record_opts ro = make_ropts(o);
    return doku_format_search(out, &s, &ro, &rec);
}

static doku_status check_verdict(core_shape *sh, const uint8_t *cells, const core_source *src,
                                 const core_task_opts *o, doku_buf *out, doku_check_verdict v,
                                 const char *reason, const uint8_t *marks)
{
    doku_search_record rec;
    memset(&rec, 0, sizeof rec);
    rec.command = DOKU_CMD_CHECK;
    rec.verdict = v;
    rec.reason = reason;
    rec.marks = marks;
    doku_source s = make_source(sh, cells, src);
    doku_record_opts ro = make_ropts(o);
    return doku_format_search(out, &s, &ro, &rec);
}

static doku_status record_check(core_shape *sh, const uint8_t *cells, const core_source *src,
                                const core_task_opts *o, doku_buf *out)
{
    uint8_t marks[DOKU_MAX_CELLS];
    memset(marks, 0, (size_t)sh->cells);
    doku_buf why = {0};
    size_t conflicts = 0;
    doku_status cst = doku_format_conflicts(&why, sh->s, cells, (size_t)sh->cells, src->symbols,
                                            CHECK_CONFLICTS_SHOWN, marks, &conflicts);
    if (cst == DOKU_ERR_NOMEM) {
        doku_buf_free(&why);
        return DOKU_ERR_NOMEM;
    }
    if (cst != DOKU_OK || conflicts != 0) {
        doku_status st = check_verdict(sh, cells, src, o, out, DOKU_CHECK_CONFLICT,
                                       cst == DOKU_OK ? why.data : "bad value", marks);
        doku_buf_free(&why);
        return st;
    }
    doku_buf_free(&why);
    doku_solver *sv = core_take_solver(sh);
    if (!sv)
        return DOKU_ERR_NOMEM;
    doku_search_opts so = {2, 0, o->timeout, 0};
    doku_search_result res;
    doku_status st = doku_search(sv, cells, (size_t)sh->cells, &so, NULL, NULL, NULL, &res);
    if (st != DOKU_OK && st != DOKU_GAVE_UP) {
        core_give_solver(sh, sv);
        return st;
    }
    if (st == DOKU_GAVE_UP) {
        st = check_verdict(sh, cells, src, o, out, DOKU_CHECK_GAVE_UP,
                           res.solutions ? "at least 1 solution" : "", NULL);
    } else if (res.solutions == 0) {
        doku_wrong_entry w;
        doku_status ws = doku_find_wrong_entry(sv, cells, (size_t)sh->cells, o->timeout > 0 ? o->timeout
                                                                         : WRONG_ENTRY_SECONDS,
                                               marks, &w);
        doku_buf none = {0};
        int named = ws == DOKU_OK && w.suspects > 0 &&
                    doku_format_wrong_entry(&none, sh->s, cells, (size_t)doku_shape_cells(sh->s), src->symbols, marks, &w) ==
                        DOKU_OK;
        st = check_verdict(sh, cells, src, o, out, DOKU_CHECK_NONE, none.data ? none.data : "",
                           named ? marks : NULL);
        doku_buf_free(&none);
    } else if (res.solutions > 1) {
        st = check_verdict(sh, cells, src, o, out, DOKU_CHECK_MULTIPLE, "", NULL);
    } else {
        st = check_verdict(sh, cells, src, o, out, DOKU_CHECK_UNIQUE, "", NULL);
    }
    core_give_solver(sh, sv);
    return st;
}

/* A logic record without the engine run: why it did not run. */
static doku_status logic_verdict(core_shape *sh, const uint8_t *cells, const core_source *src,
                                 const core_task_opts *o, doku_buf *out, doku_check_verdict v,
                                 const char *msg)
{
    doku_logic_record rec;
    memset(&rec, 0, sizeof rec);
    rec.command = o->cmd;
    rec.verdict = v;
    rec.message = msg;
    doku_source s = make_source(sh, cells, src);
    doku_record_opts ro = make_ropts(o);
    return doku_format_logic(out, &s, &ro, &rec);
}

/* The deadline the runs check on every step, and the stop flag of a
 * batch (Ctrl+C). */
typedef struct run_state {
    double end;
    int hit;
    const volatile atomic_int *stop;
    doku_buf *steps;           /* explain: the steps so far */
    const doku_shape *shape;
    size_t count;
    doku_status failed;
} run_state;

static int past(run_state *r)
{
    if ((r->end > 0 && now_seconds() > r->end) || (r->stop && atomic_load(r->stop)))
        r->hit = 1;
    return r->hit;
}

static int on_grade_step(void *user, const doku_step *st)
{
    (void)st;
    return past(user);
}

static int on_explain_step(void *user, const doku_step *st)
{
    run_state *r = user;
    if (past(r))
        return 1;
    r->count++;
    doku_status s = DOKU_OK;
    if (r->count > 1)
        s = doku_buf_append(r->steps, ",", 1);
    if (s == DOKU_OK)
        s = doku_format_step(r->steps, r->shape, st, DOKU_FORMAT_JSON, r->count);
    if (s != DOKU_OK) {
        r->failed = s;
        return 1;
    }
    return 0;
}

/* Loads cells into a logic context after the CLI's checks. @return the
 * context (the caller gives it back or frees it), or NULL when a verdict
 * record was written instead (*st says whether that went well). */
static doku_logic *logic_load(core_shape *sh, const uint8_t *cells, const core_source *src,
                              const core_task_opts *o, doku_buf *out, doku_status *st)
{
    doku_buf why = {0};
    size_t conflicts = 0;
    doku_status cst = doku_format_conflicts(&why, sh->s, cells, (size_t)sh->cells, src->symbols,
                                            3, NULL, &conflicts);
    if (cst == DOKU_ERR_NOMEM) {
        doku_buf_free(&why);
        *st = DOKU_ERR_NOMEM;
        return NULL;
    }
    if (cst != DOKU_OK || conflicts != 0) {
        *st = logic_verdict(sh, cells, src, o, out, DOKU_CHECK_CONFLICT,
                            cst == DOKU_OK ? why.data : "bad value");
        doku_buf_free(&why);
        return NULL;
    }
    doku_buf_free(&why);
    doku_solver *sv = core_take_solver(sh);
    if (!sv) {
        *st = DOKU_ERR_NOMEM;
        return NULL;
    }
    doku_search_opts so = {2, 0, o->timeout, 0};
    doku_search_result res;
    *st = doku_search(sv, cells, (size_t)sh->cells, &so, NULL, NULL, NULL, &res);
    if (*st != DOKU_OK && *st != DOKU_GAVE_UP) {
        core_give_solver(sh, sv);
        return NULL;
    }
    if (*st == DOKU_GAVE_UP) {
        core_give_solver(sh, sv);
        *st = logic_verdict(sh, cells, src, o, out, DOKU_CHECK_GAVE_UP,
                            res.solutions ? "at least 1 solution; raise --timeout"
                                          : "raise --timeout");
        return NULL;
    }
    if (res.solutions == 0 && o->cmd == DOKU_CMD_HINT) {
        uint8_t marks[DOKU_MAX_CELLS];
        doku_wrong_entry w;
        doku_buf wrong = {0};
        if (doku_find_wrong_entry(sv, cells, (size_t)sh->cells, o->timeout, marks, &w) == DOKU_OK && w.suspects &&
            doku_format_wrong_entry(&wrong, sh->s, cells, (size_t)doku_shape_cells(sh->s), src->symbols, marks, &w) == DOKU_OK) {
            core_give_solver(sh, sv);
            *st = logic_verdict(sh, cells, src, o, out, DOKU_CHECK_NONE, wrong.data);
            doku_buf_free(&wrong);
            return NULL;
        }
        doku_buf_free(&wrong);
    }
    core_give_solver(sh, sv);
    if (res.solutions != 1) {
        *st = logic_verdict(sh, cells, src, o, out,
                            res.solutions ? DOKU_CHECK_MULTIPLE : DOKU_CHECK_NONE,
                            res.solutions ? "logic and ratings need a unique solution"
                                          : "the givens contradict every solution");
        return NULL;
    }
    doku_logic *lg = NULL;
    if (o->custom_logic) {
        if (doku_logic_create(sh->s, &o->lo, &lg) != DOKU_OK)
            lg = NULL;
    } else {
        lg = core_take_logic(sh);
    }
    if (!lg) {
        *st = DOKU_ERR_NOMEM;
        return NULL;
    }
    if (doku_logic_load(lg, cells, (size_t)sh->cells) != DOKU_OK) {
        *st = logic_verdict(sh, cells, src, o, out, DOKU_CHECK_CONFLICT, "invalid puzzle");
        if (o->custom_logic)
            doku_logic_free(lg);
        else
            core_give_logic(sh, lg);
        return NULL;
    }
    /* as the CLI's logic_cli_limit: counted unless a timeout was given */
    if (o->work_default)
        doku_logic_set_work_limit(lg, DOKU_LOGIC_WORK_DEFAULT);
    else
        doku_logic_set_time_limit(lg, o->timeout);
    *st = DOKU_OK;
    return lg;
}

static doku_status record_logic(core_shape *sh, const uint8_t *cells, const core_source *src,
                                const core_task_opts *o, doku_buf *out)
{
    doku_status st;
    doku_logic *lg = logic_load(sh, cells, src, o, out, &st);
    if (!lg)
        return st;
    run_state rs;
    memset(&rs, 0, sizeof rs);
    rs.end = o->timeout > 0 && !o->work_default ? now_seconds() + o->timeout : 0;
    rs.stop = o->stop;
    rs.shape = sh->s;
    doku_logic_record rec;
    memset(&rec, 0, sizeof rec);
    rec.command = o->cmd;
    rec.logic = lg;
    doku_rating r;
    doku_buf steps = {0};
    char *hist = NULL;
    doku_source s = make_source(sh, cells, src);
    doku_record_opts ro = make_ropts(o);
    if (o->cmd == DOKU_CMD_HINT) {
        doku_step step;
        rec.status = doku_logic_next(lg, &step);
        rec.step = rec.status == DOKU_OK ? &step : NULL;
        rec.solved = doku_logic_solved(lg);
        st = rec.status == DOKU_ERR_NOMEM ? DOKU_ERR_NOMEM : doku_format_logic(out, &s, &ro, &rec);
    } else if (o->cmd == DOKU_CMD_EXPLAIN) {
        rs.steps = &steps;
        doku_status ran = doku_logic_run(lg, on_explain_step, &rs, &r, NULL, 0);
        st = ran == DOKU_GAVE_UP ? DOKU_OK : ran;
        if (st == DOKU_OK && rs.failed)
            st = rs.failed;
        if (st == DOKU_OK) {
            rec.rating = &r;
            rec.status = rs.hit ? DOKU_GAVE_UP : ran;
            rec.steps = steps.data ? steps.data : "";
            rec.steps_len = steps.len;
            st = doku_format_logic(out, &s, &ro, &rec);
        }
    } else {
        size_t cap = (size_t)sh->cells * 4 + 16;
        hist = malloc(cap);
        double t0 = now_seconds();
        int watch = rs.end > 0 || rs.stop;
        doku_status ran = hist ? doku_logic_run(lg, watch ? on_grade_step : NULL, &rs, &r, hist,
                                                cap)
                               : DOKU_ERR_NOMEM;
        st = ran == DOKU_GAVE_UP ? DOKU_OK : ran;
        if (st == DOKU_OK) {
            rec.rating = &r;
            rec.status = rs.hit ? DOKU_GAVE_UP : ran;
            rec.history = hist;
            rec.time_ms = (now_seconds() - t0) * 1e3;
            st = doku_format_logic(out, &s, &ro, &rec);
        }
    }
    free(hist);
    doku_buf_free(&steps);
    if (o->custom_logic)
        doku_logic_free(lg);
    else
        core_give_logic(sh, lg);
    return st;
}

doku_status core_record(core_shape *sh, const uint8_t *cells, const core_source *src,
                        const core_task_opts *o, doku_buf *out)
{
    doku_status st;
    switch (o->cmd) {
    case DOKU_CMD_SOLVE: st = record_solve(sh, cells, src, o, out); break;
    case DOKU_CMD_COUNT: st = record_count(sh, cells, src, o, out); break;
    case DOKU_CMD_CHECK: st = record_check(sh, cells, src, o, out); break;
    case DOKU_CMD_EXPLAIN:
    case DOKU_CMD_HINT:
    case DOKU_CMD_GRADE: st = record_logic(sh, cells, src, o, out); break;
    default: return DOKU_ERR_ARG;
    }
    if (st == DOKU_OK && out->failed)
        st = DOKU_ERR_NOMEM;
    return st;
}

int core_task_opts_parse(core_task_opts *o, int cmd, unsigned long long limit, double timeout,
                         unsigned long long nodes, PyObject *techniques, int uniqueness,
                         int trial, int history)
{
    memset(o, 0, sizeof *o);
    if (cmd < DOKU_CMD_SOLVE || cmd > DOKU_CMD_GRADE || cmd == DOKU_CMD_GENERATE) {
        core_raise(DOKU_ERR_ARG, "command %d: not one of solve, count, check, explain, hint, grade",
                   cmd);
        return -1;
    }
    o->cmd = (doku_command)cmd;
    o->limit = limit;
    o->nodes = nodes;
    if (timeout == CORE_TIMEOUT_DEFAULT && cmd >= DOKU_CMD_EXPLAIN && cmd <= DOKU_CMD_GRADE) {
        o->work_default = 1;
        timeout = CORE_LOGIC_CHECK_SECONDS;
    }
    if (core_check_seconds(timeout, "timeout") < 0)
        return -1;
    o->timeout = timeout;
    if (limit == 0 && (cmd == DOKU_CMD_SOLVE || cmd == DOKU_CMD_COUNT)) {
        core_raise(DOKU_ERR_ARG, "limit: expected a number of solutions >= 1, got 0");
        return -1;
    }
    if (techniques && techniques != Py_None) {
        const char *list = PyUnicode_AsUTF8AndSize(techniques, NULL);
        if (!list)
            return -1;
        doku_parse_error err;
        memset(&err, 0, sizeof err);
        doku_status st = doku_parse_techniques(list, &o->lo.techniques, &err);
        if (st != DOKU_OK) {
            core_raise(st, "techniques: %s", st == DOKU_ERR_PARSE ? err.message
                                                                 : doku_status_string(st));
            return -1;
        }
        o->custom_logic = 1;
    }
    if (!uniqueness) {
        o->lo.uniqueness = -1;
        o->custom_logic = 1;
    }
    if (!trial) {
        o->lo.no_trial = 1;
        o->custom_logic = 1;
    }
    o->history = history;
    return 0;
}

/* One record on a worker thread (core_run_batch with one item), so that
 * Ctrl+C stops a long count or logic run as it stops a batch. */
typedef struct one_record {
    core_shape *sh;
    const uint8_t *cells;
    const core_source *src;
    const core_task_opts *o;
    doku_buf *out;
    doku_status st;
} one_record;

static void one_record_item(void *ctx, int worker, size_t i)
{
    (void)worker;
    (void)i;
    one_record *r = ctx;
    r->st = core_record(r->sh, r->cells, r->src, r->o, r->out);
}

/* record(shape, cells, command, file, line, comment, symbols, limit,
 *        timeout, nodes, techniques, uniqueness, trial, history) -> str */
static PyObject *py_record(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *names[] = {"shape", "cells", "command", "file", "line", "comment", "symbols",
                            "limit", "timeout", "nodes", "techniques", "uniqueness", "trial",
                            "history", NULL};
    PyObject *shape, *cellsobj, *techniques = Py_None;
    int cmd, symbols = 0, uniqueness = 1, trial = 1, history = 0;
    const char *file = NULL, *comment = NULL;
    Py_ssize_t line = 0;
    unsigned long long limit = 2, nodes = 0;
    double timeout = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOi|znziKdKOppp", names, &shape, &cellsobj, &cmd,
                                     &file, &line, &comment, &symbols, &limit, &timeout, &nodes,
                                     &techniques, &uniqueness, &trial, &history))
        return NULL;
    core_shape *sh = core_as_shape(shape);
    if (!sh)
        return NULL;
    uint8_t cells[DOKU_MAX_CELLS];
    if (core_read_cells(sh, cellsobj, cells) < 0)
        return NULL;
    core_task_opts o;
    if (core_task_opts_parse(&o, cmd, limit, timeout, nodes, techniques, uniqueness, trial,
                             history) < 0)
        return NULL;
    if (symbols < 0 || symbols > DOKU_SYMBOLS_A_Z)
        return core_raise(DOKU_ERR_ARG, "symbols: %d is not an alphabet", symbols);
    core_source src = {file, line < 0 ? 0 : (size_t)line, comment, (doku_symbols)symbols};
    doku_buf out = {0};
    doku_status st;
    if (cmd == DOKU_CMD_SOLVE || cmd == DOKU_CMD_CHECK) {
        /* microseconds, or bounded by the timeout asked: no thread */
        Py_BEGIN_ALLOW_THREADS
        st = core_record(sh, cells, &src, &o, &out);
        Py_END_ALLOW_THREADS
    } else {
        /* a count or a logic run may take the whole default minute */
        atomic_int stop;
        atomic_init(&stop, 0);
        o.stop = &stop;
        one_record r = {sh, cells, &src, &o, &out, DOKU_OK};
        if (core_run_batch(1, 1, 1, one_record_item, &r, &stop) < 0) {
            doku_buf_free(&out);
            return NULL; /* KeyboardInterrupt (the run stopped at its next step) */
        }
        st = r.st;
    }
    if (st != DOKU_OK) {
        doku_buf_free(&out);
        return core_raise(st, "%s", doku_status_string(st));
    }
    PyObject *r = PyUnicode_DecodeUTF8(out.data ? out.data : "", (Py_ssize_t)out.len, "replace");
    doku_buf_free(&out);
    return r;
}

/* The outcome codes of solve(), as doku_check_verdict numbers them, plus
 * SOLVED: a first solution found with limit 1 (not proven unique). */
enum { OUT_UNIQUE = 0, OUT_NONE = 1, OUT_MULTIPLE = 2, OUT_GAVE_UP = 3, OUT_SOLVED = 5 };

/* Reads a puzzle line of exactly sh->cells symbols in the common
 * alphabets ('.', '0', '-', '_' or '*' for empty; 1-9 then A-Z) into
 * cells. @return 1 when it did, 0 when the text needs the full reader. */
static int quick_line(const core_shape *sh, const char *text, Py_ssize_t len, uint8_t *cells)
{
    if (len != sh->cells)
        return 0;
    for (Py_ssize_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        int v;
        if (ch == '.' || ch == '-' || ch == '_' || ch == '*')
            v = 0;
        else if (ch == '0' && sh->n < 10)
            v = 0;
        else if (ch >= '1' && ch <= '9')
            v = ch - '0';
        else if (ch >= 'A' && ch <= 'Z')
            v = ch - 'A' + 10;
        else if (ch >= 'a' && ch <= 'z')
            v = ch - 'a' + 10;
        else
            return 0;
        if (v > sh->n)
            return 0;
        cells[i] = (uint8_t)v;
    }
    return 1;
}

/* solve(shape, puzzle, limit, timeout, nodes) -> (outcome, solution bytes
 * or None, solutions, nodes, guesses), or None when puzzle is a str the
 * quick line reader does not take (the caller reads it fully). */
static PyObject *py_solve(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "solve() takes 5 arguments");
        return NULL;
    }
    core_shape *sh = core_as_shape(args[0]);
    if (!sh)
        return NULL;
    uint8_t cells[DOKU_MAX_CELLS];
    if (PyUnicode_Check(args[1])) {
        Py_ssize_t len;
        const char *text = PyUnicode_AsUTF8AndSize(args[1], &len);
        if (!text)
            return NULL;
        if (!quick_line(sh, text, len, cells))
            Py_RETURN_NONE;
    } else if (core_read_cells(sh, args[1], cells) < 0) {
        return NULL;
    }
    unsigned long long limit = PyLong_AsUnsignedLongLong(args[2]);
    if (limit == (unsigned long long)-1 && PyErr_Occurred())
        return NULL;
    double timeout = PyFloat_AsDouble(args[3]);
    if (timeout == -1.0 && PyErr_Occurred())
        return NULL;
    unsigned long long nodes = PyLong_AsUnsignedLongLong(args[4]);
    if (nodes == (unsigned long long)-1 && PyErr_Occurred())
        return NULL;
    if (limit == 0)
        return core_raise(DOKU_ERR_ARG, "limit: expected a number of solutions >= 1, got 0");
    if (core_check_seconds(timeout, "timeout") < 0)
        return NULL;
    doku_solver *sv = core_take_solver(sh);
    if (!sv)
        return core_raise(DOKU_ERR_NOMEM, "out of memory");
    doku_search_opts so = {limit, nodes, timeout, 0};
    doku_search_result res;
    uint8_t sol[DOKU_MAX_CELLS];
    doku_status st;
    /* the GIL released even for microseconds (it costs ~0.1 us): a
     * 25x25 or a count can take seconds, and other threads run meanwhile */
    Py_BEGIN_ALLOW_THREADS
    st = doku_search(sv, cells, (size_t)sh->cells, &so, sol, NULL, NULL, &res);
    Py_END_ALLOW_THREADS
    core_give_solver(sh, sv);
    if (st != DOKU_OK && st != DOKU_GAVE_UP)
        return core_raise(st, "%s", doku_status_string(st));
    int outcome = st == DOKU_GAVE_UP ? OUT_GAVE_UP
                  : res.solutions == 0 ? OUT_NONE
                  : res.solutions == 1 ? (limit == 1 ? OUT_SOLVED : OUT_UNIQUE)
                  : OUT_MULTIPLE;
    PyObject *solution;
    if (res.solutions > 0) {
        solution = PyBytes_FromStringAndSize((const char *)sol, sh->cells);
        if (!solution)
            return NULL;
    } else {
        solution = Py_None;
        Py_INCREF(solution);
    }
    return Py_BuildValue("(iNKKK)", outcome, solution, (unsigned long long)res.solutions,
                         (unsigned long long)res.nodes, (unsigned long long)res.guesses);
}

/* invalid_record(command, file, line, column, message) -> str: the record
 * of an input that is not a puzzle (doku_format_invalid). */
static PyObject *py_invalid_record(PyObject *self, PyObject *args)
{
    (void)self;
    int cmd;
    const char *file, *message;
    Py_ssize_t line, column;
    if (!PyArg_ParseTuple(args, "iznns", &cmd, &file, &line, &column, &message))
        return NULL;
    if (cmd < DOKU_CMD_SOLVE || cmd > DOKU_CMD_REDUCE)
        return core_raise(DOKU_ERR_ARG, "command %d: unknown", cmd);
    doku_source s;
    memset(&s, 0, sizeof s);
    s.file = file;
    s.line = line < 0 ? 0 : (size_t)line;
    s.column = column < 0 ? 0 : (size_t)column;
    core_task_opts o;
    memset(&o, 0, sizeof o);
    doku_record_opts ro = make_ropts(&o);
    doku_buf out = {0};
    doku_status st = doku_format_invalid(&out, (doku_command)cmd, &s, &ro, message);
    if (st == DOKU_OK && out.failed)
        st = DOKU_ERR_NOMEM;
    if (st != DOKU_OK) {
        doku_buf_free(&out);
        return core_raise(st, "%s", doku_status_string(st));
    }
    PyObject *r = PyUnicode_DecodeUTF8(out.data ? out.data : "", (Py_ssize_t)out.len, "replace");
    doku_buf_free(&out);
    return r;
}

/* _time_search(shape, cells, limit, reps) -> seconds per doku_search call,
 * the C library's own cost measured in C (one solver, reps calls, the
 * GIL released): what the per-call overhead of solve() is measured
 * against (bench/python/bench.py). */
static PyObject *py_time_search(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *shape, *cellsobj;
    unsigned long long limit;
    Py_ssize_t reps;
    if (!PyArg_ParseTuple(args, "OOKn", &shape, &cellsobj, &limit, &reps))
        return NULL;
    core_shape *sh = core_as_shape(shape);
    uint8_t cells[DOKU_MAX_CELLS], sol[DOKU_MAX_CELLS];
    if (!sh || core_read_cells(sh, cellsobj, cells) < 0)
        return NULL;
    if (reps < 1 || limit < 1)
        return core_raise(DOKU_ERR_ARG, "reps and limit: expected >= 1");
    doku_solver *sv = core_take_solver(sh);
    if (!sv)
        return core_raise(DOKU_ERR_NOMEM, "out of memory");
    doku_search_opts so = {limit, 0, 0, 0};
    doku_search_result res;
    doku_status st = DOKU_OK;
    double t0, t1;
    Py_BEGIN_ALLOW_THREADS
    t0 = now_seconds();
    for (Py_ssize_t i = 0; i < reps && st == DOKU_OK; i++)
        st = doku_search(sv, cells, (size_t)sh->cells, &so, sol, NULL, NULL, &res);
    t1 = now_seconds();
    Py_END_ALLOW_THREADS
    core_give_solver(sh, sv);
    if (st != DOKU_OK)
        return core_raise(st, "%s", doku_status_string(st));
    return PyFloat_FromDouble((t1 - t0) / (double)reps);
}

static PyMethodDef record_methods[] = {
    {"_time_search", py_time_search, METH_VARARGS,
     "_time_search(shape, cells, limit, reps) -> seconds per C doku_search call."},
    {"invalid_record", py_invalid_record, METH_VARARGS,
     "invalid_record(command, file, line, column, message) -> str: an 'invalid' record."},
    {"record", (PyCFunction)(void (*)(void))py_record, METH_VARARGS | METH_KEYWORDS,
     "record(shape, cells, command, ...) -> str: the command's JSON record of one puzzle."},
    {"solve", (PyCFunction)(void (*)(void))py_solve, METH_FASTCALL,
     "solve(shape, puzzle, limit, timeout, nodes) -> (outcome, solution, count, nodes, "
     "guesses) or None."},
    {NULL, NULL, 0, NULL}};

int core_records_init(PyObject *module)
{
    return PyModule_AddFunctions(module, record_methods);
}
