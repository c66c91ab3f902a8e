/*
 * dl_loader.c — the one dlopen/dlsym routine the library loaders share.
 * Libraries are opened RTLD_LOCAL: their names never shadow anything, and
 * the executable does not export the forwarders, so a library's calls to
 * its own functions stay inside it.
 */
#include "loaders.h"

#include <dlfcn.h>
#include <stdio.h>

int dl_load_library(const char *const *names, const dl_symbol *syms, size_t count, char *err,
                    size_t cap)
{
    void *lib = NULL;
    const char *why = NULL;
    for (size_t i = 0; names[i] && !lib; i++) {
        lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (!lib)
            why = dlerror();
    }
    if (!lib) {
        snprintf(err, cap, "cannot load %s (%s)", names[0], why ? why : "not found");
        return -1;
    }
    for (size_t k = 0; k < count; k++) {
        void *p = dlsym(lib, syms[k].name);
        if (!p) {
            snprintf(err, cap, "%s has no %s", names[0], syms[k].name);
            dlclose(lib);
            return -1;
        }
        *syms[k].slot = p;
    }
    return 0;   /* kept open for the rest of the run */
}
