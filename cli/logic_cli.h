/*
 * logic_cli.h — what `doku explain`, `doku hint` and `doku grade` share:
 * their common options (--techniques, --no-uniqueness, --no-trial,
 * --pencil), the logic context per puzzle, and the text/JSON forms of a
 * step and of a candidate grid.
 *
 * The one design idea: the three commands are views of the same run of
 * the logic engine (all steps, the first step, the rating), so they share
 * one setup and one way of printing a step.
 */
#ifndef DOKU_LOGIC_CLI_H
#define DOKU_LOGIC_CLI_H

#include "common.h"

typedef struct logic_cli_opts {
    doku_logic_opts lo;   /* techniques mask, uniqueness, no_trial */
    int pencil;           /* --pencil: input is a pencil-mark grid */
} logic_cli_opts;

/* --timeout for the logic commands: checked between steps (a step itself
 * is not interrupted), so a run stops at the first step found after the
 * deadline. */
typedef struct logic_deadline {
    double end;     /* cli_now() seconds, 0 = none */
    int hit;        /* set when the run was stopped by it */
} logic_deadline;

/* A deadline from the command's --timeout (none when not given or 0). */
logic_deadline logic_cli_deadline(const cli_opts *o);
/* 1 (and d->hit set) if d has passed. */
int logic_cli_past(logic_deadline *d);

enum {
    LOGIC_OPT_TECHNIQUES = 100,
    LOGIC_OPT_NO_UNIQUENESS,
    LOGIC_OPT_NO_TRIAL,
    LOGIC_OPT_PENCIL
};

/* Handles the shared options; cmd names the command for messages.
 * @return 0, -1 after an error message, or 1 if id is not one of them. */
int logic_cli_option(logic_cli_opts *lc, const char *cmd, int id, const char *value);

/* The shared options' help text. */
extern const char logic_cli_help[];

/* Creates the logic context for task t and loads its puzzle. On failure
 * writes a message to t->err, sets t->exit_code and returns NULL. */
doku_logic *logic_cli_load(const logic_cli_opts *lc, cli_task *t);

/* "  12. (2.6) Pointing: ..." */
void logic_cli_step_text(cli_buf *b, size_t index, const doku_step *st);
/* {"technique":...,"rating":...,"placements":[...],"eliminations":[...],"text":...} */
void logic_cli_step_json(cli_buf *b, const doku_shape *s, const doku_step *st);
/* The remaining candidates as a grid with one {..} group per empty cell. */
void logic_cli_candidates(cli_buf *b, const doku_shape *s, const doku_logic *lg);
/* The rating with one decimal as JSON number text ("4.2"). */
void logic_cli_rating(cli_buf *b, double r);

/* Parses a pencil-mark grid: n*n whitespace-separated tokens of digits
 * (borders | + - = : ignored), one token per cell; a one-digit token is a
 * filled cell. @return 0 and fills cells/cands, or -1 with why set. */
int logic_cli_parse_pencil(const char *text, int n, uint8_t *cells, uint64_t *cands,
                           char *why, size_t cap);

#endif
