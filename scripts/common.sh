# shellcheck shell=bash
# Sourced by the scripts beside it: the repository root, the build directory they work on
# (GARRAY_BUILD_DIR, default build/dev, made absolute and exported for the scripts they call), and
# the one way they build.
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=$(realpath -m "${GARRAY_BUILD_DIR:-$repo/build/dev}")
export GARRAY_BUILD_DIR=$build_dir

# Configures the build directory with the dev preset and builds it on every core. Arguments go to
# the build tool (Ninja), e.g. `-k 0` to build all that can be built after an error.
configure_and_build() {
  cmake -S "$repo" --preset dev -B "$build_dir" &&
    cmake --build "$build_dir" --parallel "$(nproc)" -- "$@"
}
