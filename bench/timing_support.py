"""What the Python benchmarks share: CUDA-event time per call of back-to-back calls, host time per
call, GB/s, optional imports, and garray's build on sys.path. Imported by the bench_*.py scripts,
which Python finds beside them however they are started (the script's folder is on sys.path)."""
import os
import pathlib
import statistics
import sys
import time


def optional(name):
    """The module `name`, or None when it is not installed."""
    try:
        return __import__(name)
    except ImportError:
        return None


def use_garray_build():
    """Puts the Python package of garray's build first on sys.path: $GARRAY_BUILD_DIR/python, by
    default build/dev/python of this checkout."""
    build = os.environ.get("GARRAY_BUILD_DIR", pathlib.Path(__file__).resolve().parents[1] / "build" / "dev")
    sys.path.insert(0, str(pathlib.Path(build) / "python"))


def event_ms(run, cuda, batches=15, calls_per_batch=10, warm_up=3):
    """Milliseconds per call of `run`, timed with `cuda`'s events on the current stream (cupy.cuda or
    garray.cuda, whose Device, Event and get_elapsed_time are the same API): the median over
    `batches` batches of `calls_per_batch` back-to-back calls, after `warm_up` calls and a device
    synchronisation. Batching keeps the device busy while the host queues the next call, so the
    figure is device time, not the host's launch latency; one call queued ahead of each batch's start
    event does the same for the batch's first call."""
    for _ in range(warm_up):
        run()
    cuda.Device().synchronize()
    times = []
    for _ in range(batches):
        start, stop = cuda.Event(), cuda.Event()
        run()
        start.record()
        for _ in range(calls_per_batch):
            run()
        stop.record()
        stop.synchronize()
        times.append(cuda.get_elapsed_time(start, stop) / calls_per_batch)
    return statistics.median(times)


def host_us(run, synchronize, calls=20000, batches=5):
    """Median over `batches` of the wall-clock microseconds per call of `calls` back-to-back calls,
    after 100 warm-up calls; each batch is synchronised at its end, so that queued device work is
    counted once it backs up."""
    for _ in range(100):
        run()
    synchronize()
    times = []
    for _ in range(batches):
        start = time.perf_counter()
        for _ in range(calls):
            run()
        synchronize()
        times.append((time.perf_counter() - start) / calls * 1e6)
    return statistics.median(times)


def gigabytes_per_second(bytes_moved, ms):
    return bytes_moved / (ms * 1e6)
