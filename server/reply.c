/*
 * reply.c — reply bodies (JSON records, files to download) and the error
 * record. Errors are built with cJSON so any message (a puzzle's comment,
 * a byte from the request) is escaped correctly.
 */
#include "reply.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char oom_body[] =
    "{\"error\":{\"code\":\"no_memory\",\"message\":\"out of memory\"}}";

static void reply_oom(srv_reply *r)
{
    r->filename[0] = r->headers[0] = '\0';
    r->status = 500;
    r->body = NULL;
    r->len = 0;
    r->type = "application/json";
    char *b = malloc(sizeof oom_body);
    if (b) {
        memcpy(b, oom_body, sizeof oom_body);
        r->body = b;
        r->len = sizeof oom_body - 1;
    }
}

void srv_reply_take(srv_reply *r, int status, char *body, size_t len)
{
    srv_reply_clear(r);
    if (!body) {
        reply_oom(r);
        return;
    }
    r->filename[0] = r->headers[0] = '\0';
    r->status = status;
    r->body = body;
    r->len = len;
    r->type = "application/json";
}

void srv_reply_file(srv_reply *r, int status, char *body, size_t len, const char *type,
                    const char *filename)
{
    srv_reply_take(r, status, body, len);
    if (!body)
        return;
    r->type = type;
    size_t k = 0;
    for (const char *s = filename; s && *s && k + 1 < sizeof r->filename; s++) {
        char c = *s;
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '.' || c == '-' || c == '_';
        r->filename[k++] = ok ? c : '_';
    }
    r->filename[k] = '\0';
}

void srv_reply_header(srv_reply *r, const char *name, const char *value)
{
    size_t used = strlen(r->headers);
    size_t need = strlen(name) + 2 + strlen(value) + 1;
    if (used + need + 1 > sizeof r->headers)
        return;
    snprintf(r->headers + used, sizeof r->headers - used, "%s: %s\n", name, value);
}

void srv_reply_json(srv_reply *r, int status, const char *json, size_t len)
{
    char *b = malloc(len + 1);
    if (b) {
        memcpy(b, json, len);
        b[len] = '\0';
    }
    srv_reply_take(r, status, b, len);
}

void srv_reply_error(srv_reply *r, int status, const char *code, const char *message,
                     const char *where)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *err = cJSON_AddObjectToObject(root, "error");
    int ok = err && cJSON_AddStringToObject(err, "code", code) &&
             cJSON_AddStringToObject(err, "message", message) &&
             (!where || cJSON_AddStringToObject(err, "where", where));
    char *text = ok ? cJSON_PrintUnformatted(root) : NULL;
    cJSON_Delete(root);
    srv_reply_take(r, status, text, text ? strlen(text) : 0);
}

void srv_reply_clear(srv_reply *r)
{
    if (!r)
        return;
    free(r->body);
    r->body = NULL;
    r->len = 0;
}
