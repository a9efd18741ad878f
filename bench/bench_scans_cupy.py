"""CuPy's figures for bench_scans.cpp's workloads, with garray's Python API beside them in the same
process when garray is importable: cumsum of float32 over 1e7 elements (garray's goal: at most
0.05 ms; CuPy took 0.101 ms on an H100 when the goal was set) and 2^28 elements, cumsum along each
axis of a 2^14 x 2^14 matrix, and a[mask] on 2^28 float32 with half selected (goal: at most 1.7 ms;
CuPy 3.48 ms). CUDA events around batches of calls after a warm-up, median of the batches;
garray's results are checked against CuPy's before they are timed."""
import functools

import cupy as cp
import numpy

from timing_support import event_ms

try:
    import garray as ga
    from garray._masks import _get_mask
except ImportError:
    ga = None

time_ms = functools.partial(event_ms, cuda=cp.cuda)


def row(what, cupy_ms, garray_ms, bytes_moved):
    garray_text = f"{garray_ms * 1e3:10.1f} {bytes_moved / (garray_ms * 1e6):8.0f}" if garray_ms else f"{'-':>10} {'-':>8}"
    print(f"{what:<40} {cupy_ms * 1e3:10.1f} {bytes_moved / (cupy_ms * 1e6):8.0f} {garray_text}")


def main():
    n, small = 1 << 28, 10_000_000
    rng = numpy.random.default_rng(0)
    host = (rng.integers(-1, 2, n)).astype(numpy.float32)
    host_mask = rng.random(n) < 0.5
    data = cp.asarray(host)
    mask = cp.asarray(host_mask)
    small_data = data[:small].copy()
    matrix = data.reshape(1 << 14, 1 << 14)
    out = cp.empty_like(data)

    copy = time_ms(lambda: out.__setitem__(Ellipsis, data))
    workloads = [
        ("cumsum, 1e7", lambda xp, a: xp.cumsum(a["small"]), 8.0 * small),
        ("cumsum, 2^28", lambda xp, a: xp.cumsum(a["data"]), 8.0 * n),
        ("cumsum, 2^14 x 2^14, axis 1", lambda xp, a: xp.cumsum(a["matrix"], axis=1), 8.0 * n),
        ("cumsum, 2^14 x 2^14, axis 0", lambda xp, a: xp.cumsum(a["matrix"], axis=0), 8.0 * n),
        ("a[mask], 2^28, half selected", None, 4.0 * n + n + 4.0 * int(host_mask.sum())),
    ]
    cupy_arrays = {"small": small_data, "data": data, "matrix": matrix}
    garray_arrays = None
    if ga is not None:
        garray_arrays = {name: ga.from_dlpack(array) for name, array in cupy_arrays.items()}
        garray_mask = ga.from_dlpack(mask)

    print(f"bench_scans_cupy: {cp.cuda.runtime.getDeviceProperties(0)['name'].decode()}; "
          f"copy {2 * 4.0 * n / (copy * 1e6):.0f} GB/s")
    print(f"{'workload':<40} {'CuPy us':>10} {'GB/s':>8} {'garray us':>10} {'GB/s':>8}")
    for what, run, bytes_moved in workloads:
        if run is None:
            cupy_ms = time_ms(lambda: data[mask])
            garray_ms = None
            if ga is not None:
                got = _get_mask(garray_arrays["data"], garray_mask)
                assert cp.array_equal(cp.from_dlpack(got), data[mask]), what
                garray_ms = time_ms(lambda: _get_mask(garray_arrays["data"], garray_mask))
        else:
            cupy_ms = time_ms(lambda: run(cp, cupy_arrays))
            garray_ms = None
            if ga is not None:
                got = run(ga, garray_arrays)
                assert cp.array_equal(cp.from_dlpack(got), run(cp, cupy_arrays)), what
                garray_ms = time_ms(lambda: run(ga, garray_arrays))
        row(what, cupy_ms, garray_ms, bytes_moved)


if __name__ == "__main__":
    main()
