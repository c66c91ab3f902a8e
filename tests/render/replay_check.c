/*
 * replay_check.c — the candidates the pictures of an explanation show
 * (render/replay.c, rebuilt from the record alone) are the logic engine's
 * own before every step. Reads `doku explain --format json` records of
 * one shape on stdin; argv: side n and variant flags (DOKU_VARIANT_*).
 * Exit 0 when every cell of every step agrees.
 */
#include "record.h"
#include "replay.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 9;
    unsigned variants = argc > 2 ? (unsigned)atoi(argv[2]) : 0;
    doku_shape *s = NULL;
    doku_logic *lg = NULL;
    if (doku_shape_create_simple(n, variants, &s) != DOKU_OK ||
        doku_logic_create(s, NULL, &lg) != DOKU_OK) {
        fprintf(stderr, "replay_check: no %dx%d shape\n", n, n);
        return 2;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long records = 0, steps = 0, bad = 0;
    while ((len = getline(&line, &cap, stdin)) > 0) {
        rd_record r;
        rd_replay p;
        char why[256];
        if (rd_record_parse(&r, s, DOKU_SYMBOLS_AUTO, line, (size_t)len, why, sizeof why) != 0) {
            fprintf(stderr, "record %ld: %s\n", records + 1, why);
            bad++;
            continue;
        }
        records++;
        if (rd_replay_init(&p, &r) != 0 || doku_logic_load(lg, r.puzzle, (size_t)doku_shape_cells(s)) != DOKU_OK)
            return 2;
        for (size_t k = 0; k < r.nsteps; k++, steps++) {
            doku_step st;
            if (doku_logic_next(lg, &st) != DOKU_OK) {
                fprintf(stderr, "record %ld: the engine stops before step %zu\n", records, k + 1);
                bad++;
                break;
            }
            const uint64_t *cands = doku_logic_candidates(lg);
            const uint8_t *cells = doku_logic_cells(lg);
            for (int i = 0; i < n * n; i++) {
                uint64_t want = cells[i] ? 0 : cands[i];
                if (cells[i] != p.cells[i] || want != p.cands[i]) {
                    if (bad++ < 10)
                        fprintf(stderr, "record %ld step %zu cell %d: engine %d/%llx, picture "
                                "%d/%llx\n", records, k + 1, i, cells[i],
                                (unsigned long long)want, p.cells[i],
                                (unsigned long long)p.cands[i]);
                }
            }
            rd_replay_apply(&p, &r.steps[k]);
            doku_logic_apply(lg);
        }
        rd_replay_free(&p);
        rd_record_free(&r);
    }
    free(line);
    doku_logic_free(lg);
    doku_shape_free(s);
    printf("replay_check: %ld records, %ld steps, %ld differences\n", records, steps, bad);
    return bad || !records ? 1 : 0;
}
