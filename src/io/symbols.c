/*
 * symbols.c — the alphabets that name digits in text: 1-9A-Z (default),
 * 0-9A-Z (hexadoku style) and A-Z. One table per alphabet; a value is its
 * index + 1, so every other module converts through these two functions.
 */
#include "io_internal.h"

const char *io_alphabet(doku_symbols symbols)
{
    switch (symbols) {
    case DOKU_SYMBOLS_0_9A_Z: return "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    case DOKU_SYMBOLS_A_Z: return "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    case DOKU_SYMBOLS_AUTO:
    case DOKU_SYMBOLS_1_9A_Z: break;
    }
    return "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
}

int io_alphabet_size(doku_symbols symbols)
{
    return symbols == DOKU_SYMBOLS_A_Z ? 26 : symbols == DOKU_SYMBOLS_0_9A_Z ? 36 : 35;
}

char doku_symbol(int n, doku_symbols symbols, int v)
{
    if (n < 1 || n > DOKU_MAX_N || v <= 0 || v > n || (unsigned)symbols > DOKU_SYMBOLS_A_Z ||
        v > io_alphabet_size(symbols))
        return '.';
    return io_alphabet(symbols)[v - 1];
}

int io_symbol_value(doku_symbols symbols, char ch)
{
    /* Arithmetic on the two runs (digits, letters) of each alphabet. */
    int digit = ch >= '0' && ch <= '9' ? ch - '0' : -1;
    int letter = ch >= 'A' && ch <= 'Z' ? ch - 'A' : ch >= 'a' && ch <= 'z' ? ch - 'a' : -1;
    switch (symbols) {
    case DOKU_SYMBOLS_0_9A_Z:
        return digit >= 0 ? digit + 1 : letter >= 0 ? letter + 11 : 0;
    case DOKU_SYMBOLS_A_Z:
        return letter >= 0 ? letter + 1 : 0;
    case DOKU_SYMBOLS_AUTO:
    case DOKU_SYMBOLS_1_9A_Z: break;
    }
    return digit > 0 ? digit : letter >= 0 ? letter + 10 : 0;
}

const char *io_symbols_name(doku_symbols symbols)
{
    switch (symbols) {
    case DOKU_SYMBOLS_0_9A_Z: return "0-9A-Z";
    case DOKU_SYMBOLS_A_Z: return "A-Z";
    case DOKU_SYMBOLS_AUTO:
    case DOKU_SYMBOLS_1_9A_Z: break;
    }
    return "1-9A-Z";
}
