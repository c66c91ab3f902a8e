/*
 * shape.c — doku._core.Shape: one doku_shape and the pools of solvers,
 * logic contexts and generators made for it.
 *
 * The shape is immutable (the library's promise), so any thread may use
 * it; the per-call scratch objects come from the pools (core.h), which a
 * thread takes from and gives back to with one atomic exchange each. The
 * pools are emptied before the shape is freed: the library wants every
 * object made for a shape freed first.
 */
#include "core.h"

#include <stdlib.h>
#include <string.h>

PyObject *core_shape_type;

static void *pool_take(core_pool *p)
{
    for (int i = 0; i < POOL_SLOTS; i++) {
        if (atomic_load_explicit(&p->slot[i], memory_order_relaxed) == NULL)
            continue;
        void *o = atomic_exchange(&p->slot[i], NULL);
        if (o)
            return o;
    }
    return NULL;
}

/* @return 1 when a slot took o, 0 when all are full (the caller frees). */
static int pool_give(core_pool *p, void *o)
{
    for (int i = 0; i < POOL_SLOTS; i++) {
        void *expected = NULL;
        if (atomic_compare_exchange_strong(&p->slot[i], &expected, o))
            return 1;
    }
    return 0;
}

doku_solver *core_take_solver(core_shape *sh)
{
    doku_solver *sv = pool_take(&sh->solvers);
    if (!sv) {
        if (doku_solver_create(sh->s, &sv) != DOKU_OK)
            return NULL;
        if (sh->isa != DOKU_ISA_AUTO)
            (void)doku_solver_set_isa(sv, sh->isa);
    }
    return sv;
}

void core_give_solver(core_shape *sh, doku_solver *sv)
{
    if (sv && !pool_give(&sh->solvers, sv))
        doku_solver_free(sv);
}

doku_logic *core_take_logic(core_shape *sh)
{
    doku_logic *lg = pool_take(&sh->logics);
    if (!lg && doku_logic_create(sh->s, NULL, &lg) != DOKU_OK)
        return NULL;
    return lg;
}

void core_give_logic(core_shape *sh, doku_logic *lg)
{
    if (lg && !pool_give(&sh->logics, lg))
        doku_logic_free(lg);
}

doku_generator *core_take_generator(core_shape *sh)
{
    doku_generator *g = pool_take(&sh->generators);
    if (!g) {
        if (doku_generator_create(sh->s, &g) != DOKU_OK)
            return NULL;
        if (sh->isa != DOKU_ISA_AUTO)
            (void)doku_generator_set_isa(g, sh->isa);
    }
    return g;
}

void core_give_generator(core_shape *sh, doku_generator *g)
{
    if (g && !pool_give(&sh->generators, g))
        doku_generator_free(g);
}

/* DOKU_ISA (portable, sse42, avx2, avx512), read here with the GIL held,
 * as doku's programs read it: the library reads no environment. A name
 * that is no tier, or one this CPU lacks, leaves the best tier. */
static doku_isa env_isa(void)
{
    const char *name = getenv("DOKU_ISA");
    doku_isa isa;
    if (!name || doku_isa_from_name(name, &isa) != DOKU_OK || !doku_isa_supported(isa))
        return DOKU_ISA_AUTO;
    return isa;
}

static PyObject *shape_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *names[] = {"n", "box_rows", "box_cols", "variants", "regions", "keep_boxes", NULL};
    int n = 9, br = 0, bc = 0, keep = 0;
    unsigned long variants = 0;
    PyObject *regions = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|iiikOp", names, &n, &br, &bc, &variants,
                                     &regions, &keep))
        return NULL;
    if (n < 2 || n > DOKU_MAX_N)
        return core_raise(DOKU_ERR_SHAPE, "size %d: a side from 2 to %d is supported", n,
                          DOKU_MAX_N);
    doku_shape_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.n = n;
    spec.box_rows = br;
    spec.box_cols = bc;
    spec.variants = (unsigned)variants;
    spec.keep_boxes = keep;
    Py_buffer view;
    int have_view = 0;
    if (regions != Py_None) {
        if (PyObject_GetBuffer(regions, &view, PyBUF_C_CONTIGUOUS) != 0)
            return NULL;
        have_view = 1;
        if (view.len != (Py_ssize_t)n * n) {
            PyBuffer_Release(&view);
            return core_raise(DOKU_ERR_REGIONS, "regions: expected %d region ids, got %zd", n * n,
                              view.len);
        }
        spec.regions = view.buf;
    }
    doku_shape *s = NULL;
    doku_status st = doku_shape_create(&spec, &s);
    if (have_view)
        PyBuffer_Release(&view);
    if (st != DOKU_OK)
        return core_raise(st, "%s", doku_status_string(st));
    core_shape *self = (core_shape *)PyType_GenericAlloc(type, 0);
    if (!self) {
        doku_shape_free(s);
        return NULL;
    }
    self->s = s;
    self->isa = env_isa();
    self->n = doku_shape_n(s);
    self->cells = doku_shape_cells(s);
    for (int i = 0; i < POOL_SLOTS; i++) {
        atomic_init(&self->solvers.slot[i], NULL);
        atomic_init(&self->logics.slot[i], NULL);
        atomic_init(&self->generators.slot[i], NULL);
    }
    return (PyObject *)self;
}

static void shape_dealloc(PyObject *o)
{
    core_shape *sh = (core_shape *)o;
    void *p;
    while ((p = pool_take(&sh->solvers)))
        doku_solver_free(p);
    while ((p = pool_take(&sh->logics)))
        doku_logic_free(p);
    while ((p = pool_take(&sh->generators)))
        doku_generator_free(p);
    doku_shape_free(sh->s);
    sh->s = NULL;
    PyTypeObject *tp = Py_TYPE(o);
    freefunc tp_free = (freefunc)PyType_GetSlot(tp, Py_tp_free);
    tp_free(o);
    Py_DECREF(tp);
}

typedef doku_status (*text_fn)(const doku_shape *, int, char *, size_t, size_t *);

/* A library name writer's text as a str. */
static PyObject *name_of(core_shape *sh, text_fn fn, int index, const char *what)
{
    char buf[64];
    size_t len = 0;
    if (fn(sh->s, index, buf, sizeof buf, &len) != DOKU_OK)
        return core_raise(DOKU_ERR_ARG, "%s %d: out of range", what, index);
    return PyUnicode_FromString(buf);
}

static PyObject *shape_info(PyObject *o, PyObject *unused)
{
    (void)unused;
    core_shape *sh = (core_shape *)o;
    char desc[256];
    size_t len = 0;
    doku_shape_describe(sh->s, desc, sizeof desc, &len);
    return Py_BuildValue("{s:i,s:i,s:i,s:i,s:k,s:i,s:i,s:i,s:s}", "n", sh->n, "cells", sh->cells,
                         "box_rows", doku_shape_box_rows(sh->s), "box_cols",
                         doku_shape_box_cols(sh->s), "variants",
                         (unsigned long)doku_shape_variants(sh->s), "has_regions",
                         doku_shape_has_regions(sh->s), "classic9", doku_shape_is_classic9(sh->s),
                         "units", doku_shape_unit_count(sh->s), "describe", desc);
}

static PyObject *cell_tuple(const uint16_t *cells, int count)
{
    PyObject *t = PyTuple_New(count);
    for (int i = 0; t && i < count; i++) {
        PyObject *v = PyLong_FromLong(cells[i]);
        if (!v) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SetItem(t, i, v);
    }
    return t;
}

/* unit(i) -> (kind, ordinal, name, cells) */
static PyObject *shape_unit(PyObject *o, PyObject *arg)
{
    core_shape *sh = (core_shape *)o;
    int u = PyLong_AsLong(arg);
    if (u == -1 && PyErr_Occurred())
        return NULL;
    const uint16_t *cells = doku_shape_unit_cells(sh->s, u);
    if (!cells)
        return core_raise(DOKU_ERR_ARG, "unit %d: out of range 0..%d", u,
                          doku_shape_unit_count(sh->s) - 1);
    PyObject *name = name_of(sh, doku_shape_unit_name, u, "unit");
    PyObject *tuple = cell_tuple(cells, sh->n);
    PyObject *r = name && tuple ? Py_BuildValue("(iiOO)", (int)doku_shape_unit_kind(sh->s, u),
                                                doku_shape_unit_ordinal(sh->s, u), name, tuple)
                                : NULL;
    Py_XDECREF(name);
    Py_XDECREF(tuple);
    return r;
}

static PyObject *shape_peers(PyObject *o, PyObject *arg)
{
    core_shape *sh = (core_shape *)o;
    int c = PyLong_AsLong(arg);
    if (c == -1 && PyErr_Occurred())
        return NULL;
    int count = 0;
    const uint16_t *cells = doku_shape_peers(sh->s, c, &count);
    if (!cells)
        return core_raise(DOKU_ERR_ARG, "cell %d: out of range 0..%d", c, sh->cells - 1);
    return cell_tuple(cells, count);
}

static PyObject *shape_cell_units(PyObject *o, PyObject *arg)
{
    core_shape *sh = (core_shape *)o;
    int c = PyLong_AsLong(arg);
    if (c == -1 && PyErr_Occurred())
        return NULL;
    int count = 0;
    const uint16_t *units = doku_shape_cell_units(sh->s, c, &count);
    if (!units)
        return core_raise(DOKU_ERR_ARG, "cell %d: out of range 0..%d", c, sh->cells - 1);
    return cell_tuple(units, count);
}

static PyObject *shape_cell_name(PyObject *o, PyObject *arg)
{
    int c = PyLong_AsLong(arg);
    if (c == -1 && PyErr_Occurred())
        return NULL;
    return name_of((core_shape *)o, doku_cell_name, c, "cell");
}

static PyObject *shape_conflicts(PyObject *o, PyObject *arg)
{
    core_shape *sh = (core_shape *)o;
    uint8_t cells[DOKU_MAX_CELLS];
    if (core_read_cells(sh, arg, cells) < 0)
        return NULL;
    doku_conflict found[64];
    size_t k = 0;
    if (doku_find_conflicts(sh->s, cells, (size_t)sh->cells, found, 64, &k) != DOKU_OK)
        return core_raise(DOKU_ERR_ARG, "cells: not a grid of this shape");
    PyObject *list = PyList_New(0);
    for (size_t i = 0; list && i < k && i < 64; i++) {
        PyObject *t = Py_BuildValue("(iiii)", found[i].cell_a, found[i].cell_b, found[i].unit,
                                    found[i].digit);
        if (!t || PyList_Append(list, t) < 0) {
            Py_XDECREF(t);
            Py_DECREF(list);
            return NULL;
        }
        Py_DECREF(t);
    }
    return list;
}

static PyObject *shape_verify(PyObject *o, PyObject *args)
{
    core_shape *sh = (core_shape *)o;
    PyObject *givens, *solution;
    if (!PyArg_ParseTuple(args, "OO", &givens, &solution))
        return NULL;
    uint8_t g[DOKU_MAX_CELLS], s[DOKU_MAX_CELLS];
    if ((givens != Py_None && core_read_cells(sh, givens, g) < 0) ||
        core_read_cells(sh, solution, s) < 0)
        return NULL;
    return PyBool_FromLong(
        doku_verify_solution(sh->s, givens == Py_None ? NULL : g, s, (size_t)sh->cells));
}

static PyMethodDef shape_methods[] = {
    {"info", shape_info, METH_NOARGS, "info() -> dict of the shape's properties."},
    {"unit", shape_unit, METH_O, "unit(i) -> (kind, ordinal, name, cells)."},
    {"peers", shape_peers, METH_O, "peers(cell) -> tuple of the cells sharing a unit with it."},
    {"cell_units", shape_cell_units, METH_O, "cell_units(cell) -> tuple of unit indices."},
    {"cell_name", shape_cell_name, METH_O, "cell_name(cell) -> 'r1c1'."},
    {"conflicts", shape_conflicts, METH_O,
     "conflicts(cells) -> [(cell_a, cell_b, unit, digit)]: duplicate digits (first 64)."},
    {"verify", shape_verify, METH_VARARGS,
     "verify(givens_or_None, solution) -> bool: a complete grid obeying every unit."},
    {NULL, NULL, 0, NULL}};

static PyType_Slot shape_slots[] = {
    {Py_tp_new, shape_new},
    {Py_tp_dealloc, shape_dealloc},
    {Py_tp_methods, shape_methods},
    {Py_tp_doc, "Shape(n, box_rows, box_cols, variants, regions, keep_boxes): a doku_shape."},
    {0, NULL}};

static PyType_Spec shape_spec = {"doku._core.Shape", sizeof(core_shape), 0, Py_TPFLAGS_DEFAULT,
                                 shape_slots};

int core_shape_init_type(PyObject *module)
{
    core_shape_type = PyType_FromSpec(&shape_spec);
    if (!core_shape_type)
        return -1;
    Py_INCREF(core_shape_type);
    return PyModule_AddObject(module, "Shape", core_shape_type);
}
