/*
 * logic_cli.c — shared pieces of the logic commands (explain, hint,
 * grade): options, loading a puzzle into a logic context, and the
 * per-puzzle deadline. Steps and records are written by the library's
 * doku_format_step / doku_format_logic.
 */
#include "logic_cli.h"

#include <stdlib.h>
#include <string.h>

const char logic_cli_help[] =
    "Logic options:\n"
    "  --techniques LIST   allow only these techniques (comma-separated keywords or\n"
    "                      groups: singles, intersections, pairs, triples, quads,\n"
    "                      subsets, fish, single-digit, wings, uniqueness, aligned,\n"
    "                      chains, forcing, trial, all; see docs/TECHNIQUES.md);\n"
    "                      singles are always allowed. The default (and 'all') is\n"
    "                      Sudoku Explainer's set, which gives SE ratings.\n"
    "                      Extended techniques, off unless listed: finned-x-wing,\n"
    "                      finned-swordfish, finned-jellyfish, w-wing, remote-pair,\n"
    "                      simple-colouring, multi-colouring, unique-rectangle-6,\n"
    "                      hidden-rectangle, sue-de-coq, als-xz, als-xy-wing,\n"
    "                      grouped-x-chain, grouped-aic; groups finned-fish,\n"
    "                      colouring, als, grouped-chains, extra (all of them);\n"
    "                      'extended' = SE's set plus all of them (HoDoKu-like),\n"
    "                      each placed at its own rating in the order\n"
    "  --no-uniqueness     never use techniques that assume a unique solution\n"
    "  --no-trial          never use the trial-and-error last resort\n"
    "  (--timeout is checked between steps: the run gives up at the first step\n"
    "  found after it, and says so)\n";

int logic_cli_option(logic_cli_opts *lc, const char *cmd, int id, const char *value)
{
    switch (id) {
    case LOGIC_OPT_TECHNIQUES: {
        const char *bad = NULL;
        uint64_t mask = 0;
        if (doku_technique_mask(value, &mask, &bad) != DOKU_OK) {
            size_t len = 0;
            while (bad && bad[len] && bad[len] != ',' && bad[len] != ' ')
                len++;
            return cli_usage_error(cmd, "--techniques: unknown technique '%.*s'", (int)len,
                                   bad ? bad : "");
        }
        lc->lo.techniques = mask;
        return 0;
    }
    case LOGIC_OPT_NO_UNIQUENESS:
        lc->lo.uniqueness = -1;
        return 0;
    case LOGIC_OPT_NO_TRIAL:
        lc->lo.no_trial = 1;
        return 0;
    case LOGIC_OPT_PENCIL:
        lc->pencil = 1;
        return 0;
    }
    return 1;
}

doku_logic *logic_cli_load(const logic_cli_opts *lc, cli_task *t)
{
    doku_logic *lg = NULL;
    if (doku_logic_create(t->shape, &lc->lo, &lg) != DOKU_OK) {
        cli_buf_printf(&t->err, "%s:%zu: out of memory\n", t->file, t->line);
        t->exit_code = CLI_EXIT_FAIL;
        return NULL;
    }
    if (doku_logic_load(lg, t->cells) != DOKU_OK) {
        cli_buf_printf(&t->err, "%s:%zu: ", t->file, t->line);
        if (cli_describe_conflicts(&t->err, t->shape, t->cells, DOKU_SYMBOLS_AUTO, NULL, 3) <= 0)
            cli_buf_puts(&t->err, "invalid puzzle");
        cli_buf_puts(&t->err, "\n");
        t->exit_code = CLI_EXIT_FAIL;
        doku_logic_free(lg);
        return NULL;
    }
    return lg;
}

logic_deadline logic_cli_deadline(const cli_opts *o)
{
    logic_deadline d = {0, 0};
    if (o->timeout_given && o->timeout > 0)
        d.end = cli_now() + o->timeout;
    return d;
}

int logic_cli_past(logic_deadline *d)
{
    if (d->end > 0 && cli_now() > d->end)
        d->hit = 1;
    return d->hit;
}
