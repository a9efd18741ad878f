#!/usr/bin/env bash
# Checks the syntax of the Julia binding (src/*.jl) and of its tests (test/*.jl) with tree-sitter's
# Julia grammar, Julia itself not being installable here. The grammar and its WebAssembly runtime
# come from the npm registry, at pinned versions, into WORK/node_modules, once. Exits 77 (skipped)
# when node or npm is missing or the registry cannot be reached (a GPU machine), 1 on a syntax
# error.
#
# usage: bindings/julia/check_syntax.sh WORK
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
work=$1
packages=(web-tree-sitter@0.27.1 tree-sitter-julia@0.23.1)

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "node and npm are needed for the Julia syntax check"
  exit 77
fi
stamp=$work/node_modules/.garray-packages
if [[ "$(cat "$stamp" 2>/dev/null)" != "${packages[*]}" ]]; then
  mkdir -p "$work"
  # The grammar's native binding is not needed: its WebAssembly build is used, so no install script runs.
  if ! npm install --prefix "$work" --no-save --no-audit --no-fund --ignore-scripts "${packages[@]}"; then
    echo "npm could not install ${packages[*]} (no registry?)"
    exit 77
  fi
  echo "${packages[*]}" >"$stamp"
fi
node "$here/check_syntax.mjs" "$work/node_modules" "$here"/src/*.jl "$here"/test/*.jl
