/*
 * pages.h — the two page layouts: one grid a page (every command's
 * records; an explanation gives a page per step) and the booklet of
 * `doku print` (several puzzles a page, solutions at the back).
 */
#ifndef DOKU_RENDER_PAGES_H
#define DOKU_RENDER_PAGES_H

#include "record.h"
#include "sink.h"
#include "document.h"

/* Pages the records make one grid a page (cmd: the records' command). */
size_t rd_single_count(const rd_record *recs, size_t n, const char *cmd);
/* Draws them into s. @return 0, or -1 (s->why, or out of memory). */
int rd_single_write(rd_sink *s, const rd_record *recs, size_t n, const char *cmd);

/* Pages of the booklet b of the records. */
size_t rd_booklet_count(const document_booklet *b, const rd_record *recs, size_t n);
int rd_booklet_write(rd_sink *s, const document_booklet *b, const rd_record *recs, size_t n);

#endif
