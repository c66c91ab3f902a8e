/*
 * assets.h — the web page's files, compiled into the binary by
 * server/embed.cmake from web/ (nothing to install beside doku).
 */
#ifndef DOKU_SERVER_ASSETS_H
#define DOKU_SERVER_ASSETS_H

#include <stddef.h>

typedef struct srv_asset {
    const char *path;                /* "/index.html", "/js/grid.js" */
    const char *type;                /* Content-Type */
    const unsigned char *data;
    size_t len;
} srv_asset;

/* @return the file at URL path ("/" is "/index.html"), or NULL. */
const srv_asset *srv_asset_find(const char *path);

#endif
