#!/usr/bin/env bash
# Runs every test suite against an existing build, then prints, as its last line, the sum of them
# all: `N passed, N failed, N skipped` (scripts/summarize_tests.py counts). Exits non-zero if a test
# failed, if no test ran, or if a suite's runner itself failed.
#
# A suite is a function run_<name> listed in `suites`: it adds the arguments that point
# summarize_tests.py at its reports to `summary_arguments`, then runs the suite last, so that the
# function's status is the runner's.
#
# Environment: GARRAY_BUILD_DIR, the build to test (default: build/dev); GARRAY_TEST_SUITES, the
# suites to run, separated by spaces (default: all of them, conformance included; a device call too short for the whole
# run can take them in turns, each call's summary counting its own); GARRAY_PYTEST_PROCESSES, how
# many pytest processes share the Python tests (default 1; on a GPU machine with many cores, 6 take
# the suite from ~380 s to ~60 s).
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

# pytest runs tests/python against the package the build staged in <build>/python, with the
# interpreter the build found (bindings/python/CMakeLists.txt writes it to garray-python.env), or
# GARRAY_PYTHON. A build without the binding says why and counts one skipped test.
run_pytest() {
  local env_file=$build_dir/python/garray-python.env
  local GARRAY_PYTHON_EXECUTABLE='' GARRAY_PYTHON_SKIPPED='the build has no Python binding (GARRAY_BUILD_PYTHON=OFF)'
  if [[ -f $env_file ]] && grep -q '^GARRAY_BUILD_PYTHON:BOOL=ON$' "$build_dir/CMakeCache.txt"; then
    source "$env_file"
  fi
  if [[ -z $GARRAY_PYTHON_EXECUTABLE ]]; then
    skip_bindings_suite pytest "$GARRAY_PYTHON_SKIPPED"
    return 0
  fi
  local python=${GARRAY_PYTHON:-$GARRAY_PYTHON_EXECUTABLE} processes=${GARRAY_PYTEST_PROCESSES:-1}
  local -x PYTHONPATH="$build_dir/python${PYTHONPATH:+:$PYTHONPATH}"
  if ((processes <= 1)); then
    summary_arguments+=(--junit "$reports/pytest.xml")
    "$python" -m pytest -rs -p no:cacheprovider --junitxml="$reports/pytest.xml" "$repo/tests/python"
    return
  fi
  run_pytest_processes "$python" "$processes"
}

# pytest in `processes` concurrent processes, the collected tests dealt out in turn (so that each
# test file's slow cases spread over all of them); each process writes pytest-<k>.xml and .log.
run_pytest_processes() {
  local python=$1 processes=$2 k failed=0 pids=()
  if ! (cd "$repo" && "$python" -m pytest --collect-only -q -p no:cacheprovider tests/python) | grep '::' \
       >"$reports/pytest-ids.txt"; then
    summary_arguments+=(--junit "$reports/pytest-collection.xml")  # never written: counts as one failure
    return 1
  fi
  # An empty list would make pytest collect everything again.
  processes=$(( $(wc -l <"$reports/pytest-ids.txt") < processes ? $(wc -l <"$reports/pytest-ids.txt") : processes ))
  for ((k = 0; k < processes; ++k)); do
    summary_arguments+=(--junit "$reports/pytest-$k.xml")
    awk -v k="$k" -v n="$processes" 'NR % n == k' "$reports/pytest-ids.txt" >"$reports/pytest-ids-$k.txt"
    (cd "$repo" && "$python" -c 'import sys, pytest; sys.exit(pytest.main(sys.argv[2:] + open(sys.argv[1]).read().split("\n")[:-1]))' \
       "$reports/pytest-ids-$k.txt" -rfEs -p no:cacheprovider --junitxml="$reports/pytest-$k.xml" \
       >"$reports/pytest-$k.log" 2>&1) &
    pids+=($!)
  done
  for ((k = 0; k < processes; ++k)); do
    wait "${pids[k]}" || failed=1
    grep -E '^(FAILED|ERROR) ' "$reports/pytest-$k.log" || true
    echo "pytest process $k: $(tail -n 1 "$reports/pytest-$k.log")"
  done
  return "$failed"
}

# The test binaries of the Rust crates (bindings/rust) and the Fortran program
# (bindings/fortran/tests) live in <build>/bindings-tests/{cargo,fortran}: built there where cargo
# and a Fortran compiler are found, else run as found there, carried from a machine that has them
# (a GPU machine without the toolchains: carry that one folder, see docs/bindings.md). Each writes a
# JUnit report, and finds this build's libgarray first on its library path.
bindings_tests=$build_dir/bindings-tests

run_bindings_test() {
  local binary=$1 report=$reports/$2.xml
  summary_arguments+=(--junit "$report")
  LD_LIBRARY_PATH="$build_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$binary" --junit "$report"
}

# A suite with nothing to run counts one skipped test, saying why.
skip_bindings_suite() {
  local suite=$1 reason=$2 report=$reports/$1.xml
  echo "$suite skipped: $reason"
  summary_arguments+=(--junit "$report")
  printf '<testsuite><testcase classname="%s" name="test_binaries"><skipped message="%s"/></testcase></testsuite>\n' \
    "$suite" "$reason" >"$report"
}

# Builds the Rust crates' tests offline (they have no dependency) into <build>/cargo, and copies each
# test binary to bindings-tests/cargo/<crate>-<test target>.
build_cargo_tests() {
  local binaries=$1 artifacts
  artifacts=$(GARRAY_LIB_DIR=$build_dir CARGO_TARGET_DIR=$build_dir/cargo \
    "$cargo" test --offline --no-run --message-format=json-render-diagnostics \
      --manifest-path "$repo/bindings/rust/Cargo.toml") || return 1
  rm -rf "$binaries"
  mkdir -p "$binaries"
  python3 -c '
import json, pathlib, shutil, sys
for line in sys.stdin:
    artifact = json.loads(line)
    if artifact.get("reason") == "compiler-artifact" and artifact.get("executable") and artifact["profile"]["test"]:
        crate = pathlib.Path(artifact["manifest_path"]).parent.name
        shutil.copy2(artifact["executable"], pathlib.Path(sys.argv[1]) / (crate + "-" + artifact["target"]["name"]))
' "$binaries" <<<"$artifacts"
}

# rustup's cargo may be missing from a non-login shell's PATH.
cargo=$(command -v cargo || echo "$HOME/.cargo/bin/cargo")

run_cargo() {
  local binaries=$bindings_tests/cargo binary failed=0
  if [[ -x $cargo ]]; then
    # A report that is never written counts as one failed test.
    build_cargo_tests "$binaries" || { summary_arguments+=(--junit "$reports/cargo-build.xml"); return 1; }
  elif compgen -G "$binaries/*" >/dev/null; then
    echo "cargo is not installed: running the test binaries carried to $binaries"
  else
    skip_bindings_suite cargo "cargo is not installed and no test binary was carried to $binaries"
    return 0
  fi
  for binary in "$binaries"/*; do
    run_bindings_test "$binary" "cargo-$(basename "$binary")" || failed=1
  done
  return "$failed"
}

# The Fortran test program is built by CMake when it finds a Fortran compiler.
run_fortran() {
  local program=$bindings_tests/fortran/garray_fortran_test
  if [[ ! -x $program ]]; then
    skip_bindings_suite fortran "the build has no Fortran compiler and no test program was carried to $program"
    return 0
  fi
  if ! grep -q '^CMAKE_Fortran_COMPILER:.*=/' "$build_dir/CMakeCache.txt"; then
    echo "the build has no Fortran compiler: running the test program carried to $program"
  fi
  run_bindings_test "$program" fortran
}

# The Array API conformance suite (scripts/array_api_conformance.sh), when a copy of it lies at
# GARRAY_CONFORMANCE_DIR (default .carry/conformance) and the package sees a GPU; else one skip, saying why.
run_conformance() {
  local copy=${GARRAY_CONFORMANCE_DIR:-$repo/.carry/conformance}
  local -x GARRAY_CONFORMANCE_REPORT=$reports/conformance.xml
  if [[ ! -x $copy/run_array_api_tests.sh ]]; then
    skip_bindings_suite conformance "no copy of the conformance suite at $copy"
    return 0
  fi
  if ! PYTHONPATH="$build_dir/python" python3 -c 'import sys, garray; sys.exit(not garray.cuda.is_available())' \
       2>/dev/null; then
    skip_bindings_suite conformance "the garray package cannot be imported or sees no GPU"
    return 0
  fi
  summary_arguments+=(--junit "$GARRAY_CONFORMANCE_REPORT")
  "$repo/scripts/array_api_conformance.sh"
}

read -r -a suites <<<"${GARRAY_TEST_SUITES:-ctest pytest cargo fortran conformance}"

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
