/*
 * fuzz_http_body.c — libFuzzer target for the server's JSON API: any
 * bytes as the body of a POST to one of the computing endpoints
 * (server/api_*.c through srv_api_find, as the HTTP layer calls them),
 * with a small time budget. Every answer must be a reply, never a crash,
 * a leak or a hang: status 200, 400 or 422 (a 500 means "out of memory"
 * or an internal error, neither of which a fuzz input may cause), a body
 * of exactly len bytes that is valid JSON, and for every status but 200
 * the one error form {"error":{"code":"...","message":"...",...}}.
 *
 * Input: the first byte picks the endpoint, the rest is the body.
 */
#include "api.h"
#include "clock.h"
#include "reply.h"

#include "error_form.h"
#include "json_check.h"

#include <cjson/cJSON.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const PATHS[] = {
    "/api/solve", "/api/count",    "/api/check",    "/api/hint",
    "/api/explain", "/api/grade",  "/api/generate", "/api/reduce",
};
#define NPATHS (sizeof PATHS / sizeof PATHS[0])

/* Seconds each request may compute: the generator and the logic engine
 * honour it inside their loops, so an input never runs for long. */
#define BUDGET 0.05

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const srv_endpoint *ep = srv_api_find(PATHS[data[0] % NPATHS]);
    if (!ep || !ep->post)
        return 0;
    /* the HTTP layer hands the body over as bytes with a length; a copy
     * of exactly those bytes lets ASan see any read past them */
    size_t len = size - 1;
    char *body = malloc(len ? len : 1);
    if (len)
        memcpy(body, data + 1, len);
    srv_budget b = {BUDGET, now_seconds() + BUDGET};
    srv_reply r;
    memset(&r, 0, sizeof r);
    ep->run(body, len, &b, &r);
    free(body);
    if (r.status != 200 && r.status != 400 && r.status != 422) {
        fprintf(stderr, "%s answered %d: %.*s\n", ep->path, r.status, (int)r.len,
                r.body ? r.body : "");
        abort();
    }
    if (!r.body || strlen(r.body) != r.len)
        abort();
    check_json(r.body);
    if (r.status != 200)
        check_error_form(&r, 0, NULL);
    srv_reply_clear(&r);
    return 0;
}
