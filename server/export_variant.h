/*
 * export_variant.h — /api/export of a variant puzzle: its constraints in
 * the formats that carry them (doku_variant_write, the writer `doku
 * convert --to text|fpuzzles|sudokupad|fpuzzles-json|sudokuwiki|killer`
 * uses), the document formats (pdf, png, svg, xlsx) left to the
 * document path, which hands the constraints on in the record, and a
 * refusal that names the format for every other.
 */
#ifndef DOKU_SERVER_EXPORT_VARIANT_H
#define DOKU_SERVER_EXPORT_VARIANT_H

#include "request.h"

/* Exports p (its givens and constraints; a puzzle without constraints
 * only for the variant-only formats) as format, the download named name
 * (without extension; NULL or "": doku-NxN), with its title and author
 * (NULL or "": none) where the format has a place for them (text,
 * f-puzzles, SudokuPad). @return 1 with the file or a
 * 4xx/500 in out; 0 when p has no constraints and format is no
 * variant-only one, or format is a document's (the classic path takes
 * it). */
int srv_export_variant(const srv_puzzle *p, const char *format, const char *name,
                       const char *title, const char *author, srv_reply *out);

#endif
