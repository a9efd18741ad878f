#!/usr/bin/env bash
# The whole check on a GPU machine, in one call: configure and build (dev preset, every core, going
# on past errors), run every test suite with the counting of scripts/test.sh, then run every
# benchmark: the executables the build made (bench_* under the build's bench/) and the Python ones
# that time garray beside CuPy (bench/bench_*.py, run with the build's Python). No step stops the
# others. Each step's full output goes to a log under $OUT when it is set (else <build>/gpu-check),
# and a short summary is printed last, and kept as summary.txt: the build's result, the failed
# tests, the test summary line, then each benchmark's table. Exits non-zero if the build or a test
# failed.
#
# Environment: GARRAY_BUILD_DIR (default: build/dev); OUT, where the logs go;
# GARRAY_BENCH_TIMEOUT, the seconds one benchmark may run (default: 120); GARRAY_PYTEST_PROCESSES,
# the pytest processes that share the Python tests (default here: 6); GARRAY_CHECK_STEPS, the steps
# to take of `build tests bench` (default: all three), so that calls with a time limit can take them
# in turns on the same build; GARRAY_BENCHMARKS, the benchmarks to run by file name (default: all).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
logs=$(realpath -m "${OUT:-$build_dir/gpu-check}")
bench_timeout=${GARRAY_BENCH_TIMEOUT:-120}
summary_line_pattern='^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$'
status=0
read -r -a steps <<<"${GARRAY_CHECK_STEPS:-build tests bench}"
for step in "${steps[@]}"; do
  [[ $step =~ ^(build|tests|bench)$ ]] || { echo "gpu_check.sh: unknown step '$step' (build, tests, bench)" >&2; exit 2; }
done
taking() { [[ " ${steps[*]} " == *" $1 "* ]]; }
taking tests && rm -rf "$logs/tests.log" "$logs/test-reports" "$logs/test-results"
taking bench && rm -rf "$logs/bench"
mkdir -p "$logs/bench"

gpus=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | paste -sd ';' || true)

build_result=skipped
if taking build; then
  build_result=ok
  if ! configure_and_build -k 0 >"$logs/build.log" 2>&1; then
    build_result="FAILED (see $logs/build.log)"
    status=1
  fi
fi

test_summary=skipped
if taking tests; then
  GARRAY_PYTEST_PROCESSES=${GARRAY_PYTEST_PROCESSES:-6} "$repo/scripts/run_tests.sh" >"$logs/tests.log" 2>&1 || status=1
  cp -r "$build_dir/test-reports" "$build_dir/test-results" "$logs/" 2>/dev/null || true
  test_summary=$(tail -n 1 "$logs/tests.log")
  if [[ ! $test_summary =~ $summary_line_pattern ]]; then
    test_summary="no summary line (see $logs/tests.log)"
    status=1
  fi
fi

benchmarks=()
if taking bench; then
  if [[ -d $build_dir/bench ]]; then
    mapfile -t benchmarks < <(find "$build_dir/bench" -path '*/CMakeFiles' -prune -o \
                                   -type f -name 'bench_*' -perm -u+x -print | sort)
  fi
  mapfile -t -O "${#benchmarks[@]}" benchmarks < <(find "$repo/bench" -maxdepth 1 -name 'bench_*.py' | sort)
  if [[ -n ${GARRAY_BENCHMARKS:-} ]]; then
    chosen=()
    for benchmark in "${benchmarks[@]}"; do
      [[ " $GARRAY_BENCHMARKS " == *" $(basename "$benchmark") "* ]] && chosen+=("$benchmark")
    done
    benchmarks=("${chosen[@]}")
  fi
fi
# The Python benchmarks run with the interpreter the extension was built for, as pytest does
# (garray-python.env, see scripts/run_tests.sh; GARRAY_PYTHON overrides it): the first python3 on
# PATH may be another one, without NumPy or for another Python version, and then none of them
# imports garray. python3 when the build has no Python binding.
bench_python=python3
if [[ -f $build_dir/python/garray-python.env ]]; then
  bench_python=$(GARRAY_PYTHON_EXECUTABLE='' && source "$build_dir/python/garray-python.env" &&
                 echo "${GARRAY_PYTHON_EXECUTABLE:-python3}")
fi
bench_python=${GARRAY_PYTHON:-$bench_python}
declare -A bench_status
for benchmark in "${benchmarks[@]}"; do
  name=$(basename "$benchmark")
  bench_status[$name]=0
  runner=()
  [[ $benchmark == *.py ]] && runner=("$bench_python")
  timeout "$bench_timeout" "${runner[@]}" "$benchmark" >"$logs/bench/$name.log" 2>&1 || bench_status[$name]=$?
done

{
  echo "== garray GPU check of $(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo "an unknown commit")"
  echo "gpu: ${gpus:-none found by nvidia-smi}"
  echo "logs: $logs"
  echo "build: $build_result"
  if taking tests; then grep '^FAILED: ' "$logs/tests.log" || true; fi
  echo "tests: $test_summary"
  if ! taking bench; then
    echo "benchmarks: skipped"
  elif ((${#benchmarks[@]} == 0)); then
    echo "benchmarks: none found"
  fi
  for benchmark in "${benchmarks[@]}"; do
    name=$(basename "$benchmark")
    case ${bench_status[$name]} in
      0) echo "== $name" ;;
      124) echo "== $name FAILED: timed out after $bench_timeout s" ;;
      *) echo "== $name FAILED: exit status ${bench_status[$name]}" ;;
    esac
    cat "$logs/bench/$name.log"
  done
} | tee "$logs/summary.txt"
exit "$status"
