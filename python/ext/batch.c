/*
 * batch.c — many puzzles on worker threads, the GIL released.
 *
 * Each worker takes the next row index from one atomic counter and writes
 * its result into that row of the output, so the results are in input
 * order whatever the number of threads and however long each row takes.
 * The calling thread only waits: every 50 ms it takes the GIL back to
 * let Python run its signal handlers, and a KeyboardInterrupt sets the
 * stop flag, which the workers read before each row (and the logic runs
 * inside each step), so Ctrl+C ends a batch within about one step.
 */
#include "core.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_THREADS = 1024 };

typedef struct batch {
    size_t n, chunk;
    atomic_size_t next;
    core_item_fn fn;
    void *ctx;
    atomic_int *stop;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int running;
} batch;

typedef struct worker_arg {
    batch *b;
    int id;
} worker_arg;

static void run_items(batch *b, int id)
{
    for (;;) {
        if (atomic_load(b->stop))
            break;
        size_t i = atomic_fetch_add(&b->next, b->chunk);
        if (i >= b->n)
            break;
        size_t end = b->n - i < b->chunk ? b->n : i + b->chunk;
        for (; i < end && !atomic_load_explicit(b->stop, memory_order_relaxed); i++)
            b->fn(b->ctx, id, i);
    }
}

static void *worker_main(void *p)
{
    worker_arg *a = p;
    run_items(a->b, a->id);
    pthread_mutex_lock(&a->b->mu);
    a->b->running--;
    pthread_cond_signal(&a->b->cv);
    pthread_mutex_unlock(&a->b->mu);
    return NULL;
}

int core_check_threads(long threads)
{
    if (threads < 1 || threads > MAX_THREADS) {
        core_raise(DOKU_ERR_ARG, "threads: expected 1 to %d worker threads, got %ld", MAX_THREADS,
                   threads);
        return -1;
    }
    return 0;
}

int core_run_batch(size_t n, size_t chunk, int threads, core_item_fn fn, void *ctx,
                   atomic_int *stop)
{
    if (n == 0)
        return 0;
    if ((size_t)threads > n)
        threads = (int)n;
    batch b;
    b.n = n;
    b.chunk = chunk ? chunk : 1;
    atomic_init(&b.next, 0);
    b.fn = fn;
    b.ctx = ctx;
    b.stop = stop;
    pthread_mutex_init(&b.mu, NULL);
    pthread_cond_init(&b.cv, NULL);
    b.running = 0;
    pthread_t *tids = calloc((size_t)threads, sizeof *tids);
    worker_arg *args = calloc((size_t)threads, sizeof *args);
    if (!tids || !args) {
        free(tids);
        free(args);
        PyErr_NoMemory();
        return -1;
    }
    int started = 0;
    pthread_mutex_lock(&b.mu);
    for (int t = 0; t < threads; t++) {
        args[t].b = &b;
        args[t].id = t;
        if (pthread_create(&tids[t], NULL, worker_main, &args[t]) != 0)
            break;
        started++;
        b.running++;
    }
    pthread_mutex_unlock(&b.mu);
    int interrupted = 0;
    if (started == 0) {
        /* no thread could start: this one works, still without the GIL */
        Py_BEGIN_ALLOW_THREADS
        run_items(&b, 0);
        Py_END_ALLOW_THREADS
        interrupted = PyErr_CheckSignals() < 0;
    }
    for (;;) {
        int left;
        Py_BEGIN_ALLOW_THREADS
        pthread_mutex_lock(&b.mu);
        if (b.running > 0) {
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            ts.tv_nsec += 50 * 1000 * 1000;
            if (ts.tv_nsec >= 1000000000L) {
                ts.tv_sec++;
                ts.tv_nsec -= 1000000000L;
            }
            pthread_cond_timedwait(&b.cv, &b.mu, &ts);
        }
        left = b.running;
        pthread_mutex_unlock(&b.mu);
        Py_END_ALLOW_THREADS
        if (left == 0)
            break;
        if (!interrupted && PyErr_CheckSignals() < 0) {
            /* the exception stays set; the workers finish their row */
            interrupted = 1;
            atomic_store(stop, 1);
        }
    }
    for (int t = 0; t < started; t++)
        pthread_join(tids[t], NULL);
    free(tids);
    free(args);
    pthread_mutex_destroy(&b.mu);
    pthread_cond_destroy(&b.cv);
    if (!interrupted && PyErr_CheckSignals() < 0)
        interrupted = 1;
    return interrupted ? -1 : 0;
}

/* A 2-D (rows, cells) or flat uint8 input; rows set from its length. */
typedef struct grid_input {
    Py_buffer view;
    size_t rows;
} grid_input;

static int input_open(grid_input *in, PyObject *o, const core_shape *sh)
{
    if (o == Py_None) {
        core_raise(DOKU_ERR_ARG, "puzzles: got None, expected a (N, %d) uint8 array", sh->cells);
        return -1;
    }
    if (PyObject_GetBuffer(o, &in->view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_ND) != 0) {
        PyErr_Clear();
        core_raise(DOKU_ERR_ARG,
                   "puzzles: expected a C-contiguous uint8 array of shape (N, %d)", sh->cells);
        return -1;
    }
    const char *fmt = in->view.format ? in->view.format : "B";
    if (in->view.itemsize != 1 || (strcmp(fmt, "B") != 0 && strcmp(fmt, "=B") != 0 &&
                                   strcmp(fmt, "<B") != 0 && strcmp(fmt, "|B") != 0)) {
        core_raise(DOKU_ERR_ARG, "puzzles: expected dtype uint8, got buffer format '%s' of %zd-byte items",
                   fmt, in->view.itemsize);
        PyBuffer_Release(&in->view);
        return -1;
    }
    int ndim = in->view.ndim;
    if (ndim == 2 && in->view.shape && in->view.shape[1] != sh->cells) {
        core_raise(DOKU_ERR_SIZE, "puzzles: rows of %zd cells, expected %d (a %dx%d grid)",
                   in->view.shape[1], sh->cells, sh->n, sh->n);
        PyBuffer_Release(&in->view);
        return -1;
    }
    if ((ndim != 1 && ndim != 2) || in->view.len % sh->cells != 0) {
        core_raise(DOKU_ERR_SIZE, "puzzles: expected shape (N, %d), got %d dimensions of %zd bytes",
                   sh->cells, ndim, in->view.len);
        PyBuffer_Release(&in->view);
        return -1;
    }
    in->rows = (size_t)in->view.len / (size_t)sh->cells;
    return 0;
}

/* A writable output of exactly len bytes. */
static int output_open(Py_buffer *v, PyObject *o, size_t len, const char *name)
{
    if (o == Py_None) {
        v->buf = NULL;
        return 0;
    }
    if (PyObject_GetBuffer(o, v, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) != 0)
        return -1;
    if ((size_t)v->len != len) {
        core_raise(DOKU_ERR_SIZE, "%s: expected %zu bytes, got %zd", name, len, v->len);
        PyBuffer_Release(v);
        return -1;
    }
    return 0;
}

static int valid_row(const core_shape *sh, const uint8_t *row)
{
    for (int c = 0; c < sh->cells; c++)
        if (row[c] > sh->n)
            return 0;
    return 1;
}

/* ---- solve_many / count_many ---- */
typedef struct search_job {
    core_shape *sh;
    const uint8_t *in;
    uint8_t *solutions;     /* rows, or NULL */
    int8_t *status;         /* outcome per row (records.c's codes; 4 invalid) */
    uint64_t *counts;       /* or NULL */
    doku_search_opts so;
    doku_solver **solvers;  /* per worker, taken on its first row: a solver
                               that stays on one thread keeps its scratch in
                               that core's cache (a shared pool made rows
                               3-4x slower, bench/python/bench.py) */
    atomic_int failed;      /* a status other than DOKU_OK (NOMEM) */
} search_job;

static void search_item(void *ctx, int worker, size_t i)
{
    (void)worker;
    search_job *j = ctx;
    const uint8_t *row = j->in + i * (size_t)j->sh->cells;
    uint8_t *sol = j->solutions ? j->solutions + i * (size_t)j->sh->cells : NULL;
    if (!valid_row(j->sh, row)) {
        j->status[i] = 4;
        return;
    }
    doku_solver *sv = j->solvers[worker];
    if (!sv && !(sv = j->solvers[worker] = core_take_solver(j->sh))) {
        atomic_store(&j->failed, DOKU_ERR_NOMEM);
        return;
    }
    doku_search_result res;
    uint8_t first[DOKU_MAX_CELLS];
    doku_status st = doku_search(sv, row, (size_t)j->sh->cells, &j->so, first, NULL, NULL, &res);
    if (st != DOKU_OK && st != DOKU_GAVE_UP) {
        atomic_store(&j->failed, (int)st);
        return;
    }
    int8_t out = st == DOKU_GAVE_UP ? 3 : res.solutions == 0 ? 1 : res.solutions == 1 ? (j->so.limit == 1 ? 5 : 0) : 2;
    j->status[i] = out;
    if (j->counts)
        j->counts[i] = res.solutions;
    if (sol && res.solutions == 1)
        memcpy(sol, first, (size_t)j->sh->cells);
}

/* search_many(shape, puzzles, limit, timeout, nodes, threads, status,
 * solutions or None, counts or None): fills the outputs row by row. */
static PyObject *py_search_many(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *shape, *puzzles, *status_o, *sol_o, *count_o;
    unsigned long long limit, nodes;
    double timeout;
    long threads;
    if (!PyArg_ParseTuple(args, "OOKdKlOOO", &shape, &puzzles, &limit, &timeout, &nodes, &threads,
                          &status_o, &sol_o, &count_o))
        return NULL;
    core_shape *sh = core_as_shape(shape);
    if (!sh || core_check_threads(threads) < 0 || core_check_seconds(timeout, "timeout") < 0)
        return NULL;
    if (limit == 0)
        return core_raise(DOKU_ERR_ARG, "limit: expected a number of solutions >= 1, got 0");
    grid_input in;
    if (input_open(&in, puzzles, sh) < 0)
        return NULL;
    Py_buffer st_v, sol_v, cnt_v;
    sol_v.buf = cnt_v.buf = NULL;
    if (output_open(&st_v, status_o, in.rows, "status") < 0) {
        PyBuffer_Release(&in.view);
        return NULL;
    }
    if (output_open(&sol_v, sol_o, in.rows * (size_t)sh->cells, "solutions") < 0 ||
        output_open(&cnt_v, count_o, in.rows * sizeof(uint64_t), "counts") < 0) {
        if (sol_v.buf)
            PyBuffer_Release(&sol_v);
        PyBuffer_Release(&st_v);
        PyBuffer_Release(&in.view);
        return NULL;
    }
    search_job j;
    j.sh = sh;
    j.in = in.view.buf;
    j.solutions = sol_v.buf;
    j.status = st_v.buf;
    j.counts = cnt_v.buf;
    j.so = (doku_search_opts){limit, nodes, timeout, 0};
    atomic_init(&j.failed, 0);
    if (j.solutions)
        memset(j.solutions, 0, in.rows * (size_t)sh->cells);
    memset(j.status, 3, in.rows); /* a row a Ctrl+C skipped reads as gave up */
    atomic_int stop;
    atomic_init(&stop, 0);
    j.solvers = calloc((size_t)threads, sizeof *j.solvers);
    /* rows of microseconds: blocks of 64, so a worker writes its own
     * stretch of the outputs (rows taken one by one interleave the
     * workers' writes within cache lines: 2 threads ran at 1.1x one) */
    int rc = j.solvers ? core_run_batch(in.rows, 64, (int)threads, search_item, &j, &stop) : -1;
    if (!j.solvers)
        PyErr_NoMemory();
    for (long t = 0; j.solvers && t < threads; t++)
        core_give_solver(sh, j.solvers[t]);
    free(j.solvers);
    if (sol_v.buf)
        PyBuffer_Release(&sol_v);
    if (cnt_v.buf)
        PyBuffer_Release(&cnt_v);
    PyBuffer_Release(&st_v);
    PyBuffer_Release(&in.view);
    if (rc < 0)
        return NULL;
    if (atomic_load(&j.failed))
        return core_raise((doku_status)atomic_load(&j.failed), "%s",
                          doku_status_string((doku_status)atomic_load(&j.failed)));
    Py_RETURN_NONE;
}

/* ---- records_many ---- */
typedef struct record_job {
    core_shape *sh;
    const uint8_t *in;
    core_source *src;       /* per row */
    core_task_opts o;
    doku_buf *out;          /* per row */
    atomic_int failed;
} record_job;

static void record_item(void *ctx, int worker, size_t i)
{
    (void)worker;
    record_job *j = ctx;
    const uint8_t *row = j->in + i * (size_t)j->sh->cells;
    doku_status st;
    if (!valid_row(j->sh, row)) {
        doku_source s;
        memset(&s, 0, sizeof s);
        s.file = j->src[i].file;
        s.line = j->src[i].line;
        doku_record_opts ro;
        memset(&ro, 0, sizeof ro);
        ro.format = DOKU_FORMAT_JSON;
        st = doku_format_invalid(&j->out[i], j->o.cmd, &s, &ro, "a cell value above the side");
    } else {
        st = core_record(j->sh, row, &j->src[i], &j->o, &j->out[i]);
    }
    if (st != DOKU_OK)
        atomic_store(&j->failed, (int)st);
}

/* records_many(shape, puzzles, command, sources or None, threads, limit,
 * timeout, nodes, techniques, uniqueness, trial, history) -> [str] */
static PyObject *py_records_many(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *names[] = {"shape",   "puzzles", "command", "sources",    "threads",
                            "limit",   "timeout", "nodes",   "techniques", "uniqueness",
                            "trial",   "history", NULL};
    PyObject *shape, *puzzles, *sources = Py_None, *techniques = Py_None;
    int cmd, uniqueness = 1, trial = 1, history = 0;
    long threads = 1;
    unsigned long long limit = 2, nodes = 0;
    double timeout = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOi|OlKdKOppp", names, &shape, &puzzles, &cmd,
                                     &sources, &threads, &limit, &timeout, &nodes, &techniques,
                                     &uniqueness, &trial, &history))
        return NULL;
    core_shape *sh = core_as_shape(shape);
    if (!sh || core_check_threads(threads) < 0)
        return NULL;
    record_job j;
    if (core_task_opts_parse(&j.o, cmd, limit, timeout, nodes, techniques, uniqueness, trial,
                             history) < 0)
        return NULL;
    grid_input in;
    if (input_open(&in, puzzles, sh) < 0)
        return NULL;
    size_t n = in.rows;
    if (sources != Py_None && (!PyList_Check(sources) || (size_t)PyList_Size(sources) != n)) {
        PyBuffer_Release(&in.view);
        return core_raise(DOKU_ERR_ARG, "sources: expected a list of %zu (file, line, comment, "
                          "symbols) tuples", n);
    }
    /* The workers read the sources' strings without the GIL: a tuple of
     * the items (immutable, owned here) keeps them alive whatever another
     * thread does to the caller's list meanwhile. */
    PyObject *held = sources == Py_None ? NULL : PySequence_Tuple(sources);
    if (sources != Py_None && !held) {
        PyBuffer_Release(&in.view);
        return NULL;
    }
    j.sh = sh;
    j.in = in.view.buf;
    j.src = calloc(n ? n : 1, sizeof *j.src);
    j.out = calloc(n ? n : 1, sizeof *j.out);
    atomic_init(&j.failed, 0);
    PyObject *result = NULL;
    if (!j.src || !j.out) {
        PyErr_NoMemory();
        goto done;
    }
    for (size_t i = 0; i < n; i++) {
        j.src[i].file = "<python>";
        j.src[i].line = i + 1;
        if (sources == Py_None)
            continue;
        PyObject *t = PyTuple_GetItem(held, (Py_ssize_t)i); /* borrowed */
        const char *file = NULL, *comment = NULL;
        Py_ssize_t line = 0;
        int symbols = 0;
        if (!PyArg_ParseTuple(t, "znzi", &file, &line, &comment, &symbols))
            goto done;
        if (symbols < 0 || symbols > DOKU_SYMBOLS_A_Z) {
            core_raise(DOKU_ERR_ARG, "sources[%zu]: symbols %d is not an alphabet", i, symbols);
            goto done;
        }
        /* the strings belong to the tuples `held` keeps alive */
        j.src[i].file = file;
        j.src[i].line = line < 0 ? 0 : (size_t)line;
        j.src[i].comment = comment;
        j.src[i].symbols = (doku_symbols)symbols;
    }
    atomic_int stop;
    atomic_init(&stop, 0);
    j.o.stop = &stop;
    if (core_run_batch(n, 1, (int)threads, record_item, &j, &stop) < 0)
        goto done;
    if (atomic_load(&j.failed)) {
        core_raise((doku_status)atomic_load(&j.failed), "%s",
                   doku_status_string((doku_status)atomic_load(&j.failed)));
        goto done;
    }
    result = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; result && i < n; i++) {
        PyObject *s = PyUnicode_DecodeUTF8(j.out[i].data ? j.out[i].data : "",
                                           (Py_ssize_t)j.out[i].len, "replace");
        if (!s) {
            Py_CLEAR(result);
            break;
        }
        PyList_SetItem(result, (Py_ssize_t)i, s);
    }
done:
    if (j.out)
        for (size_t i = 0; i < n; i++)
            doku_buf_free(&j.out[i]);
    free(j.out);
    free(j.src);
    Py_XDECREF(held);
    PyBuffer_Release(&in.view);
    return result;
}

static PyMethodDef batch_methods[] = {
    {"search_many", py_search_many, METH_VARARGS,
     "search_many(shape, puzzles, limit, timeout, nodes, threads, status, solutions, counts)."},
    {"records_many", (PyCFunction)(void (*)(void))py_records_many, METH_VARARGS | METH_KEYWORDS,
     "records_many(shape, puzzles, command, sources, threads, ...) -> [str]: JSON records."},
    {NULL, NULL, 0, NULL}};

int core_batch_init(PyObject *module)
{
    return PyModule_AddFunctions(module, batch_methods);
}
