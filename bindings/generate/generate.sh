#!/usr/bin/env bash
# Regenerates the Rust (garray-sys), Julia (LibGarray.jl) and Fortran (garray_c) declarations of
# garray's C API and the checks of their layouts, from SWIG's XML parse tree of bindings/garray.i.
# Run it after changing a public header, and commit what it writes.
#
# usage: bindings/generate/generate.sh [--check]
#   --check  writes nothing; prints a diff and exits 1 if a checked-in file is not what the headers
#            give (the test test_bindings_generated runs this).
# Environment: SWIG (default: swig), PYTHON (default: python3).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swig=${SWIG:-swig}
if ! command -v "$swig" >/dev/null; then
  echo "generate.sh: $swig not found; the bindings are generated from SWIG 4's parse tree" >&2
  # 77: the check is skipped, not failed, on a machine without SWIG (ctest's SKIP_RETURN_CODE).
  [[ ${1:-} == --check ]] && exit 77
  exit 1
fi

# SWIG runs in the repository root, so the tree names the headers include/garray/*.h.
cd "$repo"
"$swig" -xml -Iinclude -o "$work/garray.xml" bindings/garray.i
"${PYTHON:-python3}" "$here/generate.py" "$work/garray.xml" "$@"
