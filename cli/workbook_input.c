/*
 * workbook_input.c — recognising a workbook needs no library: its first
 * bytes say it. The reader itself is formats/workbook_reader.c; a build
 * without it answers here with what to install, as cli/document.c does
 * for output.
 */
#include "workbook_input.h"

#include <stdio.h>
#include <string.h>

cli_workbook_kind cli_workbook_kind_of(const char *path)
{
    unsigned char head[8] = {0};
    FILE *f = fopen(path, "rb");
    if (f) {
        size_t got = fread(head, 1, sizeof head, f);
        fclose(f);
        if (got >= 4 && !memcmp(head, "PK\x03\x04", 4))
            return CLI_WORKBOOK_ZIP;
        if (got == 8 && !memcmp(head, "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", 8))
            return CLI_WORKBOOK_XLS;
    }
    return CLI_WORKBOOK_NONE;
}

#ifndef DOKU_HAVE_WORKBOOK
long cli_workbook_read(const char *path, cli_workbook_kind kind, const cli_workbook_request *req,
                       cli_workbook_sink sink, void *ctx, char *why, size_t cap)
{
    (void)req;
    (void)sink;
    (void)ctx;
    snprintf(why, cap, "%s: this doku was built without %s input: install %s and rebuild",
             path, kind == CLI_WORKBOOK_XLS ? ".xls" : ".xlsx/.ods",
             kind == CLI_WORKBOOK_XLS ? "libfreexl-dev" : "libzip-dev libexpat1-dev");
    return -1;
}
#endif
