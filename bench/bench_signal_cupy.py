"""CuPy's figures for bench_signal.cpp's workloads, with garray.scipy.signal beside them in the same
process on the same data when garray is importable: convolve2d of the case study (4096^2 float32
Dirac comb * 31x31 Hanning kernel, same, wrap; goal at most 1.0 ms, CuPy 47.0 ms on an H200),
fftconvolve of 2^22 * 4096 float32 (goal at most 0.8x CuPy) and medfilt2d of 4096^2 float32, 5x5
(goal at most 0.5x CuPy). CUDA events around batches of calls after a warm-up, median of the
batches; garray's results are checked against CuPy's before they are timed."""
import functools

import cupy as cp
import cupyx.scipy.signal as cupy_signal
import numpy

from timing_support import event_ms

try:
    import garray as ga
except ImportError:
    ga = None

time_ms = functools.partial(event_ms, cuda=cp.cuda)


def main():
    side = 4096
    comb = cp.zeros((side, side), dtype=cp.float32)
    comb[::64, ::64] = 1
    window = numpy.hanning(31)
    kernel = cp.asarray(numpy.outer(window, window) / numpy.outer(window, window).sum(), dtype=cp.float32)
    rng = numpy.random.default_rng(0)
    signal = cp.asarray(rng.standard_normal(1 << 22).astype(numpy.float32))
    taps = cp.asarray(rng.standard_normal(4096).astype(numpy.float32))
    noisy = cp.asarray(rng.random((side, side)).astype(numpy.float32))
    workloads = [
        ("convolve2d 4096^2 * 31x31 same wrap", lambda s, a: s.convolve2d(a["comb"], a["kernel"], "same", "wrap"),
         1e-5, "<= 1.0 ms"),
        ("fftconvolve 2^22 * 4096", lambda s, a: s.fftconvolve(a["signal"], a["taps"]), 2e-3, "<= 0.8x CuPy"),
        ("medfilt2d 4096^2 5x5", lambda s, a: s.medfilt2d(a["noisy"], 5), 0, "<= 0.5x CuPy"),
    ]
    cupy_arrays = {"comb": comb, "kernel": kernel, "signal": signal, "taps": taps, "noisy": noisy}
    garray_arrays = None
    if ga is not None:
        garray_arrays = {name: ga.from_dlpack(array) for name, array in cupy_arrays.items()}

    print(f"bench_signal_cupy: {cp.cuda.runtime.getDeviceProperties(0)['name'].decode()}; float32")
    print(f"{'workload':<40} {'CuPy ms':>10} {'garray ms':>10} {'ratio':>7}  goal")
    for what, run, tolerance, goal in workloads:
        cupy_ms = time_ms(lambda: run(cupy_signal, cupy_arrays))
        garray_text = f"{'-':>10} {'-':>7}"
        if ga is not None:
            expected = run(cupy_signal, cupy_arrays)
            got = cp.from_dlpack(run(ga.signal, garray_arrays))
            scale = float(cp.abs(expected).max())
            assert float(cp.abs(got - expected).max()) <= tolerance * max(scale, 1.0), what
            garray_ms = time_ms(lambda: run(ga.signal, garray_arrays))
            garray_text = f"{garray_ms:10.3f} {garray_ms / cupy_ms:7.3f}"
        print(f"{what:<40} {cupy_ms:10.3f} {garray_text}  {goal}")


if __name__ == "__main__":
    main()
