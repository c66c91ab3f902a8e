/*
 * module.c — the doku._core module: its table of errors and the argument
 * checks every call shares.
 *
 * The exception classes are Python classes (doku/_errors.py) registered
 * here at import, one per doku_status, so a status from the library and
 * a bad argument caught here raise the same doku.Error subclass.
 */
#include "core.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>

/* status number -> exception class; index DOKU_ERR_* (the table grows
 * with the enum: statuses are append-only). */
enum { ERROR_TABLE = 32 };
static PyObject *error_class[ERROR_TABLE];

PyObject *core_raise(doku_status st, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    PyObject *cls = (unsigned)st < ERROR_TABLE ? error_class[st] : NULL;
    if (!cls)
        cls = st == DOKU_ERR_NOMEM ? PyExc_MemoryError : PyExc_RuntimeError;
    PyObject *exc = PyObject_CallFunction(cls, "s", msg);
    if (exc) {
        PyObject *code = PyLong_FromLong((long)st);
        if (code) {
            PyObject_SetAttrString(exc, "status", code);
            Py_DECREF(code);
        }
        PyErr_SetObject(cls, exc);
        Py_DECREF(exc);
    }
    return NULL;
}

core_shape *core_as_shape(PyObject *o)
{
    if (!o || !PyObject_TypeCheck(o, (PyTypeObject *)core_shape_type)) {
        PyErr_SetString(PyExc_TypeError, "expected a doku shape");
        return NULL;
    }
    core_shape *sh = (core_shape *)o;
    if (!sh->s) {
        core_raise(DOKU_ERR_ARG, "the shape is closed");
        return NULL;
    }
    return sh;
}

int core_read_cells(const core_shape *sh, PyObject *o, uint8_t *out)
{
    if (o == Py_None) {
        core_raise(DOKU_ERR_ARG, "cells: got None, expected %d values", sh->cells);
        return -1;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(o, &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) != 0) {
        PyErr_Clear();
        PyObject *name = PyType_GetName(Py_TYPE(o));
        const char *type_name = name ? PyUnicode_AsUTF8AndSize(name, NULL) : NULL;
        if (!type_name)
            PyErr_Clear();
        core_raise(DOKU_ERR_ARG, "cells: expected bytes or a C-contiguous uint8 array, got %s",
                   type_name ? type_name : "another type");
        Py_XDECREF(name);
        return -1;
    }
    int rc = -1;
    if (view.itemsize != 1 || (view.format && view.format[0] && view.format[0] != 'B' &&
                               view.format[0] != 'b' && view.format[0] != 'c')) {
        core_raise(DOKU_ERR_ARG, "cells: expected 1-byte unsigned values (uint8), got format '%s'",
                   view.format ? view.format : "?");
    } else if (view.len != sh->cells) {
        core_raise(DOKU_ERR_SIZE, "cells: expected %d values for a %dx%d grid, got %zd",
                   sh->cells, sh->n, sh->n, view.len);
    } else {
        const uint8_t *p = view.buf;
        rc = 0;
        for (int i = 0; i < sh->cells; i++) {
            if (p[i] > sh->n) {
                core_raise(DOKU_ERR_ARG, "cells: r%dc%d holds %d, above %d", i / sh->n + 1,
                           i % sh->n + 1, p[i], sh->n);
                rc = -1;
                break;
            }
            out[i] = p[i];
        }
    }
    PyBuffer_Release(&view);
    return rc;
}

int core_check_seconds(double v, const char *name)
{
    if (!(v >= 0) || isinf(v)) {
        core_raise(DOKU_ERR_ARG, "%s: expected a number of seconds >= 0, got %g", name, v);
        return -1;
    }
    return 0;
}

/* _register_errors(dict status -> class): called once by doku/_errors.py. */
static PyObject *register_errors(PyObject *self, PyObject *table)
{
    (void)self;
    if (!PyDict_Check(table)) {
        PyErr_SetString(PyExc_TypeError, "expected a dict");
        return NULL;
    }
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(table, &pos, &key, &value)) {
        long st = PyLong_AsLong(key);
        if (st == -1 && PyErr_Occurred())
            return NULL;
        if (st < 0 || st >= ERROR_TABLE)
            continue;
        Py_INCREF(value);
        Py_XDECREF(error_class[st]);
        error_class[st] = value;
    }
    Py_RETURN_NONE;
}

static PyObject *status_string(PyObject *self, PyObject *arg)
{
    (void)self;
    long st = PyLong_AsLong(arg);
    if (st == -1 && PyErr_Occurred())
        return NULL;
    return PyUnicode_FromString(doku_status_string((doku_status)st));
}

static PyMethodDef module_methods[] = {
    {"_register_errors", register_errors, METH_O, "Registers the doku.Error classes."},
    {"status_string", status_string, METH_O,
     "status_string(status) -> str: the library's description of a doku_status."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "doku._core",
    "The C half of doku: calls of the doku library (include/doku.h).", -1, module_methods,
    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__core(void);
PyMODINIT_FUNC PyInit__core(void)
{
    PyObject *m = PyModule_Create(&module_def);
    if (!m)
        return NULL;
    if (PyModule_AddStringConstant(m, "library_version", doku_version()) < 0 ||
        PyModule_AddStringConstant(m, "header_version", DOKU_VERSION_STRING) < 0 ||
        PyModule_AddIntConstant(m, "MAX_N", DOKU_MAX_N) < 0 || core_shape_init_type(m) < 0 ||
        core_records_init(m) < 0 || core_batch_init(m) < 0 || core_io_init(m) < 0 ||
        core_generate_init(m) < 0 || core_parse_init(m) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
