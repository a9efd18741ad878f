#!/usr/bin/env bash
# Runs every test suite against an existing build, then prints, as its last line, the sum of them
# all: `N passed, N failed, N skipped` (scripts/summarize_tests.py counts). Exits non-zero if a test
# failed, if no test ran, or if a suite's runner itself failed.
#
# A suite is a function run_<name> listed in `suites`: it adds the arguments that point
# summarize_tests.py at its reports to `summary_arguments`, then runs the suite last, so that the
# function's status is the runner's.
#
# Environment: GARRAY_BUILD_DIR, the build to test (default: build/dev).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
reports=$build_dir/test-reports
summary_arguments=()

# ctest runs the GoogleTest executables, each writing its XML report into test-results/
# (GARRAY_TEST_RESULTS_DIR in tests/CMakeLists.txt), and the tests that write none (the C99 test,
# the install test), which count by ctest's own result.
run_ctest() {
  rm -rf "$build_dir/test-results"
  summary_arguments+=(--ctest "$reports/ctest.xml" --gtest-dir "$build_dir/test-results")
  ctest --test-dir "$build_dir" --parallel "$(nproc)" --timeout 300 --output-on-failure \
        --no-tests=error --output-junit "$reports/ctest.xml"
}

suites=(ctest)

rm -rf "$reports"
mkdir -p "$reports"
failed_suites=()
for suite in "${suites[@]}"; do
  echo "== $suite"
  "run_$suite" || failed_suites+=("$suite")
done

status=0
summary=$(python3 "$repo/scripts/summarize_tests.py" "${summary_arguments[@]}") || status=$?
if ((status == 0 && ${#failed_suites[@]})); then
  echo "no test failed, but the runner of these suites did: ${failed_suites[*]}"
  status=1
fi
echo "$summary"
exit "$status"
