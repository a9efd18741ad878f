#!/usr/bin/env bash
# Writes the ABI of libgarray's public interface (the types reachable from include/garray and the
# exported ga_* functions) as libabigail XML, without build paths, so that two builds of the same
# source give the same file.
#
# Usage: dump_abi.sh <libgarray.so> <include/garray> <output.abi>
set -euo pipefail
abidw --headers-dir "$2" --drop-private-types --no-show-locs --no-comp-dir-path --no-corpus-path \
      --no-architecture --exported-interfaces-only --type-id-style hash --out-file "$3" "$1"
