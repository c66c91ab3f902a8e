/* uniqueness.c — placeholder */
#include "logic_internal.h"
int logic_unique_loops(doku_logic *L) { (void)L; return 0; }
int logic_bug(doku_logic *L) { (void)L; return 0; }
