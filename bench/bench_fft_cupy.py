"""The workloads of bench/bench_fft.cpp from Python: garray's and CuPy's, side by side in one run:
a C2C transform of 2^24 complex64 values and fft2 of a 4096 x 4096 complex64 matrix, timed with
CUDA events (median of 15 batches of 10 back-to-back calls) on fresh random data
and checked against each other, then the host microseconds of a 64-point fft whose plan is cached.
Skips CuPy's column when it is not installed; exits non-zero when a check fails.

    GARRAY_BUILD_DIR=build/dev python3 bench/bench_fft_cupy.py
"""
import sys
import time

from timing_support import event_ms, host_us, optional, use_garray_build

use_garray_build()

import numpy  # noqa: E402

import garray as ga  # noqa: E402

cp = optional("cupy")

LONG = 1 << 24
SIDE = 4096
GOALS = {"c2c 2^24": "<= 0.335 ms (CuPy on H100)", "fft2 4096^2": "<= 0.266 ms (CuPy on H100)",
         "fft, 64 values (host us)": "<= 5 us"}


def random_complex(rng, shape):
    return (rng.random(shape, dtype=numpy.float32) * 2 - 1 + 1j * (rng.random(shape, dtype=numpy.float32) * 2 - 1)
            ).astype(numpy.complex64)


def main():
    rng = numpy.random.default_rng(int(time.time()))
    host_long = random_complex(rng, LONG)
    host_matrix = random_complex(rng, (SIDE, SIDE))
    host_small = random_complex(rng, 64)
    libraries = {"garray": ga}
    if cp is not None:
        libraries["cupy"] = cp
    columns, results = {}, {}
    for label, library in libraries.items():
        x, m, small = library.asarray(host_long), library.asarray(host_matrix), library.asarray(host_small)
        workloads = {"c2c 2^24": lambda: library.fft.fft(x), "fft2 4096^2": lambda: library.fft.fft2(m)}
        rows = {}
        for name, run in workloads.items():
            rows[name] = event_ms(run, library.cuda)
            results.setdefault(name, []).append(ga.asnumpy(run()) if label == "garray" else cp.asnumpy(run()))
        synchronize = ga.cuda.runtime.deviceSynchronize if label == "garray" else cp.cuda.runtime.deviceSynchronize
        rows["fft, 64 values (host us)"] = host_us(lambda: library.fft.fft(small), synchronize)
        columns[label] = rows
    good = True
    for name, values in results.items():
        reference = numpy.fft.fft(host_long) if name == "c2c 2^24" else numpy.fft.fft2(host_matrix)
        scale = numpy.abs(reference).max()
        for value in values:
            error = numpy.abs(value - reference).max() / scale
            if error > 1e-5:
                print(f"check failed: {name}: relative error {error:.1e}", file=sys.stderr)
                good = False
    print("bench_fft_cupy: complex64, forward, norm backward")
    print(f"{'workload':28s}" + "".join(f"{label:>14s}" for label in columns))
    for name in next(iter(columns.values())):
        unit_is_us = name.endswith("(host us)")
        digits = 2 if unit_is_us else 3
        line = f"{name:28s}" + "".join(f"{rows[name]:14.{digits}f}" for rows in columns.values())
        print(line + f"   (goal {GOALS[name]} for garray; ms unless marked us)")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
