/*
 * loader.c — opens doku-render.so when a picture is asked for (linked into
 * doku; the module holds cairo). Linking cairo into doku made every
 * command load ~25 more shared libraries at start-up (BENCHMARKS.md,
 * "Start-up"), as libmicrohttpd did before server/mhd_loader.c.
 *
 * The module is looked for beside the running binary (the build tree),
 * then in ../lib/doku/ relative to it (an installed, possibly moved,
 * prefix), then where this build installs it; DOKU_RENDER_MODULE names a
 * file to use instead.
 */
#include "render_document.h"

#include <dlfcn.h>
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

static void *open_module(char *tried, size_t cap)
{
    char dir[PATH_MAX], path[PATH_MAX + 64];
    const char *env = getenv("DOKU_RENDER_MODULE");
    size_t k = 0;
    tried[0] = '\0';
    if (env && *env) {
        void *h = dlopen(env, RTLD_NOW | RTLD_LOCAL);
        snprintf(tried, cap, "%.600s (%.300s)", env, h ? "" : dlerror());
        return h;
    }
    exe_dir(dir, sizeof dir);
    const char *where[] = {"", "../lib/doku/", NULL};
    for (int i = 0; where[i]; i++) {
        if (!*dir)
            break;
        snprintf(path, sizeof path, "%s%s%s", dir, where[i], RENDER_MODULE_NAME);
        if (access(path, R_OK) != 0) {
            k += (size_t)snprintf(tried + k, k < cap ? cap - k : 0, "%s%.600s", k ? ", " : "", path);
            continue;
        }
        void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (h)
            return h;
        snprintf(tried, cap, "%.600s: %.300s", path, dlerror());
        return NULL;
    }
    snprintf(path, sizeof path, "%s/%s", DOKU_RENDER_INSTALL_DIR, RENDER_MODULE_NAME);
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h && k < cap)
        snprintf(tried + k, cap - k, "%s%.600s", k ? ", " : "", path);
    return h;
}

void *render_document_open(const cli_document_spec *spec, const cli_document_ops **ops,
                           char *why, size_t cap)
{
    char tried[2048];
    void *h = open_module(tried, sizeof tried);
    if (!h) {
        snprintf(why, cap, "cannot load the picture module %s (looked for %s); "
                 "set DOKU_RENDER_MODULE or reinstall doku", RENDER_MODULE_NAME, tried);
        return NULL;
    }
    cli_document_open_fn open;
    *(void **)&open = dlsym(h, RENDER_MODULE_ENTRY);
    if (!open) {
        snprintf(why, cap, "%s has no %s", RENDER_MODULE_NAME, RENDER_MODULE_ENTRY);
        dlclose(h);
        return NULL;
    }
    /* the module stays loaded: the document's operations live in it */
    return open(spec, ops, why, cap);
}
