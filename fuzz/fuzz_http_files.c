/*
 * fuzz_http_files.c — libFuzzer target for the server's file endpoints
 * (server/api_open.c, api_export.c, api_print.c through srv_api_find, as
 * the HTTP layer calls them): any bytes as the uploaded file of
 * /api/open (with query fields picked by the input) or as the JSON body
 * of /api/export and /api/print, with a 0.05 s budget.
 *
 * The document backends are a stand-in (the real ones draw with cairo
 * and libxlsxwriter, outside the project): it checks what the endpoints
 * hand a backend — every record one valid JSON object, a shape or the
 * NULL of an input-error record — and writes a small file the reply must
 * then carry byte for byte. The workbook reader is left out (an upload
 * that starts as a zip or a compound file answers 501 "not_built");
 * formats/'s XML and .xls parsers have targets of their own.
 *
 * Every answer must be a reply, never a crash, leak or hang: 200, 400,
 * 422, or 501 "not_built" for a workbook upload (a 500 is a finding); a
 * JSON body of exactly its length for /api/open and every error, in the
 * one form {"error":{"code","message"}}.
 *
 * Input: byte 0 picks the endpoint, byte 1 /api/open's query fields,
 * the rest is the body.
 */
#include "api.h"
#include "clock.h"
#include "server_files.h"
#include "reply.h"

#include "error_form.h"
#include "json_check.h"

#include <cjson/cJSON.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define BUDGET 0.05

static const char FAKE_HEAD[] = "fake document: ";

/* ---- the stand-in document backend ------------------------------------- */

struct document_file {
    char *path;
    long records;
};

static document_file *doc_open(const document_spec *spec, char *why, size_t cap)
{
    (void)why;
    (void)cap;
    if (!spec || !spec->path || !spec->cmd)
        abort();
    document_file *d = calloc(1, sizeof *d);
    if (!d || !(d->path = strdup(spec->path)))
        abort();
    return d;
}

static int doc_add(document_file *d, const doku_shape *shape, const char *json, size_t len,
                   char *why, size_t cap)
{
    (void)shape;   /* NULL for an input error's record */
    (void)why;
    (void)cap;
    if (!json || !len)
        abort();
    char *copy = malloc(len + 1);
    memcpy(copy, json, len);
    copy[len] = '\0';
    if (strlen(copy) != len)
        abort();   /* a record holds no NUL */
    check_json(copy);
    cJSON *j = cJSON_Parse(copy);
    if (!cJSON_IsObject(j))
        abort();
    cJSON_Delete(j);
    free(copy);
    d->records++;
    return 0;
}

static void doc_discard(document_file *d)
{
    if (d)
        free(d->path);
    free(d);
}

static int doc_close(document_file *d, char *why, size_t cap)
{
    FILE *f = fopen(d->path, "wb");
    int ok = f && fprintf(f, "%s%ld", FAKE_HEAD, d->records) > 0;
    if (f && fclose(f) != 0)
        ok = 0;
    doc_discard(d);
    if (!ok)
        snprintf(why, cap, "cannot write the stand-in document");
    return ok ? 0 : -1;
}

static const srv_files FILES = {NULL, NULL, doc_open, doc_add, doc_close, doc_discard};

/* ---- the target ------------------------------------------------------- */

/* /api/open's query: the fields the page sends, some values out of range. */
static cJSON *open_args(uint8_t pick)
{
    static const char *const sizes[] = {NULL, "4", "9", "16", "25", "0", "65", "x"};
    static const char *const symbols[] = {NULL, "auto", "A-Z", "bogus"};
    static const char *const names[] = {NULL, "p.txt", "", "book.xlsx"};
    cJSON *a = cJSON_CreateObject();
    if (sizes[pick & 7])
        cJSON_AddStringToObject(a, "size", sizes[pick & 7]);
    if (symbols[(pick >> 3) & 3])
        cJSON_AddStringToObject(a, "symbols", symbols[(pick >> 3) & 3]);
    if (names[(pick >> 5) & 3])
        cJSON_AddStringToObject(a, "name", names[(pick >> 5) & 3]);
    if (pick & 0x80)
        cJSON_AddStringToObject(a, "sheet", "Sheet1");
    return a;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const PATHS[] = {"/api/open", "/api/export", "/api/print"};
    if (size < 2)
        return 0;
    const srv_endpoint *ep = srv_api_find(PATHS[data[0] % 3]);
    if (!ep || !ep->run_file)
        abort();
    int open = data[0] % 3 == 0;
    cJSON *args = open ? open_args(data[1]) : cJSON_CreateObject();
    size_t len = size - 2;
    char *body = malloc(len ? len : 1);
    if (len)
        memcpy(body, data + 2, len);
    srv_budget b = {BUDGET, now_seconds() + BUDGET};
    srv_call call = {body, len, args, &b, &FILES};
    srv_reply r;
    memset(&r, 0, sizeof r);
    ep->run_file(&call, &r);
    free(body);
    cJSON_Delete(args);
    int workbook = open && len >= 4 &&
                   (!memcmp(data + 2, "PK\x03\x04", 4) ||
                    (len >= 8 && !memcmp(data + 2, "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", 8)));
    if (r.status != 200 && r.status != 400 && r.status != 422 && !(r.status == 501 && workbook)) {
        fprintf(stderr, "%s answered %d: %.*s\n", ep->path, r.status, (int)r.len,
                r.body ? r.body : "");
        abort();
    }
    if (!r.body)
        abort();
    if (r.status != 200 || open) {
        /* JSON: exactly len bytes, NUL-terminated */
        if (strlen(r.body) != r.len)
            abort();
        check_json(r.body);
        if (r.status != 200)
            check_error_form(&r, 501, "not_built");
    } else if (r.len >= sizeof FAKE_HEAD - 1 &&
               !memcmp(r.body, FAKE_HEAD, sizeof FAKE_HEAD - 1)) {
        /* a document: the stand-in's file, carried whole (one record at
         * least was handed over) */
        if (r.len == sizeof FAKE_HEAD - 1 || r.body[sizeof FAKE_HEAD - 1] == '0')
            abort();
    }
    srv_reply_clear(&r);
    return 0;
}
