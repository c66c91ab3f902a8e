/*
 * dl_load.c — the one dlopen/dlsym routine of the programs (dl_load.h).
 * Libraries are opened RTLD_LOCAL: their names never shadow anything, and
 * the executable does not export the forwarders the loaders define, so a
 * library's calls to its own functions stay inside it.
 */
#include "dl_load.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int dl_load_library(const char *const *names, const dl_symbol *syms, size_t count, char *err,
                    size_t cap)
{
    void *lib = NULL;
    const char *name = names[0], *broken = NULL;
    char why[1024] = "";
    size_t looked = 0;
    for (size_t i = 0; names[i] && !lib; i++) {
        name = names[i];
        int is_path = strchr(name, '/') != NULL;
        if (is_path && access(name, F_OK) != 0) {
            /* not there: say where it was looked for */
            if (looked < sizeof why)
                looked += (size_t)snprintf(why + looked, sizeof why - looked, "%s%s",
                                           looked ? ", " : "looked for ", name);
            continue;
        }
        lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
        if (!lib) {
            const char *e = dlerror();
            snprintf(why, sizeof why, "%s", e ? e : "not found");
            looked = strlen(why);
            if (is_path) {
                broken = name;   /* there, but broken: that is the answer */
                break;
            }
        }
    }
    if (!lib) {
        if (!broken && !strncmp(why, "looked for ", 11))
            snprintf(err, cap, "not found (%s)", why);   /* only paths, none there */
        else
            snprintf(err, cap, "cannot load %s (%s)", broken ? broken : names[0],
                     why[0] ? why : "not found");
        return -1;
    }
    for (size_t k = 0; k < count; k++) {
        void *p = dlsym(lib, syms[k].name);
        if (!p) {
            snprintf(err, cap, "%s has no %s", name, syms[k].name);
            dlclose(lib);
            return -1;
        }
        *syms[k].slot = p;
    }
    return 0;
}
