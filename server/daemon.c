/*
 * daemon.c — starts and stops `doku serve`: binds the listening socket
 * itself (so a port in use is reported plainly and --port 0 can say which
 * port it took), runs libmicrohttpd over it, and waits for SIGINT or
 * SIGTERM.
 *
 * The one design idea: the signals are blocked in every thread and taken
 * by sigwait in the main thread, so shutdown is ordinary code, not a
 * signal handler: stop accepting, let the workers finish what is queued,
 * give the replies a moment to leave, then stop the daemon.
 */
#include "mhd_loader.h"
#include "api.h"
#include "http.h"
#include "server.h"
#include "clock.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Seconds the replies to requests in flight get to leave at shutdown. */
#define DRAIN_SECONDS 5.0

void srv_config_defaults(srv_config *c)
{
    memset(c, 0, sizeof *c);
    c->host = "127.0.0.1";
    c->port = 8080;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    c->threads = cpus > 0 ? (int)(cpus > 64 ? 64 : cpus) : 2;
    c->max_body = 1 << 20;
    c->max_upload = (size_t)8 << 20;
    c->timeout = 10.0;
    c->max_connections = 256;
}

static int is_loopback(const struct sockaddr *a)
{
    if (a->sa_family == AF_INET)
        return (ntohl(((const struct sockaddr_in *)(const void *)a)->sin_addr.s_addr) >> 24) == 127;
    if (a->sa_family == AF_INET6)
        return IN6_IS_ADDR_LOOPBACK(&((const struct sockaddr_in6 *)(const void *)a)->sin6_addr);
    return 0;
}

/* Binds and listens on host:port. @return the socket, or -1 after
 * printing why to log. *family and *loopback describe the address. */
static int open_listener(const srv_config *c, FILE *log, int *family, int *loopback)
{
    char port[16];
    snprintf(port, sizeof port, "%d", c->port);
    struct addrinfo hints, *res = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    int rc = getaddrinfo(c->host, port, &hints, &res);
    if (rc != 0) {
        fprintf(log, "doku serve: --host %s: %s\n", c->host, gai_strerror(rc));
        return -1;
    }
    int fd = -1, err = 0;
    for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
        fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
        if (fd < 0) {
            err = errno;
            continue;
        }
        int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(fd, ai->ai_addr, ai->ai_addrlen) == 0 && listen(fd, 128) == 0) {
            *family = ai->ai_family;
            *loopback = is_loopback(ai->ai_addr);
            break;
        }
        err = errno;
        close(fd);
        fd = -1;
    }
    freeaddrinfo(res);
    if (fd < 0) {
        if (err == EADDRINUSE)
            fprintf(log, "doku serve: port %d on %s is already in use (another server is "
                         "running there?); choose another with --port, or --port 0 for any "
                         "free one\n", c->port, c->host);
        else if (err == EACCES)
            fprintf(log, "doku serve: not allowed to listen on port %d of %s (ports below "
                         "1024 need privileges); choose another with --port\n", c->port,
                    c->host);
        else
            fprintf(log, "doku serve: cannot listen on %s port %d: %s\n", c->host, c->port,
                    strerror(err));
    }
    return fd;
}

/* The port fd is bound to. */
static int bound_port(int fd)
{
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    if (getsockname(fd, (struct sockaddr *)&ss, &len) != 0)
        return -1;
    if (ss.ss_family == AF_INET)
        return ntohs(((struct sockaddr_in *)&ss)->sin_port);
    if (ss.ss_family == AF_INET6)
        return ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
    return -1;
}

int srv_run(const srv_config *c, FILE *out, FILE *log)
{
    /* Block the stop signals before any thread exists: every thread
     * inherits the mask and only sigwait below takes them. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    sigset_t old;
    pthread_sigmask(SIG_BLOCK, &stop, &old);
    signal(SIGPIPE, SIG_IGN);

    int family = AF_INET, loopback = 0;
    int fd = open_listener(c, log, &family, &loopback);
    if (fd < 0) {
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        return 1;
    }
    if (!loopback)
        fprintf(log, "doku serve: warning: %s is not a loopback address: anyone who can reach "
                     "it can use this server (there is no authentication)\n", c->host);
    srv_http *h = srv_http_create(c, loopback, log);
    if (!h) {
        fprintf(log, "doku serve: cannot start %d worker threads\n", c->threads);
        close(fd);
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        return 1;
    }
    /* I/O threads: HTTP parsing is cheap next to solving, two suffice */
    unsigned io_threads = c->threads > 1 ? 2u : 1u;
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_ALLOW_SUSPEND_RESUME;
    if (family == AF_INET6)
        flags |= MHD_USE_IPv6;
    struct MHD_Daemon *d = MHD_start_daemon(
        flags, 0, NULL, NULL, srv_http_handle, h,
        MHD_OPTION_LISTEN_SOCKET, fd,
        MHD_OPTION_THREAD_POOL_SIZE, io_threads,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)c->max_connections,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)10,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)64 * 1024,
        MHD_OPTION_NOTIFY_COMPLETED, srv_http_completed, h,
        MHD_OPTION_END);
    if (!d) {
        const char *why = mhd_load();
        fprintf(log, "doku serve: the HTTP daemon did not start%s%s\n", why ? ": " : "",
                why ? why : "");
        srv_http_free(h);
        close(fd);
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        return 1;
    }
    int port = bound_port(fd);
    if (family == AF_INET6)
        fprintf(out, "doku serve: listening on http://[%s]:%d/\n", c->host, port);
    else
        fprintf(out, "doku serve: listening on http://%s:%d/\n", c->host, port);
    fprintf(out, "doku serve: press Ctrl+C to stop\n");
    fflush(out);

    int sig = 0;
    while (sigwait(&stop, &sig) != 0)
        ;
    fprintf(log, "doku serve: %s: finishing the requests in flight\n",
            sig == SIGINT ? "interrupted" : "terminated");
    fflush(log);

    int lfd = MHD_quiesce_daemon(d); /* no new connections from here */
    srv_http_stop_pool(h);           /* every queued job answered */
    double end = now_seconds() + DRAIN_SECONDS;
    while (srv_http_active(h) > 0 && now_seconds() < end) {
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    MHD_stop_daemon(d);
    if (lfd >= 0)
        close(lfd);
    srv_http_free(h);
    fprintf(log, "doku serve: stopped\n");
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return 0;
}
