"""CuPy's figure for bench_indexing.cpp's workloads, with garray's Python API beside it in the same
process when garray is importable: take of 2^24 random int64 indices from 2^28 float32 (garray's
goal: at most CuPy's time; 0.66 ms on an H100 when the goal was set), put, and add.at. CUDA events
around batches of calls after a warm-up, median of the batches; garray's results are checked
against CuPy's before they are timed."""
import functools

import cupy as cp
import numpy

from timing_support import event_ms, optional

ga = optional("garray")
time_ms = functools.partial(event_ms, cuda=cp.cuda)


def main():
    n, count = 1 << 28, 1 << 24
    source = cp.arange(n, dtype=cp.float32)
    positions = cp.random.default_rng(0).integers(0, n, count, dtype=cp.int64)
    values = cp.ones(count, dtype=cp.float32)
    rows = {
        "take": lambda: cp.take(source, positions),
        "put": lambda: cp.put(source, positions, values),
        "add.at": lambda: cp.add.at(source, positions, values),
    }
    results = {name: [time_ms(run)] for name, run in rows.items()}
    if ga is not None:
        # The same data, shared without a copy.
        g_source, g_positions, g_values = (ga.asarray(array) for array in (source, positions, values))
        numpy.testing.assert_array_equal(cp.asnumpy(cp.take(source, positions)),
                                         ga.take(g_source, g_positions).get())
        garray_rows = {
            "take": lambda: ga.take(g_source, g_positions),
            "put": lambda: ga.put(g_source, g_positions, g_values),
            "add.at": lambda: ga.add.at(g_source, g_positions, g_values),
        }
        for name, run in garray_rows.items():
            results[name].append(time_ms(run))
    print(f"bench_indexing_cupy: {cp.cuda.runtime.getDeviceProperties(0)['name'].decode()}; 2^24 random int64 "
          "indices into 2^28 float32; effective bytes: 16 per index")
    print(f"{'workload':<12} {'CuPy us':>10} {'CuPy GB/s':>10}" + (f" {'garray us':>10} {'garray GB/s':>11}" if ga else ""))
    for name, times in results.items():
        line = f"{name:<12}" + "".join(f" {t * 1e3:>10.1f} {16 * count / (t * 1e6):>10.0f}" for t in times)
        print(line)


if __name__ == "__main__":
    main()
