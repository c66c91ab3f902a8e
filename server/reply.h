/*
 * reply.h — what a request handler hands back: a status and a body it
 * owns, plus the one way every error is written
 * ({"error": {"code", "message", "where"}}).
 */
#ifndef DOKU_SERVER_REPLY_H
#define DOKU_SERVER_REPLY_H

#include <stddef.h>

typedef struct srv_reply {
    int status;               /* HTTP status */
    char *body;               /* malloc'd, owned by the reply */
    size_t len;
    const char *type;         /* Content-Type (static storage) */
    char filename[96];        /* "" or a download's name: sent as
                                 Content-Disposition: attachment */
    char headers[192];        /* "" or extra "Name: value\n" lines */
} srv_reply;

/* Sets r to status with the JSON text body (copied). On allocation
 * failure r becomes a 500 with a static-size body. */
void srv_reply_json(srv_reply *r, int status, const char *json, size_t len);

/* Takes ownership of body (malloc'd JSON, len bytes). */
void srv_reply_take(srv_reply *r, int status, char *body, size_t len);

/* Takes ownership of body (malloc'd, len bytes) as a file to download:
 * type is its Content-Type (static storage), filename its name (copied,
 * cut to fit; characters other than letters, digits, '.', '-' and '_'
 * become '_'). */
void srv_reply_file(srv_reply *r, int status, char *body, size_t len, const char *type,
                    const char *filename);

/* Appends the header "name: value" to r (dropped when r->headers is
 * full; name and value are the server's own text, no CR/LF). */
void srv_reply_header(srv_reply *r, const char *name, const char *value);

/* Sets r to an error: code is a stable word ("bad_json"), message a
 * sentence, where the place (a JSON field, "r3c4", "puzzle line 2 column
 * 5") or NULL. */
void srv_reply_error(srv_reply *r, int status, const char *code, const char *message,
                     const char *where);

/* Frees the body; r may be reused. NULL is ignored. */
void srv_reply_clear(srv_reply *r);

#endif
