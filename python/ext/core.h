/*
 * core.h — what the files of the extension module doku._core share.
 *
 * The module is a thin layer over the public C API (include/doku.h): it
 * turns Python arguments into the library's arrays and options, runs the
 * library with the GIL released, and hands back bytes, ints and the JSON
 * records the library writes. Everything Pythonic (dataclasses, parsing of
 * keyword vocabularies, numpy) lives in the pure-Python package above it.
 * Built for the limited API of CPython 3.11 (abi3): the buffer protocol
 * is the only part of the C API it needs beyond the basics.
 */
#ifndef DOKU_PY_CORE_H
#define DOKU_PY_CORE_H

#define Py_LIMITED_API 0x030B0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdatomic.h>
#include <stdint.h>

#include "doku.h"
#include "doku_records.h"

/* A lock-free set of reusable library objects (solvers, logic contexts,
 * generators) of one shape: a call takes one, or makes one when the set
 * is empty, and gives it back after; so any number of threads can work
 * on one shape without a lock and without a creation per call. */
enum { POOL_SLOTS = 32 };
typedef struct core_pool {
    _Atomic(void *) slot[POOL_SLOTS];
} core_pool;

/* The C half of doku.Shape: the library's shape and its pools. */
typedef struct core_shape {
    PyObject_HEAD
    doku_shape *s;
    int n, cells;
    doku_isa isa; /* DOKU_ISA when the shape was made (AUTO: none); the
                     library reads no environment */
    core_pool solvers, logics, generators;
} core_shape;

extern PyObject *core_shape_type;

/* module.c: errors and argument helpers. */

/* Raises the doku.Error subclass registered for status st with message
 * msg (printf-style). @return NULL, for `return core_raise(...)`. */
PyObject *core_raise(doku_status st, const char *fmt, ...);
/* @return the shape object o as core_shape, or NULL with TypeError. */
core_shape *core_as_shape(PyObject *o);
/* Reads the cells argument o (bytes-like: bytes, bytearray, a uint8
 * numpy row) of exactly sh->cells values, each 0..n, into out
 * (sh->cells bytes, the caller's). @return 0, or -1 with an exception
 * naming the first bad cell. */
int core_read_cells(const core_shape *sh, PyObject *o, uint8_t *out);
/* Checks a time budget in seconds (finite, >= 0). @return 0 or -1 with
 * doku.ArgumentError naming the keyword. */
int core_check_seconds(double v, const char *name);

/* shape.c: the pools. take() @return an object (made if none waits), or
 * NULL when the library could not allocate one. */
doku_solver *core_take_solver(core_shape *sh);
void core_give_solver(core_shape *sh, doku_solver *sv);
doku_logic *core_take_logic(core_shape *sh);
void core_give_logic(core_shape *sh, doku_logic *lg);
doku_generator *core_take_generator(core_shape *sh);
void core_give_generator(core_shape *sh, doku_generator *g);
int core_shape_init_type(PyObject *module);

/* records.c: one puzzle's record as `doku COMMAND --format json` writes
 * it. */
typedef struct core_task_opts {
    doku_command cmd;
    uint64_t limit;            /* solve, count: search limit */
    double timeout;            /* seconds, 0 = none */
    int work_default;          /* explain, hint, grade without a timeout:
                                  the check within CORE_LOGIC_CHECK_SECONDS,
                                  the run within DOKU_LOGIC_WORK_DEFAULT
                                  units (the CLI's default) */
    uint64_t nodes;            /* solve, count: node budget, 0 = none */
    doku_logic_opts lo;        /* explain, hint, grade */
    int custom_logic;          /* lo differs from the defaults */
    int history;               /* grade: add the history and time */
    const volatile atomic_int *stop; /* NULL, or set to stop a long run */
} core_task_opts;

typedef struct core_source {
    const char *file;
    size_t line;
    const char *comment;
    doku_symbols symbols;
} core_source;

/* Appends the JSON record (one line, no newline) of cells to out.
 * Thread-safe; runs without the GIL. @return DOKU_OK, or a status
 * (DOKU_ERR_NOMEM) when nothing usable was written. */
doku_status core_record(core_shape *sh, const uint8_t *cells, const core_source *src,
                        const core_task_opts *o, doku_buf *out);
/* Parses the keyword arguments shared by record(), records_many() into o.
 * @return 0 or -1 with an exception. */
/* The timeout the Python layer passes for "none given" (it refuses a
 * negative one of the caller's), and the logic commands' check then: the
 * CLI's LOGIC_DEFAULT_TIMEOUT. */
#define CORE_TIMEOUT_DEFAULT (-1.0)
#define CORE_LOGIC_CHECK_SECONDS 60.0

int core_task_opts_parse(core_task_opts *o, int cmd, unsigned long long limit, double timeout,
                         unsigned long long nodes, PyObject *techniques, int uniqueness,
                         int trial, int history);
int core_records_init(PyObject *module);

/* batch.c: a pool of threads over n items, the GIL released while they
 * run; the calling thread checks for signals every 50 ms and a Ctrl+C
 * stops the batch after the items in progress. Workers take chunk items
 * at a time (1 for items of milliseconds, more for microseconds). fn
 * runs item i on worker w. @return 0, or -1 with the exception
 * (KeyboardInterrupt...). */
typedef void (*core_item_fn)(void *ctx, int worker, size_t i);
int core_run_batch(size_t n, size_t chunk, int threads, core_item_fn fn, void *ctx,
                   atomic_int *stop);
int core_check_threads(long threads);
int core_batch_init(PyObject *module);

/* io.c, generate.c: readers, writers, the generator. */
int core_io_init(PyObject *module);
int core_generate_init(PyObject *module);
int core_parse_init(PyObject *module);

#endif
