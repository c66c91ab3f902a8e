/*
 * io.c — text in and out: doku._core.Reader over doku_reader (every text
 * layout the library reads, fed line by line so a file of any size is
 * read in bounded memory), and the writers of cells and exchange formats.
 *
 * A Reader is used by one thread at a time (the library's reader is not
 * shared); closing it frees the library's reader, and any later call
 * raises doku.ClosedError instead of touching freed memory.
 */
#include "core.h"

#include <stdlib.h>
#include <string.h>

typedef struct core_reader {
    PyObject_HEAD
    doku_reader *r;
    int busy;               /* a call is inside (the GIL is held throughout) */
} core_reader;

static PyObject *reader_type;

static PyObject *reader_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *names[] = {"n", "symbols", NULL};
    int n = 0, symbols = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|ii", names, &n, &symbols))
        return NULL;
    doku_reader_opts ro = {n, (doku_symbols)symbols};
    doku_reader *r = NULL;
    doku_status st = doku_reader_create(&ro, &r);
    if (st != DOKU_OK)
        return core_raise(st, "reader: size %d / symbols %d: %s", n, symbols,
                          doku_status_string(st));
    core_reader *self = (core_reader *)PyType_GenericAlloc(type, 0);
    if (!self) {
        doku_reader_free(r);
        return NULL;
    }
    self->r = r;
    return (PyObject *)self;
}

static void reader_dealloc(PyObject *o)
{
    core_reader *self = (core_reader *)o;
    doku_reader_free(self->r);
    self->r = NULL;
    PyTypeObject *tp = Py_TYPE(o);
    freefunc tp_free = (freefunc)PyType_GetSlot(tp, Py_tp_free);
    tp_free(o);
    Py_DECREF(tp);
}

static int reader_open(core_reader *self)
{
    if (!self->r) {
        core_raise(DOKU_ERR_ARG, "the reader is closed");
        return -1;
    }
    return 0;
}

/* One ready record as a tuple:
 *  ("puzzle", n, cells, comment, line, symbols, meta, candidates|None)
 *  ("error", status, line, column, message) */
static PyObject *take_record(core_reader *self, const doku_record *rec)
{
    if (rec->kind == DOKU_RECORD_ERROR)
        return Py_BuildValue("(sinns)", "error", (int)rec->status, (Py_ssize_t)rec->line,
                             (Py_ssize_t)rec->column, rec->message ? rec->message : "");
    PyObject *meta = PyDict_New();
    if (!meta)
        return NULL;
    const char *k, *v;
    for (size_t i = 0; doku_reader_meta(self->r, i, &k, &v) == DOKU_OK; i++) {
        PyObject *val = PyUnicode_DecodeUTF8(v, (Py_ssize_t)strlen(v), "replace");
        if (!val || PyDict_SetItemString(meta, k, val) < 0) {
            Py_XDECREF(val);
            Py_DECREF(meta);
            return NULL;
        }
        Py_DECREF(val);
    }
    size_t cells = (size_t)rec->n * (size_t)rec->n;
    const uint64_t *cands = doku_reader_candidates(self->r);
    PyObject *candobj;
    if (cands) {
        candobj = PyBytes_FromStringAndSize((const char *)cands, (Py_ssize_t)(cells * 8));
        if (!candobj) {
            Py_DECREF(meta);
            return NULL;
        }
    } else {
        candobj = Py_None;
        Py_INCREF(candobj);
    }
    const char *comment = rec->comment ? rec->comment : "";
    PyObject *com = PyUnicode_DecodeUTF8(comment, (Py_ssize_t)strlen(comment), "replace");
    if (!com) {
        Py_DECREF(meta);
        Py_DECREF(candobj);
        return NULL;
    }
    return Py_BuildValue("(siy#NniNN)", "puzzle", rec->n, (const char *)rec->cells,
                         (Py_ssize_t)cells, com, (Py_ssize_t)rec->line, (int)rec->symbols, meta,
                         candobj);
}

static PyObject *drain(core_reader *self)
{
    PyObject *list = PyList_New(0);
    doku_record rec;
    while (list && doku_reader_next(self->r, &rec) == DOKU_OK) {
        PyObject *t = take_record(self, &rec);
        if (!t || PyList_Append(list, t) < 0) {
            Py_XDECREF(t);
            Py_DECREF(list);
            return NULL;
        }
        Py_DECREF(t);
    }
    return list;
}

/* push(lines) -> records ready: lines is a list of str or bytes, each one
 * line without its newline. */
static PyObject *reader_push(PyObject *o, PyObject *lines)
{
    core_reader *self = (core_reader *)o;
    if (reader_open(self) < 0)
        return NULL;
    if (!PyList_Check(lines)) {
        PyErr_SetString(PyExc_TypeError, "push() expects a list of lines");
        return NULL;
    }
    PyObject *all = PyList_New(0);
    Py_ssize_t n = PyList_Size(lines);
    for (Py_ssize_t i = 0; all && i < n; i++) {
        PyObject *line = PyList_GetItem(lines, i);
        const char *text;
        Py_ssize_t len;
        if (PyUnicode_Check(line)) {
            text = PyUnicode_AsUTF8AndSize(line, &len);
        } else if (PyBytes_Check(line)) {
            char *p;
            text = PyBytes_AsStringAndSize(line, &p, &len) < 0 ? NULL : p;
        } else {
            PyErr_SetString(PyExc_TypeError, "lines must be str or bytes");
            text = NULL;
        }
        if (!text) {
            Py_DECREF(all);
            return NULL;
        }
        if (len > 0 && text[len - 1] == '\n')
            len--;
        doku_status st = doku_reader_push_line(self->r, text, (size_t)len);
        if (st != DOKU_OK) {
            Py_DECREF(all);
            return core_raise(st, "%s", doku_status_string(st));
        }
        PyObject *ready = drain(self);
        if (!ready) {
            Py_DECREF(all);
            return NULL;
        }
        Py_ssize_t k = PyList_Size(ready);
        for (Py_ssize_t j = 0; j < k; j++)
            if (PyList_Append(all, PyList_GetItem(ready, j)) < 0) {
                Py_DECREF(ready);
                Py_DECREF(all);
                return NULL;
            }
        Py_DECREF(ready);
    }
    return all;
}

static PyObject *reader_finish(PyObject *o, PyObject *unused)
{
    (void)unused;
    core_reader *self = (core_reader *)o;
    if (reader_open(self) < 0)
        return NULL;
    doku_status st = doku_reader_finish(self->r);
    if (st != DOKU_OK)
        return core_raise(st, "%s", doku_status_string(st));
    return drain(self);
}

static PyObject *reader_close(PyObject *o, PyObject *unused)
{
    (void)unused;
    core_reader *self = (core_reader *)o;
    doku_reader_free(self->r);
    self->r = NULL;
    Py_RETURN_NONE;
}

static PyObject *reader_closed(PyObject *o, void *unused)
{
    (void)unused;
    return PyBool_FromLong(((core_reader *)o)->r == NULL);
}

static PyMethodDef reader_methods[] = {
    {"push", reader_push, METH_O, "push(lines) -> records that became ready."},
    {"finish", reader_finish, METH_NOARGS, "finish() -> the records left at end of input."},
    {"close", reader_close, METH_NOARGS, "close(): frees the reader; later calls raise."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef reader_getset[] = {
    {"closed", reader_closed, NULL, "True once close() was called.", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyType_Slot reader_slots[] = {{Py_tp_new, reader_new},
                                     {Py_tp_dealloc, reader_dealloc},
                                     {Py_tp_methods, reader_methods},
                                     {Py_tp_getset, reader_getset},
                                     {Py_tp_doc, "Reader(n=0, symbols=0): a doku_reader."},
                                     {0, NULL}};

static PyType_Spec reader_spec = {"doku._core.Reader", sizeof(core_reader), 0,
                                  Py_TPFLAGS_DEFAULT, reader_slots};

/* format_cells(shape, cells, format, symbols) -> str */
static PyObject *py_format_cells(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *shape, *cellsobj;
    int fmt, symbols;
    if (!PyArg_ParseTuple(args, "OOii", &shape, &cellsobj, &fmt, &symbols))
        return NULL;
    core_shape *sh = core_as_shape(shape);
    uint8_t cells[DOKU_MAX_CELLS];
    if (!sh || core_read_cells(sh, cellsobj, cells) < 0)
        return NULL;
    size_t need = 0;
    doku_format_cells(sh->s, cells, (size_t)doku_shape_cells(sh->s), NULL, NULL, (doku_format)fmt,
                                    (doku_symbols)symbols, 0, NULL, 0, &need);
    if (need == 0)
        return core_raise(DOKU_ERR_ARG, "format %d / symbols %d: cannot write this grid", fmt,
                          symbols);
    char *buf = malloc(need + 1);
    if (!buf)
        return PyErr_NoMemory();
    doku_format_cells(sh->s, cells, (size_t)doku_shape_cells(sh->s), NULL, NULL, (doku_format)fmt, (doku_symbols)symbols, 0, buf,
                      need + 1, NULL);
    PyObject *r = PyUnicode_DecodeUTF8(buf, (Py_ssize_t)need, "replace");
    free(buf);
    return r;
}

/* format_exchange(shape, cells, exchange, meta dict or None) -> str */
static PyObject *py_format_exchange(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *shape, *cellsobj, *meta;
    int fmt;
    if (!PyArg_ParseTuple(args, "OOiO", &shape, &cellsobj, &fmt, &meta))
        return NULL;
    core_shape *sh = core_as_shape(shape);
    uint8_t cells[DOKU_MAX_CELLS];
    if (!sh || core_read_cells(sh, cellsobj, cells) < 0)
        return NULL;
    enum { MAX_META = 32 };
    const char *kv[2 * MAX_META + 1];
    size_t k = 0;
    if (meta != Py_None) {
        if (!PyDict_Check(meta))
            return core_raise(DOKU_ERR_ARG, "meta: expected a dict of str");
        PyObject *key, *value;
        Py_ssize_t pos = 0;
        while (PyDict_Next(meta, &pos, &key, &value) && k < 2 * MAX_META) {
            const char *ks = PyUnicode_AsUTF8AndSize(key, NULL);
            const char *vs = ks ? PyUnicode_AsUTF8AndSize(value, NULL) : NULL;
            if (!vs)
                return NULL;
            kv[k++] = ks;
            kv[k++] = vs;
        }
    }
    kv[k] = NULL;
    doku_buf b = {0};
    doku_status st = doku_format_exchange(&b, sh->s, cells, (size_t)doku_shape_cells(sh->s), kv, (doku_exchange)fmt);
    if (st != DOKU_OK) {
        doku_buf_free(&b);
        return core_raise(st, "%s: this format cannot hold the shape or grid",
                          doku_status_string(st));
    }
    PyObject *r = PyUnicode_DecodeUTF8(b.data ? b.data : "", (Py_ssize_t)b.len, "replace");
    doku_buf_free(&b);
    return r;
}

static PyMethodDef io_methods[] = {
    {"format_cells", py_format_cells, METH_VARARGS,
     "format_cells(shape, cells, format, symbols) -> str (doku_format_cells)."},
    {"format_exchange", py_format_exchange, METH_VARARGS,
     "format_exchange(shape, cells, exchange, meta) -> str (doku_format_exchange)."},
    {NULL, NULL, 0, NULL}};

int core_io_init(PyObject *module)
{
    reader_type = PyType_FromSpec(&reader_spec);
    if (!reader_type)
        return -1;
    Py_INCREF(reader_type);
    if (PyModule_AddObject(module, "Reader", reader_type) < 0)
        return -1;
    return PyModule_AddFunctions(module, io_methods);
}
