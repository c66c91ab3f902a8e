/*
 * io_internal.h — helpers shared by the text reader and the formatter.
 */
#ifndef DOKU_IO_INTERNAL_H
#define DOKU_IO_INTERNAL_H

#include "doku.h"

/* The alphabet's symbols in value order (static storage). */
const char *io_alphabet(doku_symbols symbols);
/* Number of symbols in the alphabet (35 or 36 or 26). */
int io_alphabet_size(doku_symbols symbols);
/* Value (1-based) of ch in the alphabet, case-insensitive; 0 if absent. */
int io_symbol_value(doku_symbols symbols, char ch);
/* "1-9A-Z", "0-9A-Z" or "A-Z". */
const char *io_symbols_name(doku_symbols symbols);

#endif
