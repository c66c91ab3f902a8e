/* testutil.c — file, line and reader helpers for the unit tests. */
#include "testutil.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

char *tu_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *nb = realloc(buf, cap * 2 + 1);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    fclose(f);
    if (!buf)
        return NULL;
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

/* The data folder: $DOKU_DATA_DIR when set (ctest sets it, empty when
 * the data is absent), else the one configured at build time. */
static const char *data_dir(void)
{
    const char *env = getenv("DOKU_DATA_DIR");
    return env ? env : DOKU_DATA_DIR;
}

const char *tu_data_path(char *buf, size_t cap, const char *rel)
{
    struct stat st;
    const char *dir = data_dir();
    if (!dir[0] || stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        /* Not a failure: the fixture tests cover this without the data. */
        print_message("no data folder (DOKU_DATA_DIR): skipped, needs %s\n", rel);
        skip();
    }
    snprintf(buf, cap, "%s/%s", dir, rel);
    return buf;
}

const char *tu_fixture_path(char *buf, size_t cap, const char *rel)
{
    snprintf(buf, cap, "%s/%s", DOKU_FIXTURES_DIR, rel);
    return buf;
}

size_t tu_lines(char *text, char ***lines, int skip_comments)
{
    size_t cap = 1024, n = 0;
    char **v = malloc(cap * sizeof *v);
    char *p = text;
    while (v && *p) {
        char *e = strchr(p, '\n');
        if (e)
            *e = '\0';
        size_t l = strlen(p);
        if (l && p[l - 1] == '\r')
            p[--l] = '\0';
        if (!(skip_comments && (l == 0 || p[0] == '#'))) {
            if (n == cap) {
                char **nv = realloc(v, cap * 2 * sizeof *v);
                if (!nv)
                    break;
                v = nv;
                cap *= 2;
            }
            v[n++] = p;
        }
        if (!e)
            break;
        p = e + 1;
    }
    *lines = v;
    return n;
}

int tu_cells_from_text(const char *text, int ncells, uint8_t *cells)
{
    static const char syms[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (int i = 0; i < ncells; i++) {
        char ch = text[i];
        if (ch == '.' || ch == '0') {
            cells[i] = 0;
            continue;
        }
        const char *q = ch ? strchr(syms, ch) : NULL;
        if (!q)
            return -1;
        cells[i] = (uint8_t)(q - syms + 1);
    }
    return 0;
}

doku_reader *tu_reader_from_text(const doku_reader_opts *opts, const char *text)
{
    doku_reader *r;
    assert_int_equal(doku_reader_create(opts, &r), DOKU_OK);
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        assert_int_equal(doku_reader_push_line(r, p, len), DOKU_OK);
        p += len + (e != NULL);
    }
    assert_int_equal(doku_reader_finish(r), DOKU_OK);
    return r;
}

doku_reader *tu_reader_from_lines(const doku_reader_opts *opts, const char *const *lines,
                                  size_t count)
{
    doku_reader *r;
    assert_int_equal(doku_reader_create(opts, &r), DOKU_OK);
    for (size_t i = 0; i < count; i++)
        assert_int_equal(doku_reader_push_line(r, lines[i], strlen(lines[i])), DOKU_OK);
    assert_int_equal(doku_reader_finish(r), DOKU_OK);
    return r;
}

long tu_conflicts(const doku_shape *s, const uint8_t *cells, doku_conflict *out, size_t cap)
{
    size_t count = 0;
    if (doku_find_conflicts(s, cells, (size_t)doku_shape_cells(s), out, cap, &count) != DOKU_OK)
        return -1;
    return (long)count;
}

doku_qqwing_level tu_qqwing(doku_generator *g, const uint8_t *puzzle, size_t ncells)
{
    doku_qqwing_level level = DOKU_QQWING_ANY;
    if (doku_generator_qqwing_level(g, puzzle, ncells, &level) != DOKU_OK)
        return DOKU_QQWING_ANY;
    return level;
}

int tu_filter(doku_rating_filter *f, const doku_shape *s, const uint8_t *puzzle)
{
    doku_filter_call call = {s, puzzle, NULL, (size_t)doku_shape_cells(s), 0};
    bool ok = false;
    doku_status st = doku_rating_filter_accept(f, &call, &ok);
    if (st != DOKU_OK)
        return -(int)st;
    return ok ? 1 : 0;
}
