/*
 * documents.c — documents made in a scratch directory and sent back.
 *
 * The one design idea: the server reuses the CLI's document backends
 * exactly as `doku solve --format pdf -o FILE` drives them, so a page's
 * download and a command's file are the same bytes; the price is a
 * temporary file per document, which costs little next to drawing it.
 */
#include "documents.h"

#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The largest document read back into a reply. */
#define MAX_DOCUMENT_BYTES ((size_t)64 << 20)

/* One document at a time: the picture module resets process-wide caches
 * (cairo's, fontconfig's) when a document is finished. */
static pthread_mutex_t document_lock = PTHREAD_MUTEX_INITIALIZER;

const char *srv_document_type(int format)
{
    switch (format) {
    case DOC_FORMAT_XLSX:
        return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    case DOC_FORMAT_PDF:
        return "application/pdf";
    case DOC_FORMAT_PNG:
        return "image/png";
    case DOC_FORMAT_SVG:
        return "image/svg+xml";
    }
    return "application/octet-stream";
}

const char *srv_document_ext(int format)
{
    switch (format) {
    case DOC_FORMAT_XLSX:
        return "xlsx";
    case DOC_FORMAT_PDF:
        return "pdf";
    case DOC_FORMAT_PNG:
        return "png";
    case DOC_FORMAT_SVG:
        return "svg";
    }
    return "bin";
}

int srv_scratch_make(char *dir, size_t cap)
{
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp)
        tmp = "/tmp";
    if ((size_t)snprintf(dir, cap, "%s/doku-serve-XXXXXX", tmp) >= cap)
        return -1;
    return mkdtemp(dir) ? 0 : -1;
}

void srv_scratch_unname(char *msg, const char *dir)
{
    size_t k = strlen(dir);
    char *at;
    while ((at = strstr(msg, dir)) != NULL && at[k] == '/')
        memmove(at, at + k + 1, strlen(at + k + 1) + 1);
}

void srv_scratch_remove(const char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        char path[4096];
        while ((e = readdir(d)) != NULL) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < sizeof path)
                unlink(path);
        }
        closedir(d);
    }
    rmdir(dir);
}

/* Reads the file at path. @return its bytes (malloc'd, *len set), or
 * NULL with a message in why. */
static char *read_file(const char *path, size_t *len, char *why, size_t cap)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(why, cap, "the document was not written");
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || st.st_size < 0 ||
        (size_t)st.st_size > MAX_DOCUMENT_BYTES) {
        fclose(f);
        snprintf(why, cap, "the document is larger than %zu MiB", MAX_DOCUMENT_BYTES >> 20);
        return NULL;
    }
    size_t size = (size_t)st.st_size;
    char *buf = malloc(size + 1);
    if (!buf || fread(buf, 1, size, f) != size) {
        free(buf);
        fclose(f);
        snprintf(why, cap, "cannot read the document back");
        return NULL;
    }
    fclose(f);
    *len = size;
    return buf;
}

/* Writes the document into path. @return 0, 1 (no backend in this
 * build), or -1 (failed); why says what. */
static int write_document(const srv_files *files, const srv_doc_spec *spec, const char *path,
                          const srv_doc_record *recs, size_t n, char *why, size_t cap)
{
    document_spec ds = {spec->cmd, path, spec->format, spec->symbols, spec->booklet};
    document_file *d = files->document_open(&ds, why, cap);
    if (!d)
        return strstr(why, "built without") || strstr(why, "cannot load") ? 1 : -1;
    for (size_t i = 0; i < n; i++)
        if (files->document_add(d, recs[i].shape, recs[i].json, recs[i].len, why, cap) != 0) {
            files->document_discard(d);
            return -1;
        }
    return files->document_close(d, why, cap) == 0 ? 0 : -1;
}

void srv_document_reply(const srv_files *files, const srv_doc_spec *spec,
                        const srv_doc_record *recs, size_t n, srv_reply *out)
{
    if (!files || !files->document_open) {
        srv_reply_error(out, 501, "not_built", "this server was built without document output",
                        "format");
        return;
    }
    char dir[4096], path[4200], why[1024] = "";
    if (srv_scratch_make(dir, sizeof dir) != 0) {
        srv_reply_error(out, 500, "no_scratch", "cannot make a temporary directory (TMPDIR)",
                        NULL);
        return;
    }
    snprintf(path, sizeof path, "%s/doku.%s", dir, srv_document_ext(spec->format));
    pthread_mutex_lock(&document_lock);
    int rc = write_document(files, spec, path, recs, n, why, sizeof why);
    pthread_mutex_unlock(&document_lock);
    size_t len = 0;
    char *data = rc == 0 ? read_file(path, &len, why, sizeof why) : NULL;
    srv_scratch_remove(dir);
    srv_scratch_unname(why, dir);
    if (rc == 1) {
        srv_reply_error(out, 501, "not_built", why, "format");
        return;
    }
    if (!data) {
        srv_reply_error(out, 500, "document_failed", why, NULL);
        return;
    }
    srv_reply_file(out, 200, data, len, srv_document_type(spec->format), spec->filename);
}
