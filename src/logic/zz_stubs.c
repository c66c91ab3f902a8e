#include "logic_internal.h"
int logic_grouped_chains(doku_logic *L) { (void)L; return 0; }
