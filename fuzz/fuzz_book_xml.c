/*
 * fuzz_book_xml.c — libFuzzer target for the workbook XML readers
 * (formats/book_xml.c) and the puzzle finder behind them (formats/
 * sheet.c). The first byte picks the part (0 worksheet, 1 shared strings,
 * 2 OpenDocument content, 3 workbook + relationships, 4 styles: their
 * cell formats then judge a fixed sheet's empty cells, 5 worksheet with
 * fixed styles: its empty framed cells kept), the rest is its XML. Any bytes must give cells or a message, never a crash, a leak or
 * a hang; every cell must lie inside the sheet limits, every puzzle found
 * must be square and hold only readable values.
 */
#include "book_xml.h"
#include "sheet.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_sheet(wb_sheet *s)
{
    wb_sheet_sort(s);
    for (size_t i = 0; i < s->count; i++) {
        if (s->cells[i].row >= WB_MAX_ROWS || s->cells[i].col >= WB_MAX_COLS)
            abort();
        if (i && (s->cells[i - 1].row > s->cells[i].row ||
                  (s->cells[i - 1].row == s->cells[i].row && s->cells[i - 1].col >= s->cells[i].col)))
            abort();   /* sorted, one text per cell */
    }
    wb_range found[16];
    long k = wb_find_puzzles(s, 4, 64, WB_DIGITS, found, 16);
    for (long i = 0; i < k && i < 16; i++) {
        int n = (int)(found[i].r1 - found[i].r0 + 1);
        if (found[i].c1 - found[i].c0 + 1 != (uint32_t)n || n < 4 || n > 64)
            abort();
        for (uint32_t r = found[i].r0; r <= found[i].r1; r++)
            for (uint32_t c = found[i].c0; c <= found[i].c1; c++) {
                const char *t = wb_sheet_text(s, r, c);
                if (t && wb_cell_value(t, n, WB_DIGITS) < 0)
                    abort();
            }
        char name[600], sheet[256];
        wb_range back;
        wb_range_name(s->name, &found[i], name, sizeof name);
        if (wb_parse_range(name, sheet, sizeof sheet, &back) != 0 ||
            memcmp(&back, &found[i], sizeof back) != 0)
            abort();   /* the name of a range reads back as the range */
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    xml_memory m = {(const char *)data + 1, size - 1, 0};
    char why[400];
    wb_book b = {0};
    switch (data[0] & 7) {
    case 0: {
        char *texts[] = {"5", "x", "12"};
        xlsx_strings sst = {texts, 3, 3};
        wb_sheet *s = wb_book_add_sheet(&b, "Sheet1", 6);
        if (s && xlsx_parse_sheet(xml_memory_read, &m, &sst, s, why, sizeof why) == 0)
            check_sheet(s);
        break;
    }
    case 1: {
        xlsx_strings sst = {0};
        xlsx_parse_strings(xml_memory_read, &m, &sst, why, sizeof why);
        xlsx_strings_free(&sst);
        break;
    }
    case 2:
        if (ods_parse_content(xml_memory_read, &m, &b, why, sizeof why) == 0)
            for (size_t i = 0; i < b.count; i++)
                check_sheet(&b.sheets[i]);
        break;
    case 4: {
        /* the formats' framed flags as read, then looked up by every s=
         * of a sheet (indices inside, past and far past the list) */
        xlsx_styles st = {0};
        if (xlsx_parse_styles(xml_memory_read, &m, &st, why, sizeof why) == 0) {
            for (size_t i = 0; i < st.count; i++)
                if (st.framed[i] > 1)
                    abort();
            static const char sheet[] =
                "<worksheet><sheetData><row r=\"1\"><c r=\"A1\" s=\"0\"/><c r=\"B1\" s=\"1\"/>"
                "<c r=\"C1\" s=\"2\"/><c r=\"D1\" s=\"7\"/><c r=\"E1\" s=\"4294967295\"/>"
                "<c r=\"F1\" s=\"1\"><v>5</v></c></row></sheetData></worksheet>";
            xml_memory sm = {sheet, sizeof sheet - 1, 0};
            xlsx_strings none = {0};
            wb_sheet *s = wb_book_add_sheet(&b, "Styled", 6);
            if (s && xlsx_parse_sheet_styled(xml_memory_read, &sm, &none, &st, s, why,
                                             sizeof why) == 0)
                check_sheet(s);
        }
        xlsx_styles_free(&st);
        break;
    }
    case 5: {
        unsigned char framed[4] = {0, 1, 0, 1};
        uint64_t look[4] = {0, WB_LOOK_BOLD, WB_LOOK_COLOR | 0x123456, WB_LOOK_FILL};
        xlsx_styles st = {.framed = framed, .look = look, .count = 4};
        char *texts[] = {"5", "x", "12"};
        xlsx_strings sst = {texts, 3, 3};
        wb_sheet *s = wb_book_add_sheet(&b, "Sheet1", 6);
        if (s && xlsx_parse_sheet_styled(xml_memory_read, &m, &sst, &st, s, why, sizeof why) == 0)
            check_sheet(s);
        break;
    }
    default: {
        xlsx_sheet_list l = {0};
        if (xlsx_parse_workbook(xml_memory_read, &m, &l, why, sizeof why) == 0) {
            m.pos = 0;
            xlsx_parse_rels(xml_memory_read, &m, &l, why, sizeof why);
        }
        xlsx_sheet_list_free(&l);
        break;
    }
    }
    wb_book_clear(&b);
    return 0;
}
