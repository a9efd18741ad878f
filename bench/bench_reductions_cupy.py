"""The workloads of bench/bench_reductions.cpp from Python: garray's and CuPy's, side by side in
one run, beside a device-to-device copy measured by the same process: sum and argmax over 2^28
float32 elements, mean and std over axis 0 and sum over axis 1 of 4096 x 4096 float32, timed
with CUDA events (median of 15 batches of 10 back-to-back calls) on fresh
random data and checked against NumPy; then the host microseconds of a 1-element sum.
Skips CuPy's column when it is not installed; exits non-zero when a check fails.

    GARRAY_BUILD_DIR=build/dev python3 bench/bench_reductions_cupy.py
"""
import sys
import time

from timing_support import event_ms, host_us, optional, use_garray_build

use_garray_build()

import numpy  # noqa: E402

import garray as ga  # noqa: E402

cp = optional("cupy")

ELEMENTS = 1 << 28
SIDE = 4096
GOALS = {"sum, 2^28": 90, "argmax, 2^28": 90, "mean axis 0, 4096^2": 85, "sum axis 1, 4096^2": 90,
         "std axis 0, 4096^2": 80}


def workloads(library, x, m):
    return {
        "sum, 2^28": (lambda: library.sum(x), 4 * ELEMENTS),
        "argmax, 2^28": (lambda: library.argmax(x), 4 * ELEMENTS),
        "mean axis 0, 4096^2": (lambda: m.mean(axis=0), 4 * SIDE * SIDE),
        "sum axis 1, 4096^2": (lambda: m.sum(axis=1), 4 * SIDE * SIDE),
        "std axis 0, 4096^2": (lambda: m.std(axis=0), 4 * SIDE * SIDE),
    }


def check(name, result, host_x, host_m):
    reference = {
        "sum, 2^28": lambda: host_x.sum(dtype=numpy.float64),
        "argmax, 2^28": lambda: numpy.argmax(host_x),
        "mean axis 0, 4096^2": lambda: host_m.mean(axis=0, dtype=numpy.float64),
        "sum axis 1, 4096^2": lambda: host_m.sum(axis=1, dtype=numpy.float64),
        "std axis 0, 4096^2": lambda: host_m.astype(numpy.float64).std(axis=0),
    }[name]()
    if name.startswith("argmax"):
        ok = int(result) == int(reference)
    else:
        ok = numpy.allclose(result, reference, rtol=1e-5, atol=1e-5)
    if not ok:
        print(f"check failed: {name}", file=sys.stderr)
    return ok


def main():
    rng = numpy.random.default_rng(int(time.time()))
    host_x = rng.random(ELEMENTS, dtype=numpy.float32)
    host_m = rng.random((SIDE, SIDE), dtype=numpy.float32)
    libraries = {"garray": ga}
    if cp is not None:
        libraries["cupy"] = cp
    columns = {}
    # The ceiling: a device-to-device copy of 2^28 elements (ga_array_copy_into of two contiguous
    # arrays is one cudaMemcpyAsync), not a library's copy kernel.
    source = ga.asarray(host_x)
    destination = ga.empty_like(source)
    ceiling = 2 * 4 * ELEMENTS / (event_ms(lambda: ga._lib.ga_array_copy_into(source, destination), ga.cuda) * 1e6)
    good = True
    for label, library in libraries.items():
        x, m = library.asarray(host_x), library.asarray(host_m)
        rows = {}
        for name, (run, bytes_read) in workloads(library, x, m).items():
            milliseconds = event_ms(run, library.cuda)
            result = run()
            host = result.get() if label == "garray" else cp.asnumpy(result)
            good &= check(name, host, host_x, host_m)
            rows[name] = (milliseconds, bytes_read / (milliseconds * 1e6))
        tiny = library.ones(1, dtype=numpy.float32)
        synchronize = (lambda: ga.cuda.runtime.deviceSynchronize()) if label == "garray" else (
            lambda: cp.cuda.runtime.deviceSynchronize())
        rows["x.sum(), 1 element (host us)"] = (host_us(lambda: tiny.sum(), synchronize), None)
        columns[label] = rows
    print(f"bench_reductions_cupy: float32; copy ceiling {ceiling:.0f} GB/s (device-to-device copy of 2^28 elements, read + write)")
    header = f"{'workload':36s}" + "".join(f"{label + ' us':>14s}{label + ' GB/s':>14s}{'% copy':>8s}"
                                           for label in columns)
    print(header)
    for name in next(iter(columns.values())):
        line = f"{name:36s}"
        for rows in columns.values():
            value, rate = rows[name]
            share = f"{100 * rate / ceiling:7.0f}%" if rate and ceiling else f"{'':8s}"
            line += f"{value * (1e3 if rate else 1):14.1f}{rate or 0:14.0f}{share}"
        goal = GOALS.get(name)
        print(line + (f"   (goal >= {goal}% for garray)" if goal else ""))
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
