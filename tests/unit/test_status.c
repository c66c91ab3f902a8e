/*
 * test_status.c — the status enum and its strings: every status has its
 * stable number (programs and the server map them to exit codes and
 * HTTP statuses) and its own message, and a value outside the enum is
 * named as such, never NULL.
 *
 * Black-box: only the public header.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "doku.h"

static const struct {
    doku_status status;
    int number;
    const char *text;
} STATUSES[] = {
    {DOKU_OK, 0, "ok"},
    {DOKU_ERR_NOMEM, 1, "out of memory"},
    {DOKU_ERR_ARG, 2, "invalid argument"},
    {DOKU_ERR_SHAPE, 3, "unsupported size or box shape"},
    {DOKU_ERR_REGIONS, 4, "region map must be n regions of n cells each"},
    {DOKU_ERR_VARIANT, 5, "variant not defined for this shape"},
    {DOKU_ERR_PARSE, 6, "not a puzzle"},
    {DOKU_ERR_SIZE, 7, "puzzle size does not match the shape"},
    {DOKU_GAVE_UP, 8, "gave up: a budget ran out"},
    {DOKU_NO_SOLUTION, 9, "no solution"},
    {DOKU_NOT_UNIQUE, 10, "more than one solution"},
    {DOKU_DONE, 11, "nothing more"},
};
enum { NSTATUS = sizeof STATUSES / sizeof STATUSES[0] };

static void test_every_status_has_its_string(void **state)
{
    (void)state;
    for (int i = 0; i < NSTATUS; i++) {
        assert_int_equal((int)STATUSES[i].status, STATUSES[i].number);
        assert_string_equal(doku_status_string(STATUSES[i].status), STATUSES[i].text);
        /* no two statuses share a message */
        for (int j = 0; j < i; j++)
            assert_string_not_equal(doku_status_string(STATUSES[i].status),
                                    doku_status_string(STATUSES[j].status));
    }
}

static void test_unknown_status_is_named(void **state)
{
    (void)state;
    static const int outside[] = {-1, NSTATUS, NSTATUS + 1, 99, 1 << 20};
    for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++)
        assert_string_equal(doku_status_string((doku_status)outside[i]), "unknown status");
}

static void test_version(void **state)
{
    (void)state;
    assert_string_equal(doku_version(), DOKU_VERSION_STRING);
    assert_int_equal(doku_version_number(), DOKU_VERSION_MAJOR * 10000 +
                                                DOKU_VERSION_MINOR * 100 + DOKU_VERSION_PATCH);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_status_has_its_string),
        cmocka_unit_test(test_unknown_status_is_named),
        cmocka_unit_test(test_version),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
