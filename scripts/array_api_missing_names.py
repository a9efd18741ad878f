#!/usr/bin/env python3
"""Lists the Array API names (functions, constants, array methods/attributes, extensions) that
garray lacks, from the specification's signature stubs.

    scripts/array_api_missing_names.py [SPEC_SRC_DIR] [VERSION]

SPEC_SRC_DIR: the folder holding array_api_stubs (the suite's array-api/src; default
$GARRAY_CONFORMANCE_DIR/array-api-tests/array-api/src, the conformance copy being .carry/conformance
by default). VERSION: default 2025.12. Needs only the package's import, no GPU.
"""

import importlib
import os
import pathlib
import sys

repo = pathlib.Path(__file__).resolve().parent.parent
default = pathlib.Path(os.environ.get("GARRAY_CONFORMANCE_DIR", repo / ".carry/conformance"))
src = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else default / "array-api-tests/array-api/src"
version = sys.argv[2] if len(sys.argv) > 2 else "2025.12"
sys.path.insert(0, str(src))
stubs = "array_api_stubs._" + version.replace(".", "_")

import garray  # noqa: E402

missing = []
for path in sorted((src / stubs.replace(".", "/")).glob("*.py")):
    if path.stem.startswith("_") or path.stem == "data_types":
        continue  # typing helpers, and the dtypes' descriptions
    module = importlib.import_module(f"{stubs}.{path.stem}")
    if path.stem == "array_object":
        missing += [f"ndarray.{name}" for name, member in vars(module.array).items()
                    if callable(member) or isinstance(member, property)
                    if name != "__init__" and not hasattr(garray.ndarray, name)]
        continue
    owner, prefix, names = garray, "", module.__all__
    if path.stem in ("linalg", "fft"):
        owner, prefix = getattr(garray, path.stem), path.stem + "."
    elif path.stem == "info":
        names = ["__array_namespace_info__"]  # the rest are methods of what it returns
    missing += [prefix + name for name in names if not hasattr(owner, name)]
print("\n".join(missing))
print(f"{len(missing)} missing", file=sys.stderr)
