#include "logic_internal.h"
int logic_unique_rectangle_6(doku_logic *L) { (void)L; return 0; }
int logic_hidden_rectangle(doku_logic *L) { (void)L; return 0; }
int logic_grouped_chains(doku_logic *L) { (void)L; return 0; }
