"""garray.jit on a GPU: the seeds' elementwise_copy, saxpy, reductions with shared memory and
atomics, warp shuffles, 2-D grids over strided arrays, control flow and math, against NumPy."""

import math

import numpy
import pytest

import garray as ga
from conftest import gpu
from garray import jit


@jit.rawkernel()
def elementwise_copy(x, y, size):
    tid = jit.threadIdx.x + jit.blockIdx.x * jit.blockDim.x
    ntid = jit.gridDim.x * jit.blockDim.x
    for i in range(tid, size, ntid):
        y[i] = x[i]


@jit.rawkernel()
def saxpy(a, x, y, out, n):
    i = jit.grid(1)
    if i < n:
        out[i] = a * x[i] + y[i]


@jit.rawkernel()
def block_sum(x, total, n):
    cache = jit.shared_memory(numpy.float32, 256)
    i = jit.grid(1)
    value = numpy.float32(0)
    if i < n:
        value = x[i]
    cache[jit.threadIdx.x] = value
    jit.syncthreads()
    step = jit.blockDim.x // 2
    while step > 0:
        if jit.threadIdx.x < step:
            cache[jit.threadIdx.x] += cache[jit.threadIdx.x + step]
        jit.syncthreads()
        step //= 2
    if jit.threadIdx.x == 0:
        jit.atomic_add(total, 0, cache[0])


@jit.rawkernel()
def warp_sum(x, total, n):
    value = 0.0
    for i in range(jit.grid(1), n, jit.gridsize(1)):
        value += x[i]
    offset = 16
    while offset > 0:
        value += jit.shfl_down_sync(0xFFFFFFFF, value, offset)
        offset //= 2
    if jit.laneid() == 0:
        jit.atomic_add(total, 0, value)


@jit.rawkernel()
def lane_exchange(x, y):
    t = jit.threadIdx.x
    v = x[t]
    y[0, t] = jit.shfl_sync(0xFFFFFFFF, v, 3)
    y[1, t] = jit.shfl_up_sync(0xFFFFFFFF, v, 1)
    y[2, t] = jit.shfl_xor_sync(0xFFFFFFFF, v, 1)
    y[3, t] = jit.laneid() + jit.warpsize


@jit.rawkernel()
def transpose_2d(x, y):
    i, j = jit.grid(2)
    if i < x.shape[0] and j < x.shape[1]:
        y[j, i] = x[i, j]


@jit.rawkernel()
def histogram(values, counts, n):
    for i in range(jit.grid(1), n, jit.gridsize(1)):
        jit.atomic_add(counts, values[i] % len(counts), 1)


@jit.rawkernel()
def extremes(values, result, n):
    for i in range(jit.grid(1), n, jit.gridsize(1)):
        jit.atomic_min(result, 0, values[i])
        jit.atomic_max(result, 1, values[i])
        jit.atomic_or(result, 2, values[i] & 0xFF)


@jit.rawkernel()
def classify(x, out, n):
    for i in range(jit.grid(1), n, jit.gridsize(1)):
        v = x[i]
        if v < -1.0:
            out[i] = -2
        elif v < 0.0:
            out[i] = -1
        else:
            k = 0
            while k < 10:
                k += 1
                if k * 0.5 > v:
                    break
            out[i] = k


@jit.rawkernel()
def python_math(x, y, n):
    for i in range(jit.grid(1), n, jit.gridsize(1)):
        v = x[i]
        y[i] = math.sin(v) * numpy.exp(-v * v) + math.sqrt(abs(v)) + (v // 0.5) + (v % 0.75) + max(v, 0.25)


@jit.rawkernel()
def reverse_in_shared(x, n):
    buffer = jit.shared_memory(numpy.float64, None)
    t = jit.threadIdx.x
    buffer[t] = x[t] if t < n else -1.0
    jit.syncthreads()
    if t < n:
        x[t] = buffer[jit.blockDim.x - 1 - t]


@jit.rawkernel()
def flat_copy(x, y):
    for i in range(jit.grid(1), x.size, jit.gridsize(1)):
        y[i] = x[i]


def _random(shape, dtype, seed):
    return numpy.random.default_rng(seed).standard_normal(shape).astype(dtype)


@gpu
def test_the_seeds_elementwise_copy():
    size = 1_000_003
    x_host = _random(size, "float32", 1)
    x = ga.asarray(x_host)
    y = ga.zeros(size, "float32")
    elementwise_copy[(128,), (1024,)](x, y, size)
    numpy.testing.assert_array_equal(ga.asnumpy(y), x_host)
    z = ga.zeros(size, "float64")
    elementwise_copy((128,), (256,), (ga.asarray(x_host.astype("float64")), z, numpy.int32(size)))
    numpy.testing.assert_array_equal(ga.asnumpy(z), x_host.astype("float64"))
    assert len(elementwise_copy.cached_codes) == 2


@gpu
def test_saxpy_float32_and_float64_on_a_stream():
    n = 100_000
    for dtype, a in (("float32", numpy.float32(2.5)), ("float64", 2.5)):
        x_host, y_host = _random(n, dtype, 2), _random(n, dtype, 3)
        out = ga.empty(n, dtype)
        stream = ga.cuda.Stream(non_blocking=True)
        saxpy[(n + 255) // 256, 256](a, ga.asarray(x_host), ga.asarray(y_host), out, n, stream=stream)
        stream.synchronize()
        numpy.testing.assert_allclose(ga.asnumpy(out), numpy.asarray(a, dtype) * x_host + y_host, rtol=1e-6,
                                       atol=4 * numpy.finfo(dtype).eps)  # the device fuses a*x+y (FMA)


@gpu
def test_reductions_with_shared_memory_atomics_and_shuffles():
    n = 300_001
    x_host = _random(n, "float32", 4)
    total = ga.zeros(1, "float32")
    block_sum[(n + 255) // 256, 256](ga.asarray(x_host), total, n)
    numpy.testing.assert_allclose(ga.asnumpy(total)[0], x_host.astype("float64").sum(), rtol=1e-4, atol=1e-2)
    x64 = x_host.astype("float64")
    total64 = ga.zeros(1, "float64")
    warp_sum[64, 256](ga.asarray(x64), total64, n)
    numpy.testing.assert_allclose(ga.asnumpy(total64)[0], x64.sum(), rtol=1e-10)


@gpu
def test_warp_shuffles_and_lane_ids():
    x_host = numpy.arange(32, dtype="int64") * 10
    y = ga.zeros((4, 32), "int64")
    lane_exchange[1, 32](ga.asarray(x_host), y)
    lanes = numpy.arange(32)
    expected = numpy.stack([numpy.full(32, 30), numpy.where(lanes >= 1, (lanes - 1) * 10, lanes * 10),
                            (lanes ^ 1) * 10, lanes + 32])
    numpy.testing.assert_array_equal(ga.asnumpy(y), expected)


@gpu
def test_two_dimensional_grid_over_strided_arrays():
    host = _random((300, 170), "float32", 5)
    x = ga.asarray(host)
    y = ga.zeros((170, 300), "float32")
    transpose_2d[(10, 6), (32, 32)](x, y)
    numpy.testing.assert_array_equal(ga.asnumpy(y), host.T)
    strided = x[::2, ::-3]  # a strided view: indexed through its byte strides
    expected = host[::2, ::-3]
    y2 = ga.zeros(expected.T.shape, "float32")
    transpose_2d[(5, 2), (32, 32)](strided, y2)
    numpy.testing.assert_array_equal(ga.asnumpy(y2), expected.T)
    flat = ga.zeros(expected.size, "float32")
    flat_copy[16, 128](strided, flat)  # a flat index into a strided array walks it in C order
    numpy.testing.assert_array_equal(ga.asnumpy(flat), expected.ravel())


@gpu
def test_integer_atomics():
    values_host = numpy.random.default_rng(6).integers(-1000, 1000, 50_000).astype("int32")
    counts = ga.zeros(16, "int32")
    histogram[32, 256](ga.asarray(values_host), counts, values_host.size)
    numpy.testing.assert_array_equal(ga.asnumpy(counts), numpy.bincount(values_host % 16, minlength=16))
    result = ga.asarray(numpy.array([2**31 - 1, -2**31, 0], dtype="int32"))
    extremes[32, 256](ga.asarray(values_host), result, values_host.size)
    or_all = numpy.bitwise_or.reduce(values_host & 0xFF)
    numpy.testing.assert_array_equal(ga.asnumpy(result), [values_host.min(), values_host.max(), or_all])
    longs = ga.asarray(values_host.astype("int64") * 2**33)
    result64 = ga.asarray(numpy.array([2**62, -2**62, 0], dtype="int64"))
    extremes[32, 256](longs, result64, values_host.size)
    expected = values_host.astype("int64") * 2**33
    numpy.testing.assert_array_equal(ga.asnumpy(result64)[:2], [expected.min(), expected.max()])


@gpu
def test_control_flow_and_math_match_numpy():
    n = 10_000
    x_host = _random(n, "float64", 7) * 3
    out = ga.zeros(n, "int32")
    classify[16, 256](ga.asarray(x_host), out, n)
    k = numpy.minimum(numpy.floor(numpy.maximum(x_host, 0) / 0.5) + 1, 10)
    expected = numpy.where(x_host < -1, -2, numpy.where(x_host < 0, -1, k)).astype("int32")
    numpy.testing.assert_array_equal(ga.asnumpy(out), expected)
    for dtype, rtol in (("float32", 1e-5), ("float64", 1e-12)):
        xs = x_host.astype(dtype)
        y = ga.zeros(n, dtype)
        python_math[16, 256](ga.asarray(xs), y, n)
        reference = (numpy.sin(xs) * numpy.exp(-xs * xs) + numpy.sqrt(numpy.abs(xs)) + numpy.floor_divide(xs, 0.5)
                     + numpy.mod(xs, 0.75) + numpy.maximum(xs, 0.25)).astype(dtype)
        numpy.testing.assert_allclose(ga.asnumpy(y), reference, rtol=rtol, atol=rtol)


@gpu
def test_dynamic_shared_memory():
    x_host = numpy.arange(100, dtype="float64")
    x = ga.asarray(x_host)
    reverse_in_shared[1, 128](x, 100, shared_mem=128 * 8)
    numpy.testing.assert_array_equal(ga.asnumpy(x), numpy.concatenate([numpy.full(28, -1.0), x_host[::-1]])[:100])


@gpu
def test_launch_errors():
    x = ga.zeros(4, "float32")
    with pytest.raises(TypeError, match="takes 3 arguments"):
        elementwise_copy[1, 1](x, x)
    with pytest.raises(TypeError, match="NumPy arrays"):
        elementwise_copy[1, 1](numpy.zeros(4, "float32"), x, 4)
    with pytest.raises(ValueError, match="grid"):
        elementwise_copy[0, 1](x, x, 4)


@jit.kernel()
def squared_diff(x, y):
    return (x - y) * (x - y)


@jit.kernel()
def clipped_sqrt(x, low, high):
    if x < low:
        return low
    elif x > high:
        return high
    return math.sqrt(x)


@gpu
def test_elementwise_kernel_broadcasts_and_types_its_output():
    x_host = _random((40, 30), "float32", 8)
    y_host = _random(30, "float32", 9)
    d = squared_diff(ga.asarray(x_host), ga.asarray(y_host))
    assert d.shape == (40, 30) and d.dtype == numpy.float32
    numpy.testing.assert_allclose(ga.asnumpy(d), (x_host - y_host) ** 2, rtol=1e-6)
    strided = ga.asarray(x_host)[::3, ::-2]
    d2 = squared_diff(strided, ga.asarray(y_host[::-2].copy()))
    numpy.testing.assert_allclose(ga.asnumpy(d2), (x_host[::3, ::-2] - y_host[::-2]) ** 2, rtol=1e-6)
    values = numpy.abs(_random(1000, "float64", 10)) * 4
    stream = ga.cuda.Stream(non_blocking=True)
    c = clipped_sqrt(ga.asarray(values), 0.5, 9.0, stream=stream)
    stream.synchronize()
    assert c.dtype == numpy.float64
    numpy.testing.assert_allclose(ga.asnumpy(c), numpy.where(values < 0.5, 0.5, numpy.where(values > 9, 9.0,
                                                                                          numpy.sqrt(values))))
    empty = squared_diff(ga.zeros((0, 3), "float32"), ga.zeros(3, "float32"))
    assert empty.shape == (0, 3)


@gpu
def test_docs_jit():
    # [snippet:jit-copy] (docs/jit.md)
    import garray as ga
    from garray import jit

    @jit.rawkernel()
    def elementwise_copy(x, y, size):
        tid = jit.threadIdx.x + jit.blockIdx.x * jit.blockDim.x
        ntid = jit.gridDim.x * jit.blockDim.x
        for i in range(tid, size, ntid):
            y[i] = x[i]

    size = 1 << 20
    x = ga.arange(size, dtype=ga.float32)
    y = ga.empty_like(x)
    elementwise_copy[(128,), (1024,)](x, y, size)   # or elementwise_copy((128,), (1024,), (x, y, size))
    # [snippet-end]
    numpy.testing.assert_array_equal(ga.asnumpy(y), numpy.arange(size, dtype=numpy.float32))


@gpu
def test_docs_jit_reduction():
    # [snippet:jit-reduction] (docs/jit.md)
    import numpy
    import garray as ga
    from garray import jit

    @jit.rawkernel()
    def sum_of_squares(x, total, n):
        partial = jit.shared_memory(numpy.float32, 32)   # one slot per warp of a 1024-thread block
        value = numpy.float32(0)
        for i in range(jit.grid(1), n, jit.gridsize(1)):
            value += x[i] * x[i]
        offset = 16
        while offset > 0:                                 # reduce within the warp
            value += jit.shfl_down_sync(0xFFFFFFFF, value, offset)
            offset //= 2
        if jit.laneid() == 0:
            partial[jit.threadIdx.x // 32] = value
        jit.syncthreads()
        if jit.threadIdx.x == 0:                          # then across the block's warps
            block_total = numpy.float32(0)
            for w in range(jit.blockDim.x // 32):
                block_total += partial[w]
            jit.atomic_add(total, 0, block_total)

    x = ga.asarray(numpy.random.default_rng(0).random(1_000_000, dtype=numpy.float32))
    total = ga.zeros(1, dtype=ga.float32)
    sum_of_squares[256, 1024](x, total, x.size)
    # [snippet-end]
    host = ga.asnumpy(x).astype(numpy.float64)
    numpy.testing.assert_allclose(ga.asnumpy(total)[0], (host * host).sum(), rtol=1e-4)


@gpu
def test_docs_jit_elementwise():
    # [snippet:jit-elementwise] (docs/jit.md)
    import math
    import numpy
    import garray as ga
    from garray import jit

    @jit.kernel()
    def soft_clip(x, limit):
        if abs(x) < limit:
            return x
        return math.copysign(limit, x) + math.tanh(x - math.copysign(limit, x))

    x = ga.asarray(numpy.linspace(-4, 4, 9, dtype=numpy.float32).reshape(3, 3))
    y = soft_clip(x, numpy.float32(2))     # float32, shape (3, 3)
    # [snippet-end]
    host = numpy.linspace(-4, 4, 9, dtype=numpy.float32).reshape(3, 3)
    sign = numpy.copysign(numpy.float32(2), host)
    expected = numpy.where(numpy.abs(host) < 2, host, sign + numpy.tanh(host - sign))
    assert y.dtype == numpy.float32
    numpy.testing.assert_allclose(ga.asnumpy(y), expected, rtol=1e-6)
