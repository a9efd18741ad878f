#!/usr/bin/env bash
# Installs the current build into a fresh prefix, then builds against that tree, as a user would,
# and runs: tests/install/consumer.c and the C examples (examples/c/*.c), as CMake projects calling
# find_package(garray) and with the flags of `pkg-config --cflags --libs garray`; and, given a
# Fortran compiler, the Fortran examples (examples/fortran), as a CMake project asking for the
# component fortran and with `pkg-config --cflags --libs garray-fortran`. The examples say so and
# exit 0 on a machine without a GPU. The CMake projects are configured with
# find_package(CUDAToolkit) disabled: users of the installed package need no CUDA toolkit.
# Without pkg-config the pkg-config builds are left out and the test exits 77 (skipped).
#
# usage: install_test.sh CMAKE BUILD_DIR CONFIG LIBDIR GENERATOR C_COMPILER PKG_CONFIG FORTRAN_COMPILER EXAMPLES
#   PKG_CONFIG and FORTRAN_COMPILER are "-" when there is none; EXAMPLES is the examples/ folder.
set -euo pipefail

cmake=$1 build_dir=$2 config=$3 libdir=$4 generator=$5 c_compiler=$6 pkg_config=$7 fortran_compiler=$8
examples=$9
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
c_flags=(-std=c99 -Wall -Wextra -Werror -pedantic -Wno-missing-field-initializers)
fortran_flags=()
if [[ $fortran_compiler != - ]] && "$fortran_compiler" --version 2>/dev/null | grep -q 'GNU Fortran'; then
  fortran_flags=(-std=f2018 -Wall -Werror)
fi

"$cmake" --install "$build_dir" --config "$config" --prefix "$prefix"

# cmake_project SOURCE BINARY [OPTION...]: configures and builds a project against the installation.
cmake_project() {
  "$cmake" -S "$1" -B "$2" -G "$generator" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_DISABLE_FIND_PACKAGE_CUDAToolkit=ON --no-warn-unused-cli "${@:3}"
  "$cmake" --build "$2"
}

# run PROGRAM...: runs each, saying which.
run() {
  local program
  for program in "$@"; do
    echo "-- running $(basename "$program")"
    "$program"
  done
}

c_examples=("$examples"/c/*.c)
fortran_examples=("$examples"/fortran/*.f90)

echo "-- consumer and C examples built with find_package(garray)"
cmake_project "$here/consumer_project" "$work/cmake_consumer" -DCMAKE_C_COMPILER="$c_compiler"
run "$work/cmake_consumer/consumer"
cmake_project "$here/c_examples_project" "$work/cmake_c_examples" -DCMAKE_C_COMPILER="$c_compiler" \
  -DGARRAY_EXAMPLES_DIR="$examples/c"
for example in "${c_examples[@]}"; do
  run "$work/cmake_c_examples/$(basename "$example" .c)"
done

if [[ $fortran_compiler != - ]]; then
  echo "-- Fortran examples built with find_package(garray COMPONENTS fortran)"
  cmake_project "$examples/fortran" "$work/cmake_fortran_examples" -DCMAKE_Fortran_COMPILER="$fortran_compiler"
  for example in "${fortran_examples[@]}"; do
    run "$work/cmake_fortran_examples/$(basename "$example" .f90)"
  done
else
  echo "no Fortran compiler: the Fortran examples were not built"
fi

if [[ $pkg_config == - ]]; then
  echo "pkg-config not found: the pkg-config builds were not tried"
  exit 77
fi
export PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig"
mkdir -p "$work/pkg_config"

echo "-- consumer and C examples built with pkg-config"
flags=$("$pkg_config" --cflags --libs garray)
echo "pkg-config --cflags --libs garray: $flags"
# $flags is a list of compiler arguments and is split on purpose.
# shellcheck disable=SC2086
"$c_compiler" "$here/consumer.c" $flags -o "$work/pkg_config/consumer"
run "$work/pkg_config/consumer"
for example in "${c_examples[@]}"; do
  name=$(basename "$example" .c)
  # shellcheck disable=SC2086
  "$c_compiler" "${c_flags[@]}" "$example" $flags -o "$work/pkg_config/$name"
  run "$work/pkg_config/$name"
done

if [[ $fortran_compiler != - ]]; then
  echo "-- Fortran examples built with pkg-config"
  flags=$("$pkg_config" --cflags --libs garray-fortran)
  echo "pkg-config --cflags --libs garray-fortran: $flags"
  for example in "${fortran_examples[@]}"; do
    name=$(basename "$example" .f90)
    # shellcheck disable=SC2086
    "$fortran_compiler" "${fortran_flags[@]}" "$example" $flags -o "$work/pkg_config/$name-fortran"
    run "$work/pkg_config/$name-fortran"
  done
fi
