/*
 * doku_parse.h — what a person types as an option or a field, parsed
 * once: box specs, variant lists, symbol sets, jigsaw region maps, rating
 * ranges, clue bands, symmetries, difficulties, qqwing levels and
 * technique lists. The CLI, the server and the bindings call these, so
 * the same bad value gets the same message wherever it is typed.
 *
 * Every parser:
 * - returns DOKU_OK with its results in the out-parameters (written only
 *   on success); DOKU_ERR_PARSE for a bad value, with err filled;
 *   DOKU_ERR_ARG for a NULL text or a NULL out-parameter;
 * - takes err (may be NULL): on DOKU_ERR_PARSE it says what is wrong and
 *   where, quoting the value, e.g. "rating range '3.5-x': 'x' is not a
 *   number"; callers prefix the option or field it came from. On DOKU_OK
 *   err->note may hold a note for an old spelling that was accepted
 *   (e.g. qqwing's level names given as a difficulty), else "";
 * - reads only its arguments: pure and thread-safe; owns nothing.
 */
#ifndef DOKU_PARSE_H
#define DOKU_PARSE_H

#include "doku.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The message of a parser. line and col are 1-based and locate the bad
 * part inside the text (line 1 for a one-line value); 0 when the
 * complaint is about the whole value. message is "" on success; note is
 * "" unless an old spelling was accepted. Both are NUL-terminated and cut
 * to fit. */
typedef struct doku_parse_error {
    int line, col;
    char message[200];
    char note[200];
} doku_parse_error;

/* "RxC" (e.g. "2x3", 'X' too): a box of R rows and C columns, with
 * R, C >= 1 and 2 <= R*C <= DOKU_MAX_N. */
DOKU_API doku_status doku_parse_box(const char *text, int *box_rows, int *box_cols,
                                    doku_parse_error *err);

/* A list of variant words separated by ',', '+' or blanks: "x" (both
 * diagonals), "hyper" or "windoku" (the four windows), "none"; any case.
 * "" is none. *variants receives DOKU_VARIANT_* flags. */
DOKU_API doku_status doku_parse_variants(const char *text, unsigned *variants,
                                         doku_parse_error *err);

/* "1-9A-Z", "0-9A-Z", "A-Z" or "auto" (doku_symbols). */
DOKU_API doku_status doku_parse_symbols(const char *text, doku_symbols *symbols,
                                        doku_parse_error *err);

/* A jigsaw region map: text (len bytes, NUL not needed) laid out like a
 * grid, n*n symbols, each distinct symbol one region. Blanks, ',', ';'
 * and '|' separate; lines made only of - + = * | (and blanks) are
 * frames and lines starting with '#' comments; both are skipped. When
 * every symbol is a decimal token, some longer than a character, the
 * tokens are the symbols (maps for sides past 35). map (cap bytes, the
 * caller's; DOKU_MAX_CELLS always suffices) receives n*n region ids
 * 0..n-1 numbered by first appearance, and *n the side. err locates a
 * bad symbol by line and column of text. The map is not checked against
 * a shape (boxes, variants): doku_shape_create does that. Also returns
 * DOKU_ERR_ARG when cap < n*n and DOKU_ERR_NOMEM (it allocates scratch). */
DOKU_API doku_status doku_parse_regions(const char *text, size_t len, uint8_t *map,
                                        size_t cap, int *n, doku_parse_error *err);

/* A rating range on the grader's ER scale: "MIN-MAX", "MIN+" (no upper
 * bound), one number, or a difficulty name (doku_difficulty_range; old
 * spellings as doku_parse_difficulty). Numbers are finite and >= 0,
 * MIN <= MAX. *max receives -1 for an open range, as
 * doku_rating_filter_opts takes it. */
DOKU_API doku_status doku_parse_rating_range(const char *text, double *min, double *max,
                                             doku_parse_error *err);

/* A band of givens: "N" or "MIN-MAX", 1 <= MIN <= MAX <= ncells
 * (ncells: the grid's cells, or 0 when not known yet: DOKU_MAX_CELLS). */
DOKU_API doku_status doku_parse_clues(const char *text, int ncells, int *min, int *max,
                                      doku_parse_error *err);

/* A symmetry name as doku_symmetry_name prints it (none, rot180, rot90,
 * mirror, flip, diagonal, antidiagonal, random), or qqwing's "rotate90",
 * "rotate180" and "rotational" (rot180); any case. */
DOKU_API doku_status doku_parse_symmetry(const char *text, doku_symmetry *symmetry,
                                         doku_parse_error *err);

/* A difficulty name (easy, medium, hard, unfair, extreme; "any" for
 * ANY; any case) into *difficulty, with *qqwing = ANY. Old spellings are
 * accepted with a note in err: qqwing's "simple", "intermediate" and
 * "expert" (the old --difficulty values) set *qqwing instead, with
 * *difficulty = ANY. */
DOKU_API doku_status doku_parse_difficulty(const char *text, doku_difficulty *difficulty,
                                           doku_qqwing_level *qqwing, doku_parse_error *err);

/* One of qqwing's levels: simple, easy, intermediate, expert, or any. */
DOKU_API doku_status doku_parse_qqwing_level(const char *text, doku_qqwing_level *level,
                                             doku_parse_error *err);

/* A comma-separated list of technique keywords, display names as explain
 * prints them ("X-Wing", "Hidden Single"; any case) and group names (see
 * docs/TECHNIQUES.md: "singles", "subsets", "fish", "wings",
 * "uniqueness", "chains", "forcing", "all", ...) into a mask of
 * (1ull << doku_technique). Singles are always included. "all" is SE's
 * set; the extended techniques come with their own keywords, the groups
 * "finned-fish", "colouring", "als", "grouped-chains", "extra" (all of
 * them) and "extended" (SE's set plus all of them). err->col points at
 * the first unknown word. */
DOKU_API doku_status doku_parse_techniques(const char *text, uint64_t *mask,
                                           doku_parse_error *err);

/* A technique list as a requirement (what generate's --require and a
 * rating filter's `require` take): doku_parse_techniques' list, with the
 * singles dropped unless nothing else is named (every path uses them),
 * refused when it names only extended techniques (the grader rates with
 * SE's set, so no path could use them). */
DOKU_API doku_status doku_parse_required_techniques(const char *text, uint64_t *mask,
                                                    doku_parse_error *err);

#ifdef __cplusplus
}
#endif

#endif
