/*
 * error_form.h — the check the HTTP fuzz targets (fuzz_http_body,
 * fuzz_http_files) make of every error reply: a JSON body
 * {"error":{"code":"...","message":"..."}} with both strings non-empty,
 * as docs/API.md promises. Static, for inclusion in one target each.
 */
#ifndef DOKU_FUZZ_ERROR_FORM_H
#define DOKU_FUZZ_ERROR_FORM_H

#include "reply.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Aborts unless r is in the error form; a reply of HTTP status `status`
 * (0: no such rule) must moreover carry the code `code`. */
static void check_error_form(const srv_reply *r, int status, const char *code)
{
    cJSON *j = cJSON_ParseWithLength(r->body, r->len);
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(j, "error");
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(e, "code");
    const cJSON *msg = cJSON_GetObjectItemCaseSensitive(e, "message");
    if (!cJSON_IsObject(e) || !cJSON_IsString(c) || !cJSON_IsString(msg) || !c->valuestring[0] ||
        !msg->valuestring[0]) {
        fprintf(stderr, "status %d without the error form: %.*s\n", r->status, (int)r->len,
                r->body);
        abort();
    }
    if (status && r->status == status && strcmp(c->valuestring, code) != 0)
        abort();
    cJSON_Delete(j);
}

#endif
