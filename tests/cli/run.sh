#!/bin/sh
# Golden CLI tests: placeholder until the CLI lands.
"$1" >/dev/null
