"""garray.jit beside the same kernel written as a RawKernel and beside cupyx.jit, in one process:
saxpy over 2^26 float32 values (a grid-stride loop), timed with CUDA events (the median of 15
batches of 10 back-to-back calls, after warm-up), each output checked against NumPy; then the first
call of a new jit kernel: translation alone, translation + NVRTC compile + load (cold: a salted
option defeats garray's caches), and the same kernel's first call in a fresh process (translation
and a disk-cache hit).
Skips CuPy's column when it is not installed; exits non-zero when a check fails.

    GARRAY_BUILD_DIR=build/dev python3 bench/bench_jit_cupy.py
"""
import pathlib
import subprocess
import sys
import time

from timing_support import event_ms, gigabytes_per_second, optional, use_garray_build

use_garray_build()

import numpy  # noqa: E402

import garray as ga  # noqa: E402
from garray import jit  # noqa: E402

cp = optional("cupy")
# __import__("cupyx.jit") gives the package cupyx, with jit imported into it.
cupyx_jit = getattr(optional("cupyx.jit"), "jit", None) if cp is not None else None

N = 1 << 26
GRID, BLOCK = 1056, 256  # a grid-stride loop over 132 SMs x 8 blocks
GOALS = {"saxpy 2^26, garray.jit": "within 3% of the RawKernel", "first call (host ms)": "<= 40 ms",
         "first call, cached binary (host ms)": "<= 2 ms"}

RAW_SOURCE = r"""
extern "C" __global__ void saxpy_raw(float a, const float* x, const float* y, float* out, long long n) {
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long long)blockDim.x * gridDim.x)
    out[i] = a * x[i] + y[i];
}
"""


def saxpy(a, x, y, out, n):
    for i in range(jit.grid(1), n, jit.gridsize(1)):
        out[i] = a * x[i] + y[i]


def cupy_saxpy_kernel():
    def cupy_saxpy(a, x, y, out, n):
        for i in range(cupyx_jit.grid(1), n, cupyx_jit.gridsize(1)):
            out[i] = a * x[i] + y[i]
    return cupyx_jit.rawkernel()(cupy_saxpy)


def first_call_ms(kernel, args):
    start = time.perf_counter()
    kernel[GRID, BLOCK](*args)
    ga.cuda.runtime.deviceSynchronize()
    return (time.perf_counter() - start) * 1e3


def fresh_process_first_call_ms(salt):
    """The first call in a new process of the kernel this process just compiled with `salt`: the
    translation plus garray's disk-cache hit (the same file and lines give the same source)."""
    child = ("import sys; sys.path.insert(0, %r); import bench_jit_cupy as b; import numpy; "
             "x = b.ga.zeros(1 << 10, 'float32'); "
             "print(b.first_call_ms(b.jit.rawkernel(options=%r)(b.saxpy), (numpy.float32(1), x, x, x, numpy.int64(1 << 10))))"
             ) % (str(pathlib.Path(__file__).resolve().parent), salt)
    result = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, check=True)
    return float(result.stdout.split()[-1])


def main():
    rng = numpy.random.default_rng(int(time.time()))
    host_x, host_y = rng.random(N, dtype=numpy.float32), rng.random(N, dtype=numpy.float32)
    a = numpy.float32(1.75)
    expected = a * host_x + host_y
    x, y, out = ga.asarray(host_x), ga.asarray(host_y), ga.empty(N, "float32")
    args = (a, x, y, out, numpy.int64(N))
    rows, good = {}, True

    start = time.perf_counter()
    jit.rawkernel()(saxpy).source((numpy.float32, jit.ArrayType(numpy.float32, 1), jit.ArrayType(numpy.float32, 1),
                                   jit.ArrayType(numpy.float32, 1), numpy.int64))
    rows["translation only (host ms)"] = (time.perf_counter() - start) * 1e3
    salt = (f"-DGARRAY_BENCH_SALT={time.time_ns()}",)
    rows["first call (host ms)"] = first_call_ms(jit.rawkernel(options=salt)(saxpy), args)
    rows["first call, cached binary (host ms)"] = fresh_process_first_call_ms(salt)

    jitted = jit.rawkernel()(saxpy)
    raw = ga.RawKernel(RAW_SOURCE, "saxpy_raw")
    runs = {"saxpy 2^26, garray.jit": lambda: jitted[GRID, BLOCK](*args),
            "saxpy 2^26, garray RawKernel": lambda: raw((GRID,), (BLOCK,), args)}
    for name, run in runs.items():
        out.fill(0)
        rows[name] = event_ms(run, ga.cuda)
        if not numpy.allclose(ga.asnumpy(out), expected, rtol=1e-6):
            print(f"check failed: {name}", file=sys.stderr)
            good = False
    if cupyx_jit is not None:
        cx, cy, cout = cp.asarray(host_x), cp.asarray(host_y), cp.empty(N, "float32")
        kernel = cupy_saxpy_kernel()
        start = time.perf_counter()
        kernel[GRID, BLOCK](a, cx, cy, cout, numpy.int64(N))
        cp.cuda.runtime.deviceSynchronize()
        rows["first call, cupyx.jit (host ms)"] = (time.perf_counter() - start) * 1e3
        rows["saxpy 2^26, cupyx.jit"] = event_ms(lambda: kernel[GRID, BLOCK](a, cx, cy, cout, numpy.int64(N)), cp.cuda)
        if not numpy.allclose(cp.asnumpy(cout), expected, rtol=1e-6):
            print("check failed: cupyx.jit", file=sys.stderr)
            good = False

    print(f"bench_jit_cupy: saxpy, {N} float32, grid {GRID} x block {BLOCK}")
    for name, value in rows.items():
        unit = "" if name.endswith("(host ms)") else f"   {gigabytes_per_second(3 * 4 * N, value):7.0f} GB/s"
        goal = f"   (goal {GOALS[name]})" if name in GOALS else ""
        print(f"{name:40s}{value:10.3f} ms{unit}{goal}")
    ratio = rows["saxpy 2^26, garray.jit"] / rows["saxpy 2^26, garray RawKernel"]
    print(f"{'garray.jit / RawKernel':40s}{ratio:10.3f}")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
