"""CuPy's figures for bench_random.cpp's workloads, with garray's Python API beside them in the same
process when garray is importable: uniform and standard_normal float32 over 2^26 elements (garray's
goals: at least 90% of the write bandwidth; CuPy's legacy random took 429 GB/s and default_rng's
standard_normal 1836 GB/s on an H100 when the goals were set), for CuPy's legacy RandomState and
its default_rng (XORWOW), and garray's Generator on each bit generator. CUDA events around batches
of calls after a warm-up, median of the batches. The arrays are allocated by each call (the pools
reuse them), as users call these functions."""
import functools

import cupy as cp

from timing_support import event_ms, use_garray_build

use_garray_build()
try:
    import garray as ga
except ImportError:
    ga = None

N = 1 << 26
BYTES = 4.0 * N
time_ms = functools.partial(event_ms, cuda=cp.cuda)


def row(what, milliseconds, write_rate):
    rate = BYTES / (milliseconds * 1e6)
    print(f"{what:<48} {milliseconds * 1e3:10.1f} {rate:8.0f} {100 * rate / write_rate:8.0f}%")


def main():
    out = cp.empty(N, dtype=cp.float32)
    write = time_ms(lambda: out.fill(0))
    write_rate = BYTES / (write * 1e6)
    print(f"bench_random_cupy: {cp.cuda.runtime.getDeviceProperties(0)['name'].decode()}; "
          f"write {write_rate:.0f} GB/s, 2^26 float32")
    print(f"{'workload':<48} {'us':>10} {'GB/s':>8} {'of write':>9}")
    legacy = cp.random.RandomState(1)
    row("CuPy legacy random_sample f32", time_ms(lambda: legacy.random_sample(N, dtype=cp.float32)), write_rate)
    row("CuPy legacy standard_normal f32", time_ms(lambda: legacy.standard_normal(N, dtype=cp.float32)), write_rate)
    cupy_rng = cp.random.default_rng(1)
    row("CuPy default_rng random f32", time_ms(lambda: cupy_rng.random(N, dtype=cp.float32)), write_rate)
    row("CuPy default_rng standard_normal f32", time_ms(lambda: cupy_rng.standard_normal(N, dtype=cp.float32)),
        write_rate)
    if ga is None:
        print("garray is not importable: set GARRAY_BUILD_DIR to a build with the Python package")
        return
    ga_time_ms = functools.partial(event_ms, cuda=ga.cuda)
    for bit_generator in (ga.random.XORWOW, ga.random.Philox4x3210, ga.random.MRG32k3a):
        rng = ga.random.Generator(bit_generator(1))
        name = bit_generator.__name__
        row(f"garray random f32, {name}", ga_time_ms(lambda: rng.random(N, dtype="float32")), write_rate)
        row(f"garray standard_normal f32, {name}", ga_time_ms(lambda: rng.standard_normal(N, dtype="float32")),
            write_rate)
    ga.random.seed(1)
    row("garray legacy random_sample f32", ga_time_ms(lambda: ga.random.random_sample(N, dtype="float32")),
        write_rate)


if __name__ == "__main__":
    main()
