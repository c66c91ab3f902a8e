/*
 * loaders.h — libzip, FreeXL and libxlsxwriter are opened with dlopen the
 * first time a workbook is read or written, not when doku starts.
 *
 * Linked normally they cost every doku command ~6 ms of start-up CPU
 * (libzip and libxlsxwriter bring in libcrypto; measured in
 * docs/FORMATS.md), as libmicrohttpd did before server/mhd_loader.c.
 * Their functions are defined in *_loader.c under their own names and
 * forward to the library; the library's headers declare them, so the
 * compiler checks every signature. Call the load function before any of
 * them.
 */
#ifndef DOKU_FORMATS_LOADERS_H
#define DOKU_FORMATS_LOADERS_H

#include "dl_load.h"

/* Each loads its library once (thread-safe). @return NULL when it is
 * ready, else a static message saying why it could not be loaded. */
const char *formats_load_zip(void);
const char *formats_load_freexl(void);
const char *formats_load_xlsxwriter(void);

#endif
