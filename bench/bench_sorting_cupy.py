"""CuPy on the workloads of bench_sorting (same sizes, same data generator), for the table beside
garray's: sort float32 2^26, argsort float32 2^24, sort float32 rows (many short, few long), sort
float64 2^26, unique int32 2^24 and searchsorted. Event-timed batches after warm-up, median.

    python3 bench/bench_sorting_cupy.py
"""
import functools

import cupy as cp
import numpy as np

from timing_support import event_ms

time_ms = functools.partial(event_ms, cuda=cp.cuda, batches=11, calls_per_batch=5, warm_up=2)


def random_floats(count):
    """bench_sorting.cpp's generator: a 32-bit LCG read as int32, times 1e-6. The first block of
    states comes from the recurrence, the rest from the block's jump-ahead, vectorised."""
    multiplier, increment = np.uint32(1664525), np.uint32(1013904223)
    block = 4096
    states = np.empty(count, dtype=np.uint32)
    with np.errstate(over="ignore"):
        value = np.uint32(12345)
        for i in range(block):
            value = value * multiplier + increment
            states[i] = value
        jump_multiplier, jump_increment = np.uint32(1), np.uint32(0)
        for _ in range(block):
            jump_multiplier, jump_increment = jump_multiplier * multiplier, jump_increment * multiplier + increment
        for start in range(block, count, block):
            states[start:start + block] = states[start - block:start] * jump_multiplier + jump_increment
    return states.view(np.int32).astype(np.float32) * np.float32(1e-6)


def main():
    big, medium = 1 << 26, 1 << 24
    values = random_floats(big)
    floats = cp.asarray(values)
    quarter = floats[:medium].copy()
    short_rows = floats.reshape(big // 1024, 1024)
    long_rows = floats.reshape(4, big // 4)
    wide = floats.astype(cp.float64)
    integers = cp.asarray((np.arange(medium, dtype=np.uint64) * 2654435761 % 100000).astype(np.int32))
    haystack = cp.sort(quarter)
    rows = [
        ("sort f32 2^26", lambda: cp.sort(floats)),
        ("argsort f32 2^24", lambda: cp.argsort(quarter)),
        ("sort f32 65536 rows x 1024", lambda: cp.sort(short_rows, axis=-1)),
        ("sort f32 4 rows x 2^24", lambda: cp.sort(long_rows, axis=-1)),
        ("sort f64 2^26", lambda: cp.sort(wide)),
        ("unique i32 2^24 (1e5 values)", lambda: cp.unique(integers)),
        ("searchsorted 2^26 f32 into 2^24", lambda: cp.searchsorted(haystack, floats)),
    ]
    print(f"CuPy {cp.__version__} on {cp.cuda.runtime.getDeviceProperties(0)['name'].decode()}: ms per call")
    for name, run in rows:
        print(f"{name:<40} {time_ms(run):10.3f}")


if __name__ == "__main__":
    main()
