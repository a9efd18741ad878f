"""The workloads of bench/bench_products.cpp from Python: garray's and CuPy's, side by side in one
run: matmul of two 8192 x 8192 matrices in float32 (TF32 off in both), float64 and float16, and a
batched 1000 x 64 x 64 float32 matmul, in TFLOP/s, timed with CUDA events (median of 15 batches
of 10 back-to-back calls) on fresh random data and checked against each other, then
the host microseconds of a 16 x 16 float32 matmul. Skips CuPy's column when it is not installed;
exits non-zero when a check fails.

    GARRAY_BUILD_DIR=build/dev python3 bench/bench_products_cupy.py
"""
import os
import sys
import time

from timing_support import event_ms, host_us, optional, use_garray_build

use_garray_build()
os.environ.setdefault("CUPY_TF32", "0")

import numpy  # noqa: E402

import garray as ga  # noqa: E402

cp = optional("cupy")

SIDE = 8192
WORKLOADS = {  # name: (a's shape, b's shape, dtype, goal)
    "matmul 8192^2 float32": ((SIDE, SIDE), (SIDE, SIDE), "float32", ">= 97% of cuBLAS; CuPy 51 on H100"),
    "matmul 8192^2 float64": ((SIDE, SIDE), (SIDE, SIDE), "float64", ">= 97% of cuBLAS; CuPy 56 on H100"),
    "matmul 8192^2 float16": ((SIDE, SIDE), (SIDE, SIDE), "float16", ">= 97% of cuBLAS; CuPy 771 on H100"),
    "matmul 1000 x 64^3 float32": ((1000, 64, 64), (1000, 64, 64), "float32", ">= CuPy's 8.4 on H100"),
}
TOLERANCE = {"float32": 1e-5, "float64": 1e-12, "float16": 1e-2}


def flops(a_shape, b_shape):
    batch = a_shape[0] if len(a_shape) == 3 else 1
    return 2.0 * batch * a_shape[-2] * a_shape[-1] * b_shape[-1]


def main():
    ga.set_allow_tf32(False)
    rng = numpy.random.default_rng(int(time.time()))
    hosts = {name: (rng.random(a, dtype=numpy.float32) * 2 - 1, rng.random(b, dtype=numpy.float32) * 2 - 1)
             for name, (a, b, _, _) in WORKLOADS.items()}
    small = (rng.random((16, 16), dtype=numpy.float32), rng.random((16, 16), dtype=numpy.float32))
    libraries = {"garray": ga}
    if cp is not None:
        libraries["cupy"] = cp
    columns, results = {}, {}
    for label, library in libraries.items():
        rows = {}
        for name, (a_shape, b_shape, dtype, _) in WORKLOADS.items():
            a = library.asarray(hosts[name][0]).astype(dtype)
            b = library.asarray(hosts[name][1]).astype(dtype)
            milliseconds = event_ms(lambda: library.matmul(a, b), library.cuda)
            rows[name] = flops(a_shape, b_shape) / (milliseconds * 1e9)
            product = library.matmul(a, b).astype("float64")
            results.setdefault(name, []).append(ga.asnumpy(product) if label == "garray" else cp.asnumpy(product))
            del a, b, product
        a, b = library.asarray(small[0]), library.asarray(small[1])
        synchronize = ga.cuda.runtime.deviceSynchronize if label == "garray" else cp.cuda.runtime.deviceSynchronize
        rows["matmul 16^2 (host us)"] = host_us(lambda: library.matmul(a, b), synchronize)
        columns[label] = rows
    good = True
    for name, values in results.items():
        reference = values[-1]
        scale = numpy.abs(reference).max()
        for value in values:
            error = numpy.abs(value - reference).max() / scale
            if error > TOLERANCE[WORKLOADS[name][2]]:
                print(f"check failed: {name}: relative difference {error:.1e}", file=sys.stderr)
                good = False
    print("bench_products_cupy: TF32 off; TFLOP/s unless marked us")
    print(f"{'workload':30s}" + "".join(f"{label:>12s}" for label in columns))
    for name in next(iter(columns.values())):
        goal = WORKLOADS[name][3] if name in WORKLOADS else "host cost"
        line = f"{name:30s}" + "".join(f"{rows[name]:12.2f}" for rows in columns.values())
        print(line + f"   (goal {goal})")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
