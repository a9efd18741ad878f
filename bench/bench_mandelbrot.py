"""The seeds' Mandelbrot loop, 1024 x 1024 points and 100 iterations written with boolean masks
(Z[mask] = Z[mask] * Z[mask] + C[mask]; mask[escaped] = False), in garray and in CuPy in the same
process: wall time of the whole loop with a synchronisation at its end (median of a few runs after
a warm-up run), and the iteration counts checked against NumPy's."""
import statistics
import sys
import time

import numpy

from timing_support import optional, use_garray_build

use_garray_build()
import garray as ga  # noqa: E402

cp = optional("cupy")
SIDE = 1024
ITERATIONS = 100
RUNS = 5


def mandelbrot(xp):
    """Escape counts of the points of [-2, 1] x [-1.5, 1.5]: how many iterations each stayed bounded."""
    x = xp.linspace(-2.0, 1.0, SIDE)
    y = xp.linspace(-1.5, 1.5, SIDE)
    c = x[None, :] + 1j * y[:, None]
    z = xp.zeros_like(c)
    mask = xp.ones(c.shape, dtype=bool)
    counts = xp.zeros(c.shape, dtype=xp.int32)
    for _ in range(ITERATIONS):
        z[mask] = z[mask] * z[mask] + c[mask]
        escaped = xp.abs(z) > 2
        mask[escaped] = False
        counts += mask
    return counts


def wall_ms(xp, synchronize):
    mandelbrot(xp)
    synchronize()
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        mandelbrot(xp)
        synchronize()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def to_host(counts):
    return counts.get() if hasattr(counts, "get") else counts


def main():
    if not ga.cuda.is_available():
        print("skipped: no CUDA device")
        return 0
    expected = mandelbrot(numpy)
    failures = [name for name, xp in (("garray", ga), ("CuPy", cp)) if xp is not None
                and not numpy.array_equal(to_host(mandelbrot(xp)), expected)]
    garray_ms = wall_ms(ga, ga.cuda.runtime.deviceSynchronize)
    cupy_ms = wall_ms(cp, cp.cuda.runtime.deviceSynchronize) if cp is not None else None
    print(f"Mandelbrot {SIDE}x{SIDE}, {ITERATIONS} masked iterations: wall ms, median of {RUNS} runs")
    print(f"garray {garray_ms:8.1f} ms")
    print("CuPy   " + (f"{cupy_ms:8.1f} ms" if cupy_ms is not None else "not installed"))
    if failures:
        print("MISMATCH against NumPy: " + ", ".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
