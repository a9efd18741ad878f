"""The workloads of bench/bench_linalg.cpp from Python: garray's and CuPy's, side by side in one run:
solve 4096 f32 with one right-hand side, thin svd of 1000 x 1000 f64, reduced qr of 4096 x 4096 f32,
eigvalsh and cholesky of 2048 x 2048 f32, batched inv of 1000 x 64 x 64 f32. Timed with CUDA events
(median of REPEATS batches of CALLS_PER_TIMING back-to-back calls) on fresh random data; garray's
results are checked against CuPy's (or NumPy's) by reconstruction. Skips CuPy's column when it is
not installed; exits non-zero when a check fails.

    GARRAY_BUILD_DIR=build/dev python3 bench/bench_linalg_cupy.py
"""
import sys
import time

from timing_support import event_ms, optional, use_garray_build

use_garray_build()

import numpy  # noqa: E402

import garray as ga  # noqa: E402

cp = optional("cupy")

REPEATS = 5
CALLS_PER_TIMING = 2
GOALS = {"solve 4096 f32, 1 rhs": "<= 4.6 ms (CuPy 13.8)", "svd 1000^2 f64, thin": "<= 46 ms (CuPy 138)",
         "qr 4096^2 f32": "<= 15 ms (CuPy 29.6)", "eigvalsh 2048^2 f32": "<= CuPy (30.0)",
         "cholesky 2048^2 f32": "<= CuPy (2.18)", "inv 1000 x 64^2 f32": "<= CuPy (0.60)"}


def workloads(rng):
    solve_a = (rng.standard_normal((4096, 4096)) + 64 * numpy.eye(4096)).astype(numpy.float32)
    solve_b = rng.standard_normal(4096).astype(numpy.float32)
    svd_a = rng.standard_normal((1000, 1000))
    qr_a = rng.standard_normal((4096, 4096)).astype(numpy.float32)
    spd = rng.standard_normal((2048, 2048))
    spd = ((spd + spd.T) / 2 + 2 * 2048 * numpy.eye(2048)).astype(numpy.float32)
    batch = (rng.standard_normal((1000, 64, 64)) + 8 * numpy.eye(64)).astype(numpy.float32)
    return {"solve 4096 f32, 1 rhs": ((solve_a, solve_b), lambda m, a, b: m.linalg.solve(a, b)),
            "svd 1000^2 f64, thin": ((svd_a,), lambda m, a: m.linalg.svd(a, full_matrices=False)),
            "qr 4096^2 f32": ((qr_a,), lambda m, a: m.linalg.qr(a)),
            "eigvalsh 2048^2 f32": ((spd,), lambda m, a: m.linalg.eigvalsh(a)),
            "cholesky 2048^2 f32": ((spd,), lambda m, a: m.linalg.cholesky(a)),
            "inv 1000 x 64^2 f32": ((batch,), lambda m, a: m.linalg.inv(a))}


def check(name, inputs, result):
    """A reconstruction check of garray's result on the host, in float64."""
    wide = [x.astype(numpy.float64) for x in inputs]
    if name.startswith("solve"):
        residual = numpy.linalg.norm(wide[0] @ result - wide[1]) / numpy.linalg.norm(wide[1])
    elif name.startswith("svd"):
        u, s, vh = result
        residual = numpy.linalg.norm((u * s) @ vh - wide[0]) / numpy.linalg.norm(wide[0])
    elif name.startswith("qr"):
        q, r = result
        residual = numpy.linalg.norm(q.astype(numpy.float64) @ r - wide[0]) / numpy.linalg.norm(wide[0])
    elif name.startswith("eigvalsh"):
        residual = numpy.abs(result - numpy.linalg.eigvalsh(wide[0])).max() / numpy.abs(result).max()
    elif name.startswith("cholesky"):
        residual = numpy.linalg.norm(result.astype(numpy.float64) @ result.T - wide[0]) / numpy.linalg.norm(wide[0])
    else:
        # Normwise backward error of each inverse, |A X - I|_1 / (|A|_1 |X|_1): LU's is below n eps whatever the
        # conditioning, where |A X - I| itself grows with cond(A) (up to 1e5 for some of 1000 random ones).
        x = result.astype(numpy.float64)
        residual = (numpy.abs(wide[0] @ x - numpy.eye(64)).sum(axis=1).max(axis=1) /
                    (numpy.abs(wide[0]).sum(axis=1).max(axis=1) * numpy.abs(x).sum(axis=1).max(axis=1))).max()
    tolerance = 1e-9 if name.startswith("svd") else 1e-3
    if name.startswith("inv"):
        tolerance = 64 * numpy.finfo(numpy.float32).eps
    if not residual < tolerance:
        print(f"check failed: {name}: relative residual {residual:.1e}", file=sys.stderr)
        return False
    return True


def main():
    rng = numpy.random.default_rng(int(time.time()))
    cases = workloads(rng)
    libraries = {"garray": ga}
    if cp is not None:
        libraries["cupy"] = cp
    columns = {}
    good = True
    for label, library in libraries.items():
        rows = {}
        for name, (inputs, run) in cases.items():
            device_inputs = [library.asarray(x) for x in inputs]
            rows[name] = event_ms(lambda: run(library, *device_inputs), library.cuda, REPEATS, CALLS_PER_TIMING, 1)
            if label == "garray":
                result = run(library, *device_inputs)
                host = tuple(ga.asnumpy(x) for x in result) if isinstance(result, tuple) else ga.asnumpy(result)
                good = check(name, inputs, host) and good
        columns[label] = rows
    print("bench_linalg_cupy: ms per call")
    print(f"{'workload':26s}" + "".join(f"{label:>14s}" for label in columns))
    for name in cases:
        line = f"{name:26s}" + "".join(f"{rows[name]:14.3f}" for rows in columns.values())
        print(line + f"   (goal {GOALS[name]} for garray)")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
