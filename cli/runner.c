/*
 * runner.c — streams puzzles from files through a command, in batches.
 *
 * Input is read in fixed chunks and split into lines (embedded NUL bytes
 * and megabyte-long lines included), fed to the library's reader, and each
 * record becomes a task. Tasks gather into batches held in a small ring.
 * With one thread the reading thread runs each batch itself; with more,
 * persistent workers take tasks from the oldest submitted batches while the
 * reading thread goes on parsing the next one, and prints finished batches
 * in input order. Memory stays bounded by the ring whatever the input size.
 */
#include "runner.h"
#include "output.h"

#include <errno.h>
#include <pthread.h>
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

struct cli_worker {
    const doku_shape *shapes[DOKU_MAX_N + 1];
    doku_solver *solvers[DOKU_MAX_N + 1];
    const doku_shape *logic_shapes[DOKU_MAX_N + 1];
    doku_logic *logics[DOKU_MAX_N + 1];
};

typedef struct batch {
    cli_task *tasks;
    size_t ntasks;
    size_t next;     /* next task to hand out (under the lock) */
    size_t done;     /* tasks finished (under the lock) */
} batch;

typedef struct runner {
    const cli_opts *o;
    const cli_run_ops *ops;
    doku_shape *shapes[DOKU_MAX_N + 1];
    batch ring[RING];
    size_t head;     /* oldest batch not yet printed (a count, slot = % RING) */
    size_t tail;     /* the batch being filled */
    size_t batch_cap, next_index;
    cli_worker *workers;
    int nworkers;
    pthread_t *threads;
    int nthreads;    /* worker threads started (0: the reader runs tasks) */
    int quit;
    struct worker_arg *args;
    pthread_mutex_t lock;
    pthread_cond_t work_cv, done_cv;
    int exit_code;
} runner;

doku_solver *cli_worker_solver(cli_worker *w, const doku_shape *shape)
{
    int n = doku_shape_n(shape);
    if (w->shapes[n] != shape) {
        doku_solver_free(w->solvers[n]);
        w->solvers[n] = NULL;
        w->shapes[n] = shape;
        if (doku_solver_create(shape, &w->solvers[n]) != DOKU_OK)
            w->shapes[n] = NULL;
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

typedef struct worker_arg {
    runner *r;
    cli_worker *w;
} worker_arg;

/* Under the lock: the oldest submitted batch with a task left, or NULL. */
static batch *claimable(runner *r)
{
    for (size_t k = r->head; k < r->tail; k++) {
        batch *b = &r->ring[k % RING];
        if (b->next < b->ntasks)
            return b;
    }
    return NULL;
}

static void *worker_main(void *p)
{
    worker_arg *a = p;
    runner *r = a->r;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        batch *b = claimable(r);
        if (!b) {
            if (r->quit)
                break;
            pthread_cond_wait(&r->work_cv, &r->lock);
            continue;
        }
        /* A few tasks per claim: easy puzzles take a microsecond or two,
         * and one lock round-trip per puzzle would cost as much. */
        size_t first = b->next, count = b->ntasks - first;
        if (count > CLAIM)
            count = CLAIM;
        b->next += count;
        pthread_mutex_unlock(&r->lock);
        for (size_t i = 0; i < count; i++)
            run_task(r, a->w, &b->tasks[first + i]);
        pthread_mutex_lock(&r->lock);
        b->done += count;
        if (b->done == b->ntasks)
            pthread_cond_broadcast(&r->done_cv);
    }
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

static void print_task(runner *r, cli_task *t)
{
    if (t->err.len) {
        fflush(stdout);
        fwrite(t->err.data, 1, t->err.len, stderr);
    }
    if (t->out.len)
        fwrite(t->out.data, 1, t->out.len, stdout);
    if (t->exit_code > r->exit_code)
        r->exit_code = t->exit_code;
}

static void print_batch(runner *r, batch *b)
{
    for (size_t i = 0; i < b->ntasks; i++)
        print_task(r, &b->tasks[i]);
    fflush(stdout);
}

/* Prints finished batches from the oldest on; with wait_all, waits for
 * every submitted batch, else (with need_slot) only until a slot is free. */
static void print_finished(runner *r, int need_slot, int wait_all)
{
    pthread_mutex_lock(&r->lock);
    while (r->head < r->tail) {
        batch *b = &r->ring[r->head % RING];
        if (b->done < b->ntasks) {
            int must = wait_all || (need_slot && r->tail - r->head >= RING);
            if (!must)
                break;
            pthread_cond_wait(&r->done_cv, &r->lock);
            continue;
        }
        pthread_mutex_unlock(&r->lock);
        print_batch(r, b);
        pthread_mutex_lock(&r->lock);
        r->head++;
    }
    pthread_mutex_unlock(&r->lock);
}

/* Hands the batch being filled to the workers (or runs it, single-threaded)
 * and makes sure the next slot is free to fill. */
static void submit_batch(runner *r)
{
    batch *b = &r->ring[r->tail % RING];
    if (b->ntasks == 0)
        return;
    if (r->nthreads == 0) {
        for (size_t i = 0; i < b->ntasks; i++)
            run_task(r, &r->workers[0], &b->tasks[i]);
        print_batch(r, b);
        b->next = b->done = b->ntasks;
        r->head++;
        r->tail++;
    } else {
        pthread_mutex_lock(&r->lock);
        b->next = b->done = 0;
        r->tail++;
        pthread_cond_broadcast(&r->work_cv);
        pthread_mutex_unlock(&r->lock);
        print_finished(r, 1, 0);
    }
    r->ring[r->tail % RING].ntasks = 0;
}

/* ---- building tasks --------------------------------------------------- */

static cli_task *new_task(runner *r, const char *file, size_t line, size_t column)
{
    if (r->ring[r->tail % RING].ntasks == r->batch_cap)
        submit_batch(r);
    batch *b = &r->ring[r->tail % RING];
    cli_task *t = &b->tasks[b->ntasks++];
    free(t->error);
    /* Buffers are kept from one use of the slot to the next: a batch of
     * millions of puzzles then allocates only while the first batches fill. */
    cli_buf out = t->out, err = t->err;
    uint8_t *cells_buf = t->cells_buf;
    char *comment_buf = t->comment_buf;
    size_t cells_cap = t->cells_cap, comment_cap = t->comment_cap;
    memset(t, 0, sizeof *t);
    t->out = out;
    t->err = err;
    t->cells_buf = cells_buf;
    t->cells_cap = cells_cap;
    t->comment_buf = comment_buf;
    t->comment_cap = comment_cap;
    cli_buf_reset(&t->out);
    cli_buf_reset(&t->err);
    t->file = file;
    t->line = line;
    t->column = column;
    t->index = r->next_index++;
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
    cli_buf_printf(&t->err, "doku: %s: %s\n", file, what);
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

static void add_record(runner *r, const char *file, const doku_record *rec,
                       size_t lines_fed)
{
    cli_task *t = new_task(r, file, rec->line, rec->column);
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
    const doku_shape *s = shape_for(r, rec->n, why, sizeof why);
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
    t->shape = s;
}

static void drain(runner *r, doku_reader *rd, const char *file, size_t lines_fed)
{
    doku_record rec;
    while (doku_reader_next(rd, &rec))
        add_record(r, file, &rec, lines_fed);
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
    for (;;) {
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
    if (ferror(f)) {
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
        cli_buf_printf(&t->err, "doku: %s: no puzzles found\n", file);
    }
    doku_reader_free(rd);
    cli_buf_free(&line);
    free(chunk);
}

static void start_workers(runner *r)
{
    if (r->nworkers < 2)
        return;
    r->threads = calloc((size_t)r->nworkers, sizeof *r->threads);
    worker_arg *args = calloc((size_t)r->nworkers, sizeof *args);
    if (!r->threads || !args) {
        free(args);
        return;   /* the reading thread runs every task: slower, still right */
    }
    for (int k = 0; k < r->nworkers; k++) {
        args[k].r = r;
        args[k].w = &r->workers[k];
        if (pthread_create(&r->threads[k], NULL, worker_main, &args[k]) != 0)
            break;
        r->nthreads = k + 1;
    }
    r->args = args;
}

static void stop_workers(runner *r)
{
    pthread_mutex_lock(&r->lock);
    r->quit = 1;
    pthread_cond_broadcast(&r->work_cv);
    pthread_mutex_unlock(&r->lock);
    for (int k = 0; k < r->nthreads; k++)
        pthread_join(r->threads[k], NULL);
    free(r->threads);
    free(r->args);
}

int cli_run(const cli_opts *o, const cli_run_ops *ops)
{
    runner r;
    memset(&r, 0, sizeof r);
    r.o = o;
    r.ops = ops;
    r.nworkers = o->threads < 1 ? 1 : o->threads > 256 ? 256 : o->threads;
    r.batch_cap = r.nworkers == 1 ? BATCH_SINGLE : (size_t)BATCH_PER_THREAD * (size_t)r.nworkers;
    int ok = 1;
    for (int k = 0; k < RING; k++)
        ok &= (r.ring[k].tasks = calloc(r.batch_cap, sizeof(cli_task))) != NULL;
    r.workers = calloc((size_t)r.nworkers, sizeof *r.workers);
    if (!ok || !r.workers) {
        fputs("doku: out of memory\n", stderr);
        exit(CLI_EXIT_USAGE);
    }
    pthread_mutex_init(&r.lock, NULL);
    pthread_cond_init(&r.work_cv, NULL);
    pthread_cond_init(&r.done_cv, NULL);
    start_workers(&r);

    static char *const stdin_only[] = {"-"};
    char *const *files = o->nfiles ? o->files : stdin_only;
    int nfiles = o->nfiles ? o->nfiles : 1;
    for (int i = 0; i < nfiles; i++) {
        int is_stdin = !strcmp(files[i], "-");
        const char *name = is_stdin ? "<stdin>" : files[i];
        FILE *f = is_stdin ? stdin : fopen(files[i], "rb");
        if (!f) {
            input_problem(&r, name, strerror(errno));
            continue;
        }
        read_input(&r, f, name);
        if (!is_stdin)
            fclose(f);
    }
    submit_batch(&r);
    if (r.nthreads)
        print_finished(&r, 0, 1);
    stop_workers(&r);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "doku: cannot write the output: %s\n", strerror(errno));
        r.exit_code = CLI_EXIT_USAGE;
    }

    pthread_mutex_destroy(&r.lock);
    pthread_cond_destroy(&r.work_cv);
    pthread_cond_destroy(&r.done_cv);
    for (int k = 0; k < RING; k++) {
        for (size_t i = 0; i < r.batch_cap; i++) {
            cli_task *t = &r.ring[k].tasks[i];
            free(t->cells_buf);
            free(t->comment_buf);
            free(t->error);
            cli_buf_free(&t->out);
            cli_buf_free(&t->err);
        }
        free(r.ring[k].tasks);
    }
    for (int k = 0; k < r.nworkers; k++)
        for (int n = 0; n <= DOKU_MAX_N; n++) {
            doku_solver_free(r.workers[k].solvers[n]);
            doku_logic_free(r.workers[k].logics[n]);
        }
    for (int n = 0; n <= DOKU_MAX_N; n++)
        doku_shape_free(r.shapes[n]);
    free(r.workers);
    return r.exit_code;
}
