/*
 * api_endpoints.h — the endpoints that compute, one function each (the
 * srv_endpoint run signature): the body is the request's JSON, the reply
 * the record `doku <command> --format json` prints for the same puzzle
 * and options, or an error. The file endpoints answer with a file (or
 * the list of a file's puzzles) instead.
 */
#ifndef DOKU_SERVER_API_ENDPOINTS_H
#define DOKU_SERVER_API_ENDPOINTS_H

#include "api.h"

/* api_search.c */
void srv_api_solve(const char *body, size_t len, const srv_budget *b, srv_reply *out);
void srv_api_count(const char *body, size_t len, const srv_budget *b, srv_reply *out);
void srv_api_check(const char *body, size_t len, const srv_budget *b, srv_reply *out);
/* api_logic.c */
void srv_api_hint(const char *body, size_t len, const srv_budget *b, srv_reply *out);
void srv_api_explain(const char *body, size_t len, const srv_budget *b, srv_reply *out);
void srv_api_grade(const char *body, size_t len, const srv_budget *b, srv_reply *out);
/* api_generate.c */
void srv_api_generate(const char *body, size_t len, const srv_budget *b, srv_reply *out);
void srv_api_reduce(const char *body, size_t len, const srv_budget *b, srv_reply *out);

/* The file endpoints (heavy SRV_FILES, the srv_endpoint run_file
 * signature). api_open.c: a file's puzzles (raw body). */
void srv_api_open(const srv_call *call, srv_reply *out);
/* api_export.c: one puzzle as a file in a format doku writes. */
void srv_api_export(const srv_call *call, srv_reply *out);
/* api_print.c: a booklet (PDF) of generated or given puzzles. */
void srv_api_print(const srv_call *call, srv_reply *out);

#endif
