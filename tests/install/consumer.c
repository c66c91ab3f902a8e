/*
 * consumer.c — a program outside the project that uses an installed doku:
 * it solves one puzzle through the public header only. tests/install/run.sh
 * builds it against an install in a temporary prefix, once through
 * pkg-config and once through find_package(doku).
 */
#include <doku.h>
#include <doku_records.h> /* installed beside it */
#include <stdio.h>
#include <string.h>

int main(void)
{
    static const char *puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    if (doku_version_number() != DOKU_VERSION_NUMBER ||
        strcmp(doku_version(), DOKU_VERSION_STRING) != 0) {
        fprintf(stderr, "consumer: header %s, library %s\n", DOKU_VERSION_STRING,
                doku_version());
        return 1;
    }
    uint8_t givens[81], solution[81];
    for (int i = 0; i < 81; i++)
        givens[i] = puzzle[i] == '.' ? 0 : (uint8_t)(puzzle[i] - '0');
    doku_shape *shape = NULL;
    doku_solver *solver = NULL;
    doku_search_result res;
    doku_search_opts opts = {0};
    opts.limit = 2;
    int ok = doku_shape_create_simple(9, 0, &shape) == DOKU_OK &&
             doku_solver_create(shape, &solver) == DOKU_OK &&
             doku_search(solver, givens, sizeof givens, &opts, solution, NULL, NULL, &res) ==
                 DOKU_OK &&
             res.solutions == 1 && doku_verify_solution(shape, givens, solution, sizeof givens);
    doku_solver_free(solver);
    doku_shape_free(shape);
    if (!ok) {
        fprintf(stderr, "consumer: the puzzle was not solved\n");
        return 1;
    }
    printf("consumer: doku %s solved it\n", doku_version());
    return 0;
}
