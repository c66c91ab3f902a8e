/*
 * reader_row.c — one line of text as a grid row: tokens, numbers, pencil
 * marks and frame lines. Pure functions of the text (and the options).
 */
#include "reader_internal.h"

#include <stdio.h>
#include <string.h>

/* Steps to the next token of s[*at..end), where blanks (and '|' when
 * bars) separate tokens: its start goes to *start and *at past its end.
 * @return its length, 0 at the end of the text. */
size_t rd_next_token(const char *s, size_t end, int bars, size_t *at, size_t *start)
{
    size_t i = *at;
    while (i < end && (is_space(s[i]) || (bars && s[i] == '|')))
        i++;
    *start = i;
    while (i < end && !is_space(s[i]) && !(bars && s[i] == '|'))
        i++;
    *at = i;
    return i - *start;
}

/* A pencil-mark row: blank- or '|'-separated tokens, each a set of
 * distinct symbols no larger than the row is wide, at least one of two or
 * more (a row of single symbols is an ordinary grid row, unless the grid
 * is already a pencil-mark grid: force). On a side above 9, a row of
 * decimal numbers is a row of numbers. @return 1 and fills rw. */
int rd_pencil_row(const doku_reader *r, const char *s, size_t len, size_t line, int force,
                  row *rw)
{
    size_t end = len;
    for (size_t i = 1; i < len; i++)
        if (s[i] == '#') {
            end = i;
            break;
        }
    int ntok = 0, multi = 0, allnum = 1, top = 0;
    for (size_t i = 0, b; rd_next_token(s, end, 1, &i, &b);) {
        uint64_t m;
        int mx, v;
        if (ntok >= DOKU_MAX_N || !io_pencil_token(r->opts.symbols, s + b, i - b, &m, &mx))
            return 0;
        if (i - b > 1)
            multi = 1;
        if (!rd_numeric_token(s + b, i - b, &v))
            allnum = 0;
        if (mx > top)
            top = mx;
        raw_cell *c = &rw->cells[ntok++];
        c->ch = s[b];
        c->token = TOKEN_NONE;
        c->line = (uint32_t)line;
        c->col = (uint32_t)(b + 1);
        c->mask = m;
    }
    if (ntok < MIN_SIDE || top > ntok)
        return 0;
    if (!force && (!multi || (ntok > DECIMAL_SIDE && allnum)))
        return 0;
    rw->count = ntok;
    rw->pencil = 1;
    rw->numeric = 0;
    rw->multichar = 0;
    rw->bad_col = 0;
    rw->bad_num = NULL;
    rw->comment = end < len ? s + end + 1 : NULL;
    rw->comment_len = end < len ? len - end - 1 : 0;
    return 1;
}

/* A decimal token: "." or "-1" or 0..64 without leading zeros. */
int rd_numeric_token(const char *t, size_t len, int *value)
{
    if (len == 1 && t[0] == '.') {
        *value = 0;
        return 1;
    }
    if (len == 2 && t[0] == '-' && t[1] == '1') {
        *value = -1;
        return 1;
    }
    if (len == 0 || len > 2 || (len == 2 && t[0] == '0'))
        return 0;
    int v = 0;
    for (size_t i = 0; i < len; i++) {
        if (!is_digit(t[i]))
            return 0;
        v = v * 10 + (t[i] - '0');
    }
    if (v > DOKU_MAX_N)
        return 0;
    *value = v;
    return 1;
}

/* Two or more characters that read as a (signed) integer. */
static int looks_numeric(const char *t, size_t len)
{
    size_t i = (len && t[0] == '-') ? 1 : 0;
    if (len < 2 || i == len)
        return 0;
    for (; i < len; i++)
        if (!is_digit(t[i]))
            return 0;
    return 1;
}

static void row_add(row *rw, char ch, int token, size_t line, size_t col)
{
    if (rw->count < DOKU_MAX_N + 1) {
        raw_cell *c = &rw->cells[rw->count];
        c->ch = ch;
        c->token = (int16_t)token;
        c->line = (uint32_t)line;
        c->col = (uint32_t)col;
        c->mask = 0;
    }
    rw->count++;
}

/* Parses one line as a grid row: tokens separated by spaces and '|'.
 * in_tokens: the grid it continues is already read as decimal numbers. */
void rd_parse_row(const char *s, size_t len, size_t line, int in_tokens, row *rw)
{
    rw->count = 0;
    rw->numeric = 1;
    rw->pencil = 0;
    rw->multichar = 0;
    rw->bad_col = 0;
    rw->bad_num = NULL;
    rw->comment = NULL;
    rw->comment_len = 0;
    size_t end = len;
    for (size_t i = 1; i < len; i++)
        if (s[i] == '#') {
            end = i;
            rw->comment = s + i + 1;
            rw->comment_len = len - i - 1;
            break;
        }
    /* First pass: is every token a number? */
    int ntok = 0;
    const char *odd = NULL;
    size_t odd_len = 0, odd_col = 0;
    for (size_t i = 0, b; rd_next_token(s, end, 1, &i, &b);) {
        int v;
        ntok++;
        if (!rd_numeric_token(s + b, i - b, &v)) {
            rw->numeric = 0;
            if (!odd && looks_numeric(s + b, i - b)) {
                odd = s + b;
                odd_len = i - b;
                odd_col = b + 1;
            }
        } else if (i - b > 1) {
            rw->multichar = 1;
        }
    }
    if (ntok < 2)
        rw->numeric = 0;
    /* "-2" or "65" among decimal tokens ("10", "-1"): a bad number, not a
     * row of single characters '-', '2' ... */
    if (odd && (rw->multichar || in_tokens) && ntok >= 2) {
        rw->bad_col = odd_col;
        rw->bad_num = odd;
        rw->bad_num_len = odd_len;
        return;
    }
    if (rw->numeric && rw->multichar) {
        for (size_t i = 0, b; rd_next_token(s, end, 1, &i, &b);) {
            int v = 0;
            rd_numeric_token(s + b, i - b, &v);
            row_add(rw, 0, v, line, b + 1);
        }
        return;
    }
    rw->multichar = 0;
    for (size_t i = 0; i < end; i++) {
        char c = s[i];
        /* '[5]' is how a marked grid shows a given */
        if (is_space(c) || c == '|' || c == '[' || c == ']')
            continue;
        if (!is_cell_char(c)) {
            if (!rw->bad_col) {
                rw->bad_col = i + 1;
                rw->bad_ch = c;
            }
            continue;
        }
        row_add(rw, c, TOKEN_NONE, line, i + 1);
    }
}

void rd_bad_number_message(const row *rw, char *msg, size_t cap)
{
    snprintf(msg, cap, "number '%.*s' is no cell value (1..%d; '.', '0' or '-1' empty)",
             (int)(rw->bad_num_len > 12 ? 12 : rw->bad_num_len), rw->bad_num, DOKU_MAX_N);
}

/* A frame line is only '-', '+', '*', '|', '=' and spaces; a line of only
 * '-' or only '*' is a row of empty cells when its length says so. */
int rd_is_frame(const char *s, size_t len, int width)
{
    /* HoDoKu's pencil-mark frames: ".-------.-------." and ":---+---:" */
    int run = 0, longest = 0, dotted = 1;
    for (size_t i = 0; i < len && dotted; i++) {
        run = s[i] == '-' ? run + 1 : 0;
        if (run > longest)
            longest = run;
        dotted = is_space(s[i]) || (s[i] && strchr(".:-+|*=", s[i]) != NULL);
    }
    if (dotted && longest >= 6)
        return 1;
    int dash = 0, star = 0, other = 0, k = 0, gaps = 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (is_space(c)) {
            gaps = 1;
            continue;
        }
        if (c == '+' || c == '|' || c == '=')
            other = 1;
        else if (c == '-')
            dash = 1, k++;
        else if (c == '*')
            star = 1, k++;
        else
            return 0;
    }
    if (other || (dash && star))
        return 1;
    if (width)
        return k != width;
    /* "** ** ** **": a hexadoku-style row of empties in box groups */
    if (star && gaps && k >= MIN_SIDE && k <= DOKU_MAX_N)
        return 0;
    int m = 0;
    while ((m + 1) * (m + 1) <= k)
        m++;
    return !(m * m == k && m >= MIN_SIDE && m <= MAX_CHAR_SIDE);
}

int rd_square_side(size_t len)
{
    int m = 0;
    while ((size_t)(m + 1) * (size_t)(m + 1) <= len)
        m++;
    return (size_t)m * (size_t)m == len ? m : 0;
}
