/*
 * http.c — the HTTP side of `doku serve` on libmicrohttpd: routing,
 * request bodies, response headers, the access log, and the hand-over of
 * computing requests to the worker pool.
 *
 * The one design idea: HTTP threads never compute. A POST whose body is
 * complete becomes a job; its connection is suspended (costing no thread)
 * until a worker has the reply and resumes it. Slow clients therefore
 * hold only a connection slot, a long generate holds only one worker,
 * and a full queue is answered 503 at once. Every path through the
 * handler ends in a response: bad input never closes a connection.
 * File jobs (workbooks read, documents drawn) have a pool of their own,
 * and the bytes of uploads held at once are capped, so a few large
 * files neither hold the solving workers nor fill memory.
 */
#include "http.h"

#include "api.h"
#include "assets.h"
#include "pool.h"
#include "clock.h"

#include <arpa/inet.h>
#include <cjson/cJSON.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* The page's policy: everything from this origin, nothing inline. */
/* The client address as text ("?" when unknown), for the access log. */
static void format_addr(const struct sockaddr *addr, char *buf, size_t cap)
{
    snprintf(buf, cap, "?");
    if (!addr)
        return;
    if (addr->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)addr)->sin_addr, buf,
                  (socklen_t)cap);
    else if (addr->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)addr)->sin6_addr, buf,
                  (socklen_t)cap);
}

static const char csp[] =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'";

/* Threads of the file-job pool (api.h, SRV_FILES). */
#define FILE_THREADS 2
/* Upload bytes held at once, in units of --max-upload. */
#define UPLOADS_AT_ONCE 4

struct srv_http {
    srv_config cfg;
    srv_pool *pool;
    srv_pool *files;          /* file jobs (SRV_FILES) */
    atomic_size_t uploads;    /* bytes of raw bodies held right now */
    FILE *log;
    int loopback;             /* bound to a loopback address: check Host */
    atomic_int stopping;
    atomic_long active;       /* requests begun and not yet completed */
};

typedef enum req_phase {
    PHASE_READING = 0,        /* receiving the body */
    PHASE_WAITING = 1,        /* suspended, a worker has the job */
    PHASE_DONE = 2            /* reply ready (or sent) */
} req_phase;

typedef struct srv_request {
    srv_http *http;
    struct MHD_Connection *conn;
    const srv_endpoint *ep;
    char method[8];
    char path[160];           /* for the log, cut */
    char client[64];
    double start;
    double deadline;          /* when queued: its whole budget ends here */
    char *body;
    size_t len, cap;
    int too_large;
    int too_busy;             /* the upload cap was reached: 503 at the end */
    size_t held;              /* bytes counted in srv_http.uploads */
    cJSON *args;              /* a raw endpoint's query arguments */
    req_phase phase;
    srv_reply reply;
    int status;               /* status sent, for the log */
    size_t sent;              /* body bytes sent */
} srv_request;

srv_http *srv_http_create(const srv_config *cfg, int loopback, FILE *log)
{
    srv_http *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->cfg = *cfg;
    h->log = log;
    h->loopback = loopback;
    atomic_init(&h->stopping, 0);
    atomic_init(&h->active, 0);
    /* each connection has at most one job, so this queue never refuses a
     * job the connection limit let in */
    h->pool = srv_pool_create(cfg->threads, (size_t)cfg->max_connections + 1, srv_http_run_job,
                              srv_http_expire_job);
    h->files = srv_pool_create(FILE_THREADS, (size_t)cfg->max_connections + 1, srv_http_run_job,
                               srv_http_expire_job);
    atomic_init(&h->uploads, 0);
    if (!h->pool || !h->files) {
        srv_pool_free(h->pool);
        srv_pool_free(h->files);
        free(h);
        return NULL;
    }
    return h;
}

void srv_http_stop_pool(srv_http *h)
{
    atomic_store(&h->stopping, 1);
    srv_pool_shutdown(h->pool);
    srv_pool_shutdown(h->files);
}

long srv_http_active(srv_http *h)
{
    return atomic_load(&h->active);
}

void srv_http_free(srv_http *h)
{
    if (!h)
        return;
    srv_pool_free(h->pool);
    srv_pool_free(h->files);
    free(h);
}

/* ---- responses -------------------------------------------------------- */

static void add_common_headers(srv_request *rq, struct MHD_Response *resp, int api)
{
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(resp, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(resp, "X-Frame-Options", "DENY");
    MHD_add_response_header(resp, "Cross-Origin-Opener-Policy", "same-origin");
    MHD_add_response_header(resp, "Cross-Origin-Resource-Policy", "same-origin");
    MHD_add_response_header(resp, "Content-Security-Policy", csp);
    MHD_add_response_header(resp, "Cache-Control", api ? "no-store" : "no-cache");
    if (rq->http->cfg.cors) {
        MHD_add_response_header(resp, "Access-Control-Allow-Origin", rq->http->cfg.cors);
        MHD_add_response_header(resp, "Access-Control-Expose-Headers",
                                "Content-Disposition, X-Doku-Puzzles, X-Doku-Requested");
        MHD_add_response_header(resp, "Vary", "Origin");
    }
    if (atomic_load(&rq->http->stopping))
        MHD_add_response_header(resp, "Connection", "close");
}

/* Queues rq->reply (its body passes to libmicrohttpd). */
static enum MHD_Result send_reply(srv_request *rq)
{
    srv_reply *r = &rq->reply;
    struct MHD_Response *resp;
    if (r->body) {
        resp = MHD_create_response_from_buffer(r->len, r->body, MHD_RESPMEM_MUST_FREE);
    } else {
        resp = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
    }
    if (!resp) {
        srv_reply_clear(r);
        return MHD_NO;
    }
    r->body = NULL; /* owned by the response now */
    MHD_add_response_header(resp, "Content-Type", r->type ? r->type : "application/json");
    add_common_headers(rq, resp, 1);
    if (r->filename[0]) {
        char cd[160];
        snprintf(cd, sizeof cd, "attachment; filename=\"%s\"", r->filename);
        MHD_add_response_header(resp, "Content-Disposition", cd);
    }
    /* the endpoint's own headers, "Name: value\n" lines of its own text */
    int retry_after = 0;
    for (char *line = r->headers; *line;) {
        char *nl = strchr(line, '\n'), *colon = strchr(line, ':');
        if (!nl || !colon || colon > nl)
            break;
        *nl = *colon = '\0';
        retry_after |= !strcasecmp(line, "Retry-After");
        MHD_add_response_header(resp, line, colon + 2);
        line = nl + 1;
    }
    r->headers[0] = '\0';
    if (r->status == 503 && !retry_after)
        MHD_add_response_header(resp, "Retry-After", "1");
    if (r->status == 405)
        MHD_add_response_header(resp, "Allow", rq->ep ? (rq->ep->post ? "POST" : "GET, HEAD")
                                                      : "GET, HEAD");
    rq->status = r->status;
    rq->sent = r->len;
    rq->phase = PHASE_DONE;
    enum MHD_Result ok = MHD_queue_response(rq->conn, (unsigned)r->status, resp);
    MHD_destroy_response(resp);
    return ok;
}

static enum MHD_Result send_error(srv_request *rq, int status, const char *code,
                                  const char *message, const char *where)
{
    srv_reply_error(&rq->reply, status, code, message, where);
    return send_reply(rq);
}

static enum MHD_Result send_asset(srv_request *rq, const srv_asset *a)
{
    struct MHD_Response *resp =
        MHD_create_response_from_buffer(a->len, (void *)a->data, MHD_RESPMEM_PERSISTENT);
    if (!resp)
        return MHD_NO;
    MHD_add_response_header(resp, "Content-Type", a->type);
    add_common_headers(rq, resp, 0);
    rq->status = 200;
    rq->sent = a->len;
    rq->phase = PHASE_DONE;
    enum MHD_Result ok = MHD_queue_response(rq->conn, MHD_HTTP_OK, resp);
    MHD_destroy_response(resp);
    return ok;
}

static enum MHD_Result send_preflight(srv_request *rq)
{
    struct MHD_Response *resp = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
    if (!resp)
        return MHD_NO;
    add_common_headers(rq, resp, 1);
    MHD_add_response_header(resp, "Access-Control-Allow-Methods", "GET, POST, OPTIONS");
    MHD_add_response_header(resp, "Access-Control-Allow-Headers", "Content-Type");
    MHD_add_response_header(resp, "Access-Control-Max-Age", "600");
    rq->status = 204;
    rq->phase = PHASE_DONE;
    enum MHD_Result ok = MHD_queue_response(rq->conn, MHD_HTTP_NO_CONTENT, resp);
    MHD_destroy_response(resp);
    return ok;
}

/* ---- checks on the request line and headers --------------------------- */

/* With a loopback address the Host must name loopback too: a page on
 * another site cannot reach the server by rebinding its DNS name. */
static int host_ok(srv_request *rq)
{
    if (!rq->http->loopback)
        return 1;
    const char *host = MHD_lookup_connection_value(rq->conn, MHD_HEADER_KIND, "Host");
    if (!host)
        return 1; /* HTTP/1.0 without Host: a local tool */
    size_t len = strlen(host);
    const char *colon = strrchr(host, ':');
    if (colon && !strchr(colon, ']'))
        len = (size_t)(colon - host);
    static const char *const names[] = {"localhost", "127.0.0.1", "[::1]"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i]) == len && !strncasecmp(host, names[i], len))
            return 1;
    return 0;
}

static int json_content_type(srv_request *rq)
{
    const char *ct = MHD_lookup_connection_value(rq->conn, MHD_HEADER_KIND, "Content-Type");
    if (!ct)
        return 1;
    return !strncasecmp(ct, "application/json", 16) &&
           (ct[16] == '\0' || ct[16] == ';' || ct[16] == ' ');
}

/* Bytes of a refused body the server still reads (and drops) so that the
 * client, which may be busy sending it, gets to read the 413. */
#define DRAIN_BYTES ((unsigned long long)8 << 20)

/* The largest body rq's endpoint takes: --max-upload for a file, else
 * --max-body. */
static size_t body_limit(const srv_request *rq)
{
    return rq->ep && rq->ep->raw ? rq->http->cfg.max_upload : rq->http->cfg.max_body;
}

/* A declared body longer than the limit: 0 no, 1 yes but small enough to
 * drain, 2 yes and refused before it is read (the connection then
 * closes). */
static int declared_too_large(srv_request *rq)
{
    const char *cl = MHD_lookup_connection_value(rq->conn, MHD_HEADER_KIND, "Content-Length");
    if (!cl)
        return 0;
    char *end;
    unsigned long long v = strtoull(cl, &end, 10);
    if (*end != '\0' || v <= body_limit(rq))
        return 0;
    return v <= body_limit(rq) + DRAIN_BYTES ? 1 : 2;
}

/* Counts size more bytes of a raw body against the upload cap. @return
 * 0, or -1 when the cap would be passed (nothing counted). */
static int hold_upload(srv_request *rq, size_t size)
{
    srv_http *h = rq->http;
    size_t cap = h->cfg.max_upload * UPLOADS_AT_ONCE;
    size_t cur = atomic_load(&h->uploads);
    do {
        if (cur + size > cap)
            return -1;
    } while (!atomic_compare_exchange_weak(&h->uploads, &cur, cur + size));
    rq->held += size;
    return 0;
}

static void release_upload(srv_request *rq)
{
    if (rq->held)
        atomic_fetch_sub(&rq->http->uploads, rq->held);
    rq->held = 0;
}

/* ---- the worker side -------------------------------------------------- */

void srv_http_run_job(void *job)
{
    srv_request *rq = job;
    if (atomic_load(&rq->http->stopping)) {
        /* queued when the stop came: answered at once, not computed, so
         * shutdown waits for the running jobs only */
        srv_reply_error(&rq->reply, 503, "shutting_down", "the server is shutting down", NULL);
    } else {
        /* the time spent queued is spent from the budget: the request's
         * whole life stays within --timeout */
        srv_budget b;
        b.timeout = rq->http->cfg.timeout;
        b.deadline = rq->deadline;
        if (rq->ep->run_file) {
            srv_call call = {rq->body ? rq->body : "", rq->len, rq->args, &b,
                             rq->http->cfg.files};
            rq->ep->run_file(&call, &rq->reply);
        } else {
            rq->ep->run(rq->body ? rq->body : "", rq->len, &b, &rq->reply);
        }
    }
    rq->phase = PHASE_DONE;
    MHD_resume_connection(rq->conn);
}

/* What a request keeps of its budget for the answer's way back (the reply
 * written, the client woken, a logic step that overruns a little): 5% of
 * --timeout, at most a quarter of a second. */
static double reply_margin(double timeout)
{
    double m = timeout * 0.05;
    return m < 0.25 ? m : 0.25;
}

void srv_http_expire_job(void *job)
{
    srv_request *rq = job;
    double t = rq->http->cfg.timeout;
    char msg[200], after[24];
    snprintf(msg, sizeof msg,
             "the server is busy: the request waited its whole time budget (%.3g s, --timeout) "
             "for a free worker; try again in a moment", t);
    srv_reply_error(&rq->reply, 503, "busy", msg, NULL);
    /* the queue was a whole budget deep: a retry much sooner meets it again */
    snprintf(after, sizeof after, "%.0f", t < 1 ? 1.0 : t + 0.499);
    srv_reply_header(&rq->reply, "Retry-After", after);
    rq->phase = PHASE_DONE;
    MHD_resume_connection(rq->conn);
}

static void too_large_message(srv_request *rq, char *buf, size_t cap)
{
    if (rq->ep && rq->ep->raw)
        snprintf(buf, cap, "the file is larger than the server's limit of %zu bytes "
                           "(--max-upload)", rq->http->cfg.max_upload);
    else
        snprintf(buf, cap, "the request body is larger than the server's limit of %zu bytes "
                           "(--max-body)", rq->http->cfg.max_body);
}

static const char busy_uploads[] =
    "the server is busy reading other files: try again in a moment";

/* The body is complete: run the endpoint on a worker. */
static enum MHD_Result dispatch(srv_request *rq)
{
    if (rq->too_large) {
        char msg[160];
        too_large_message(rq, msg, sizeof msg);
        return send_error(rq, 413, "body_too_large", msg, NULL);
    }
    if (rq->too_busy)
        return send_error(rq, 503, "busy", busy_uploads, NULL);
    if (atomic_load(&rq->http->stopping))
        return send_error(rq, 503, "shutting_down", "the server is shutting down", NULL);
    rq->phase = PHASE_WAITING;
    MHD_suspend_connection(rq->conn);
    srv_pool *pool = rq->ep->heavy == SRV_FILES ? rq->http->files : rq->http->pool;
    rq->deadline = now_seconds() + rq->http->cfg.timeout - reply_margin(rq->http->cfg.timeout);
    if (srv_pool_submit(pool, rq, rq->deadline) != 0) {
        srv_reply_error(&rq->reply, 503, "busy",
                        atomic_load(&rq->http->stopping)
                            ? "the server is shutting down"
                            : "the server is busy: too many requests are waiting; try again",
                        NULL);
        rq->phase = PHASE_DONE;
        MHD_resume_connection(rq->conn);
    }
    return MHD_YES;
}

/* @return 0 appended, 1 the body is over the limit, -1 out of memory. */
static int append_body(srv_request *rq, const char *data, size_t size)
{
    if (rq->too_large || rq->too_busy)
        return 1;
    if (rq->len + size > body_limit(rq) ||
        (rq->ep && rq->ep->raw && hold_upload(rq, size) != 0)) {
        if (rq->len + size > body_limit(rq))
            rq->too_large = 1;
        else
            rq->too_busy = 1;
        free(rq->body);
        rq->body = NULL;
        rq->len = rq->cap = 0;
        release_upload(rq);
        return 1;
    }
    if (rq->len + size + 1 > rq->cap) {
        size_t cap = rq->cap ? rq->cap : 1024;
        while (cap < rq->len + size + 1)
            cap *= 2;
        char *p = realloc(rq->body, cap);
        if (!p)
            return -1;
        rq->body = p;
        rq->cap = cap;
    }
    memcpy(rq->body + rq->len, data, size);
    rq->len += size;
    rq->body[rq->len] = '\0';
    return 0;
}

/* ---- the access handler ------------------------------------------------- */

static srv_request *request_begin(srv_http *h, struct MHD_Connection *conn, const char *url,
                                  const char *method)
{
    srv_request *rq = calloc(1, sizeof *rq);
    if (!rq)
        return NULL;
    rq->http = h;
    rq->conn = conn;
    rq->start = now_seconds();
    snprintf(rq->method, sizeof rq->method, "%s", method);
    /* the log shows the path with control bytes replaced */
    size_t i = 0;
    for (; url[i] && i + 1 < sizeof rq->path; i++)
        rq->path[i] = (url[i] < 0x20 || url[i] == 0x7f || url[i] == '"') ? '?' : url[i];
    rq->path[i] = '\0';
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    format_addr(ci ? ci->client_addr : NULL, rq->client, sizeof rq->client);
    atomic_fetch_add(&h->active, 1);
    return rq;
}

/* MHD_KeyValueIterator: one query argument into the object (a repeated
 * name keeps its first value; an argument without '=' is ""). */
static enum MHD_Result add_arg(void *cls, enum MHD_ValueKind kind, const char *key,
                               const char *value)
{
    (void)kind;
    cJSON *args = cls;
    if (key && !cJSON_GetObjectItemCaseSensitive(args, key))
        cJSON_AddStringToObject(args, key, value ? value : "");
    return MHD_YES;
}

static enum MHD_Result route(srv_request *rq, const char *url, const char *method)
{
    int get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
    int post = !strcmp(method, "POST");
    if (!host_ok(rq))
        return send_error(rq, 403, "bad_host",
                          "the Host header does not name this server's loopback address", "Host");
    if (!strcmp(method, "OPTIONS") && rq->http->cfg.cors)
        return send_preflight(rq);
    if (!strncmp(url, "/api/", 5)) {
        rq->ep = srv_api_find(url);
        if (!rq->ep)
            return send_error(rq, 404, "not_found", "no such API endpoint", url);
        if (rq->ep->post ? !post : !get) {
            char msg[96];
            snprintf(msg, sizeof msg, "%s takes %s", rq->ep->path,
                     rq->ep->post ? "POST with a JSON body" : "GET");
            return send_error(rq, 405, "method_not_allowed", msg, method);
        }
        if (!rq->ep->post) {
            srv_budget b = {rq->http->cfg.timeout, now_seconds() + rq->http->cfg.timeout};
            rq->ep->run("", 0, &b, &rq->reply);
            return send_reply(rq);
        }
        if (rq->ep->raw) {
            /* a file: its bytes are the body, the options the query's */
            rq->args = cJSON_CreateObject();
            if (!rq->args)
                return send_error(rq, 500, "no_memory", "out of memory", NULL);
            MHD_get_connection_values(rq->conn, MHD_GET_ARGUMENT_KIND, add_arg, rq->args);
        } else if (!json_content_type(rq))
            return send_error(rq, 415, "unsupported_media_type",
                              "the request body must be JSON (Content-Type: application/json)",
                              "Content-Type");
        int big = declared_too_large(rq);
        if (big == 1) {
            rq->too_large = 1; /* read to its end, then 413 */
            return MHD_YES;
        }
        if (big == 2) {
            char msg[160];
            too_large_message(rq, msg, sizeof msg);
            return send_error(rq, 413, "body_too_large", msg, "Content-Length");
        }
        return MHD_YES; /* the body follows */
    }
    if (!get)
        return send_error(rq, 405, "method_not_allowed", "the page's files take GET", method);
    const srv_asset *a = srv_asset_find(url);
    if (!a)
        return send_error(rq, 404, "not_found", "no such file", url);
    return send_asset(rq, a);
}

enum MHD_Result srv_http_handle(void *cls, struct MHD_Connection *conn, const char *url,
                                const char *method, const char *version,
                                const char *upload_data, size_t *upload_data_size,
                                void **con_cls)
{
    srv_http *h = cls;
    srv_request *rq = *con_cls;
    if (!rq) {
        rq = request_begin(h, conn, url, method);
        if (!rq)
            return MHD_NO;
        *con_cls = rq;
        return route(rq, url, method);
    }
    switch (rq->phase) {
    case PHASE_READING:
        if (*upload_data_size) {
            /* past the limit the rest is read and dropped (memory stays
             * bounded) and the answer, 413, comes at the end of the body */
            if (append_body(rq, upload_data, *upload_data_size) < 0) {
                *upload_data_size = 0;
                return send_error(rq, 500, "no_memory", "out of memory reading the body", NULL);
            }
            *upload_data_size = 0;
            return MHD_YES;
        }
        return dispatch(rq);
    case PHASE_WAITING:
        return MHD_YES; /* woken without a reply: keep waiting */
    case PHASE_DONE:
        if (*upload_data_size) {
            *upload_data_size = 0; /* the rest of a refused body */
            return MHD_YES;
        }
        if (rq->status == 0)
            return send_reply(rq);
        return MHD_YES;
    }
    return MHD_NO;
}

void srv_http_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
                        enum MHD_RequestTerminationCode toe)
{
    srv_http *h = cls;
    srv_request *rq = *con_cls;
    if (!rq)
        return;
    *con_cls = NULL;
    if (!h->cfg.quiet) {
        char when[32];
        time_t now = time(NULL);
        struct tm tm;
        gmtime_r(&now, &tm);
        strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
        const char *note = toe == MHD_REQUEST_TERMINATED_COMPLETED_OK ? ""
                           : toe == MHD_REQUEST_TERMINATED_TIMEOUT_REACHED ? " (client timed out)"
                           : toe == MHD_REQUEST_TERMINATED_CLIENT_ABORT ? " (client went away)"
                           : toe == MHD_REQUEST_TERMINATED_DAEMON_SHUTDOWN ? " (shutdown)"
                           : rq->status ? "" : " (closed)";
        fprintf(h->log, "%s %s \"%s %s\" %d %zu %.2fms%s\n", when, rq->client, rq->method,
                rq->path, rq->status, rq->sent, (now_seconds() - rq->start) * 1000.0, note);
    }
    srv_reply_clear(&rq->reply);
    release_upload(rq);
    cJSON_Delete(rq->args);
    free(rq->body);
    free(rq);
    atomic_fetch_sub(&h->active, 1);
}
