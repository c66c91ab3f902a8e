/* chains.c — placeholder */
#include "logic_internal.h"
int logic_chain_ws_create(doku_logic *L) { (void)L; return 0; }
void logic_chain_ws_free(doku_logic *L) { (void)L; }
int logic_chain_cycles(doku_logic *L) { (void)L; return 0; }
int logic_chain_nishio(doku_logic *L) { (void)L; return 0; }
int logic_chain_multiple(doku_logic *L) { (void)L; return 0; }
int logic_chain_dynamic(doku_logic *L) { (void)L; return 0; }
int logic_chain_dynamic_plus(doku_logic *L) { (void)L; return 0; }
