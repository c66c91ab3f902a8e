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
    double deadline;         /* now_seconds() + timeout when the job started */
} srv_budget;

struct cJSON;
struct srv_files;

/* What a file endpoint (open, export, print) is handed: the body, the
 * query string's arguments, the budget and the server's file hooks. */
typedef struct srv_call {
    const char *body;        /* JSON, or for a raw endpoint the file's bytes */
    size_t len;
    const struct cJSON *args; /* the query string as an object of strings
                                (never NULL for a raw endpoint) */
    const srv_budget *budget;
    const struct srv_files *files; /* NULL: this build has none */
} srv_call;

/* Where a request is computed. */
enum {
    SRV_INLINE = 0,          /* on the HTTP thread (describes the server) */
    SRV_COMPUTE = 1,         /* the worker pool (--threads) */
    SRV_FILES = 2            /* the pool of file jobs (workbooks, documents):
                                two threads, so a long booklet never holds
                                the workers that answer solve and hint */
};

typedef struct srv_endpoint {
    const char *path;        /* "/api/solve" */
    int post;                /* 1: POST with a body; 0: GET */
    int heavy;               /* SRV_INLINE, SRV_COMPUTE or SRV_FILES */
    void (*run)(const char *body, size_t len, const srv_budget *b, srv_reply *out);
    /* the file endpoints (heavy SRV_FILES) instead of run */
    void (*run_file)(const srv_call *call, srv_reply *out);
    int raw;                 /* 1: the body is a file (any Content-Type, up
                                to --max-upload), options in the query */
} srv_endpoint;

/* @return the endpoint at path, or NULL. */
const srv_endpoint *srv_api_find(const char *path);

#endif
