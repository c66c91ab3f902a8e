/*
 * status.c — version and status strings: the library's only static data,
 * all of it constant.
 */
#include "doku.h"

const char *doku_version(void)
{
    return DOKU_VERSION_STRING;
}

unsigned doku_version_number(void)
{
    return DOKU_VERSION_NUMBER;
}

const char *doku_status_string(doku_status s)
{
    switch (s) {
    case DOKU_OK: return "ok";
    case DOKU_ERR_NOMEM: return "out of memory";
    case DOKU_ERR_ARG: return "invalid argument";
    case DOKU_ERR_SHAPE: return "unsupported size or box shape";
    case DOKU_ERR_REGIONS: return "region map must be n regions of n cells each";
    case DOKU_ERR_VARIANT: return "variant not defined for this shape";
    case DOKU_ERR_PARSE: return "not a puzzle";
    case DOKU_ERR_SIZE: return "puzzle size does not match the shape";
    case DOKU_GAVE_UP: return "gave up: a budget ran out";
    case DOKU_NO_SOLUTION: return "no solution";
    case DOKU_NOT_UNIQUE: return "more than one solution";
    case DOKU_DONE: return "nothing more";
    }
    return "unknown status";
}
