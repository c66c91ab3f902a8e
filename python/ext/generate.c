/*
 * generate.c — the generator: generate_many (puzzle i of a run seeded
 * with S comes from doku_seed_derive(S, i), as `doku generate` does, so a
 * run split into index ranges, on any number of threads or hosts, gives
 * the same puzzles as one run), reduce, and the seed helpers.
 */
#include "core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Search nodes per uniqueness check when minimality must be proven
 * (cli/cmd_generate.c's PROOF_BUDGET: the same puzzles as the CLI). */
#define PROOF_BUDGET 200000

typedef struct gen_job {
    core_shape *sh;
    uint64_t seed, start;
    doku_generate_opts go;
    int rated;                   /* a rating range was asked for */
    doku_rating_filter_opts fo;
    doku_symbols symbols;
    doku_difficulty difficulty;  /* asked for by name (the record says so) */
    int qqwing_asked;            /* a qqwing level was asked for */
    uint8_t *puzzles, *solutions; /* rows, or NULL */
    doku_buf *out;               /* per item: the JSON record */
    doku_generate_result *res;   /* per item */
    doku_rating_filter **filters; /* per worker */
    atomic_int failed;
} gen_job;


/* doku_generator_qqwing_level's level; ANY (never "too hard") for a grid
 * it cannot class. */
static doku_qqwing_level core_qqwing_level(doku_generator *g, const uint8_t *cells, size_t ncells)
{
    doku_qqwing_level level = DOKU_QQWING_ANY;
    if (doku_generator_qqwing_level(g, cells, ncells, &level) != DOKU_OK)
        return DOKU_QQWING_ANY;
    return level;
}
static void gen_item(void *ctx, int worker, size_t i)
{
    gen_job *j = ctx;
    size_t nc = (size_t)j->sh->cells;
    uint8_t puzzle[DOKU_MAX_CELLS], solution[DOKU_MAX_CELLS];
    doku_generator *g = core_take_generator(j->sh);
    if (!g) {
        atomic_store(&j->failed, DOKU_ERR_NOMEM);
        return;
    }
    doku_generate_opts go = j->go;
    if (j->rated) {
        if (!j->filters[worker] &&
            doku_rating_filter_create(j->sh->s, &j->fo, &j->filters[worker]) != DOKU_OK) {
            core_give_generator(j->sh, g);
            atomic_store(&j->failed, DOKU_ERR_NOMEM);
            return;
        }
        go.filter = doku_rating_filter_accept;
        go.filter_user = j->filters[worker];
    }
    uint64_t index = j->start + i;
    uint64_t seed = doku_seed_derive(j->seed, index);
    doku_status st = doku_generate(g, seed, &go, puzzle, solution, (size_t)j->sh->cells, &j->res[i]);
    core_give_generator(j->sh, g);
    if (!j->qqwing_asked) /* only a level asked for is reported (as the CLI) */
        j->res[i].qqwing_level = DOKU_QQWING_ANY;
    if (st == DOKU_GAVE_UP)
        return; /* not found within the budget: res says how far it got */
    if (st != DOKU_OK) {
        atomic_store(&j->failed, (int)st);
        return;
    }
    if (!j->res[i].found)
        return;
    if (j->puzzles)
        memcpy(j->puzzles + i * nc, puzzle, nc);
    if (j->solutions)
        memcpy(j->solutions + i * nc, solution, nc);
    doku_generate_record rec;
    memset(&rec, 0, sizeof rec);
    rec.index = index;
    rec.seed = seed;
    rec.master_seed = j->seed;
    rec.puzzle = puzzle;
    rec.solution = solution;
    rec.result = &j->res[i];
    rec.difficulty = j->difficulty;
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.format = DOKU_FORMAT_JSON;
    ro.style = DOKU_STYLE_MARK_FILLED;
    st = doku_format_generate(&j->out[i], j->sh->s, j->symbols, &ro, &rec);
    if (st != DOKU_OK || j->out[i].failed)
        atomic_store(&j->failed, DOKU_ERR_NOMEM);
}

/* generate_many(shape, seed, start, count, threads, min_givens,
 * max_givens, minimal, symmetry, level, rating_min, rating_max, attempts,
 * timeout, puzzles, solutions, difficulty) -> [(found, record or None,
 * attempts, timed_out, best_givens)]; level: a qqwing level; rating_min
 * < 0: no rating range; difficulty: the name the range came from (for
 * the record), 0 for none. */
static PyObject *py_generate_many(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *names[] = {"shape",   "seed",       "start",      "count",    "threads",
                            "min_givens", "max_givens", "minimal", "symmetry", "level",
                            "rating_min", "rating_max", "attempts", "timeout",  "puzzles",
                            "solutions", "difficulty", NULL};
    PyObject *shape, *pz_o = Py_None, *sol_o = Py_None;
    unsigned long long seed = 0, start = 0, attempts = 0;
    Py_ssize_t count = 1;
    long threads = 1;
    int min_g = 0, max_g = 0, minimal = 0, symmetry = 0, level = 0, difficulty = 0;
    double rmin = -1, rmax = -1, timeout = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OKK|nliipiiddKdOOi", names, &shape, &seed, &start,
                                     &count, &threads, &min_g, &max_g, &minimal, &symmetry,
                                     &level, &rmin, &rmax, &attempts, &timeout, &pz_o, &sol_o,
                                     &difficulty))
        return NULL;
    core_shape *sh = core_as_shape(shape);
    if (!sh || core_check_threads(threads) < 0 || core_check_seconds(timeout, "timeout") < 0)
        return NULL;
    if (count < 0)
        return core_raise(DOKU_ERR_ARG, "count: expected a number >= 0, got %zd", count);
    if (min_g < 0 || max_g < 0 || min_g > sh->cells || max_g > sh->cells ||
        (max_g && min_g > max_g))
        return core_raise(DOKU_ERR_ARG, "clues: expected 0..%d (min <= max), got %d-%d",
                          sh->cells, min_g, max_g);
    if (symmetry < 0 || symmetry >= DOKU_SYM_COUNT)
        return core_raise(DOKU_ERR_ARG, "symmetry: %d is not a symmetry", symmetry);
    if (level < DOKU_QQWING_ANY || level > DOKU_QQWING_EXPERT)
        return core_raise(DOKU_ERR_ARG, "qqwing_level: %d is not one of qqwing's levels", level);
    if (difficulty < DOKU_DIFFICULTY_ANY || difficulty > DOKU_DIFFICULTY_EXTREME)
        return core_raise(DOKU_ERR_ARG, "difficulty: %d is not a difficulty", difficulty);
    if (timeout <= 0 && attempts == 0)
        return core_raise(DOKU_ERR_ARG, "timeout 0 needs attempts: a run needs a bound");
    gen_job j;
    memset(&j, 0, sizeof j);
    j.sh = sh;
    j.seed = seed;
    j.start = start;
    j.go.min_givens = min_g;
    j.go.max_givens = max_g;
    j.go.minimal = minimal;
    j.go.symmetry = (doku_symmetry)symmetry;
    j.go.qqwing_level = (doku_qqwing_level)level;
    j.qqwing_asked = level != DOKU_QQWING_ANY;
    j.difficulty = (doku_difficulty)difficulty;
    if (minimal)
        j.go.check_budget = PROOF_BUDGET;
    j.go.max_attempts = attempts ? attempts : UINT64_MAX;
    j.go.time_budget = timeout;
    if (rmin >= 0) {
        j.rated = 1;
        j.fo.min = rmin;
        j.fo.max = rmax;
        doku_rating_filter *probe = NULL;
        doku_status st = doku_rating_filter_create(sh->s, &j.fo, &probe);
        doku_rating_filter_free(probe);
        if (st != DOKU_OK)
            return core_raise(st, "rating: %g-%g is not a rating range", rmin, rmax);
    }
    atomic_init(&j.failed, 0);
    size_t n = (size_t)count;
    size_t nc = (size_t)sh->cells;
    Py_buffer pz_v, sol_v;
    pz_v.buf = sol_v.buf = NULL;
    if (pz_o != Py_None) {
        if (PyObject_GetBuffer(pz_o, &pz_v, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0)
            return NULL;
        if ((size_t)pz_v.len != n * nc) {
            PyBuffer_Release(&pz_v);
            return core_raise(DOKU_ERR_SIZE, "puzzles: expected %zu bytes", n * nc);
        }
    }
    if (sol_o != Py_None) {
        if (PyObject_GetBuffer(sol_o, &sol_v, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0 ||
            (size_t)sol_v.len != n * nc) {
            if (sol_v.buf)
                PyBuffer_Release(&sol_v);
            else
                PyErr_Clear();
            if (pz_v.buf)
                PyBuffer_Release(&pz_v);
            return core_raise(DOKU_ERR_SIZE, "solutions: expected a writable %zu bytes", n * nc);
        }
    }
    j.puzzles = pz_v.buf;
    j.solutions = sol_v.buf;
    if (j.puzzles)
        memset(j.puzzles, 0, n * nc);
    if (j.solutions)
        memset(j.solutions, 0, n * nc);
    j.out = calloc(n ? n : 1, sizeof *j.out);
    j.res = calloc(n ? n : 1, sizeof *j.res);
    j.filters = calloc((size_t)threads, sizeof *j.filters);
    PyObject *result = NULL;
    if (!j.out || !j.res || !j.filters) {
        PyErr_NoMemory();
        goto done;
    }
    atomic_int stop;
    atomic_init(&stop, 0);
    if (core_run_batch(n, 1, (int)threads, gen_item, &j, &stop) < 0)
        goto done;
    if (atomic_load(&j.failed)) {
        core_raise((doku_status)atomic_load(&j.failed), "%s",
                   doku_status_string((doku_status)atomic_load(&j.failed)));
        goto done;
    }
    result = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; result && i < n; i++) {
        PyObject *rec;
        if (j.res[i].found) {
            rec = PyUnicode_DecodeUTF8(j.out[i].data, (Py_ssize_t)j.out[i].len, "replace");
        } else {
            rec = Py_None;
            Py_INCREF(rec);
        }
        PyObject *t = rec ? Py_BuildValue("(iNKii)", j.res[i].found, rec,
                                          (unsigned long long)j.res[i].attempts,
                                          !j.res[i].found, j.res[i].best_givens)
                          : NULL;
        if (!t) {
            Py_CLEAR(result);
            break;
        }
        PyList_SetItem(result, (Py_ssize_t)i, t);
    }
done:
    if (j.out)
        for (size_t i = 0; i < n; i++)
            doku_buf_free(&j.out[i]);
    if (j.filters)
        for (long t = 0; t < threads; t++)
            doku_rating_filter_free(j.filters[t]);
    free(j.out);
    free(j.res);
    free(j.filters);
    if (pz_v.buf)
        PyBuffer_Release(&pz_v);
    if (sol_v.buf)
        PyBuffer_Release(&sol_v);
    return result;
}

/* reduce(shape, cells, seed, target, symmetry, level, file, line) ->
 * (status, message, reduced bytes or None, givens, minimal, symmetry,
 * record): the record as `doku reduce --format json` writes it. */
static PyObject *py_reduce(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *shape, *cellsobj;
    unsigned long long seed;
    int target, symmetry, level;
    const char *file = "<python>";
    Py_ssize_t line = 1;
    if (!PyArg_ParseTuple(args, "OOKiii|zn", &shape, &cellsobj, &seed, &target, &symmetry, &level,
                          &file, &line))
        return NULL;
    core_shape *sh = core_as_shape(shape);
    uint8_t cells[DOKU_MAX_CELLS], sol[DOKU_MAX_CELLS], out[DOKU_MAX_CELLS];
    if (!sh || core_read_cells(sh, cellsobj, cells) < 0)
        return NULL;
    if (target < 0 || target > sh->cells)
        return core_raise(DOKU_ERR_ARG, "clues: expected 0..%d, got %d", sh->cells, target);
    if (symmetry < 0 || symmetry >= DOKU_SYM_COUNT)
        return core_raise(DOKU_ERR_ARG, "symmetry: %d is not a symmetry", symmetry);
    if (level < DOKU_QQWING_ANY || level > DOKU_QQWING_EXPERT)
        return core_raise(DOKU_ERR_ARG, "qqwing_level: %d is not one of qqwing's levels", level);
    const char *status = "reduced", *message = "";
    char why[512] = ""; /* the CLI's words (cli/cmd_reduce.c) */
    doku_reduce_result rr;
    memset(&rr, 0, sizeof rr);
    doku_status st = DOKU_OK;
    Py_BEGIN_ALLOW_THREADS
    doku_solver *sv = core_take_solver(sh);
    doku_search_opts so = {2, 0, 60.0, 0};
    doku_search_result res;
    doku_status found = sv ? doku_search(sv, cells, (size_t)sh->cells, &so, sol, NULL, NULL, &res) : DOKU_ERR_NOMEM;
    if (found != DOKU_OK && found != DOKU_GAVE_UP) {
        st = found;
    } else if (found == DOKU_GAVE_UP) {
        status = "gave_up";
        message = "gave up checking uniqueness within the time budget";
    } else if (res.solutions == 0) {
        status = "unsolvable";
        doku_buf b = {0};
        size_t k = 0;
        doku_format_conflicts(&b, sh->s, cells, (size_t)sh->cells, DOKU_SYMBOLS_AUTO, 3, NULL, &k);
        snprintf(why, sizeof why, "no solution%s%s", k > 0 && b.data ? ": " : "",
                 k > 0 && b.data ? b.data : "");
        doku_buf_free(&b);
        message = why;
    } else if (res.solutions > 1) {
        status = "not_unique";
        message = "more than one solution: only a unique puzzle can be reduced";
    } else {
        doku_generator *g = core_take_generator(sh);
        if (!g) {
            st = DOKU_ERR_NOMEM;
        } else if (level != DOKU_QQWING_ANY &&
                   core_qqwing_level(g, cells, (size_t)sh->cells) > (doku_qqwing_level)level) {
            status = "too_hard";
            snprintf(why, sizeof why, "the input already needs more than qqwing level %s",
                     doku_qqwing_level_name((doku_qqwing_level)level));
            message = why;
        } else {
            doku_rng rng;
            doku_rng_seed(&rng, seed);
            doku_reduce_opts ro;
            memset(&ro, 0, sizeof ro);
            ro.target_givens = target;
            ro.symmetry = (doku_symmetry)symmetry;
            ro.qqwing_level = (doku_qqwing_level)level;
            st = doku_reduce(g, &rng, sol, cells, (size_t)sh->cells, &ro, out, &rr);
        }
        core_give_generator(sh, g);
    }
    core_give_solver(sh, sv);
    Py_END_ALLOW_THREADS
    if (st != DOKU_OK)
        return core_raise(st, "reduce: %s", doku_status_string(st));
    int reduced = strcmp(status, "reduced") == 0;
    if (reduced && target && rr.givens > target) {
        status = "above_target";
        message = "no further removal stayed unique";
    }
    int givens_before = 0;
    for (int c = 0; c < sh->cells; c++)
        givens_before += cells[c] != 0;
    doku_reduce_record rec;
    memset(&rec, 0, sizeof rec);
    rec.status = status;
    rec.message = *message ? message : NULL;
    rec.reduced = reduced ? out : NULL;
    rec.givens_before = givens_before;
    rec.result = reduced ? &rr : NULL;
    doku_source src;
    memset(&src, 0, sizeof src);
    src.file = file ? file : "<python>";
    src.line = line < 1 ? 1 : (size_t)line;
    src.shape = sh->s;
    src.cells = cells;
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.format = DOKU_FORMAT_JSON;
    ro.style = DOKU_STYLE_MARK_FILLED;
    doku_buf b = {0};
    st = doku_format_reduce(&b, &src, &ro, &rec);
    if (st == DOKU_OK && b.failed)
        st = DOKU_ERR_NOMEM;
    if (st != DOKU_OK) {
        doku_buf_free(&b);
        return core_raise(st, "reduce: %s", doku_status_string(st));
    }
    PyObject *text = PyUnicode_DecodeUTF8(b.data ? b.data : "", (Py_ssize_t)b.len, "replace");
    doku_buf_free(&b);
    if (!text)
        return NULL;
    PyObject *bytes = reduced ? PyBytes_FromStringAndSize((const char *)out, sh->cells) : Py_None;
    if (!reduced)
        Py_INCREF(bytes);
    if (!bytes) {
        Py_DECREF(text);
        return NULL;
    }
    return Py_BuildValue("(ssNiiiN)", status, message, bytes, rr.givens, rr.minimal,
                         (int)rr.symmetry, text);
}

static PyObject *py_seed_derive(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long long master, index;
    if (!PyArg_ParseTuple(args, "KK", &master, &index))
        return NULL;
    return PyLong_FromUnsignedLongLong(doku_seed_derive(master, index));
}

static PyMethodDef gen_methods[] = {

    {"generate_many", (PyCFunction)(void (*)(void))py_generate_many, METH_VARARGS | METH_KEYWORDS,
     "generate_many(shape, seed, start, count, threads, ...) -> [(found, record, attempts, "
     "timed_out, best_givens)]."},
    {"reduce", py_reduce, METH_VARARGS,
     "reduce(shape, cells, seed, target, symmetry, level) -> (status, message, cells, givens, "
     "minimal, symmetry)."},
    {"seed_derive", py_seed_derive, METH_VARARGS,
     "seed_derive(master, index) -> the seed of item index of a run (doku_seed_derive)."},
    {NULL, NULL, 0, NULL}};

int core_generate_init(PyObject *module)
{
    return PyModule_AddFunctions(module, gen_methods);
}
