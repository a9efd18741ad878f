#!/usr/bin/env bash
# Compares the ABI of a built libgarray with the recorded baseline (libabigail's abidiff), so that an
# incompatible change to the C ABI fails CI unless the baseline is updated on purpose
# (scripts/update_abi_baseline.sh, in the same reviewed change). Compatible changes (a new function,
# a new enumerator) are printed and pass.
#
# Usage: check_abi.sh <libgarray.so> <include/garray> <baseline.abi>
set -euo pipefail
library=$1 headers=$2 baseline=$3

if ! command -v abidw >/dev/null || ! command -v abidiff >/dev/null; then
  # CI's setup installs them; a machine without them (the GPU machine) skips (ctest SKIP_RETURN_CODE).
  echo "abidw/abidiff not found: install Debian's abigail-tools (scripts/setup.sh does); skipped" >&2
  exit 77
fi
current=$(mktemp --suffix=.abi)
trap 'rm -f "$current"' EXIT
"$(dirname "${BASH_SOURCE[0]}")/dump_abi.sh" "$library" "$headers" "$current"

status=0
abidiff --no-added-syms --headers-dir1 "$headers" --headers-dir2 "$headers" "$baseline" "$current" || status=$?
# abidiff's status is a bit field: 1 error, 2 usage error, 4 an ABI change, 8 an incompatible one.
if (( status & 3 )); then
  echo "abidiff failed (status $status)" >&2
  exit 1
fi
if (( status & 8 )); then
  echo "The ABI of $library changed incompatibly against $baseline (above)." >&2
  echo "If this is deliberate, run scripts/update_abi_baseline.sh and commit the new baseline with the change." >&2
  exit 1
fi
if (( status & 4 )); then
  echo "compatible ABI changes against the baseline (above); the baseline may be refreshed with scripts/update_abi_baseline.sh"
fi
echo "ABI compatible with $baseline"
