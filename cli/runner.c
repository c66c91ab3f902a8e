/*
 * runner.c — streams puzzles from files through a command.
 *
 * Input is read in fixed chunks and split into lines (embedded NUL bytes
 * and megabyte-long lines included), fed to the library's reader, and each
 * record becomes a task in a ring. The tasks are items of the CLI's one
 * worker pool (pool.c): workers solve them in order while the reading
 * thread parses on, and the reading thread prints finished tasks in input
 * order. Memory stays bounded by the ring whatever the input size, and a
 * record too big to hold (solve --all) leaves in chunks once it is the
 * next in order (cli_task_spill). Output
 * to a pipe or terminal is flushed as soon as the next record is not yet
 * done, and at most every 50 ms while one thread works through a batch;
 * SIGINT and SIGTERM print the finished records before the program ends.
 */
#include "runner.h"
#include "output.h"
#include "clock.h"
#include "isa_env.h"
#include "pool.h"
#include "meta_shape.h"
#include "backends.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum {
    CHUNK_BYTES = 1 << 16,
    LINE_MAX_BYTES = 1 << 26,  /* longer lines are cut: nothing valid is that long */
    BATCH_PER_THREAD = 256,
    BATCH_SINGLE = 64,         /* one thread: small batches keep output flowing */
    RING = 4,                  /* batches in flight: one filling, the rest solving */
    CLAIM = 8                  /* tasks a worker takes at once */
};

/* One thread prints what is done at least this often (seconds). */
#define FLUSH_EVERY 0.05

struct cli_worker {
    const doku_shape *shapes[DOKU_MAX_N + 1];
    doku_solver *solvers[DOKU_MAX_N + 1];
    const doku_shape *logic_shapes[DOKU_MAX_N + 1];
    doku_logic *logics[DOKU_MAX_N + 1];
};

struct runner {
    const cli_opts *o;
    const cli_run_ops *ops;
    doku_shape *shapes[DOKU_MAX_N + 1];
    cli_meta_shapes meta_shapes; /* shapes records declare (links) */
    cli_task *tasks;     /* the ring: task i is tasks[i % window] */
    uint64_t window;
    uint64_t batch;      /* tasks opened to the workers at once */
    uint64_t next_index; /* tasks made so far */
    uint64_t records_seen; /* puzzle and error records made so far */
    uint64_t opened;     /* tasks handed to the pool */
    uint64_t printed;    /* tasks printed so far */
    cli_worker *workers;
    int nworkers;
    cli_pool pool;
    int flush_each;      /* stdout is a pipe or terminal */
    double last_print;
    int write_failed;
    int exit_code;
    /* cli_task_spill: workers wait on printed_cv until their task is the
     * next to print; out_lock is held while a worker writes stdout. */
    pthread_mutex_t lock, out_lock;
    pthread_cond_t printed_cv;
    int spill_failed;    /* a spilled write failed (under out_lock) */
    document_file *doc;   /* --format xlsx|svg|png|pdf: records go here, not stdout */
    char **names;        /* workbook records' "FILE:Sheet!C3:K11", kept for the run */
    size_t nnames, names_cap;
};
typedef struct runner runner;

/* Writes the document (if any) from the records handed to it so far. */
static void finish_document(runner *r)
{
    char why[512];
    if (r->doc && document_close(r->doc, why, sizeof why) != 0) {
        fprintf(stderr, "doku %s: %s\n", r->o->cmd, why);
        r->exit_code = CLI_EXIT_USAGE;
    }
    r->doc = NULL;
}

/* Set by SIGINT/SIGTERM: stop reading, print what is done, exit. */
static volatile sig_atomic_t stop_signal;

static void on_stop_signal(int sig)
{
    stop_signal = sig;
}

doku_solver *cli_worker_solver(cli_worker *w, const doku_shape *shape)
{
    int n = doku_shape_n(shape);
    if (w->shapes[n] != shape) {
        doku_solver_free(w->solvers[n]);
        w->solvers[n] = NULL;
        w->shapes[n] = shape;
        if (doku_solver_create(shape, &w->solvers[n]) != DOKU_OK)
            w->shapes[n] = NULL;
        isa_env_solver(w->solvers[n]);
    }
    return w->solvers[n];
}

doku_logic *cli_worker_logic(cli_worker *w, const doku_shape *shape, const doku_logic_opts *lo)
{
    /* Creating a context sets up geometry tables (a tenth of a grading
     * run's time on easy puzzles): once per worker and side, then reused. */
    int n = doku_shape_n(shape);
    if (w->logic_shapes[n] != shape) {
        doku_logic_free(w->logics[n]);
        w->logics[n] = NULL;
        w->logic_shapes[n] = shape;
        if (doku_logic_create(shape, lo, &w->logics[n]) != DOKU_OK)
            w->logic_shapes[n] = NULL;
    }
    return w->logics[n];
}

/* ---- running a batch -------------------------------------------------- */

static void run_task(runner *r, cli_worker *w, cli_task *t)
{
    if (stop_signal) {
        t->skipped = 1;   /* never printed: the run ends before it */
        return;
    }
    if (!t->cells && !t->error)
        return;   /* a notice about the input, already written to t->err */
    if (t->error) {
        t->exit_code = CLI_EXIT_FAIL;
        if (r->ops->invalid) {
            r->ops->invalid(w, t, r->ops->ctx);
        } else {
            char where[512];
            cli_task_where(t, where, sizeof where);
            cli_buf_printf(&t->err, "%s: %s\n", where, t->error);
        }
        return;
    }
    r->ops->puzzle(w, t, r->ops->ctx);
}

static void pool_item(void *ctx, int worker, uint64_t index)
{
    runner *r = ctx;
    run_task(r, &r->workers[worker], &r->tasks[index % r->window]);
}

/* The next task to print is now `next`: wakes a worker waiting to spill. */
static void set_printed(runner *r, uint64_t next)
{
    if (r->pool.nthreads == 0) {
        r->printed = next;
        return;
    }
    pthread_mutex_lock(&r->lock);
    r->printed = next;
    pthread_cond_broadcast(&r->printed_cv);
    pthread_mutex_unlock(&r->lock);
}

static void print_task(runner *r, cli_task *t)
{
    if (t->err.len) {
        fflush(stdout);
        fwrite(t->err.data, 1, t->err.len, stderr);
    }
    if (r->doc) {
        char why[512];
        if (t->out.len &&
            document_add(r->doc, t->shape, t->out.data, t->out.len, why, sizeof why) != 0) {
            char where[512];
            cli_task_where(t, where, sizeof where);
            fprintf(stderr, "doku %s: %s: %s\n", r->o->cmd, where, why);
            if (t->exit_code < CLI_EXIT_FAIL)
                t->exit_code = CLI_EXIT_FAIL;
        }
    } else if (t->out.len && fwrite(t->out.data, 1, t->out.len, stdout) != t->out.len) {
        r->write_failed = 1;
    }
    if (t->cut_short) {
        /* a listing stopped by the signal ends at its last whole line */
        if (t->out.len ? t->out.data[t->out.len - 1] != '\n' : t->spill_open)
            fputc('\n', stdout);
        fflush(stdout);
        fprintf(stderr, "doku %s: %s:%zu: record cut short by the signal\n", r->o->cmd, t->file,
                t->line);
    }
    if (t->exit_code > r->exit_code)
        r->exit_code = t->exit_code;
}

/* Prints finished tasks in order. With wait, waits for unfinished ones
 * until at most `keep` opened tasks remain unprinted. */
static void print_ready(runner *r, int wait, uint64_t keep)
{
    int any = 0;
    while (r->printed < r->opened) {
        if (!cli_pool_ready(&r->pool, r->printed)) {
            if (!wait || r->opened - r->printed <= keep)
                break;
            if (any && r->flush_each) {
                fflush(stdout);   /* what is done goes out while we wait */
                any = 0;
            }
            while (!cli_pool_wait(&r->pool, r->printed, 0.1))
                if (stop_signal)
                    return;
        }
        if (r->tasks[r->printed % r->window].skipped)
            break;   /* done, but not run: the signal came first */
        print_task(r, &r->tasks[r->printed % r->window]);
        cli_pool_consume(&r->pool, r->printed);
        set_printed(r, r->printed + 1);
        any = 1;
    }
    if (any && r->flush_each)
        fflush(stdout);
    r->last_print = now_seconds();
}

int cli_task_spill(cli_task *t)
{
    runner *r = t->owner;
    if (stop_signal) {
        t->cut_short = 1;
        return -1;
    }
    /* a document (xlsx, pdf ...) takes whole records: kept, up to the cap */
    if (!t->out.len || r->doc)
        return 0;
    if (r->pool.nthreads == 0) {
        /* one thread: the earlier tasks of the batch are done; print them */
        for (; r->printed < t->index; r->printed++) {
            print_task(r, &r->tasks[r->printed % r->window]);
            cli_pool_consume(&r->pool, r->printed);
        }
    } else {
        pthread_mutex_lock(&r->lock);
        while (r->printed != t->index && !stop_signal)
            pthread_cond_wait(&r->printed_cv, &r->lock);
        pthread_mutex_unlock(&r->lock);
        if (stop_signal) {
            t->cut_short = 1;
            return -1;
        }
    }
    pthread_mutex_lock(&r->out_lock);
    if (stop_signal) {
        /* stop_now may be ending this record's line: write no more */
        pthread_mutex_unlock(&r->out_lock);
        t->cut_short = 1;
        return -1;
    }
    int failed = fwrite(t->out.data, 1, t->out.len, stdout) != t->out.len ||
                 (r->flush_each && fflush(stdout) != 0);
    if (failed)
        r->spill_failed = 1;
    t->spilled += t->out.len;
    t->spill_open = t->out.data[t->out.len - 1] != '\n';
    pthread_mutex_unlock(&r->out_lock);
    cli_buf_reset(&t->out);
    return failed ? -1 : 0;
}

/* Hands the tasks made so far to the pool when a batch is full (one
 * thread: runs them now) and prints what is done; waits only when the
 * ring has no free slot for the next task, or at the end (final). */
static void pump(runner *r, int final)
{
    uint64_t pending = r->next_index - r->opened;
    int full = r->next_index - r->printed >= r->window;
    int threaded = r->pool.nthreads > 0;
    int opened = 0;
    if (pending && (final || full || pending >= r->batch || !threaded)) {
        cli_pool_open(&r->pool, r->next_index);
        r->opened = r->next_index;
        opened = 1;
    }
    if (final)
        print_ready(r, 1, 0);
    else if (full)
        print_ready(r, 1, r->window - 1);
    else if (threaded ? opened && pending >= r->batch
                      : r->opened - r->printed >= r->batch ||
                            now_seconds() - r->last_print >= FLUSH_EVERY)
        print_ready(r, 0, 0);
}

/* ---- building tasks --------------------------------------------------- */

static cli_task *new_task(runner *r, const char *file, size_t line, size_t column)
{
    pump(r, 0);
    cli_task *t = &r->tasks[r->next_index % r->window];
    free(t->error);
    /* Buffers are kept from one use of the slot to the next: a batch of
     * millions of puzzles then allocates only while the first batches fill. */
    cli_buf out = t->out, err = t->err;
    uint8_t *cells_buf = t->cells_buf;
    char *comment_buf = t->comment_buf;
    uint64_t *cands_buf = t->cands_buf;
    char *meta = t->meta;
    size_t meta_cap = t->meta_cap;
    size_t cells_cap = t->cells_cap, comment_cap = t->comment_cap, cands_cap = t->cands_cap;
    memset(t, 0, sizeof *t);
    t->out = out;
    t->err = err;
    t->cells_buf = cells_buf;
    t->cells_cap = cells_cap;
    t->comment_buf = comment_buf;
    t->comment_cap = comment_cap;
    t->cands_buf = cands_buf;
    t->cands_cap = cands_cap;
    t->meta = meta;
    t->meta_cap = meta_cap;
    cli_buf_reset(&t->out);
    cli_buf_reset(&t->err);
    t->file = file;
    t->line = line;
    t->column = column;
    t->index = r->next_index++;
    t->owner = r;
    return t;
}

static char *xstrdup(const char *s)
{
    size_t len = strlen(s) + 1;
    char *p = cli_xmalloc(len);
    memcpy(p, s, len);
    return p;
}

/* Input-level trouble (cannot open, read error): printed in order. */
static void input_problem(runner *r, const char *file, const char *what)
{
    cli_task *t = new_task(r, file, 0, 0);
    t->exit_code = CLI_EXIT_USAGE;
    cli_buf_printf(&t->err, "doku %s: %s: %s\n", r->o->cmd, file, what);
}

/* Shapes are made once per side, on the reading thread, and only read by
 * the workers. A side whose shape fails is retried per puzzle: cheap, and
 * each puzzle gets its own message. */
static const doku_shape *shape_for(runner *r, int n, char *why, size_t cap)
{
    if (n < 1 || n > DOKU_MAX_N) {
        snprintf(why, cap, "unsupported size %dx%d", n, n);
        return NULL;
    }
    if (!r->shapes[n])
        r->shapes[n] = cli_make_shape(r->o, n, why, cap);
    return r->shapes[n];
}

/* Appends one metadata field to the task's packed list. */
static void put_meta(cli_task *t, const char *k, const char *v)
{
    {
        size_t kl = strlen(k) + 1, vl = strlen(v) + 1;
        if (t->meta_len + kl + vl > t->meta_cap) {
            size_t nc = (t->meta_len + kl + vl) * 2;
            char *nm = realloc(t->meta, nc);
            if (!nm) {
                fputs("doku: out of memory\n", stderr);
                exit(CLI_EXIT_USAGE);
            }
            t->meta = nm;
            t->meta_cap = nc;
        }
        memcpy(t->meta + t->meta_len, k, kl);
        memcpy(t->meta + t->meta_len + kl, v, vl);
        t->meta_len += kl + vl;
    }
}

/* Copies the record's metadata into the task, packed, then the fields
 * of extra ("key\0value\0" pairs, extra_len bytes; a workbook's shape). */
static void copy_meta(cli_task *t, const doku_reader *rd, const char *extra, size_t extra_len)
{
    const char *k, *v;
    for (size_t i = 0; doku_reader_meta(rd, i, &k, &v) == DOKU_OK; i++)
        put_meta(t, k, v);
    for (size_t at = 0; extra && at < extra_len;) {
        k = extra + at;
        v = k + strlen(k) + 1;
        put_meta(t, k, v);
        at = (size_t)(v + strlen(v) + 1 - extra);
    }
}

static void add_record(runner *r, const char *file, const doku_record *rec,
                       const doku_reader *rd, size_t lines_fed, const char *extra_meta,
                       size_t extra_len)
{
    const uint64_t *cands = doku_reader_candidates(rd);
    cli_task *t = new_task(r, file, rec->line, rec->column);
    t->first_record = !r->records_seen++;
    copy_meta(t, rd, extra_meta, extra_len);
    t->n = rec->n;
    const char *comment = rec->comment ? rec->comment : "";
    size_t clen = strlen(comment) + 1;
    if (clen > t->comment_cap) {
        free(t->comment_buf);
        t->comment_buf = cli_xmalloc(clen);
        t->comment_cap = clen;
    }
    memcpy(t->comment_buf, comment, clen);
    t->comment = t->comment_buf;
    if (rec->kind == DOKU_RECORD_ERROR) {
        /* The message lives in the reader: keep our own copy. */
        t->error = xstrdup(rec->message ? rec->message : doku_status_string(rec->status));
        t->format = r->o->format == CLI_FORMAT_AUTO ? DOKU_FORMAT_LINE : r->o->format;
        return;
    }
    t->multiline = rec->line != lines_fed;
    t->symbols = r->o->symbols != DOKU_SYMBOLS_AUTO ? r->o->symbols : rec->symbols;
    if (r->o->format != CLI_FORMAT_AUTO)
        t->format = r->o->format;
    else
        t->format = t->multiline ? DOKU_FORMAT_GRID : DOKU_FORMAT_LINE;
    char why[256];
    const doku_shape *s = NULL;
    int declared = cli_meta_shape(&r->meta_shapes, r->o, rec->n, t->meta, t->meta_len, &s, why,
                                  sizeof why);
    if (declared == 0)
        s = shape_for(r, rec->n, why, sizeof why);
    if (!s) {
        t->error = xstrdup(why);
        return;
    }
    size_t ncells = (size_t)rec->n * (size_t)rec->n;
    if (ncells > t->cells_cap) {
        free(t->cells_buf);
        t->cells_buf = cli_xmalloc(ncells);
        t->cells_cap = ncells;
    }
    t->cells = t->cells_buf;
    memcpy(t->cells, rec->cells, ncells);
    if (cands) {
        if (ncells > t->cands_cap) {
            free(t->cands_buf);
            t->cands_buf = cli_xmalloc(ncells * sizeof *t->cands_buf);
            t->cands_cap = ncells;
        }
        memcpy(t->cands_buf, cands, ncells * sizeof *t->cands_buf);
        t->cands = t->cands_buf;
    }
    t->shape = s;
}

static void drain(runner *r, doku_reader *rd, const char *file, size_t lines_fed)
{
    doku_record rec;
    while (doku_reader_next(rd, &rec) == DOKU_OK)
        add_record(r, file, &rec, rd, lines_fed, NULL, 0);
}

/* ---- reading one input ------------------------------------------------ */

static void feed_line(runner *r, doku_reader *rd, const char *file, const char *s,
                      size_t len, size_t line_no, int cut)
{
    if (cut) {
        cli_task *t = new_task(r, file, line_no, 0);
        t->exit_code = CLI_EXIT_FAIL;
        cli_buf_printf(&t->err, "%s:%zu: line longer than %d MiB; only its start was read\n",
                       file, line_no, LINE_MAX_BYTES >> 20);
    }
    if (doku_reader_push_line(rd, s, len) != DOKU_OK) {
        fputs("doku: out of memory\n", stderr);
        exit(CLI_EXIT_USAGE);
    }
    drain(r, rd, file, line_no);
}

static void read_input(runner *r, FILE *f, const char *file)
{
    doku_reader_opts ro = {0};
    ro.symbols = r->o->symbols;
    if (r->o->regions)
        ro.n = r->o->regions_n;
    else if (r->o->box_rows)
        ro.n = r->o->box_rows * r->o->box_cols;
    doku_reader *rd = NULL;
    if (doku_reader_create(&ro, &rd) != DOKU_OK) {
        fputs("doku: out of memory\n", stderr);
        exit(CLI_EXIT_USAGE);
    }
    size_t first_index = r->next_index;
    char *chunk = cli_xmalloc(CHUNK_BYTES);
    cli_buf line = {0};
    size_t line_no = 0;
    int cut = 0, pending = 0;
    while (!stop_signal && !r->write_failed) {
        size_t got = fread(chunk, 1, CHUNK_BYTES, f);
        if (got == 0)
            break;
        size_t pos = 0;
        while (pos < got) {
            const char *nl = memchr(chunk + pos, '\n', got - pos);
            size_t take = nl ? (size_t)(nl - (chunk + pos)) : got - pos;
            size_t room = LINE_MAX_BYTES - line.len;
            if (take > room) {
                cut = 1;
                cli_buf_put(&line, chunk + pos, room);
            } else {
                cli_buf_put(&line, chunk + pos, take);
            }
            pending = 1;
            pos += take;
            if (nl) {
                pos++;
                feed_line(r, rd, file, line.data, line.len, ++line_no, cut);
                cli_buf_reset(&line);
                cut = pending = 0;
            }
        }
    }
    if (ferror(f) && !stop_signal) {
        char what[300];
        snprintf(what, sizeof what, "read error after line %zu: %s", line_no, strerror(errno));
        input_problem(r, file, what);
    } else if (pending) {
        feed_line(r, rd, file, line.data ? line.data : "", line.len, ++line_no, cut);
    }
    doku_reader_finish(rd);
    drain(r, rd, file, line_no + 1);
    if (r->next_index == first_index) {
        cli_task *t = new_task(r, file, 0, 0);
        t->exit_code = CLI_EXIT_FAIL;
        cli_buf_printf(&t->err, "doku %s: %s: no puzzles found\n", r->o->cmd, file);
    }
    doku_reader_free(rd);
    cli_buf_free(&line);
    free(chunk);
}

/* ---- reading one workbook --------------------------------------------- */

typedef struct workbook_ctx {
    runner *r;
    const char *file;
} workbook_ctx;

/* A workbook record is named "FILE:Sheet2!C3:K11" (line 0: no line). */
static const char *keep_name(runner *r, const char *file, const char *where)
{
    if (r->nnames == r->names_cap) {
        size_t cap = r->names_cap ? r->names_cap * 2 : 16;
        char **p = realloc(r->names, cap * sizeof *p);
        if (!p) {
            fputs("doku: out of memory\n", stderr);
            exit(CLI_EXIT_USAGE);
        }
        r->names = p;
        r->names_cap = cap;
    }
    size_t len = strlen(file) + strlen(where) + 2;
    char *name = cli_xmalloc(len);
    snprintf(name, len, "%s:%s", file, where);
    r->names[r->nnames++] = name;
    return name;
}

static void workbook_record(void *ctx, const book_puzzle *p)
{
    workbook_ctx *w = ctx;
    if (p->notes) {
        /* a notice before the record, in order: "doku solve: book.xlsx:Sheet1!E7: ..." */
        cli_task *t = new_task(w->r, w->file, 0, 0);
        for (const char *line = p->notes; *line;) {
            const char *end = strchr(line, '\n');
            size_t len = end ? (size_t)(end - line) : strlen(line);
            cli_buf_printf(&t->err, "doku %s: %s:%.*s\n", w->r->o->cmd, w->file, (int)len, line);
            line += len + (end != NULL);
        }
    }
    doku_record rec;
    memset(&rec, 0, sizeof rec);
    rec.kind = p->cells ? DOKU_RECORD_PUZZLE : DOKU_RECORD_ERROR;
    rec.n = p->n;
    rec.cells = p->cells;
    rec.comment = p->comment ? p->comment : "";
    rec.status = DOKU_ERR_PARSE;
    rec.message = p->error;
    rec.symbols = w->r->o->symbols != DOKU_SYMBOLS_AUTO ? w->r->o->symbols
                                                         : DOKU_SYMBOLS_1_9A_Z;
    /* the shape the sheet names under its grid, as the metadata a link
     * declares its shape with (meta_shape.h); no pencil marks */
    cli_buf meta = {0};
    const char *variant = (p->variants & DOKU_VARIANT_X) && (p->variants & DOKU_VARIANT_HYPER)
                              ? "x,hyper"
                              : p->variants & DOKU_VARIANT_X       ? "x"
                              : p->variants & DOKU_VARIANT_HYPER ? "hyper"
                                                                   : NULL;
    if (variant) {
        cli_buf_put(&meta, "variant", sizeof "variant");
        cli_buf_put(&meta, variant, strlen(variant) + 1);
    }
    if (p->regions) {
        cli_buf_put(&meta, "regions", sizeof "regions");
        cli_buf_put(&meta, p->regions, strlen(p->regions) + 1);
        if (p->keep_boxes) {
            cli_buf_put(&meta, "boxes", sizeof "boxes");
            cli_buf_put(&meta, "kept", sizeof "kept");
        }
    }
    add_record(w->r, keep_name(w->r, w->file, p->where), &rec, NULL, 0, meta.data, meta.len);
    cli_buf_free(&meta);
}

static void read_workbook(runner *r, const char *file, book_kind kind)
{
    const cli_opts *o = r->o;
    book_request req = {o->sheet, o->range, 0, o->symbols};
    if (o->regions)
        req.n = o->regions_n;
    else if (o->box_rows)
        req.n = o->box_rows * o->box_cols;
    workbook_ctx w = {r, file};
    char why[1024];
    long got = cli_workbook_read(file, kind, &req, workbook_record, &w, why, sizeof why);
    if (got < 0) {
        cli_task *t = new_task(r, file, 0, 0);   /* why names the file and the cell */
        t->exit_code = CLI_EXIT_USAGE;
        cli_buf_printf(&t->err, "doku: %s\n", why);
    } else if (got == 0) {
        cli_task *t = new_task(r, file, 0, 0);
        t->exit_code = CLI_EXIT_FAIL;
        cli_buf_printf(&t->err, "doku: %s: no puzzles found (a puzzle is a square block of "
                                "digits and empty cells framed by empty cells; or give "
                                "--range)\n", file);
    }
}

/* Prints the finished records in order and ends the program: what a
 * SIGINT or SIGTERM leaves behind is every record that was done. */
static void stop_now(runner *r)
{
    print_ready(r, 0, 0);
    if (r->printed < r->next_index) {
        /* a record leaving in chunks: end it at its last whole chunk (the
         * lock waits out a chunk being written; _exit follows) */
        cli_task *head = &r->tasks[r->printed % r->window];
        pthread_mutex_lock(&r->out_lock);
        if (head->spilled) {
            if (head->spill_open)
                fputc('\n', stdout);
            fflush(stdout);
            fprintf(stderr, "doku %s: %s:%zu: record cut short by the signal\n", r->o->cmd,
                    head->file, head->line);
        }
    }
    fflush(stdout);
    finish_document(r);
    fprintf(stderr, "doku %s: stopped by signal %d after %llu records\n", r->o->cmd,
            (int)stop_signal, (unsigned long long)r->printed);
    _exit(128 + (int)stop_signal);
}

static int run(const cli_opts *o, const cli_run_ops *ops, int streams)
{
    runner r;
    memset(&r, 0, sizeof r);
    r.o = o;
    r.ops = ops;
    r.nworkers = o->threads < 1 ? 1 : o->threads > 256 ? 256 : o->threads;
    r.batch = r.nworkers == 1 ? BATCH_SINGLE : (uint64_t)BATCH_PER_THREAD * (uint64_t)r.nworkers;
    r.window = r.batch * RING;
    r.tasks = calloc((size_t)r.window, sizeof(cli_task));
    r.workers = calloc((size_t)r.nworkers, sizeof *r.workers);
    if (!r.tasks || !r.workers) {
        fputs("doku: out of memory\n", stderr);
        exit(CLI_EXIT_USAGE);
    }
    if (o->document) {
        char why[512];
        document_spec spec = {o->cmd, o->output, o->document, o->symbols, o->booklet};
        r.doc = cli_document_open(&spec, why, sizeof why);
        if (!r.doc) {
            fprintf(stderr, "doku %s: %s\n", o->cmd, why);
            free(r.tasks);
            free(r.workers);
            return CLI_EXIT_USAGE;
        }
    }
    struct stat st;
    r.flush_each = fstat(STDOUT_FILENO, &st) != 0 || !S_ISREG(st.st_mode);
    r.last_print = now_seconds();
    pthread_mutex_init(&r.lock, NULL);
    pthread_mutex_init(&r.out_lock, NULL);
    pthread_cond_init(&r.printed_cv, NULL);
    /* the reading thread runs every task if no worker starts: slower, still
     * right. A streaming task waits for the tasks before it to be printed,
     * so those must not sit unfinished in its own worker's claim. */
    cli_pool_start(&r.pool, r.nworkers, r.window, streams ? 1 : CLAIM, pool_item, &r);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);

    static char *const stdin_only[] = {"-"};
    char *const *files = o->nfiles ? o->files : stdin_only;
    int nfiles = o->nfiles ? o->nfiles : 1;
    for (int i = 0; i < nfiles && !stop_signal && !r.write_failed; i++) {
        int is_stdin = !strcmp(files[i], "-");
        const char *name = is_stdin ? "<stdin>" : files[i];
        if (is_stdin && isatty(STDIN_FILENO))
            fprintf(stderr, "doku %s: reading puzzles from the terminal; end with Ctrl-D "
                    "(or give a FILE; 'doku %s --help' for more)\n", o->cmd, o->cmd);
        book_kind wk = is_stdin ? BOOK_NONE : book_kind_of(files[i]);
        if (wk != BOOK_NONE) {
            read_workbook(&r, files[i], wk);
            continue;
        }
        FILE *f = is_stdin ? stdin : fopen(files[i], "rb");
        if (!f) {
            input_problem(&r, name, strerror(errno));
            continue;
        }
        if (o->sheet || o->range) {
            /* a place in a workbook means nothing in text: refused, not ignored */
            input_problem(&r, name, o->range ? "--range names cells of a workbook (.xlsx, .xlsm, "
                                               ".ods, .xls); this input is text"
                                             : "--sheet names a sheet of a workbook (.xlsx, .xlsm, "
                                               ".ods, .xls); this input is text");
            if (!is_stdin)
                fclose(f);
            continue;
        }
        read_input(&r, f, name);
        if (!is_stdin)
            fclose(f);
    }
    if (!stop_signal)
        pump(&r, 1);
    if (stop_signal)
        stop_now(&r);
    cli_pool_stop(&r.pool);
    finish_document(&r);
    /* the message comes from main, which checks every command's output */
    if (fflush(stdout) != 0 || ferror(stdout) || r.write_failed || r.spill_failed)
        r.exit_code = CLI_EXIT_USAGE;

    for (uint64_t i = 0; i < r.window; i++) {
        cli_task *t = &r.tasks[i];
        free(t->cells_buf);
        free(t->comment_buf);
        free(t->cands_buf);
        free(t->meta);
        free(t->error);
        cli_buf_free(&t->out);
        cli_buf_free(&t->err);
    }
    free(r.tasks);
    for (int k = 0; k < r.nworkers; k++)
        for (int n = 0; n <= DOKU_MAX_N; n++) {
            doku_solver_free(r.workers[k].solvers[n]);
            doku_logic_free(r.workers[k].logics[n]);
        }
    for (int n = 0; n <= DOKU_MAX_N; n++)
        doku_shape_free(r.shapes[n]);
    cli_meta_shapes_free(&r.meta_shapes);
    free(r.workers);
    pthread_mutex_destroy(&r.lock);
    pthread_mutex_destroy(&r.out_lock);
    pthread_cond_destroy(&r.printed_cv);
    for (size_t i = 0; i < r.nnames; i++)
        free(r.names[i]);
    free(r.names);
    return r.exit_code;
}

int cli_run(const cli_opts *o, const cli_run_ops *ops)
{
    return run(o, ops, 0);
}

int cli_run_streaming(const cli_opts *o, const cli_run_ops *ops)
{
    return run(o, ops, 1);
}
