/*
 * mhd_loader.c — libmicrohttpd, opened when `doku serve` starts it.
 *
 * Linked at build time, libmicrohttpd made every doku command load it and
 * its TLS stack (gnutls, nettle, gmp, p11-kit, idn2 ...: eleven shared
 * libraries), which cost ~4 ms of CPU per process (`perf stat -r 20 doku
 * --version`: 2.1 ms before the server, 6.4 ms with it linked, back to
 * the first figure with this loader). The server calls few MHD functions,
 * so they are defined here under their own names and forward to the
 * library, which dlopen brings in on the first call. The executable does
 * not export these names, so the library's internal calls stay its own.
 */
#include "mhd_loader.h"

#include <dlfcn.h>
#include <microhttpd.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

typedef struct MHD_Daemon *(*start_va_fn)(unsigned, uint16_t, MHD_AcceptPolicyCallback, void *,
                                          MHD_AccessHandlerCallback, void *, va_list);
typedef const union MHD_ConnectionInfo *(*conn_info_fn)(struct MHD_Connection *,
                                                        enum MHD_ConnectionInfoType, ...);

/* Written once under pthread_once, read-only afterwards. */
static struct {
    start_va_fn start_va;
    void (*stop)(struct MHD_Daemon *);
    MHD_socket (*quiesce)(struct MHD_Daemon *);
    const char *(*lookup)(struct MHD_Connection *, enum MHD_ValueKind, const char *);
    int (*values)(struct MHD_Connection *, enum MHD_ValueKind, MHD_KeyValueIterator, void *);
    enum MHD_Result (*queue)(struct MHD_Connection *, unsigned, struct MHD_Response *);
    void (*suspend)(struct MHD_Connection *);
    void (*resume)(struct MHD_Connection *);
    struct MHD_Response *(*create)(size_t, void *, enum MHD_ResponseMemoryMode);
    void (*destroy)(struct MHD_Response *);
    enum MHD_Result (*add_header)(struct MHD_Response *, const char *, const char *);
    conn_info_fn conn_info;
    int ok;
    char error[256];
} mhd;

static pthread_once_t mhd_once = PTHREAD_ONCE_INIT;

static void *symbol(void *lib, const char *name)
{
    void *p = dlsym(lib, name);
    if (!p && !mhd.error[0])
        snprintf(mhd.error, sizeof mhd.error, "libmicrohttpd has no %s", name);
    return p;
}

static void open_library(void)
{
    /* the runtime name of the library the build found, then the plain one */
    static const char *const names[] = {DOKU_MHD_SONAME, "libmicrohttpd.so"};
    void *lib = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !lib; i++)
        lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *why = dlerror();
        snprintf(mhd.error, sizeof mhd.error, "cannot load libmicrohttpd (%s)",
                 why ? why : DOKU_MHD_SONAME);
        return;
    }
    /* dlsym returns void *; POSIX guarantees it converts to a function
     * pointer, which ISO C leaves open: go through memcpy-free casts of an
     * object pointer only here */
#define LOAD(field, name) *(void **)(&mhd.field) = symbol(lib, name)
    LOAD(start_va, "MHD_start_daemon_va");
    LOAD(stop, "MHD_stop_daemon");
    LOAD(quiesce, "MHD_quiesce_daemon");
    LOAD(lookup, "MHD_lookup_connection_value");
    LOAD(values, "MHD_get_connection_values");
    LOAD(queue, "MHD_queue_response");
    LOAD(suspend, "MHD_suspend_connection");
    LOAD(resume, "MHD_resume_connection");
    LOAD(create, "MHD_create_response_from_buffer");
    LOAD(destroy, "MHD_destroy_response");
    LOAD(add_header, "MHD_add_response_header");
    LOAD(conn_info, "MHD_get_connection_info");
#undef LOAD
    mhd.ok = !mhd.error[0];
}

const char *mhd_load(void)
{
    pthread_once(&mhd_once, open_library);
    return mhd.ok ? NULL : mhd.error;
}

/* Every wrapper below runs after a successful mhd_load (the daemon cannot
 * exist otherwise), except MHD_start_daemon, which loads. */

struct MHD_Daemon *MHD_start_daemon(unsigned int flags, uint16_t port,
                                    MHD_AcceptPolicyCallback apc, void *apc_cls,
                                    MHD_AccessHandlerCallback dh, void *dh_cls, ...)
{
    if (mhd_load())
        return NULL;
    va_list ap;
    va_start(ap, dh_cls);
    struct MHD_Daemon *d = mhd.start_va(flags, port, apc, apc_cls, dh, dh_cls, ap);
    va_end(ap);
    return d;
}

void MHD_stop_daemon(struct MHD_Daemon *daemon) { mhd.stop(daemon); }

MHD_socket MHD_quiesce_daemon(struct MHD_Daemon *daemon) { return mhd.quiesce(daemon); }

const char *MHD_lookup_connection_value(struct MHD_Connection *connection,
                                        enum MHD_ValueKind kind, const char *key)
{
    return mhd.lookup(connection, kind, key);
}

int MHD_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                              MHD_KeyValueIterator iterator, void *iterator_cls)
{
    return mhd.values(connection, kind, iterator, iterator_cls);
}

enum MHD_Result MHD_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                   struct MHD_Response *response)
{
    return mhd.queue(connection, status_code, response);
}

void MHD_suspend_connection(struct MHD_Connection *connection) { mhd.suspend(connection); }

void MHD_resume_connection(struct MHD_Connection *connection) { mhd.resume(connection); }

struct MHD_Response *MHD_create_response_from_buffer(size_t size, void *buffer,
                                                     enum MHD_ResponseMemoryMode mode)
{
    return mhd.create(size, buffer, mode);
}

void MHD_destroy_response(struct MHD_Response *response) { mhd.destroy(response); }

enum MHD_Result MHD_add_response_header(struct MHD_Response *response, const char *header,
                                        const char *content)
{
    return mhd.add_header(response, header, content);
}

/* Only the info types without extra arguments are forwarded (the server
 * asks for MHD_CONNECTION_INFO_CLIENT_ADDRESS). */
const union MHD_ConnectionInfo *MHD_get_connection_info(struct MHD_Connection *connection,
                                                        enum MHD_ConnectionInfoType info_type,
                                                        ...)
{
    return mhd.conn_info(connection, info_type);
}
