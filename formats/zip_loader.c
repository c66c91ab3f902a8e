/*
 * zip_loader.c — the libzip functions zip_book.c calls, forwarded to the
 * library opened on first use (loaders.h says why).
 */
#include "loaders.h"

#include <pthread.h>
#include <zip.h>

/* X(return type, name, parameters, arguments) for functions with a value,
 * V(name, parameters, arguments) for void ones. */
#define ZIP_FUNCTIONS(X, V)                                                          \
    X(zip_t *, zip_open, (const char *a, int b, int *c), (a, b, c))                 \
    V(zip_error_init_with_code, (zip_error_t *a, int b), (a, b))                    \
    X(const char *, zip_error_strerror, (zip_error_t *a), (a))                      \
    V(zip_error_fini, (zip_error_t *a), (a))                                        \
    X(zip_int64_t, zip_name_locate, (zip_t *a, const char *b, zip_flags_t c), (a, b, c)) \
    X(zip_file_t *, zip_fopen_index, (zip_t *a, zip_uint64_t b, zip_flags_t c), (a, b, c)) \
    X(const char *, zip_strerror, (zip_t *a), (a))                                  \
    X(zip_int64_t, zip_fread, (zip_file_t *a, void *b, zip_uint64_t c), (a, b, c))  \
    X(int, zip_fclose, (zip_file_t *a), (a))                                        \
    V(zip_discard, (zip_t *a), (a))

#define SLOT(ret, name, params, args) static ret(*p_##name) params;
#define VSLOT(name, params, args) static void(*p_##name) params;
ZIP_FUNCTIONS(SLOT, VSLOT)

#define ENTRY(ret, name, params, args) {#name, (void **)&p_##name},
#define VENTRY(name, params, args) {#name, (void **)&p_##name},
static const dl_symbol symbols[] = {ZIP_FUNCTIONS(ENTRY, VENTRY)};

#define FORWARD(ret, name, params, args) ret name params { return p_##name args; }
#define VFORWARD(name, params, args) void name params { p_##name args; }
ZIP_FUNCTIONS(FORWARD, VFORWARD)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char error[300];
static int ready;

static void load(void)
{
    static const char *const names[] = {DOKU_LIBZIP_SONAME, "libzip.so", NULL};
    ready = dl_load_library(names, symbols, sizeof symbols / sizeof symbols[0], error,
                            sizeof error) == 0;
}

const char *formats_load_zip(void)
{
    pthread_once(&once, load);
    return ready ? NULL : error;
}
