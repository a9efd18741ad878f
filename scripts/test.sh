#!/usr/bin/env bash
# Builds garray with the dev preset on every core and runs every test suite
# (scripts/run_tests.sh). The last line it prints is `N passed, N failed, N skipped`; it exits
# non-zero if the build or a test failed, or if no test ran.
#
# Environment: GARRAY_BUILD_DIR, the build directory to use (default: build/dev).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

configure_and_build
exec "$repo/scripts/run_tests.sh"
