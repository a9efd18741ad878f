"""Host cost per call of cheap garray calls from Python, beside CuPy's equivalents in the same run
(1-element arrays, many calls back to back, synchronised at the end), and of a DLPack export to
PyTorch beside CuPy's. These are the Python layer's overheads: the device work of each call is tiny.
Then the bandwidth of a large ufunc call from Python (add, float32, 2^28 elements) beside CuPy's and
beside a device-to-device copy, timed with CUDA events and checked against NumPy.
Prints two tables; skips a column whose library is not installed; exits non-zero when a check fails."""
import os
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(os.environ.get(
    "GARRAY_BUILD_DIR", pathlib.Path(__file__).resolve().parents[1] / "build" / "dev")) / "python"))

import numpy  # noqa: E402

import garray as ga  # noqa: E402

CALLS = 20000
BATCHES = 5
# The bandwidth rows: 2^28 float32 elements (1 GiB per array), each figure the median over REPEATS
# event-timed batches of CALLS_PER_TIMING back-to-back calls, so that it is device time rather than
# the host's launch latency.
BANDWIDTH_ELEMENTS = 1 << 28
REPEATS = 30
CALLS_PER_TIMING = 10
# Goals from the issues (H100): host microseconds per call, and the share of the copy bandwidth.
GOALS_US = {"x + y": "<= 6", "x.sum()": "<= 10"}
ADD_GOAL = ">= 95%"


def optional(name):
    try:
        return __import__(name)
    except ImportError:
        return None


cp = optional("cupy")
torch = optional("torch")


def us_per_call(run, synchronize):
    """Median over BATCHES of the wall-clock microseconds per call of CALLS back-to-back calls, each
    batch synchronised at its end so that queued device work is counted once it backs up."""
    for _ in range(100):
        run()
    synchronize()
    batches = []
    for _ in range(BATCHES):
        start = time.perf_counter()
        for _ in range(CALLS):
            run()
        synchronize()
        batches.append((time.perf_counter() - start) / CALLS * 1e6)
    return statistics.median(batches)


def print_table(header, table, left_aligned):
    widths = [max(len(row[i]) for row in [header] + table) for i in range(len(header))]
    for row in [header] + table:
        print("  ".join(cell.ljust(width) if i in left_aligned else cell.rjust(width)
                        for i, (cell, width) in enumerate(zip(row, widths))))


def overhead_table():
    ga_sync = ga.cuda.Device().synchronize
    x = ga.zeros(1, "float32")
    y = ga.zeros((4, 4), "float32")
    one = ga.ones(1, "float32")
    rows = [
        ("fill 1 element", lambda: x.fill(1.5), "x.fill(1.5)"),
        ("empty(1)", lambda: ga.empty(1, "float32"), "empty(1, float32)"),
        ("copy 1 element", lambda: x.copy(), "x.copy()"),
        ("view y[1:, ::2]", lambda: y[1:, ::2], "y[1:, ::2]"),
        ("y.T.shape", lambda: y.T.shape, "y.T.shape"),
        ("DLPack export+import", lambda: ga.from_dlpack(x), "from_dlpack(x) (own array)"),
        ("x + y", lambda: x + one, "x + y, 1-element float32 arrays (new output)"),
        ("x.sum()", lambda: x.sum(), "x.sum(), a 1-element float32 array"),
    ]
    results = [(name, us_per_call(run, ga_sync), what) for name, run, what in rows]
    cupy_results = {}
    if cp is not None:
        cx, cy, cone = cp.zeros(1, cp.float32), cp.zeros((4, 4), cp.float32), cp.ones(1, cp.float32)
        cp_sync = cp.cuda.Device().synchronize
        cupy_runs = {"fill 1 element": lambda: cx.fill(1.5), "empty(1)": lambda: cp.empty(1, cp.float32),
                     "copy 1 element": lambda: cx.copy(), "view y[1:, ::2]": lambda: cy[1:, ::2],
                     "y.T.shape": lambda: cy.T.shape, "DLPack export+import": lambda: cp.from_dlpack(cx),
                     "x + y": lambda: cx + cone, "x.sum()": lambda: cx.sum()}
        cupy_results = {name: us_per_call(run, cp_sync) for name, run in cupy_runs.items()}
    if torch is not None and torch.cuda.is_available():
        results.append(("DLPack export to torch", us_per_call(lambda: torch.from_dlpack(x), ga_sync),
                        "torch.from_dlpack(x)"))
        if cp is not None:
            cupy_results["DLPack export to torch"] = us_per_call(lambda: torch.from_dlpack(cx), cp_sync)

    header = ("call", "garray us", "CuPy us", "goal us", "garray call")
    table = [(name, f"{garray_us:.2f}", f"{cupy_results[name]:.2f}" if name in cupy_results else "-",
              GOALS_US.get(name, "-"), what) for name, garray_us, what in results]
    print(f"host microseconds per call, median of {BATCHES} batches of {CALLS} calls"
          + ("" if cp is not None else " (CuPy not installed)")
          + ("" if torch is not None else " (PyTorch not installed)"))
    print_table(header, table, left_aligned=(0, 4))


def time_ms(run, cuda):
    """Milliseconds per call of `run`, timed with `cuda`'s events (garray.cuda or cupy.cuda, whose
    Event and get_elapsed_time are the same API) on the current stream: the median over REPEATS
    batches of CALLS_PER_TIMING back-to-back calls, after warm-up."""
    for _ in range(3):
        run()
    times = []
    for _ in range(REPEATS):
        start, stop = cuda.Event(), cuda.Event()
        start.record()
        for _ in range(CALLS_PER_TIMING):
            run()
        stop.record()
        stop.synchronize()
        times.append(cuda.get_elapsed_time(start, stop) / CALLS_PER_TIMING)
    return statistics.median(times)


def gigabytes_per_second(bytes_moved, ms):
    return bytes_moved / (ms * 1e-3) / 1e9


def bandwidth_table():
    """add float32 2^28: a + b into a new array and with out=, garray beside CuPy (on the same
    device memory, through __cuda_array_interface__) and beside a device-to-device copy of one
    array (cudaMemcpyAsync: ga_array_copy_into of two contiguous arrays of one dtype). Bytes count
    what is read and written. Returns the names of the results that differ from NumPy's."""
    rng = numpy.random.default_rng(1234)
    a_host = rng.standard_normal(BANDWIDTH_ELEMENTS, dtype=numpy.float32)
    b_host = rng.standard_normal(BANDWIDTH_ELEMENTS, dtype=numpy.float32)
    a, b = ga.asarray(a_host), ga.asarray(b_host)
    out = ga.empty_like(a)
    copy_ms = time_ms(lambda: ga._lib.ga_array_copy_into(a, out), ga.cuda)
    ceiling = gigabytes_per_second(2 * a.nbytes, copy_ms)

    sample = slice(None, None, 4099)
    expected = a_host[sample] + b_host[sample]
    failures = []

    def check(name, result):
        # garray and CuPy arrays both copy to the host with get().
        if not numpy.array_equal(result[sample].get(), expected):
            failures.append(name)

    add_bytes = 3 * a.nbytes
    workloads = [("add f32 2^28, new output", lambda: a + b), ("add f32 2^28, out=", lambda: ga.add(a, b, out=out))]
    cupy_workloads = [None, None]
    if cp is not None:
        ca, cb, cout = cp.asarray(a), cp.asarray(b), cp.empty(BANDWIDTH_ELEMENTS, cp.float32)
        cupy_workloads = [lambda: ca + cb, lambda: cp.add(ca, cb, out=cout)]
    rows = []
    for (name, garray_run), cupy_run in zip(workloads, cupy_workloads):
        check(f"garray {name}", garray_run())
        garray_ms = time_ms(garray_run, ga.cuda)
        row = [name, f"{garray_ms * 1e3:.0f}", "-", f"{gigabytes_per_second(add_bytes, garray_ms):.0f}", "-",
               f"{100 * gigabytes_per_second(add_bytes, garray_ms) / ceiling:.0f}%", "-", ADD_GOAL]
        if cupy_run is not None:
            check(f"CuPy {name}", cupy_run())
            cupy_ms = time_ms(cupy_run, cp.cuda)
            row[2] = f"{cupy_ms * 1e3:.0f}"
            row[4] = f"{gigabytes_per_second(add_bytes, cupy_ms):.0f}"
            row[6] = f"{100 * gigabytes_per_second(add_bytes, cupy_ms) / ceiling:.0f}%"
        rows.append(row)
    print(f"\nbandwidth (bytes read + written), CUDA events, median of {REPEATS} batches of {CALLS_PER_TIMING} "
          f"calls; device-to-device copy of {a.nbytes >> 20} MiB: {copy_ms * 1e3:.0f} us, {ceiling:.0f} GB/s"
          + ("" if cp is not None else " (CuPy not installed)"))
    print_table(("workload", "garray us", "CuPy us", "garray GB/s", "CuPy GB/s", "garray/copy", "CuPy/copy",
                 "goal"), rows, left_aligned=(0,))
    return failures


def main():
    if not ga.cuda.is_available():
        print("skipped: no CUDA device")
        return 0
    overhead_table()
    failures = bandwidth_table()
    if failures:
        print("MISMATCH against NumPy: " + ", ".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
