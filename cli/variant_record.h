/*
 * variant_record.h — a variant puzzle as the JSON record the classic
 * commands write (docs/FORMATS.md "Records"), with its constraints in the
 * API's form ("constraints": [{"kind": "cage", "cells": ["r1c1", ...],
 * "params": [14]}], docs/API.md "Variant constraints"), so the document
 * back ends (pictures, booklets, workbooks) draw variant puzzles from the
 * same records as classic ones.
 */
#ifndef DOKU_CLI_VARIANT_RECORD_H
#define DOKU_CLI_VARIANT_RECORD_H

#include "buf.h"

#include "doku_constraints.h"
#include "doku_records.h"

/* Appends p's record to b: file and line (0: a file of one puzzle), n,
 * shape, puzzle (its givens as a line), status (NULL: none), solution
 * (n*n values, or NULL), extra (JSON fields written as they are, without
 * the leading comma: a check's "conflicts" and "message"; NULL: none)
 * and constraints; no newline. */
void cli_variant_record(cli_buf *b, const char *file, int line, const doku_variant_puzzle *p,
                        const char *status, const uint8_t *solution, const char *extra);

/* The source a record of p names: file, line (0: a file of one puzzle,
 * which the line records name as "FILE:"), p's shape and givens (the
 * pointers are p's), its title as the comment, symbols 1-9A-Z. */
doku_source cli_variant_source(const char *file, int line, const doku_variant_puzzle *p);

/* Writes p's --format json record of a search to stdout, one line: the
 * library's record (doku_format_search of rec; the givens as the puzzle,
 * symbols 1-9A-Z) and then "constraints", so the line reads back as the
 * same variant puzzle (DOKU_VARIANT_FORMAT_RECORD). file and line as
 * cli_variant_record. */
void cli_variant_search_json(const char *file, int line, const doku_variant_puzzle *p,
                             const doku_search_record *rec);

/* Ends the one JSON record b holds (a library record writer's, "{...}"
 * and maybe a newline) with extra's members (JSON text without the
 * leading comma, or NULL) and p's "constraints", then "}\n". */
void cli_variant_json_close(cli_buf *b, const doku_variant_puzzle *p, const char *extra);

#endif
