/*
 * solve.c — the smallest complete use of libdoku: read one puzzle as a
 * line of n*n characters ('1'-'9' a given, '.' or '0' empty; any n from
 * 4 to 9 whose square is the length), solve it, prove it unique, print
 * the solution. Every call's status is checked and named.
 *
 *   cc solve.c $(pkg-config --cflags --libs doku) -o solve
 *   ./solve 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
 *
 * Exit status: 0 one solution, 1 none or several (or the budget ran
 * out), 2 bad input or a library error.
 */
#include <doku.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *line = argc > 1 ? argv[1] :
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    size_t len = strlen(line);
    int n = 4;
    while (n <= 9 && (size_t)(n * n) != len)
        n++;
    if (n > 9) {
        fprintf(stderr, "solve: %zu characters is no n*n grid with n in 4..9\n", len);
        return 2;
    }
    uint8_t givens[81], solution[81];
    for (size_t i = 0; i < len; i++) {
        char c = line[i];
        if (c == '.' || c == '0') {
            givens[i] = 0;
        } else if (c >= '1' && c - '0' <= n) {
            givens[i] = (uint8_t)(c - '0');
        } else {
            fprintf(stderr, "solve: character %zu ('%c') is not a digit 1-%d or '.'\n",
                    i + 1, c, n);
            return 2;
        }
    }

    /* A shape (the grid's geometry) and a solver for it; both are ours
     * to free, and NULL is safe to free. */
    doku_shape *shape = NULL;
    doku_solver *solver = NULL;
    doku_status st = doku_shape_create_simple(n, 0, &shape);
    if (st == DOKU_OK)
        st = doku_solver_create(shape, &solver);

    /* limit 2: solve and prove there is no second solution; a budget
     * keeps a pathological input from running on. The grids go with
     * their length (len cells), which the library checks. */
    doku_search_opts opts = {0};
    opts.limit = 2;
    opts.time_budget = 10.0;
    doku_search_result res;
    if (st == DOKU_OK)
        st = doku_search(solver, givens, len, &opts, solution, NULL, NULL, &res);

    int rc;
    if (st == DOKU_GAVE_UP) {
        fprintf(stderr, "solve: gave up after %llu nodes\n", (unsigned long long)res.nodes);
        rc = 1;
    } else if (st != DOKU_OK) {
        fprintf(stderr, "solve: %s\n", doku_status_string(st));
        rc = 2;
    } else if (res.solutions != 1) {
        printf("%s\n", res.solutions == 0 ? "no solution" : "several solutions");
        rc = 1;
    } else {
        for (size_t i = 0; i < len; i++)
            putchar(doku_symbol(n, DOKU_SYMBOLS_AUTO, solution[i]));
        putchar('\n');
        rc = 0;
    }
    doku_solver_free(solver);
    doku_shape_free(shape);
    return rc;
}
