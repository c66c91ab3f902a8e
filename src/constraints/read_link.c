/*
 * read_link.c — variant puzzles in links and JSON: f-puzzles links
 * (f-puzzles.com/?load=<lz-string>), SudokuPad links
 * (sudokupad.app/fpuzzles<lz>, /scl<lz>, /ctc<lz>, ?puzzle=<payload>, and
 * the same on crackingthecryptic.com), those payloads alone, and the JSON
 * documents themselves. Finds the payload, decodes it (percent escapes,
 * lz-string, SudokuPad's zipped JSON) and hands the document to the
 * f-puzzles reader (read_fpuzzles.c) or the SudokuPad reader
 * (read_sudokupad.c).
 */
#include "read_json.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_JSON_UNITS = 1 << 22 };

static const char *find_ci(const char *s, size_t len, const char *word)
{
    size_t k = strlen(word);
    for (size_t i = 0; i + k <= len; i++) {
        size_t m = 0;
        while (m < k && tolower((unsigned char)s[i + m]) == word[m])
            m++;
        if (m == k)
            return s + i;
    }
    return NULL;
}

static int starts_ci(const char *s, size_t len, const char *word)
{
    size_t k = strlen(word);
    return len >= k && find_ci(s, k, word) == s;
}

static int fail(char *msg, size_t cap, doku_status *st, doku_status s, const char *what)
{
    snprintf(msg, cap, "%s", what);
    *st = s;
    return 0;
}

/* 0-15 for a hex digit, else -1 (links.c has one too; the classic link
 * reader calls doku_variant_puzzle_read, so this file may not call it). */
static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
         : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* %XX escapes decoded into out. */
static void percent_decode(const char *s, size_t len, doku_buf *out)
{
    for (size_t i = 0; i < len; i++) {
        int hi, lo;
        if (s[i] == '%' && i + 2 < len && (hi = hex_digit(s[i + 1])) >= 0 &&
            (lo = hex_digit(s[i + 2])) >= 0) {
            char d = (char)(hi * 16 + lo);
            doku_buf_append(out, &d, 1);
            i += 2;
        } else {
            doku_buf_append(out, s + i, 1);
        }
    }
}

/* Parses JSON text and reads it as f-puzzles' (a "grid") or SudokuPad's
 * (its "cells") document. */
static int read_json_doc(doku_variant_puzzle *p, const char *text, size_t len, int sudokupad,
                         char *msg, size_t cap, doku_status *st)
{
    io_json j;
    char why[160];
    if (io_json_parse(&j, text, len, why, sizeof why) != 0) {
        io_json_free(&j);
        snprintf(msg, cap, "%s data: %s", sudokupad ? "SudokuPad" : "f-puzzles", why);
        *st = DOKU_ERR_PARSE;
        return 0;
    }
    if (!sudokupad && j.nodes[0].type == IO_JSON_OBJECT && io_json_get(&j, 0, "grid") < 0 &&
        (io_json_get(&j, 0, "cells") >= 0 || io_json_get(&j, 0, "ce") >= 0))
        sudokupad = 1;
    int ok = sudokupad ? vp_read_sudokupad(p, &j, msg, cap, st)
                       : vp_read_fpuzzles(p, &j, msg, cap, st);
    io_json_free(&j);
    return ok;
}

/* A payload: "fpuzzles<lz>", "scl<lz>", "ctc<lz>" (percent escapes
 * already decoded); bare_fpuzzles: f-puzzles' own, the lz-string alone. */
static int read_payload(doku_variant_puzzle *p, const char *s, size_t len, int bare_fpuzzles,
                        char *msg, size_t cap, doku_status *st)
{
    int kind = bare_fpuzzles ? 4 : starts_ci(s, len, "fpuzzles") ? 1 : starts_ci(s, len, "scl") ? 2
             : starts_ci(s, len, "ctc") ? 3 : 0;
    if (!kind) {
        snprintf(msg, cap,
                 "SudokuPad link '%.60s': the puzzle is kept on SudokuPad's server, not in the "
                 "link; doku reads links that carry it (fpuzzles..., scl..., ctc...)",
                 s);
        *st = DOKU_ERR_PARSE;
        return 0;
    }
    size_t skip = kind == 4 ? 0 : kind == 1 ? 8 : 3;
    doku_buf json = {0};
    doku_status ls = io_lz_decompress_b64(s + skip, len - skip, MAX_JSON_UNITS, &json);
    int ok;
    if (ls == DOKU_ERR_NOMEM || json.failed) {
        ok = fail(msg, cap, st, DOKU_ERR_NOMEM, "out of memory");
    } else if (ls != DOKU_OK || !json.len) {
        snprintf(msg, cap, "%s link: the data after '%s' is no lz-string (base64)",
                 kind >= 4 || kind == 1 ? "f-puzzles" : "SudokuPad",
                 kind == 4 ? "load=" : kind == 1 ? "fpuzzles" : kind == 2 ? "scl" : "ctc");
        *st = DOKU_ERR_PARSE;
        ok = 0;
    } else if (kind == 2) {
        doku_buf plain = {0};
        char why[120];
        if (vp_scl_unzip(json.data, json.len, &plain, why, sizeof why) != 0) {
            ok = plain.failed ? fail(msg, cap, st, DOKU_ERR_NOMEM, "out of memory") : 0;
            if (!plain.failed) {
                snprintf(msg, cap, "SudokuPad scl data: %s", why);
                *st = DOKU_ERR_PARSE;
            }
        } else {
            ok = read_json_doc(p, plain.data, plain.len, 1, msg, cap, st);
        }
        doku_buf_free(&plain);
    } else {
        ok = read_json_doc(p, json.data, json.len, kind == 3, msg, cap, st);
    }
    doku_buf_free(&json);
    return ok;
}

static int link_char(char c)
{
    return c && !isspace((unsigned char)c) && c != '"' && c != '<' && c != '>' && c != '\'';
}

int vp_read_link(doku_variant_puzzle *p, const char *text, size_t len, char *msg, size_t cap,
                 doku_status *st)
{
    while (len && isspace((unsigned char)text[len - 1]))
        len--;
    if (len && text[0] == '{')
        return read_json_doc(p, text, len, 0, msg, cap, st);
    const char *fp = find_ci(text, len, "f-puzzles.com/");
    const char *pad = find_ci(text, len, "sudokupad.app/");
    size_t host = 14;
    if (!pad && (pad = find_ci(text, len, "crackingthecryptic.com/")) != NULL)
        host = 23;
    const char *from, *end = text + len;
    if (fp) {
        const char *ld = find_ci(fp, (size_t)(end - fp), "load=");
        if (!ld && find_ci(fp, (size_t)(end - fp), "id="))
            return fail(msg, cap, st, DOKU_ERR_PARSE,
                        "f-puzzles short link (?id=...): the puzzle is kept on f-puzzles' server, "
                        "not in the link; doku reads ?load= links, which carry it");
        if (!ld)
            return fail(msg, cap, st, DOKU_ERR_PARSE, "f-puzzles link without ?load= data");
        from = ld + 5;
    } else if (pad) {
        from = pad + host;
        const char *q = find_ci(from, (size_t)(end - from), "puzzle=");
        if (q) {
            from = q + 7;
        } else {
            if (starts_ci(from, (size_t)(end - from), "sudoku/"))
                from += 7;
            if (from < end && *from == '?')
                return fail(msg, cap, st, DOKU_ERR_PARSE, "SudokuPad link without its puzzle");
        }
    } else {
        from = text;
    }
    size_t k = 0;
    /* '?', '&' and '#' end a payload: none is a base64 character */
    while (from + k < end && link_char(from[k]) && from[k] != '&' && from[k] != '#' &&
           (from[k] != '?' || !pad))
        k++;
    if (!k)
        return fail(msg, cap, st, DOKU_ERR_PARSE, "the link carries no puzzle data");
    doku_buf raw = {0};
    percent_decode(from, k, &raw);
    int ok = raw.failed ? fail(msg, cap, st, DOKU_ERR_NOMEM, "out of memory")
                    : read_payload(p, raw.data ? raw.data : "", raw.len, fp != NULL, msg, cap, st);
    doku_buf_free(&raw);
    return ok;
}
