/*
 * regions.c — loads the jigsaw region map of --regions FILE.
 *
 * The map's syntax is the library's (doku_parse_regions, which the
 * server's "regions" field uses too); this file reads the file and puts
 * its name, line and column before the library's message.
 */
#include "regions.h"
#include "buf.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum { MAP_MAX_BYTES = 1 << 22 };

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

int cli_load_regions(cli_opts *o, const char *cmd)
{
    const char *path = o->regions_file;
    size_t len;
    char *data = read_all(path, &len, cmd);
    if (!data)
        return -1;
    uint8_t *map = cli_xmalloc(DOKU_MAX_CELLS);
    doku_parse_error pe;
    int n = 0;
    doku_status st = doku_parse_regions(data, len, map, DOKU_MAX_CELLS, &n, &pe);
    free(data);
    if (st != DOKU_OK) {
        free(map);
        if (st != DOKU_ERR_PARSE)
            return cli_usage_error(cmd, "--regions %s: %s", path, doku_status_string(st));
        if (pe.line)
            return cli_usage_error(cmd, "--regions %s:%d:%d: %s", path, pe.line, pe.col,
                                   pe.message);
        return cli_usage_error(cmd, "--regions %s: %s", path, pe.message);
    }
    o->regions = map;
    o->regions_n = n;
    return 0;
}
