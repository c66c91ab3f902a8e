/*
 * cmd_serve.c — `doku serve`: reads the server's options and hands them
 * to server/ (srv_run), which serves the web page and the JSON API until
 * SIGINT or SIGTERM. Kept apart from the batch commands: serve reads no
 * puzzles and shares none of their options.
 */
#include "commands.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef DOKU_HAVE_SERVER
#include "backends.h"
#include "server.h"
#include "server_files.h"
#endif

/* The exit codes every command uses: 0 ok, 1 failure, 2 usage. */
enum { SERVE_OK = 0, SERVE_FAIL = 1, SERVE_USAGE = 2 };

static void usage(FILE *f)
{
    fputs("Usage: doku serve [--host ADDR] [--port N] [--threads N] [--max-body BYTES]\n"
          "                  [--max-upload BYTES] [--timeout SECONDS]\n"
          "                  [--max-connections N] [--cors ORIGIN] [--quiet]\n\n"
          "Serves the doku web page and its JSON API (docs/API.md) from this binary:\n"
          "enter, play, check, solve, explain, grade and generate puzzles in a browser,\n"
          "open puzzle files and workbooks, download pictures, workbooks and booklets.\n\n"
          "  --host ADDR            address to listen on (default 127.0.0.1; any other\n"
          "                         address is reachable from the network: a warning says so)\n"
          "  --port N               port (default 8080; 0 takes a free one, printed)\n"
          "  --threads N            worker threads computing answers (default: CPU count)\n"
          "  --max-body BYTES       largest request body (default 1048576); larger: 413\n"
          "  --max-upload BYTES     largest file opened on the page (default 8388608)\n"
          "  --timeout SECONDS      time per request, waiting for a worker included (default\n"
          "                         10); a search past it answers status \"gave up\", a\n"
          "                         request still waiting answers 503 busy\n"
          "  --max-connections N    open connections at once (default 256)\n"
          "  --cors ORIGIN          allow that one origin to call the API from its pages\n"
          "  --quiet                no access log on stderr\n\n"
          "Stop it with Ctrl+C (SIGINT) or SIGTERM: requests in flight are answered first.\n"
          "Exit status: 0 after a clean stop; 1 the server could not start (e.g. the port\n"
          "is in use); 2 usage error.\n",
          f);
}

#ifdef DOKU_HAVE_SERVER
/* The CLI's workbook reader and document backends (backends.c), for the
 * page's file endpoints (server_files.h). */
static const srv_files serve_files = {
    book_kind_of,      cli_workbook_read,
    cli_document_open, document_add,
    document_close,    document_discard,
};

static int parse_long(const char *v, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (errno || end == v || *end || x < lo || x > hi)
        return -1;
    *out = x;
    return 0;
}

static int bad(const char *opt, const char *want, const char *got)
{
    fprintf(stderr, "doku serve: %s wants %s; got '%s'\n"
                    "Try 'doku serve --help'.\n", opt, want, got);
    return SERVE_USAGE;
}
#endif

int cmd_serve(int argc, char **argv)
{
#ifdef DOKU_HAVE_SERVER
    srv_config c;
    srv_config_defaults(&c);
    c.files = &serve_files;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return SERVE_OK;
        }
        if (!strcmp(a, "--quiet") || !strcmp(a, "-q")) {
            c.quiet = 1;
            continue;
        }
        /* every other option takes a value: "--opt V" or "--opt=V" */
        const char *eq = strchr(a, '=');
        char name[32];
        size_t nl = eq ? (size_t)(eq - a) : strlen(a);
        if (strncmp(a, "--", 2) != 0 || nl >= sizeof name) {
            fprintf(stderr, "doku serve: unexpected argument '%s'\nTry 'doku serve --help'.\n", a);
            return SERVE_USAGE;
        }
        memcpy(name, a, nl);
        name[nl] = '\0';
        const char *v = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (!v) {
            fprintf(stderr, "doku serve: %s needs a value\nTry 'doku serve --help'.\n", name);
            return SERVE_USAGE;
        }
        long x;
        if (!strcmp(name, "--host")) {
            if (!*v)
                return bad(name, "an address", v);
            c.host = v;
        } else if (!strcmp(name, "--port")) {
            if (parse_long(v, 0, 65535, &x) != 0)
                return bad(name, "a port from 0 to 65535", v);
            c.port = (int)x;
        } else if (!strcmp(name, "--threads")) {
            if (parse_long(v, 1, 256, &x) != 0)
                return bad(name, "a number from 1 to 256", v);
            c.threads = (int)x;
        } else if (!strcmp(name, "--max-body")) {
            if (parse_long(v, 64, 1L << 30, &x) != 0)
                return bad(name, "a byte count from 64 to 1073741824", v);
            c.max_body = (size_t)x;
        } else if (!strcmp(name, "--max-upload")) {
            if (parse_long(v, 1024, 1L << 30, &x) != 0)
                return bad(name, "a byte count from 1024 to 1073741824", v);
            c.max_upload = (size_t)x;
        } else if (!strcmp(name, "--timeout")) {
            char *end;
            double t = strtod(v, &end);
            if (end == v || *end || !(t > 0 && t <= 86400))
                return bad(name, "seconds above 0 (up to 86400)", v);
            c.timeout = t;
        } else if (!strcmp(name, "--max-connections")) {
            if (parse_long(v, 1, 100000, &x) != 0)
                return bad(name, "a number from 1 to 100000", v);
            c.max_connections = (int)x;
        } else if (!strcmp(name, "--cors")) {
            if (!*v || strpbrk(v, "\r\n"))
                return bad(name, "an origin such as https://example.org", v);
            c.cors = v;
        } else {
            fprintf(stderr, "doku serve: unknown option '%s'\nTry 'doku serve --help'.\n", name);
            return SERVE_USAGE;
        }
    }
    return srv_run(&c, stdout, stderr) == 0 ? SERVE_OK : SERVE_FAIL;
#else
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        usage(stdout);
        return SERVE_OK;
    }
    fprintf(stderr, "doku serve: this doku was built without the server (libmicrohttpd and "
                    "libcjson were missing; scripts/deps.sh installs them)\n");
    return SERVE_FAIL;
#endif
}
