#!/usr/bin/env bash
# Runs garray's main example (examples/c/hello.c): it prints the library's version, then the GPU
# and a round trip through the memory pool, or says plainly that the machine has no GPU.
# Runs scripts/setup.sh first when the example has not been built.
#
# Environment: GARRAY_BUILD_DIR, the build directory to use (default: build/dev).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
example=$build_dir/examples/c/garray_hello

if [[ ! -x $example ]]; then
  "$repo/scripts/setup.sh"
fi
exec "$example"
