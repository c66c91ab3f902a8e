/*
 * loader.c — opens doku-render.so when a picture is asked for (linked into
 * doku; the module holds cairo). Linking cairo into doku made every
 * command load ~25 more shared libraries at start-up, as libmicrohttpd
 * did before server/mhd_loader.c.
 *
 * The module is looked for beside the running binary (the build tree),
 * then in ../lib/doku/ relative to it (an installed, possibly moved,
 * prefix), then where this build installs it; DOKU_RENDER_MODULE names a
 * file to use instead. The opening is the programs' one loader
 * (common/dl_load.h).
 */
#include "backend_entries.h"
#include "dl_load.h"
#include "render_document.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef DOKU_RENDER_INSTALL_DIR
#define DOKU_RENDER_INSTALL_DIR "/usr/local/lib/doku"
#endif

/* The directory of the running binary, with a trailing '/'; "" if unknown. */
static void exe_dir(char *buf, size_t cap)
{
    ssize_t len = readlink("/proc/self/exe", buf, cap - 1);
    buf[len > 0 ? len : 0] = '\0';
    char *slash = strrchr(buf, '/');
    if (slash)
        slash[1] = '\0';
    else
        buf[0] = '\0';
}

void *render_document_open(const document_spec *spec, const document_ops **ops, char *why,
                           size_t cap)
{
    char dir[PATH_MAX], paths[3][PATH_MAX + 64], err[2048];
    const char *names[4] = {NULL, NULL, NULL, NULL};
    const char *env = getenv("DOKU_RENDER_MODULE");
    size_t k = 0;
    if (env && *env) {
        names[k++] = env;
    } else {
        exe_dir(dir, sizeof dir);
        if (*dir) {
            snprintf(paths[k], sizeof paths[k], "%s%s", dir, RENDER_MODULE_NAME);
            names[k] = paths[k];
            k++;
            snprintf(paths[k], sizeof paths[k], "%s../lib/doku/%s", dir, RENDER_MODULE_NAME);
            names[k] = paths[k];
            k++;
        }
        snprintf(paths[k], sizeof paths[k], "%s/%s", DOKU_RENDER_INSTALL_DIR, RENDER_MODULE_NAME);
        names[k] = paths[k];
    }
    document_open_fn open = NULL;
    const dl_symbol entry[] = {{RENDER_MODULE_ENTRY, (void **)&open}};
    if (dl_load_library(names, entry, 1, err, sizeof err) != 0) {
        snprintf(why, cap,
                 "the picture module %s: %.1900s; set DOKU_RENDER_MODULE or reinstall doku",
                 RENDER_MODULE_NAME, err);
        return NULL;
    }
    /* the module stays loaded: the document's operations live in it */
    return open(spec, ops, why, cap);
}
