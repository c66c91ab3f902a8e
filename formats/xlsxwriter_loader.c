/*
 * xlsxwriter_loader.c — the libxlsxwriter functions xlsx_document.c
 * calls, forwarded to the library opened on first use (loaders.h says
 * why).
 */
#include "loaders.h"

#include <pthread.h>
#include <xlsxwriter.h>

#define W lxw_worksheet
#define F lxw_format
#define XLSXWRITER_FUNCTIONS(X, V)                                                           \
    X(lxw_workbook *, workbook_new_opt, (const char *a, lxw_workbook_options *b), (a, b))    \
    X(F *, workbook_add_format, (lxw_workbook *a), (a))                                      \
    X(W *, workbook_add_worksheet, (lxw_workbook *a, const char *b), (a, b))                 \
    X(lxw_error, workbook_close, (lxw_workbook *a), (a))                                     \
    X(char *, lxw_strerror, (lxw_error a), (a))                                              \
    V(format_set_align, (F *a, uint8_t b), (a, b))                                           \
    V(format_set_font_size, (F *a, double b), (a, b))                                        \
    V(format_set_font_color, (F *a, lxw_color_t b), (a, b))                                  \
    V(format_set_bold, (F *a), (a))                                                          \
    V(format_set_underline, (F *a, uint8_t b), (a, b))                                       \
    V(format_set_text_wrap, (F *a), (a))                                                     \
    V(format_set_bg_color, (F *a, lxw_color_t b), (a, b))                                    \
    V(format_set_top, (F *a, uint8_t b), (a, b))                                             \
    V(format_set_left, (F *a, uint8_t b), (a, b))                                            \
    V(format_set_bottom, (F *a, uint8_t b), (a, b))                                          \
    V(format_set_right, (F *a, uint8_t b), (a, b))                                           \
    V(format_set_diag_type, (F *a, uint8_t b), (a, b))                                       \
    V(format_set_diag_border, (F *a, uint8_t b), (a, b))                                     \
    X(lxw_error, worksheet_write_number, (W *a, lxw_row_t b, lxw_col_t c, double d, F *e),   \
      (a, b, c, d, e))                                                                       \
    X(lxw_error, worksheet_write_string, (W *a, lxw_row_t b, lxw_col_t c, const char *d, F *e), \
      (a, b, c, d, e))                                                                       \
    X(lxw_error, worksheet_write_url_opt,                                                    \
      (W *a, lxw_row_t b, lxw_col_t c, const char *d, F *e, const char *f, const char *g),   \
      (a, b, c, d, e, f, g))                                                                 \
    X(lxw_error, worksheet_write_boolean, (W *a, lxw_row_t b, lxw_col_t c, int d, F *e),     \
      (a, b, c, d, e))                                                                       \
    X(lxw_error, worksheet_write_blank, (W *a, lxw_row_t b, lxw_col_t c, F *d), (a, b, c, d)) \
    X(lxw_error, worksheet_set_row, (W *a, lxw_row_t b, double c, F *d), (a, b, c, d))       \
    X(lxw_error, worksheet_set_column, (W *a, lxw_col_t b, lxw_col_t c, double d, F *e),     \
      (a, b, c, d, e))                                                                       \
    V(worksheet_freeze_panes, (W *a, lxw_row_t b, lxw_col_t c), (a, b, c))                  \
    V(worksheet_fit_to_pages, (W *a, uint16_t b, uint16_t c), (a, b, c))                    \
    V(worksheet_set_landscape, (W *a), (a))

#define SLOT(ret, name, params, args) static ret(*p_##name) params;
#define VSLOT(name, params, args) static void(*p_##name) params;
XLSXWRITER_FUNCTIONS(SLOT, VSLOT)

#define ENTRY(ret, name, params, args) {#name, (void **)&p_##name},
#define VENTRY(name, params, args) {#name, (void **)&p_##name},
static const dl_symbol symbols[] = {XLSXWRITER_FUNCTIONS(ENTRY, VENTRY)};

#define FORWARD(ret, name, params, args) ret name params { return p_##name args; }
#define VFORWARD(name, params, args) void name params { p_##name args; }
XLSXWRITER_FUNCTIONS(FORWARD, VFORWARD)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char error[300];
static int ready;

static void load(void)
{
    static const char *const names[] = {DOKU_XLSXWRITER_SONAME, "libxlsxwriter.so", NULL};
    ready = dl_load_library(names, symbols, sizeof symbols / sizeof symbols[0], error,
                            sizeof error) == 0;
}

const char *formats_load_xlsxwriter(void)
{
    pthread_once(&once, load);
    return ready ? NULL : error;
}
