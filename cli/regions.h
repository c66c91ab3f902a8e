/*
 * regions.h — reads the jigsaw region map of --regions FILE.
 */
#ifndef DOKU_CLI_REGIONS_H
#define DOKU_CLI_REGIONS_H

#include "options.h"

/* Loads o->regions_file into o->regions / o->regions_n. cmd names the
 * command in messages. @return 0, or -1 after printing what is wrong. */
int cli_load_regions(cli_opts *o, const char *cmd);

#endif
