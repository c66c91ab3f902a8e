/*
 * zip_book.c — opens a zip workbook and streams its XML parts through
 * book_xml.c. Which kind it is comes from what it holds (xl/workbook.xml
 * or content.xml), not from its name. Every part is read through a
 * budget of uncompressed bytes, so a zip bomb ends with a message.
 */
#include "zip_book.h"
#include "book_xml.h"
#include "loaders.h"

#include <zip.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Uncompressed bytes one part may have (Excel's largest sheets are well
 * below this). */
#define PART_MAX ((zip_uint64_t)1 << 30)

typedef struct part {
    zip_file_t *f;
    zip_uint64_t read;
    int too_big;
} part;

static long part_read(void *ctx, char *buf, size_t cap)
{
    part *p = ctx;
    zip_int64_t got = zip_fread(p->f, buf, cap);
    if (got < 0)
        return -1;
    p->read += (zip_uint64_t)got;
    if (p->read > PART_MAX) {
        p->too_big = 1;
        return -1;
    }
    return (long)got;
}

typedef int (*part_parser)(xml_source_fn src, void *ctx, void *user, char *why, size_t cap);

/* Parses the part called name with parse. @return 0; 1 when the zip has
 * no such part (nothing is parsed); -1 with a message. */
static int parse_part(zip_t *z, const char *name, part_parser parse, void *user, char *why,
                      size_t cap)
{
    zip_int64_t idx = zip_name_locate(z, name, ZIP_FL_NOCASE);
    if (idx < 0)
        return 1;
    part p = {zip_fopen_index(z, (zip_uint64_t)idx, 0), 0, 0};
    if (!p.f) {
        snprintf(why, cap, "%s: %s", name, zip_strerror(z));
        return -1;
    }
    int rc = parse(part_read, &p, user, why, cap);
    if (p.too_big)
        snprintf(why, cap, "%s: more than %llu bytes uncompressed", name,
                 (unsigned long long)PART_MAX);
    zip_fclose(p.f);
    return rc;
}

static int parse_workbook(xml_source_fn src, void *ctx, void *user, char *why, size_t cap)
{
    return xlsx_parse_workbook(src, ctx, user, why, cap);
}
static int parse_rels(xml_source_fn src, void *ctx, void *user, char *why, size_t cap)
{
    return xlsx_parse_rels(src, ctx, user, why, cap);
}
static int parse_strings(xml_source_fn src, void *ctx, void *user, char *why, size_t cap)
{
    return xlsx_parse_strings(src, ctx, user, why, cap);
}
static int parse_styles(xml_source_fn src, void *ctx, void *user, char *why, size_t cap)
{
    return xlsx_parse_styles(src, ctx, user, why, cap);
}
static int parse_content(xml_source_fn src, void *ctx, void *user, char *why, size_t cap)
{
    return ods_parse_content(src, ctx, user, why, cap);
}

typedef struct sheet_job {
    const xlsx_strings *sst;
    const xlsx_styles *styles;
    wb_sheet *sheet;
} sheet_job;

static int parse_sheet(xml_source_fn src, void *ctx, void *user, char *why, size_t cap)
{
    sheet_job *j = user;
    char inner[400];
    int rc = xlsx_parse_sheet_styled(src, ctx, j->sst, j->styles, j->sheet, inner, sizeof inner);
    if (rc != 0) {
        /* "E7: ..." becomes "Sheet1!E7: ..."; other messages "Sheet1: ..." */
        const char *p = inner;
        uint32_t r, c;
        int cell = wb_parse_cell(&p, &r, &c) == 0 && *p == ':';
        snprintf(why, cap, "%s%s%s", j->sheet->name, cell ? "!" : ": ", inner);
    }
    return rc;
}

/* "worksheets/sheet1.xml" relative to xl/, or "/xl/worksheets/sheet1.xml". */
static void part_path(const char *target, char *buf, size_t cap)
{
    if (target[0] == '/')
        snprintf(buf, cap, "%s", target + 1);
    else
        snprintf(buf, cap, "xl/%s", target);
}

static int read_xlsx(zip_t *z, wb_book *b, char *why, size_t cap)
{
    xlsx_sheet_list list = {0};
    xlsx_strings sst = {0};
    xlsx_styles styles = {0};
    int rc = parse_part(z, "xl/workbook.xml", parse_workbook, &list, why, cap);
    if (rc == 0)
        rc = parse_part(z, "xl/_rels/workbook.xml.rels", parse_rels, &list, why, cap);
    if (rc == 1) {
        snprintf(why, cap, "no xl/_rels/workbook.xml.rels: not a workbook");
        rc = -1;
    }
    if (rc == 0 && parse_part(z, "xl/sharedStrings.xml", parse_strings, &sst, why, cap) < 0)
        rc = -1;
    /* the styles only help find grids whose edge cells are empty */
    if (rc == 0 && parse_part(z, "xl/styles.xml", parse_styles, &styles, why, cap) < 0)
        rc = -1;
    for (size_t i = 0; rc == 0 && i < list.count; i++) {
        const xlsx_sheet_ref *ref = &list.refs[i];
        if (!ref->target)
            continue;   /* a chart sheet or a dangling id: no cells */
        wb_sheet *s = wb_book_add_sheet(b, ref->name, strlen(ref->name));
        if (!s) {
            snprintf(why, cap, "out of memory");
            rc = -1;
            break;
        }
        char path[1024];
        part_path(ref->target, path, sizeof path);
        sheet_job job = {&sst, &styles, s};
        rc = parse_part(z, path, parse_sheet, &job, why, cap);
        if (rc == 1)
            rc = 0;   /* a sheet the file names but does not hold: empty */
    }
    xlsx_strings_free(&sst);
    xlsx_styles_free(&styles);
    xlsx_sheet_list_free(&list);
    return rc;
}

int zip_book_read(const char *path, wb_book *b, char *why, size_t cap)
{
    const char *missing = formats_load_zip();
    if (missing) {
        snprintf(why, cap, "%s", missing);
        return -1;
    }
    int err = 0;
    zip_t *z = zip_open(path, ZIP_RDONLY, &err);
    if (!z) {
        zip_error_t ze;
        zip_error_init_with_code(&ze, err);
        snprintf(why, cap, "cannot open as a zip workbook: %s", zip_error_strerror(&ze));
        zip_error_fini(&ze);
        return -1;
    }
    int rc;
    if (zip_name_locate(z, "xl/workbook.xml", ZIP_FL_NOCASE) >= 0) {
        rc = read_xlsx(z, b, why, cap);
    } else if (zip_name_locate(z, "content.xml", 0) >= 0) {
        rc = parse_part(z, "content.xml", parse_content, b, why, cap);
    } else {
        snprintf(why, cap, "a zip file without xl/workbook.xml or content.xml: "
                           "not an xlsx or ods workbook");
        rc = -1;
    }
    zip_discard(z);
    return rc;
}
