#!/usr/bin/env bash
# Runs the Array API conformance suite (data-apis/array-api-tests) against the garray package of a
# build, with the project's xfails file, and prints `N passed, N failed, N skipped` last (xfails count
# as skipped). The suite is not part of the project: it is read from a copy of the shared
# conformance folder (its runner, the suite, the specification and ndindex) at
# GARRAY_CONFORMANCE_DIR, default .carry/conformance (ignored by git).
#
#   scripts/array_api_conformance.sh [pytest arguments, e.g. array_api_tests/test_linalg.py]
#
# Environment: GARRAY_BUILD_DIR (default build/dev), GARRAY_CONFORMANCE_DIR,
# GARRAY_CONFORMANCE_EXAMPLES (hypothesis examples per test, default 20),
# GARRAY_CONFORMANCE_REPORT (the JUnit report, default <build>/test-reports/conformance.xml),
# CONFORMANCE_WORKERS (pytest-xdist workers, default 8). Exit status: pytest's, 0 when all passed.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
conformance=$(realpath -m "${GARRAY_CONFORMANCE_DIR:-$repo/.carry/conformance}")
runner=$conformance/run_array_api_tests.sh
report=$(realpath -m "${GARRAY_CONFORMANCE_REPORT:-$build_dir/test-reports/conformance.xml}")
if [[ ! -x $runner ]]; then
  echo "no conformance suite at $conformance (copy the shared conformance folder there)" >&2
  exit 2
fi
mkdir -p "$(dirname "$report")"
# The project's file gives each id a reason after `#`; the suite reads bare ids.
xfails=$(dirname "$report")/array-api-xfails-ids.txt
sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$repo/tests/conformance/array-api-xfails.txt" >"$xfails"
tests=("$@")
"$runner" "$build_dir/python" garray "${GARRAY_CONFORMANCE_EXAMPLES:-20}" "$xfails" \
  -- --hypothesis-derandomize --junitxml="$report" "${tests[@]}"
status=$?
python3 "$repo/scripts/summarize_tests.py" --junit "$report" | tail -n 1
exit "$status"
