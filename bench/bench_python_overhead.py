"""Host cost per call of cheap garray calls from Python, beside CuPy's equivalents in the same run
(1-element arrays, many calls back to back, synchronised at the end), and of a DLPack export to
PyTorch beside CuPy's. These are the Python layer's overheads: the device work of each call is tiny.
Then the bandwidth of the ufunc issue's large workloads from Python (add, sin, broadcast, mixed
dtypes, transposed inputs) beside CuPy's and beside a device-to-device copy, timed with CUDA events
and checked against NumPy.
Prints two tables; skips a column whose library is not installed; exits non-zero when a check fails."""
import sys

from timing_support import event_ms, gigabytes_per_second, host_us, optional, use_garray_build

use_garray_build()

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


cp = optional("cupy")
torch = optional("torch")


def us_per_call(run, synchronize):
    return host_us(run, synchronize, CALLS, BATCHES)


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
    return event_ms(run, cuda, REPEATS, CALLS_PER_TIMING)


class Workload:
    """One bandwidth row: a garray call and CuPy's on the same device memory, the bytes the call must
    read and write, its goal, and a check of a sample of the result against NumPy."""

    def __init__(self, name, garray_run, cupy_run, bytes_moved, goal, expected, sample, exact=True):
        self.name, self.garray_run, self.cupy_run = name, garray_run, cupy_run
        self.bytes_moved, self.goal, self.expected, self.sample, self.exact = bytes_moved, goal, expected, sample, exact

    def matches(self, result):
        got = result[self.sample].get()
        if self.exact:
            return numpy.array_equal(got, self.expected)
        return numpy.allclose(got, self.expected, rtol=1e-6, atol=1e-6)


def workloads(rng):
    """The bandwidth workloads of the ufunc issue, each on fresh random data (garray and CuPy share
    the same device arrays through __cuda_array_interface__)."""
    def both(*hosts):
        arrays = [ga.asarray(host) for host in hosts]
        return arrays, ([cp.asarray(array) for array in arrays] if cp is not None else [None] * len(arrays))

    def cupy(run):
        return run if cp is not None else None

    n = BANDWIDTH_ELEMENTS
    a_host, b_host = rng.standard_normal(n, dtype=numpy.float32), rng.standard_normal(n, dtype=numpy.float32)
    (a, b), (ca, cb) = both(a_host, b_host)
    out = ga.empty_like(a)
    cout = cp.asarray(ga.empty_like(a)) if cp is not None else None
    flat = slice(None, None, 4099)
    rows = [
        Workload("add f32 2^28, new output", lambda: a + b, cupy(lambda: ca + cb), 12 * n, ">= 95%",
                 a_host[flat] + b_host[flat], flat),
        Workload("add f32 2^28, out=", lambda: ga.add(a, b, out=out), cupy(lambda: cp.add(ca, cb, out=cout)), 12 * n,
                 ">= 95%", a_host[flat] + b_host[flat], flat),
        Workload("sin f32 2^28", lambda: ga.sin(a), cupy(lambda: cp.sin(ca)), 8 * n, ">= 90%",
                 numpy.sin(a_host[flat]), flat, exact=False),
    ]
    side = 1 << 12
    m_host, row_host = a_host[:side * side].reshape(side, side), b_host[:side]
    (m, row), (cm, crow) = both(m_host, row_host)
    grid = (slice(None, None, 97), slice(None, None, 89))
    rows.append(Workload("multiply 4096^2 f32 by a row", lambda: m * row, cupy(lambda: cm * crow),
                         8 * side * side + 4 * side, ">= 90%", (m_host * row_host)[grid], grid))
    rows.append(Workload("multiply 4096^2 f32 by itself", lambda: m * m, cupy(lambda: cm * cm),
                         8 * side * side, "-", (m_host * m_host)[grid], grid))
    half = n // 2
    d_host = rng.standard_normal(half)
    (d, f), (cd, cf) = both(d_host, a_host[:half])
    rows.append(Workload("add f64 + f32 -> f64, 2^27", lambda: d + f, cupy(lambda: cd + cf), 20 * half, ">= 90%",
                         d_host[flat] + a_host[:half][flat].astype(numpy.float64), flat))
    wide = 1 << 13
    p_host, q_host = a_host[:wide * wide].reshape(wide, wide), b_host[:wide * wide].reshape(wide, wide)
    (p, q), (cpp, cq) = both(p_host, q_host)
    rows.append(Workload("add 8192^2 f32, both inputs transposed", lambda: p.T + q.T, cupy(lambda: cpp.T + cq.T),
                         12 * wide * wide, ">= 80%", (p_host.T + q_host.T)[grid], grid))
    rows.append(Workload("add 8192^2 f32, one input transposed", lambda: p + q.T, cupy(lambda: cpp + cq.T),
                         12 * wide * wide, "-", (p_host + q_host.T)[grid], grid))
    return rows


def bandwidth_table():
    """The ufunc workloads beside CuPy's on the same device memory and beside a device-to-device copy
    that moves as many bytes (cudaMemcpyAsync: ga_array_copy_into of two contiguous arrays of one
    dtype), so that a small workload is not held to the rate of a large copy. Bytes count what must
    be read and written. Returns the names of the results that differ from NumPy's."""
    rows = workloads(numpy.random.default_rng(1234))
    largest = max(workload.bytes_moved for workload in rows) // 2
    copy_source, copy_destination = ga.empty(largest, ga.uint8), ga.empty(largest, ga.uint8)

    def copy_rate(bytes_moved):
        half = bytes_moved // 2
        source, destination = copy_source[:half], copy_destination[:half]
        return gigabytes_per_second(2 * half, time_ms(lambda: ga._lib.ga_array_copy_into(source, destination), ga.cuda))

    failures = []
    table = []
    for workload in rows:
        if not workload.matches(workload.garray_run()):
            failures.append(f"garray {workload.name}")
        ceiling = copy_rate(workload.bytes_moved)
        garray_ms = time_ms(workload.garray_run, ga.cuda)
        garray_rate = gigabytes_per_second(workload.bytes_moved, garray_ms)
        row = [workload.name, f"{ceiling:.0f}", f"{garray_ms * 1e3:.0f}", "-", f"{garray_rate:.0f}", "-",
               f"{100 * garray_rate / ceiling:.0f}%", "-", workload.goal]
        if workload.cupy_run is not None:
            if not workload.matches(workload.cupy_run()):
                failures.append(f"CuPy {workload.name}")
            cupy_ms = time_ms(workload.cupy_run, cp.cuda)
            cupy_rate = gigabytes_per_second(workload.bytes_moved, cupy_ms)
            row[3], row[5], row[7] = f"{cupy_ms * 1e3:.0f}", f"{cupy_rate:.0f}", f"{100 * cupy_rate / ceiling:.0f}%"
        table.append(row)
    print(f"\nbandwidth (bytes read + written), CUDA events, median of {REPEATS} batches of {CALLS_PER_TIMING} calls; "
          "copy: a device-to-device copy moving the same bytes" + ("" if cp is not None else " (CuPy not installed)"))
    print_table(("workload", "copy GB/s", "garray us", "CuPy us", "garray GB/s", "CuPy GB/s", "garray/copy",
                 "CuPy/copy", "goal"), table, left_aligned=(0,))
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
