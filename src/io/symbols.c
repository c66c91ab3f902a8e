/*
 * symbols.c — the alphabets that name digits in text: 1-9A-Z (default),
 * 0-9A-Z (hexadoku style) and A-Z. One table per alphabet; a value is its
 * index + 1, so every other module converts through these two functions.
 */
#include "io_internal.h"

static const char *alphabet(doku_symbols symbols)
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
    int k = 0;
    for (const char *a = alphabet(symbols); *a; a++)
        k++;
    return k;
}

char doku_symbol(int n, doku_symbols symbols, int v)
{
    (void)n;
    if (v <= 0 || v > io_alphabet_size(symbols))
        return '.';
    return alphabet(symbols)[v - 1];
}

int io_symbol_value(doku_symbols symbols, char ch)
{
    if (ch >= 'a' && ch <= 'z')
        ch = (char)(ch - 'a' + 'A');
    const char *a = alphabet(symbols);
    for (int i = 0; a[i]; i++)
        if (a[i] == ch)
            return i + 1;
    return 0;
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
