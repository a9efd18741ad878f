#!/usr/bin/env bash
# Records the ABI of the current build as the baseline tests/abi/check_abi.sh compares against.
# Run it only for a deliberate ABI change (a new ABI major, or additions worth recording), and commit
# tests/abi/libgarray.abi with that change, so that the review sees the ABI move.
#
# Environment: GARRAY_BUILD_DIR, the build to read (default: build/dev).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
library=$(readlink -f "$build_dir/libgarray.so")
"$repo/tests/abi/dump_abi.sh" "$library" "$repo/include/garray" "$repo/tests/abi/libgarray.abi"
echo "wrote tests/abi/libgarray.abi from $library"
