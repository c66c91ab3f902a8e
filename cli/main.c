/* main.c — placeholder entry point until the CLI lands. */
#include "doku.h"
#include <stdio.h>

int main(void)
{
    printf("doku %s\n", doku_version());
    return 0;
}
