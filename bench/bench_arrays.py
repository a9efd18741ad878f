"""Array copies, casts and creation: garray beside CuPy on the same data in the same run, and beside
the device's copy bandwidth (a device-to-device memcpy). Every garray result is checked against
CuPy's before it is timed. Prints one table; exits non-zero when a check fails."""
import functools
import math
import statistics
import sys
import time

import cupy as cp

import garray_ctypes as ga
from timing_support import event_ms, gigabytes_per_second

# The median over 30 event-timed batches of 10 back-to-back calls, after warm-up.
time_ms = functools.partial(event_ms, cuda=cp.cuda, batches=30)


def host_us_per_call(run, calls=2000):
    """Median wall-clock microseconds per call over 5 batches, the device kept ahead of the host."""
    run()
    cp.cuda.Device().synchronize()
    batches = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(calls):
            run()
        batches.append((time.perf_counter() - start) / calls * 1e6)
        cp.cuda.Device().synchronize()
    return statistics.median(batches)


def as_cupy(handle, shape, dtype, owner):
    """A CuPy view of a garray array (C-contiguous) without copying; `owner` keeps it alive."""
    size = math.prod(shape) * cp.dtype(dtype).itemsize
    memory = cp.cuda.UnownedMemory(ga.data_pointer(handle), size, owner)
    return cp.ndarray(shape, dtype, cp.cuda.MemoryPointer(memory, 0))


def row(name, bytes_moved, garray_ms, cupy_ms, ceiling_gbs):
    g = gigabytes_per_second(bytes_moved, garray_ms)
    c = gigabytes_per_second(bytes_moved, cupy_ms)
    return (name, f"{garray_ms * 1e3:9.1f}", f"{cupy_ms * 1e3:9.1f}", f"{g:8.0f}", f"{c:8.0f}",
            f"{100 * g / ceiling_gbs:5.0f}%")


def main():
    failures = []
    rows = []
    rng = cp.random.default_rng(1234)

    def check(name, garray_result, cupy_result):
        if not cp.array_equal(garray_result, cupy_result, equal_nan=True):
            failures.append(name)

    # Ceiling: a device-to-device copy of 1 GiB, counting bytes read and written.
    big = cp.empty(1 << 28, cp.float32)
    big_out = cp.empty_like(big)
    copy_ms = time_ms(lambda: cp.cuda.runtime.memcpyAsync(big_out.data.ptr, big.data.ptr, big.nbytes, 3, 0))
    ceiling = gigabytes_per_second(2 * big.nbytes, copy_ms)
    del big, big_out

    # Transpose 4096 x 4096 float32 into a C-contiguous copy.
    n = 4096
    source = ga.empty((n, n), "float32")
    source_cp = as_cupy(source, (n, n), cp.float32, None)
    source_cp[...] = rng.standard_normal((n, n), dtype=cp.float32)
    transposed = ga.transpose(source)
    result = ga.copy(transposed)
    check("transpose copy", as_cupy(result, (n, n), cp.float32, None), cp.ascontiguousarray(source_cp.T))
    ga.release(result)
    g_ms = time_ms(lambda: ga.release(ga.copy(transposed)))
    c_ms = time_ms(lambda: cp.ascontiguousarray(source_cp.T))
    rows.append(row("transpose copy 4096^2 f32", 2 * n * n * 4, g_ms, c_ms, ceiling))
    ga.release(transposed)
    ga.release(source)

    # Cast float32 -> float16, 2^26 elements.
    count = 1 << 26
    floats = ga.empty((count,), "float32")
    floats_cp = as_cupy(floats, (count,), cp.float32, None)
    floats_cp[...] = rng.standard_normal(count, dtype=cp.float32) * 1000
    halves = ga.astype(floats, "float16")
    check("astype f32->f16", as_cupy(halves, (count,), cp.float16, None), floats_cp.astype(cp.float16))
    ga.release(halves)
    g_ms = time_ms(lambda: ga.release(ga.astype(floats, "float16")))
    c_ms = time_ms(lambda: floats_cp.astype(cp.float16))
    rows.append(row("astype f32->f16 2^26", count * 6, g_ms, c_ms, ceiling))

    # Strided gather: x[::2] made contiguous.
    strided = ga.slice_step(floats, 2)
    gathered = ga.copy(strided)
    check("copy x[::2]", as_cupy(gathered, (count // 2,), cp.float32, None), cp.ascontiguousarray(floats_cp[::2]))
    ga.release(gathered)
    g_ms = time_ms(lambda: ga.release(ga.copy(strided)))
    c_ms = time_ms(lambda: cp.ascontiguousarray(floats_cp[::2]))
    rows.append(row("copy x[::2] 2^26 f32", count * 4, g_ms, c_ms, ceiling))
    ga.release(strided)

    # Fill and arange.
    ga.fill(floats, 2.5)
    check("fill", floats_cp, cp.full(count, 2.5, cp.float32))
    g_ms = time_ms(lambda: ga.fill(floats, 2.5))
    c_ms = time_ms(lambda: floats_cp.fill(2.5))
    rows.append(row("fill 2^26 f32", count * 4, g_ms, c_ms, ceiling))
    ga.release(floats)

    sequence = ga.arange(count, "int64")
    check("arange", as_cupy(sequence, (count,), cp.int64, None), cp.arange(count, dtype=cp.int64))
    ga.release(sequence)
    g_ms = time_ms(lambda: ga.release(ga.arange(count, "int64")))
    c_ms = time_ms(lambda: cp.arange(count, dtype=cp.int64))
    rows.append(row("arange 2^26 int64", count * 8, g_ms, c_ms, ceiling))

    # Host cost of one small operation (garray is called through ctypes here, which adds ~1 us).
    tiny = ga.empty((1,), "float32")
    tiny_cp = cp.empty(1, cp.float32)
    garray_host = host_us_per_call(lambda: ga.release(ga.copy(tiny)))
    cupy_host = host_us_per_call(lambda: tiny_cp.copy())
    ga.release(tiny)

    header = ("workload", "garray us", "CuPy us", "garray GB/s", "CuPy GB/s", "of copy")
    print(f"device copy bandwidth (D2D memcpy, read+write): {ceiling:.0f} GB/s")
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    for line in [header] + rows:
        print("  ".join(str(cell).rjust(width) for cell, width in zip(line, widths)))
    print(f"host time of a 1-element copy: garray {garray_host:.2f} us (through ctypes), CuPy {cupy_host:.2f} us")
    if failures:
        print("MISMATCH against CuPy: " + ", ".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
