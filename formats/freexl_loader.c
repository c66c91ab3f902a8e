/*
 * freexl_loader.c — the FreeXL functions xls_book.c calls, forwarded to
 * the library opened on first use (loaders.h says why).
 */
#include "loaders.h"

#include <freexl.h>
#include <pthread.h>

#define FREEXL_FUNCTIONS(X)                                                            \
    X(int, freexl_open, (const char *a, const void **b), (a, b))                      \
    X(int, freexl_close, (const void *a), (a))                                        \
    X(int, freexl_get_info, (const void *a, unsigned short b, unsigned int *c), (a, b, c)) \
    X(int, freexl_get_worksheet_name, (const void *a, unsigned short b, const char **c), (a, b, c)) \
    X(int, freexl_select_active_worksheet, (const void *a, unsigned short b), (a, b)) \
    X(int, freexl_worksheet_dimensions, (const void *a, unsigned int *b, unsigned short *c), (a, b, c)) \
    X(int, freexl_get_cell_value, (const void *a, unsigned int b, unsigned short c, FreeXL_CellValue *d), (a, b, c, d))

#define SLOT(ret, name, params, args) static ret(*p_##name) params;
FREEXL_FUNCTIONS(SLOT)

#define ENTRY(ret, name, params, args) {#name, (void **)&p_##name},
static const dl_symbol symbols[] = {FREEXL_FUNCTIONS(ENTRY)};

#define FORWARD(ret, name, params, args) ret name params { return p_##name args; }
FREEXL_FUNCTIONS(FORWARD)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char error[300];
static int ready;

static void load(void)
{
    static const char *const names[] = {DOKU_FREEXL_SONAME, "libfreexl.so", NULL};
    ready = dl_load_library(names, symbols, sizeof symbols / sizeof symbols[0], error,
                            sizeof error) == 0;
}

const char *formats_load_freexl(void)
{
    pthread_once(&once, load);
    return ready ? NULL : error;
}
