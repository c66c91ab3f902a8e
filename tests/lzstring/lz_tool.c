/*
 * lz_tool.c — the library's lz-string codec on lines, for check.mjs to
 * compare with npm's lz-string: "c" compresses each line (hex of UTF-8
 * bytes) to base64, "d" decompresses each base64 line to hex (or "ERR").
 */
#include "io/io_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

int main(int argc, char **argv)
{
    if (argc != 2 || (strcmp(argv[1], "c") && strcmp(argv[1], "d"))) {
        fputs("usage: lz_tool c|d < lines\n", stderr);
        return 2;
    }
    int compress = argv[1][0] == 'c';
    size_t cap = 1 << 20;
    char *line = malloc(cap), *bytes = malloc(cap);
    if (!line || !bytes)
        return 2;
    while (fgets(line, (int)cap, stdin)) {
        size_t len = strcspn(line, "\n");
        line[len] = '\0';
        doku_buf out = {0};
        if (compress) {
            size_t n = 0;
            for (size_t i = 0; i + 1 < len + 1 && i + 1 <= len; i += 2)
                bytes[n++] = (char)(hexval(line[i]) * 16 + hexval(line[i + 1]));
            if (io_lz_compress_b64(bytes, n, &out) != DOKU_OK)
                return 2;
            printf("%s\n", out.data ? out.data : "");
        } else if (io_lz_decompress_b64(line, len, 1 << 24, &out) != DOKU_OK) {
            puts("ERR");
        } else {
            for (size_t i = 0; i < out.len; i++)
                printf("%02x", (unsigned char)out.data[i]);
            putchar('\n');
        }
        doku_buf_free(&out);
    }
    free(line);
    free(bytes);
    return 0;
}
