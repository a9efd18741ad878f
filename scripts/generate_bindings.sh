#!/usr/bin/env bash
# Generates the C source of the Python extension (garray._garray) from bindings/garray.i with SWIG.
# The CMake build runs it when SWIG is installed; on a machine without SWIG, run it where SWIG is and
# carry its output along: the build then compiles the carried wrapper.
#
#   scripts/generate_bindings.sh [OUTPUT_DIR]     # default: build/generated/python
#
# Writes OUTPUT_DIR/garray_wrap.c and OUTPUT_DIR/garray_wrap.inputs, the SHA-256 of every file the
# wrapper was generated from; the build refuses a carried wrapper whose inputs have changed since.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
output=$(realpath -m "${1:-$repo/build/generated/python}")
mkdir -p "$output"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# -builtin: the handle types are C types, so calls skip a Python proxy layer. -threads: the GIL can
# be released (typemaps.i says for which calls). SWIGWORDSIZE64: int64_t is `long` on the LP64
# targets garray supports, as in the C headers. The Python proxy SWIG also writes is not used: the
# package imports the extension directly.
swig -python -builtin -threads -DSWIGWORDSIZE64 -I"$repo/include" -I"$repo/bindings" \
     -o "$scratch/garray_wrap.c" -outdir "$scratch" "$repo/bindings/garray.i"

# The inputs, as CMake lists them (bindings/python/CMakeLists.txt): relative paths, sorted.
(cd "$repo" && sha256sum bindings/garray.i $(ls bindings/python/*.i include/garray/*.h | LC_ALL=C sort)) \
  >"$scratch/garray_wrap.inputs"
mv "$scratch/garray_wrap.c" "$scratch/garray_wrap.inputs" "$output/"
