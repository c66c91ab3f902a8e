/*
 * api.h — the JSON API's endpoints (docs/API.md): a table of names, the
 * method each takes, and the function that answers it. The HTTP layer
 * only looks endpoints up and hands them the request body; every
 * endpoint answers with a reply (a record or an error), never a dropped
 * connection.
 */
#ifndef DOKU_SERVER_API_H
#define DOKU_SERVER_API_H

#include "reply.h"

#include <stddef.h>

/* What a request may spend. */
typedef struct srv_budget {
    double timeout;          /* seconds of computation (the server's --timeout;
                                a request may ask for less) */
    double deadline;         /* cli_now() + timeout when the job started */
} srv_budget;

typedef struct srv_endpoint {
    const char *path;        /* "/api/solve" */
    int post;                /* 1: POST with a JSON body; 0: GET */
    int heavy;               /* 1: computes (runs on a worker thread) */
    void (*run)(const char *body, size_t len, const srv_budget *b, srv_reply *out);
} srv_endpoint;

/* @return the endpoint at path, or NULL. */
const srv_endpoint *srv_api_find(const char *path);

#endif
