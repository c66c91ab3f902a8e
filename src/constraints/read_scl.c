/*
 * read_scl.c — SudokuPad's zipped JSON (the text inside an "scl" link
 * after lz-string) back into plain JSON with SudokuPad's long keys.
 *
 * The zipped text is JSON with: single quotes for strings (\' for a
 * quote inside one) unless it holds a double quote anywhere; bare keys,
 * short ones standing for long ones ("ca" cages, "ce" cells, "v" value);
 * empty array elements for empty objects ("[,]" two {}); t and f for true
 * and false; colours as six bare hex digits, #0 and #F. One pass rewrites
 * it, tracking strings so that nothing inside one is touched.
 */
#include "read_json.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char *const keymap[][2] = {
    {"c", "color"},        {"ca", "cages"},     {"ct", "center"},     {"c1", "borderColor"},
    {"c2", "backgroundColor"}, {"ce", "cells"}, {"cs", "cellSize"},   {"a", "arrows"},
    {"o", "overlays"},     {"u", "underlays"},  {"w", "width"},       {"h", "height"},
    {"v", "value"},        {"vd", "videos"},    {"l", "lines"},       {"r", "rounded"},
    {"re", "regions"},     {"fs", "fontSize"},  {"th", "thickness"},  {"hl", "headLength"},
    {"wp", "wayPoints"},   {"t", "title"},      {"te", "text"},       {"d", "duration"},
};

static void put(doku_buf *b, const char *s, size_t len) { doku_buf_append(b, s, len); }

static int ends_value(char c) { return c == ',' || c == '}' || c == ']'; }

int vp_scl_unzip(const char *z, size_t len, doku_buf *out, char *why, size_t cap)
{
    int single = memchr(z, '"', len) == NULL;
    char prev = 0; /* the last significant character outside strings */
    size_t i = 0;
    while (i < len) {
        char c = z[i];
        if ((single && c == '\'') || (!single && c == '"')) {
            /* a string: copied as JSON */
            put(out, "\"", 1);
            i++;
            for (;;) {
                if (i >= len) {
                    snprintf(why, cap, "a string is not closed");
                    return -1;
                }
                char d = z[i];
                if (single && d == '\\' && i + 1 < len && z[i + 1] == '\'') {
                    put(out, "'", 1);
                    i += 2;
                } else if (!single && d == '\\' && i + 1 < len) {
                    put(out, z + i, 2);
                    i += 2;
                } else if ((single && d == '\'') || (!single && d == '"')) {
                    i++;
                    break;
                } else if (d == '"') {
                    put(out, "\\\"", 2);
                    i++;
                } else {
                    put(out, &d, 1);
                    i++;
                }
            }
            put(out, "\"", 1);
            prev = '"';
            continue;
        }
        if (isspace((unsigned char)c)) {
            i++;
            continue;
        }
        if ((prev == '[' || prev == ',' || prev == '{') && ends_value(c) &&
            !(prev == '{' && c == '}')) {
            put(out, "{}", 2); /* an empty element is an empty object */
            prev = '}';
            continue;
        }
        if (prev == '{' || prev == ',' || prev == '[') {
            size_t k = 0;
            while (i + k < len && isalnum((unsigned char)z[i + k]))
                k++;
            if (k && i + k < len && z[i + k] == ':') {
                const char *key = NULL;
                for (size_t m = 0; m < sizeof keymap / sizeof keymap[0] && !key; m++)
                    if (strlen(keymap[m][0]) == k && !memcmp(keymap[m][0], z + i, k))
                        key = keymap[m][1];
                put(out, "\"", 1);
                if (key)
                    put(out, key, strlen(key));
                else
                    put(out, z + i, k);
                put(out, "\":", 2);
                i += k + 1;
                prev = ':';
                continue;
            }
        }
        if (prev == ':') {
            size_t k = 0;
            while (i + k < len && !ends_value(z[i + k]) && !isspace((unsigned char)z[i + k]))
                k++;
            const char *tok = z + i;
            int hex6 = k == 6;
            for (size_t m = 0; m < k && hex6; m++)
                hex6 = isxdigit((unsigned char)tok[m]) != 0;
            if (k == 1 && tok[0] == 't') {
                put(out, "true", 4);
            } else if (k == 1 && tok[0] == 'f') {
                put(out, "false", 5);
            } else if (k == 2 && tok[0] == '#' && tok[1] == '0') {
                put(out, "\"#000000\"", 9);
            } else if (k == 2 && tok[0] == '#' && tok[1] == 'F') {
                put(out, "\"#FFFFFF\"", 9);
            } else if (hex6 && i + k < len) {
                put(out, "\"#", 2);
                put(out, tok, 6);
                put(out, "\"", 1);
            } else {
                k = 0;
            }
            if (k) {
                i += k;
                prev = '"';
                continue;
            }
        }
        put(out, &c, 1);
        prev = c;
        i++;
    }
    if (out->failed) {
        snprintf(why, cap, "out of memory");
        return -1;
    }
    return 0;
}
