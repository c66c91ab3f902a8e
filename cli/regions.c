/*
 * regions.c — loads the jigsaw region map of --regions FILE.
 *
 * The map is written like a grid: n*n symbols, each distinct symbol one
 * region, numbered in order of first appearance. Whitespace, commas, '|'
 * and frame lines (only - + = * |) are layout, '#' lines are comments;
 * for n > 35 the ids may be whitespace-separated decimal numbers. Every
 * complaint names the file and, where it helps, the line and column.
 */
#include "regions.h"
#include "buf.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int cli_load_regions(cli_opts *o, const char *cmd);

enum { MAP_MAX_BYTES = 1 << 22 };

typedef struct map_cell {
    char sym[8];          /* the symbol or decimal token */
    size_t line, col;
} map_cell;

static int is_frame_line(const char *s, size_t len)
{
    int any = 0;
    for (size_t i = 0; i < len; i++) {
        if (strchr("-+=*|", s[i]))
            any = 1;
        else if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
            return 0;
    }
    return any;
}

static int is_sep(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == ',' || c == '|' || c == ';';
}

static char *read_all(const char *path, size_t *len, const char *cmd)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        cli_usage_error(cmd, "--regions %s: %s", path, strerror(errno));
        return NULL;
    }
    char *data = cli_xmalloc(MAP_MAX_BYTES + 1);
    size_t n = fread(data, 1, MAP_MAX_BYTES + 1, f);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        cli_usage_error(cmd, "--regions %s: read error", path);
        free(data);
        return NULL;
    }
    if (n > MAP_MAX_BYTES) {
        cli_usage_error(cmd, "--regions %s: file too large for a region map", path);
        free(data);
        return NULL;
    }
    data[n] = '\0';
    *len = n;
    return data;
}

/* Splits the map into cells; tokens mode takes whole decimal tokens. */
static size_t split_cells(const char *data, size_t len, int tokens, map_cell *cells,
                          size_t cap)
{
    size_t count = 0, line = 1;
    for (size_t start = 0; start <= len; line++) {
        const char *nl = memchr(data + start, '\n', len - start);
        size_t end = nl ? (size_t)(nl - data) : len;
        const char *s = data + start;
        size_t l = end - start;
        if (!(l > 0 && s[0] == '#') && !is_frame_line(s, l)) {
            for (size_t i = 0; i < l;) {
                if (is_sep(s[i])) {
                    i++;
                    continue;
                }
                size_t j = i + 1;
                if (tokens)
                    while (j < l && !is_sep(s[j]))
                        j++;
                if (count < cap) {
                    size_t k = j - i < sizeof cells[0].sym - 1 ? j - i : sizeof cells[0].sym - 1;
                    memcpy(cells[count].sym, s + i, k);
                    cells[count].sym[k] = '\0';
                    cells[count].line = line;
                    cells[count].col = i + 1;
                }
                count++;
                i = j;
            }
        }
        if (!nl)
            break;
        start = end + 1;
    }
    return count;
}

/* Decimal tokens ("10 11 12 ..." maps for big grids) when every token is
 * decimal, one is longer than a character, there are m*m of them and all
 * values fit ids of an m x m map; otherwise each character is a symbol. */
static int wants_tokens(const char *data, size_t len)
{
    size_t total = split_cells(data, len, 1, NULL, 0);
    size_t m = 0;
    while ((m + 1) * (m + 1) <= total)
        m++;
    if (total == 0 || m * m != total)
        return 0;
    map_cell *cells = cli_xmalloc(sizeof *cells * total);
    split_cells(data, len, 1, cells, total);
    int longer = 0, ok = 1;
    for (size_t i = 0; i < total && ok; i++) {
        size_t k = strlen(cells[i].sym);
        if (k > 1)
            longer = 1;
        ok = k < 4 && strspn(cells[i].sym, "0123456789") == k &&
             strtoul(cells[i].sym, NULL, 10) <= m;
    }
    free(cells);
    return longer && ok;
}

int cli_load_regions(cli_opts *o, const char *cmd)
{
    const char *path = o->regions_file;
    size_t len;
    char *data = read_all(path, &len, cmd);
    if (!data)
        return -1;
    int tokens = wants_tokens(data, len);
    size_t total = split_cells(data, len, tokens, NULL, 0);
    int n = 0;
    while ((size_t)(n + 1) * (size_t)(n + 1) <= total && n < DOKU_MAX_N)
        n++;
    if (total == 0 || (size_t)n * (size_t)n != total) {
        free(data);
        if (total == 0)
            return cli_usage_error(cmd, "--regions %s: no region symbols found", path);
        return cli_usage_error(cmd,
                               "--regions %s: %zu region symbols; a map needs n*n of them "
                               "(e.g. 81 for 9x9), at most %dx%d",
                               path, total, DOKU_MAX_N, DOKU_MAX_N);
    }
    map_cell *cells = cli_xmalloc(sizeof *cells * total);
    split_cells(data, len, tokens, cells, total);
    free(data);

    int rc = 0;
    int nregions = 0;
    int size[DOKU_MAX_N] = {0};
    size_t first[DOKU_MAX_N] = {0};
    char names[DOKU_MAX_N][8];
    o->regions = cli_xmalloc(total);
    for (size_t i = 0; i < total && rc == 0; i++) {
        int id = -1;
        for (int r = 0; r < nregions; r++)
            if (!strcmp(names[r], cells[i].sym)) {
                id = r;
                break;
            }
        if (id < 0) {
            if (nregions == n) {
                rc = cli_usage_error(cmd, "--regions %s:%zu:%zu: symbol '%s' would be region %d, "
                                     "but a %dx%d map has exactly %d regions",
                                     path, cells[i].line, cells[i].col, cells[i].sym,
                                     n + 1, n, n, n);
                break;
            }
            id = nregions++;
            memcpy(names[id], cells[i].sym, sizeof names[id]);
            first[id] = i;
        }
        size[id]++;
        o->regions[i] = (uint8_t)id;
    }
    if (rc == 0 && nregions < n)
        rc = cli_usage_error(cmd, "--regions %s: only %d different region symbols; a %dx%d map "
                             "needs %d regions of %d cells",
                             path, nregions, n, n, n, n);
    for (int r = 0; r < nregions && rc == 0; r++)
        if (size[r] != n) {
            const map_cell *c = &cells[first[r]];
            rc = cli_usage_error(cmd, "--regions %s:%zu:%zu: region '%s' has %d cells; every "
                                 "region of a %dx%d map needs %d",
                                 path, c->line, c->col, c->sym, size[r], n, n, n);
        }
    free(cells);
    if (rc != 0) {
        free(o->regions);
        o->regions = NULL;
        return -1;
    }
    o->regions_n = n;
    return 0;
}
