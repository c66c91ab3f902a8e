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

#include "dl_load.h"

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

static void open_library(void)
{
    /* the runtime name of the library the build found, then the plain one */
    static const char *const names[] = {DOKU_MHD_SONAME, "libmicrohttpd.so", NULL};
    /* dlsym returns void *; POSIX guarantees it converts to a function
     * pointer, which ISO C leaves open: each slot is written through an
     * object pointer (dl_load.h) */
    const dl_symbol syms[] = {
        {"MHD_start_daemon_va", (void **)&mhd.start_va},
        {"MHD_stop_daemon", (void **)&mhd.stop},
        {"MHD_quiesce_daemon", (void **)&mhd.quiesce},
        {"MHD_lookup_connection_value", (void **)&mhd.lookup},
        {"MHD_get_connection_values", (void **)&mhd.values},
        {"MHD_queue_response", (void **)&mhd.queue},
        {"MHD_suspend_connection", (void **)&mhd.suspend},
        {"MHD_resume_connection", (void **)&mhd.resume},
        {"MHD_create_response_from_buffer", (void **)&mhd.create},
        {"MHD_destroy_response", (void **)&mhd.destroy},
        {"MHD_add_response_header", (void **)&mhd.add_header},
        {"MHD_get_connection_info", (void **)&mhd.conn_info},
    };
    mhd.ok = dl_load_library(names, syms, sizeof syms / sizeof syms[0], mhd.error,
                             sizeof mhd.error) == 0;
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
