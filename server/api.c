/*
 * api.c — the table of API endpoints, and the three that only describe
 * the server: health, version and the technique list. The endpoints that
 * compute live in api_search.c, api_logic.c and api_generate.c; those
 * that read and write files in api_open.c, api_export.c and api_print.c.
 */
#include "api.h"
#include "api_endpoints.h"

#include "doku.h"

#include <cjson/cJSON.h>
#include <string.h>

static void api_health(const char *body, size_t len, const srv_budget *b, srv_reply *out)
{
    static const char ok[] = "{\"status\":\"ok\"}";
    srv_reply_json(out, 200, ok, sizeof ok - 1);
}

static void api_version(const char *body, size_t len, const srv_budget *b, srv_reply *out)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "name", "doku");
    cJSON_AddStringToObject(root, "version", doku_version());
    cJSON_AddNumberToObject(root, "max_size", DOKU_MAX_N);
    cJSON_AddNumberToObject(root, "timeout", b->timeout);
    char *text = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    srv_reply_take(out, 200, text, text ? strlen(text) : 0);
}

/* Every technique the logic engine knows, in the order it tries them:
 * the keywords "techniques" fields take, and whether a technique is one
 * of the extended ones (off unless named). */
static void api_techniques(const char *body, size_t len, const srv_budget *b, srv_reply *out)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *list = cJSON_AddArrayToObject(root, "techniques");
    for (int t = 0; t < DOKU_TECH_COUNT; t++) {
        cJSON *e = cJSON_CreateObject();
        char sym[2] = {doku_technique_symbol((doku_technique)t), '\0'};
        cJSON_AddStringToObject(e, "key", doku_technique_key((doku_technique)t));
        cJSON_AddStringToObject(e, "name", doku_technique_name((doku_technique)t));
        cJSON_AddStringToObject(e, "symbol", sym);
        cJSON_AddBoolToObject(e, "extended", t > DOKU_TECH_TRIAL);
        cJSON_AddItemToArray(list, e);
    }
    char *text = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    srv_reply_take(out, 200, text, text ? strlen(text) : 0);
}

static const srv_endpoint endpoints[] = {
    {"/api/health", 0, SRV_INLINE, api_health, NULL, 0},
    {"/api/version", 0, SRV_INLINE, api_version, NULL, 0},
    {"/api/techniques", 0, SRV_INLINE, api_techniques, NULL, 0},
    {"/api/solve", 1, SRV_COMPUTE, srv_api_solve, NULL, 0},
    {"/api/count", 1, SRV_COMPUTE, srv_api_count, NULL, 0},
    {"/api/check", 1, SRV_COMPUTE, srv_api_check, NULL, 0},
    {"/api/hint", 1, SRV_COMPUTE, srv_api_hint, NULL, 0},
    {"/api/explain", 1, SRV_COMPUTE, srv_api_explain, NULL, 0},
    {"/api/grade", 1, SRV_COMPUTE, srv_api_grade, NULL, 0},
    {"/api/generate", 1, SRV_COMPUTE, srv_api_generate, NULL, 0},
    {"/api/reduce", 1, SRV_COMPUTE, srv_api_reduce, NULL, 0},
    {"/api/open", 1, SRV_FILES, NULL, srv_api_open, 1},
    {"/api/export", 1, SRV_FILES, NULL, srv_api_export, 0},
    {"/api/print", 1, SRV_FILES, NULL, srv_api_print, 0},
};

const srv_endpoint *srv_api_find(const char *path)
{
    for (size_t i = 0; i < sizeof endpoints / sizeof endpoints[0]; i++)
        if (!strcmp(endpoints[i].path, path))
            return &endpoints[i];
    return NULL;
}
