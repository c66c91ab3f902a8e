/*
 * dl_load.h — the programs' one dlopen loader. Outside libraries that
 * only some commands need (libmicrohttpd for `serve`, libzip, FreeXL and
 * libxlsxwriter for workbooks, the doku-render.so picture module) are
 * opened on first use, not at start-up: linked, they cost every doku
 * command milliseconds of loading (docs/ARCHITECTURE.md, "Start-up").
 */
#ifndef DOKU_COMMON_DL_LOAD_H
#define DOKU_COMMON_DL_LOAD_H

#include <stddef.h>

/* A function to resolve: its name and where its address goes. */
typedef struct dl_symbol {
    const char *name;
    void **slot;
} dl_symbol;

/* Opens the first of names (NULL-terminated: runtime names such as
 * "libzip.so.4", or paths) that loads, RTLD_NOW | RTLD_LOCAL, and stores
 * the address of each of the count syms in its slot. A path (a name with
 * a '/') that is not there is passed over; one that is there but does not
 * load ends the search with its error. The library stays open for the
 * rest of the run. Not thread-safe by itself: callers run it once (e.g.
 * under pthread_once).
 * @return 0, or -1 with a message in err ("cannot load NAME (why)",
 * "not found (looked for PATH, PATH)", or "NAME has no SYMBOL"). */
int dl_load_library(const char *const *names, const dl_symbol *syms, size_t count, char *err,
                    size_t cap);

#endif
