#!/usr/bin/env bash
# Installs the current build into a fresh prefix, then builds tests/install/consumer.c against that
# tree twice and runs both programs: as a CMake project calling find_package(garray), and with the
# flags of `pkg-config --cflags --libs garray`. The CMake consumer is configured with
# find_package(CUDAToolkit) disabled: users of the installed package need no CUDA toolkit.
# Without pkg-config (PKG_CONFIG empty) the second half is left out and the test exits 77 (skipped).
#
# usage: install_test.sh CMAKE BUILD_DIR CONFIG LIBDIR GENERATOR C_COMPILER [PKG_CONFIG]
set -euo pipefail

cmake=$1 build_dir=$2 config=$3 libdir=$4 generator=$5 c_compiler=$6 pkg_config=${7:-}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

"$cmake" --install "$build_dir" --config "$config" --prefix "$prefix"

echo "-- consumer built with find_package(garray)"
"$cmake" -S "$here/consumer_project" -B "$work/cmake_consumer" -G "$generator" \
  -DCMAKE_C_COMPILER="$c_compiler" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_DISABLE_FIND_PACKAGE_CUDAToolkit=ON --no-warn-unused-cli
"$cmake" --build "$work/cmake_consumer"
"$work/cmake_consumer/consumer"

if [[ -z $pkg_config ]]; then
  echo "pkg-config not found: the pkg-config consumer was not tried"
  exit 77
fi
echo "-- consumer built with pkg-config"
flags=$(PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig" "$pkg_config" --cflags --libs garray)
echo "pkg-config --cflags --libs garray: $flags"
# $flags is a list of compiler arguments and is split on purpose.
# shellcheck disable=SC2086
"$c_compiler" "$here/consumer.c" $flags -o "$work/pkg_config_consumer"
"$work/pkg_config_consumer"
