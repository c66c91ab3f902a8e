/*
 * mhd_loader.h — opens libmicrohttpd at run time (see mhd_loader.c).
 */
#ifndef DOKU_MHD_LOADER_H
#define DOKU_MHD_LOADER_H

/* Loads libmicrohttpd once (thread-safe). @return NULL when it is ready,
 * else a static message saying why it could not be loaded. */
const char *mhd_load(void);

#endif
