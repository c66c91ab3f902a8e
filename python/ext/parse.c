/*
 * parse.c — what a person types, read by the library's parsers
 * (include/doku_parse.h): difficulty names, qqwing levels, rating
 * ranges, clue bands, symmetries, variants, boxes, region maps and
 * technique lists. The package parses nothing itself, so a value means
 * the same, and a bad one gets the same message, in Python as in the
 * CLI and the server; and the difficulty vocabulary's table.
 */
#include "core.h"

#include <string.h>

#include "doku_parse.h"

/* Raises doku.ParseError "what: message" for a parser's DOKU_ERR_PARSE
 * (another status as itself). @return NULL. */
static PyObject *parse_failed(doku_status st, const char *what, const doku_parse_error *err)
{
    if (st == DOKU_ERR_PARSE)
        return core_raise(st, "%s: %s", what, err->message);
    return core_raise(st, "%s: %s", what, doku_status_string(st));
}

/* parse(kind, text, ncells=0) -> the value, or raises ParseError:
 *   "difficulty" -> (difficulty, qqwing_level, note)
 *   "qqwing"     -> qqwing_level        "symmetry" -> doku_symmetry
 *   "rating"     -> (min, max)          max -1: open
 *   "clues"      -> (min, max)          "variants" -> DOKU_VARIANT_* flags
 *   "box"        -> (rows, cols)        "techniques" -> mask
 *   "regions"    -> (n, bytes of n*n region ids) */
static PyObject *py_parse(PyObject *self, PyObject *args)
{
    (void)self;
    const char *kind, *text;
    Py_ssize_t len;
    int ncells = 0;
    if (!PyArg_ParseTuple(args, "ss#|i", &kind, &text, &len, &ncells))
        return NULL;
    if ((size_t)len != strlen(text))
        return core_raise(DOKU_ERR_PARSE, "%s: the text holds a NUL character", kind);
    doku_parse_error err;
    memset(&err, 0, sizeof err);
    doku_status st;
    if (strcmp(kind, "difficulty") == 0) {
        doku_difficulty d;
        doku_qqwing_level q;
        if ((st = doku_parse_difficulty(text, &d, &q, &err)) != DOKU_OK)
            return parse_failed(st, "difficulty", &err);
        return Py_BuildValue("(iis)", (int)d, (int)q, err.note);
    }
    if (strcmp(kind, "qqwing") == 0) {
        doku_qqwing_level q;
        if ((st = doku_parse_qqwing_level(text, &q, &err)) != DOKU_OK)
            return parse_failed(st, "qqwing_level", &err);
        return PyLong_FromLong((long)q);
    }
    if (strcmp(kind, "symmetry") == 0) {
        doku_symmetry sym;
        if ((st = doku_parse_symmetry(text, &sym, &err)) != DOKU_OK)
            return parse_failed(st, "symmetry", &err);
        return PyLong_FromLong((long)sym);
    }
    if (strcmp(kind, "rating") == 0) {
        double lo, hi;
        if ((st = doku_parse_rating_range(text, &lo, &hi, &err)) != DOKU_OK)
            return parse_failed(st, "rating", &err);
        return Py_BuildValue("(dd)", lo, hi);
    }
    if (strcmp(kind, "clues") == 0) {
        int lo, hi;
        if ((st = doku_parse_clues(text, ncells, &lo, &hi, &err)) != DOKU_OK)
            return parse_failed(st, "clues", &err);
        return Py_BuildValue("(ii)", lo, hi);
    }
    if (strcmp(kind, "variants") == 0) {
        unsigned v;
        if ((st = doku_parse_variants(text, &v, &err)) != DOKU_OK)
            return parse_failed(st, "variants", &err);
        return PyLong_FromUnsignedLong(v);
    }
    if (strcmp(kind, "box") == 0) {
        int r, c;
        if ((st = doku_parse_box(text, &r, &c, &err)) != DOKU_OK)
            return parse_failed(st, "box", &err);
        return Py_BuildValue("(ii)", r, c);
    }
    if (strcmp(kind, "techniques") == 0) {
        uint64_t mask;
        if ((st = doku_parse_techniques(text, &mask, &err)) != DOKU_OK)
            return parse_failed(st, "techniques", &err);
        return PyLong_FromUnsignedLongLong(mask);
    }
    if (strcmp(kind, "regions") == 0) {
        uint8_t map[DOKU_MAX_CELLS];
        int n = 0;
        if ((st = doku_parse_regions(text, (size_t)len, map, sizeof map, &n, &err)) != DOKU_OK)
            return parse_failed(st, "regions", &err);
        return Py_BuildValue("(iy#)", n, (const char *)map, (Py_ssize_t)n * n);
    }
    return core_raise(DOKU_ERR_ARG, "parse: unknown kind '%s'", kind);
}

/* difficulties() -> [(name, min, max)]: the one difficulty vocabulary,
 * easy ... extreme, with their ER ranges (max -1: open). */
static PyObject *py_difficulties(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *list = PyList_New(0);
    for (int d = DOKU_DIFFICULTY_EASY; list && d <= DOKU_DIFFICULTY_EXTREME; d++) {
        double lo, hi;
        if (doku_difficulty_range((doku_difficulty)d, &lo, &hi) != DOKU_OK)
            continue;
        PyObject *t = Py_BuildValue("(sdd)", doku_difficulty_name((doku_difficulty)d), lo, hi);
        if (!t || PyList_Append(list, t) < 0) {
            Py_XDECREF(t);
            Py_CLEAR(list);
            break;
        }
        Py_DECREF(t);
    }
    return list;
}

static PyMethodDef parse_methods[] = {
    {"parse", py_parse, METH_VARARGS,
     "parse(kind, text, ncells=0) -> value: the library's parser of a user option."},
    {"difficulties", py_difficulties, METH_NOARGS,
     "difficulties() -> [(name, min, max)]: the difficulty vocabulary and its ER ranges."},
    {NULL, NULL, 0, NULL}};

int core_parse_init(PyObject *module)
{
    return PyModule_AddFunctions(module, parse_methods);
}
