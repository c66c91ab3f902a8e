/*
 * server_nomem.c — allocation failure in the server's JSON endpoints
 * (server/api_*.c through srv_api_find, as the HTTP layer calls them):
 * for each request below, the k-th allocation made by the server's and
 * the library's objects fails, for every k from the first to the last
 * the request makes. The reply must then be either what a run without
 * failure answers (byte for byte, its "time_ms" aside) or a 500 error
 * reply ("no_memory", or generate's "cannot_generate": out of memory) or
 * a hint record whose status is "out_of_memory" — never a 200 built from a run the failure stopped
 * short (a partial rating, a step list cut in the middle), never a crash;
 * LeakSanitizer (the ASan half of `make test`) checks nothing is left.
 *
 * The failing allocator is failing_alloc.c, as for tests/unit/test_nomem.c;
 * cJSON is a shared library, so its own allocations are not counted.
 */
#include "api.h"
#include "clock.h"
#include "failing_alloc.h"
#include "reply.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The reply body with every "time_ms":NUMBER removed (the one field that
 * differs between two runs). The caller frees it. */
static char *scrub(const char *body, size_t len)
{
    static const char key[] = "\"time_ms\":";
    char *out = __real_malloc(len + 1);
    size_t o = 0;
    for (size_t i = 0; i < len;) {
        if (len - i >= sizeof key - 1 && memcmp(body + i, key, sizeof key - 1) == 0) {
            i += sizeof key - 1;
            while (i < len && strchr("0123456789.-+eE", body[i]))
                i++;
            continue;
        }
        out[o++] = body[i++];
    }
    out[o] = '\0';
    return out;
}

/* One request: its reply's status and scrubbed body (caller frees). */
static int ask(const srv_endpoint *ep, const char *body, char **text)
{
    srv_budget b = {30.0, now_seconds() + 30.0};
    srv_reply r;
    memset(&r, 0, sizeof r);
    ep->run(body, strlen(body), &b, &r);
    *text = scrub(r.body ? r.body : "", r.body ? r.len : 0);
    int status = r.status;
    srv_reply_clear(&r);
    return status;
}

/* A 4x4's cages and thermometer (solution 1234/3412/2143/4321). */
#define CONS4                                                                                     \
    "[{\"kind\":\"cage\",\"cells\":[\"r1c1\",\"r1c2\"],\"params\":[3]},"                           \
    "{\"kind\":\"cage\",\"cells\":[\"r1c3\",\"r1c4\"],\"params\":[7]},"                            \
    "{\"kind\":\"thermo\",\"cells\":[\"r2c1\",\"r2c2\"]},"                                         \
    "{\"kind\":\"cage\",\"cells\":[\"r3c3\",\"r4c3\"],\"params\":[6]}]"

static const struct {
    const char *path, *body;
} REQUESTS[] = {
    /* steps up to an AIC (tests/fixtures/logic_techniques.tsv): the
     * chain finders' workspaces and the step texts grow */
    {"/api/explain",
     "{\"puzzle\":\"070090040140208037900010008080000090201040603400000001010000020000629000700080009\"}"},
    {"/api/grade",
     "{\"puzzle\":\"070090040140208037900010008080000090201040603400000001010000020000629000700080009\","
     "\"history\":true}"},
    {"/api/grade",
     "{\"puzzle\":\"970306042805000109000050000207000304010020080400738001000905000000000000100847003\"}"},
    {"/api/hint",
     "{\"puzzle\":\"060050030000306000007000400030000060014020790700000001000000000900147005051609870\"}"},
    /* the generator with its own rating filter judging each candidate */
    {"/api/generate", "{\"size\":9,\"seed\":7,\"rating\":\"2.0-4.0\"}"},
    /* variant constraints: a variant text read and solved, a broken cage
     * named (server/variant.c) */
    {"/api/solve",
     "{\"puzzle\":\"size 4\\ncage 3 r1c1 r1c2\\ncage 7 r1c3 r1c4\\nthermo r2c1 r2c2\\n"
     "givens ....2..1....3...\"}"},
    {"/api/check",
     "{\"puzzle\":\"12..............\",\"size\":4,\"constraints\":[{\"kind\":\"cage\",\"cells\":[\"r1c1\","
     "\"r1c2\"],\"params\":[4]},{\"kind\":\"white\",\"cells\":[\"r2c1\",\"r2c2\"]}]}"},
    /* pencil marks under constraints; a reduce and a generate rated on
     * doku's own scale (variant_rate.c), for constraints and for a set */
    {"/api/hint",
     "{\"pencil\":\"134 1234 1234 1234 1234 1234 1234 1234 1234 1 4 1234 1234 1234 1234 1234\","
     "\"size\":4,\"constraints\":" CONS4 "}"},
    {"/api/reduce",
     "{\"puzzle\":\"1234341221434321\",\"size\":4,\"difficulty\":\"easy\",\"seed\":2,"
     "\"constraints\":" CONS4 "}"},
    {"/api/generate", "{\"size\":4,\"difficulty\":\"easy\",\"seed\":3,\"constraints\":" CONS4 "}"},
    {"/api/generate", "{\"size\":4,\"variants\":\"killer\",\"difficulty\":\"easy\",\"seed\":3}"},
};

int main(void)
{
    int bad = 0;
    for (size_t q = 0; q < sizeof REQUESTS / sizeof REQUESTS[0]; q++) {
        const srv_endpoint *ep = srv_api_find(REQUESTS[q].path);
        if (!ep || !ep->run) {
            fprintf(stderr, "%s: no such endpoint\n", REQUESTS[q].path);
            return 1;
        }
        char *ref;
        int ref_status = ask(ep, REQUESTS[q].body, &ref);
        if (ref_status != 200) {
            fprintf(stderr, "%s: %d without failure: %s\n", REQUESTS[q].path, ref_status, ref);
            return 1;
        }
        long k;
        long nomem = 0;
        for (k = 0;; k++) {
            failing_alloc_arm(k);
            char *text;
            int status = ask(ep, REQUESTS[q].body, &text);
            failing_alloc_disarm();
            int same = status == 200 && strcmp(text, ref) == 0;
            /* a hint's record says so itself ("status":"out_of_memory") */
            int reported = (status == 500 && strstr(text, "\"error\"")) ||
                           (status == 200 && strstr(text, "\"status\":\"out_of_memory\""));
            nomem += reported;
            if (!failing_alloc_injected()) {
                if (!same) {
                    fprintf(stderr, "%s: a run without failure answered differently\n",
                            REQUESTS[q].path);
                    bad = 1;
                }
                free(text);
                break;
            }
            if (!same && !reported) {
                fprintf(stderr, "%s %s: allocation %ld failed; answered %d:\n%s\nnot %s\n",
                        REQUESTS[q].path, REQUESTS[q].body, k, status, text, ref);
                bad = 1;
            }
            free(text);
        }
        printf("%s: %ld allocations, each failed once (%ld answered 500)\n",
               REQUESTS[q].path, k, nomem);
        free(ref);
    }
    return bad;
}
