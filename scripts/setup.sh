#!/usr/bin/env bash
# Prepares a Debian or Ubuntu machine for garray: installs the build and test packages that are
# missing (with sudo unless run as root), then configures and builds with the dev preset.
# Running it again installs nothing new and rebuilds only what changed. The CUDA toolkit is not a
# distribution package: it must already be at /usr/local/cuda, where the presets look for it.
#
# Environment: GARRAY_BUILD_DIR, the build directory to use (default: build/dev).
set -euo pipefail

packages=(cmake ninja-build g++ pkg-config libgtest-dev python3 python3-dev python3-numpy python3-pytest swig gfortran abigail-tools doxygen)
cuda_root=/usr/local/cuda
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" 2>/dev/null | grep -x 'Status: install ok installed' >/dev/null ||
    missing+=("$package")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  as_root=()
  ((EUID == 0)) || as_root=(sudo)
  "${as_root[@]}" apt-get update
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
fi

if [[ ! -d $cuda_root/include ]]; then
  echo "setup.sh: no CUDA toolkit at $cuda_root; install CUDA 13 there and run this again" >&2
  exit 1
fi

configure_and_build
