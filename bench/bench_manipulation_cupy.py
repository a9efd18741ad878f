"""CuPy's figures for bench_manipulation.cpp's workloads, with garray's Python API beside them in the
same process when garray is importable: concatenate of two 2^27 float32 arrays (1-D, and 8192 x 16384
halves along axis 1), stack of the same (axis 0 and -1), pad of 8192^2 float32 by 16 (constant and
reflect), roll of 2^28 float32 (1-D, and 16384^2 along axis 1). GB/s counts every input element read
once and every output element written once; the ceiling is a device-to-device copy in the same run.
CUDA events around batches of calls after a warm-up, median of the batches; garray's results are
checked against CuPy's before they are timed."""
import functools

import cupy as cp
import numpy

from timing_support import event_ms, optional

ga = optional("garray")
time_ms = functools.partial(event_ms, cuda=cp.cuda, batches=11, calls_per_batch=5, warm_up=2)


def workloads(xp, data):
    a, b, a2, b2, image, long_array, square = data
    return {
        "concatenate 2 x 2^27, axis 0": (lambda: xp.concatenate([a, b]), 16 << 27),
        "concatenate 2 x (8192, 16384), axis 1": (lambda: xp.concatenate([a2, b2], axis=1), 16 << 27),
        "stack 2 x 2^27, axis 0": (lambda: xp.stack([a, b]), 16 << 27),
        "stack 2 x 2^27, axis -1": (lambda: xp.stack([a, b], axis=-1), 16 << 27),
        "pad 8192^2 by 16, constant": (lambda: xp.pad(image, 16), 4 * (8192 ** 2 + 8224 ** 2)),
        "pad 8192^2 by 16, reflect": (lambda: xp.pad(image, 16, "reflect"), 4 * (8192 ** 2 + 8224 ** 2)),
        "roll 2^28 by 12345": (lambda: xp.roll(long_array, 12345), 8 << 28),
        "roll 16384^2 by 12345 along axis 1": (lambda: xp.roll(square, 12345, axis=1), 8 << 28),
    }


def main():
    half = 1 << 27
    data = (cp.arange(half, dtype=cp.float32), cp.arange(half, dtype=cp.float32) + 1,
            cp.arange(half, dtype=cp.float32).reshape(8192, 16384), cp.ones((8192, 16384), dtype=cp.float32),
            cp.arange(8192 * 8192, dtype=cp.float32).reshape(8192, 8192), cp.arange(2 * half, dtype=cp.float32),
            cp.arange(2 * half, dtype=cp.float32).reshape(16384, 16384))
    copy_target = cp.empty_like(data[0])
    copy = time_ms(lambda: copy_target.data.copy_from_device(data[0].data, data[0].nbytes))
    ceiling = 2 * data[0].nbytes / (copy * 1e6)
    cupy_rows = workloads(cp, data)
    results = {name: [time_ms(run)] for name, (run, _) in cupy_rows.items()}
    if ga is not None:
        garray_data = tuple(ga.asarray(array) for array in data)  # shared without a copy
        garray_rows = workloads(ga, garray_data)
        for name, (run, _) in garray_rows.items():
            numpy.testing.assert_array_equal(cp.asnumpy(cupy_rows[name][0]()), run().get())
            results[name].append(time_ms(run))
    print(f"bench_manipulation_cupy: {cp.cuda.runtime.getDeviceProperties(0)['name'].decode()}; float32; "
          f"copy ceiling {ceiling:.0f} GB/s (D2D copy, read + write)\n")
    header = f"{'workload':44} {'CuPy us':>10} {'GB/s':>7} {'of copy':>8}"
    if ga is not None:
        header += f" {'garray us':>10} {'GB/s':>7} {'of copy':>8}"
    print(header)
    for name, times in results.items():
        bytes_moved = cupy_rows[name][1]
        row = f"{name:44}"
        for milliseconds in times:
            rate = bytes_moved / (milliseconds * 1e6)
            row += f" {milliseconds * 1e3:10.1f} {rate:7.0f} {100 * rate / ceiling:7.0f}%"
        print(row)


if __name__ == "__main__":
    main()
