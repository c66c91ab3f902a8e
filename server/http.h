/*
 * http.h — the request handling of `doku serve` (http.c), driven by the
 * libmicrohttpd daemon that daemon.c starts and stops.
 */
#ifndef DOKU_SERVER_HTTP_H
#define DOKU_SERVER_HTTP_H

#include "server.h"

#include <microhttpd.h>
#include <stdio.h>
#include <sys/socket.h>

typedef struct srv_http srv_http;

/* The request state shared by every connection: config, worker pool,
 * counters. loopback: 1 when bound to a loopback address. @return NULL
 * when the worker threads could not start. */
srv_http *srv_http_create(const srv_config *cfg, int loopback, FILE *log);
/* Refuses new jobs, finishes the queued ones (their connections resumed
 * with replies) and joins the workers. */
void srv_http_stop_pool(srv_http *h);
/* Requests begun and not yet completed. */
long srv_http_active(srv_http *h);
/* Frees h (after the daemon has stopped); NULL is ignored. */
void srv_http_free(srv_http *h);

/* libmicrohttpd callbacks; cls is the srv_http. */
enum MHD_Result srv_http_handle(void *cls, struct MHD_Connection *conn, const char *url,
                                const char *method, const char *version,
                                const char *upload_data, size_t *upload_data_size,
                                void **con_cls);
void srv_http_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
                        enum MHD_RequestTerminationCode toe);
/* The pool's job function: runs one request's endpoint within what is
 * left of its budget (the --timeout counts from the moment it was
 * queued). */
void srv_http_run_job(void *job);
/* The pool's expire function: answers a request still queued when its
 * budget ran out with 503 "busy" and a Retry-After. */
void srv_http_expire_job(void *job);


#endif
