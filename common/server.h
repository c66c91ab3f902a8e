/*
 * server.h — `doku serve`: the HTTP server behind the web page and the
 * JSON API (docs/API.md), defined in server/. The CLI's cmd_serve.c fills
 * a srv_config from the command line and calls srv_run, which returns when
 * SIGINT or SIGTERM arrives and every request in flight has been answered.
 * It sits here, below cli/ and server/, as the one interface between them.
 */
#ifndef DOKU_COMMON_SERVER_H
#define DOKU_COMMON_SERVER_H

#include <stddef.h>
#include <stdio.h>

struct srv_files;

typedef struct srv_config {
    const char *host;        /* address to bind, "127.0.0.1" by default */
    int port;                /* 0: any free port (the one taken is printed) */
    int threads;             /* compute workers, >= 1 */
    size_t max_body;         /* bytes of a request body */
    double timeout;          /* seconds of computation per request */
    int max_connections;     /* open connections at once */
    const char *cors;        /* NULL, or the one origin allowed by CORS */
    int quiet;               /* 1: no access log */
    size_t max_upload;       /* bytes of a file sent to /api/open */
    const struct srv_files *files; /* workbooks and documents (server_files.h);
                                      NULL: those endpoints answer 501 */
} srv_config;

/* The defaults of every field (host 127.0.0.1, port 8080, ...). */
void srv_config_defaults(srv_config *c);

/* Serves until SIGINT/SIGTERM. The address is printed on out once the
 * port is bound ("doku serve: listening on http://127.0.0.1:8080/");
 * access log lines and warnings go to log. @return 0 after a clean
 * shutdown, 1 when the server could not start (the reason printed). */
int srv_run(const srv_config *c, FILE *out, FILE *log);

#endif
