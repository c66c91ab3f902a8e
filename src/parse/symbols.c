/*
 * symbols.c — doku_parse_symbols: the symbol set of large grids.
 */
#include "parse_internal.h"

#include <string.h>

doku_status doku_parse_symbols(const char *text, doku_symbols *symbols, doku_parse_error *err)
{
    parse_clear(err);
    if (!text || !symbols)
        return DOKU_ERR_ARG;
    static const struct {
        const char *name;
        doku_symbols set;
    } sets[] = {{"auto", DOKU_SYMBOLS_AUTO}, {"1-9A-Z", DOKU_SYMBOLS_1_9A_Z},
                {"0-9A-Z", DOKU_SYMBOLS_0_9A_Z}, {"A-Z", DOKU_SYMBOLS_A_Z}};
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        if (!strcmp(text, sets[i].name)) {
            *symbols = sets[i].set;
            return DOKU_OK;
        }
    return parse_fail(err, 0, 0, "symbol set", text, "wants 1-9A-Z, 0-9A-Z, A-Z or auto");
}
