/*
 * fuzz_links.c — libFuzzer target for the link decoders: lz-string
 * decompression and f-puzzles JSON on any bytes (never a crash, a hang or
 * unbounded output), lz-string compression of the bytes (as ASCII) that
 * decompresses to the same text, and a whole line through the link reader.
 */
#include "doku.h"
#include "io/io_internal.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    doku_buf out = {0};
    io_lz_decompress_b64(s, size, 1 << 16, &out);
    doku_buf_free(&out);

    uint8_t cells[DOKU_MAX_CELLS];
    io_puzzle p;
    memset(&p, 0, sizeof p);
    p.cells = cells;
    char why[200];
    if (io_fpuzzles_json(s, size, &p, why, sizeof why) == 1 && (p.n < 4 || p.n > 35))
        abort();
    doku_buf_free(&p.meta);

    /* round trip of ASCII text (bytes >= 0x80 would be read as Latin-1) */
    char *ascii = malloc(size + 1);
    for (size_t i = 0; i < size; i++)
        ascii[i] = (char)(data[i] & 0x7F);
    doku_buf z = {0}, back = {0};
    if (io_lz_compress_b64(ascii, size, &z) == DOKU_OK && size) {
        if (io_lz_decompress_b64(z.data, z.len, size + 1, &back) != DOKU_OK ||
            back.len != size || memcmp(back.data, ascii, size) != 0)
            abort();
    }
    doku_buf_free(&z);
    doku_buf_free(&back);
    free(ascii);

    memset(&p, 0, sizeof p);
    p.cells = cells;
    size_t col = 0;
    int rc = io_link_decode(s, size, &p, why, sizeof why, &col);
    if (rc == 1 && (p.n < 4 || p.n > 35 || p.end > size || p.at > p.end))
        abort();
    if (rc < 0 && (!why[0] || col < 1))
        abort();
    doku_buf_free(&p.meta);
    return 0;
}
