/* aligned.c — placeholder */
#include "logic_internal.h"
int logic_aligned_pair(doku_logic *L) { (void)L; return 0; }
