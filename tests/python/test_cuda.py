"""garray.cuda (devices, streams, events, memory pools), user kernels and the profiler, on a GPU."""

import numpy
import pytest

import garray as ga
from conftest import gpu

pytestmark = gpu


def test_device():
    device = ga.cuda.Device()
    assert device.id == ga.cuda.runtime.getDevice()
    properties = ga.cuda.runtime.getDeviceProperties(device.id)
    assert device.compute_capability == f"{properties['major']}{properties['minor']}"
    assert isinstance(properties["name"], bytes) and properties["totalGlobalMem"] > 0
    attributes = device.attributes
    assert attributes["MaxThreadsPerBlock"] == properties["maxThreadsPerBlock"]
    assert attributes["WarpSize"] == 32
    free, total = device.mem_info
    assert 0 < free <= total
    with ga.cuda.Device(0) as entered:
        assert ga.cuda.Device().id == entered.id == 0
    device.synchronize()
    with pytest.raises(ga.cuda.runtime.CUDARuntimeError):
        ga.cuda.Device(ga.cuda.runtime.getDeviceCount()).use()
    with pytest.raises(TypeError):
        ga.cuda.Device("0")


def test_streams_and_events():
    null = ga.cuda.Stream.null
    assert null.ptr == 0 and ga.cuda.get_current_stream() == null
    stream = ga.cuda.Stream(non_blocking=True)
    assert stream.ptr != 0 and stream.device_id == ga.cuda.Device().id
    with stream:
        assert ga.cuda.get_current_stream() == stream
        array = ga.arange(1 << 20, dtype="float32")
        start = stream.record()
        array.fill(1)
        end = ga.cuda.Event()
        end.record()
    assert ga.cuda.get_current_stream() == null
    end.synchronize()
    assert end.done and stream.done
    assert ga.cuda.get_elapsed_time(start, end) >= 0
    stream.synchronize()
    null.wait_event(end)
    assert float(array[5]) == 1.0
    ptds = ga.cuda.Stream(ptds=True)
    assert ptds.ptr == 2
    external = ga.cuda.ExternalStream(stream.ptr)
    assert external == stream
    untimed = ga.cuda.Event(disable_timing=True)
    untimed.record()
    with pytest.raises(ValueError):
        ga.cuda.get_elapsed_time(untimed, end)
    with pytest.raises(ValueError):
        ga.cuda.Stream(null=True, ptds=True)


def test_async_transfers_on_a_stream():
    stream = ga.cuda.Stream()
    array = ga.arange(1000, dtype="int32")
    out = numpy.empty(1000, "int32")
    array.get(stream=stream, out=out, blocking=False)
    stream.synchronize()
    numpy.testing.assert_array_equal(out, numpy.arange(1000, dtype="int32"))


def test_memory_pools(memory_pool):
    assert memory_pool is ga.get_default_memory_pool()
    used = memory_pool.used_bytes()
    array = ga.empty(1 << 20, "uint8")
    assert memory_pool.used_bytes() >= used + (1 << 20)
    assert memory_pool.total_bytes() >= memory_pool.used_bytes()
    del array
    memory_pool.free_all_blocks()
    assert memory_pool.free_bytes() == 0
    memory_pool.set_limit(size=64 << 20)
    try:
        assert memory_pool.get_limit() == 64 << 20
        with pytest.raises(ga.cuda.memory.OutOfMemoryError):
            ga.empty(128 << 20, "uint8")
        with pytest.raises(MemoryError):
            ga.empty(128 << 20, "uint8")
    finally:
        memory_pool.set_limit()
    assert memory_pool.get_limit() == 0
    with pytest.raises(ValueError):
        memory_pool.set_limit(fraction=2)
    pinned = ga.get_default_pinned_memory_pool()
    pinned.free_all_blocks()
    assert pinned.used_bytes() >= 0 and pinned.total_bytes() >= pinned.used_bytes()


SOURCE = r'''
extern "C" __global__ void axpy(float a, const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
extern "C" __global__ void store_types(double* out, signed char c, unsigned short s, long long l, bool b) {
  out[0] = c; out[1] = s; out[2] = (double)l; out[3] = b;
}
extern "C" __global__ void shared_copy(const int* x, int* y) {
  extern __shared__ int tile[];
  tile[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  y[threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
}
'''


def test_raw_kernel():
    kernel = ga.RawKernel(SOURCE, "axpy")
    x = ga.asarray(numpy.arange(1000, dtype="float32"))
    y = ga.ones(1000, "float32")
    kernel((4,), (256,), (numpy.float32(2), x, y, numpy.int32(1000)))
    numpy.testing.assert_array_equal(y.get(), 2 * numpy.arange(1000, dtype="float32") + 1)
    stream = ga.cuda.Stream()
    kernel(4, 256, [numpy.float32(1), x, y, numpy.int32(1000)], stream=stream)
    stream.synchronize()
    numpy.testing.assert_array_equal(y.get(), 3 * numpy.arange(1000, dtype="float32") + 1)


def test_raw_module_typed_scalars_and_shared_memory():
    module = ga.RawModule(SOURCE)
    out = ga.zeros(4, "float64")
    module.get_function("store_types")(1, 1, (out, numpy.int8(-3), numpy.uint16(65535), 2**40, True))
    assert out.get().tolist() == [-3, 65535, 2**40, 1]
    x = ga.arange(64, dtype="int32")
    y = ga.empty(64, "int32")
    module.get_function("shared_copy")(1, 64, (x, y), shared_mem=64 * 4)
    numpy.testing.assert_array_equal(y.get(), numpy.arange(64)[::-1])


def test_kernel_errors():
    with pytest.raises(ga.cuda.compiler.CompileException, match="oops"):
        ga.RawKernel("extern \"C\" __global__ void k() { oops; }", "k").compile()
    with pytest.raises(ValueError):
        ga.RawModule(SOURCE).get_function("missing")
    kernel = ga.RawKernel(SOURCE, "axpy")
    with pytest.raises(ValueError, match="grid"):
        kernel((0,), (1,), ())
    with pytest.raises(ValueError, match="block"):
        kernel(1, (1, 1, 1, 1), ())
    with pytest.raises(TypeError, match="kernel argument 0"):
        kernel(1, 1, ("text",))
    with pytest.raises(TypeError):
        kernel(1, 1, numpy.float32(1))
    with pytest.raises(ga.cuda.runtime.CUDARuntimeError):
        kernel(1, 4096, (numpy.float32(1), ga.zeros(1, "float32"), ga.zeros(1, "float32"), numpy.int32(1)))


def test_profiler_benchmark():
    array = ga.zeros(1 << 16, "float32")
    result = ga.profiler.benchmark(array.fill, (1.0,), n_repeat=20, n_warmup=2)
    assert result.cpu_times.shape == (20,) and result.gpu_times.shape == (1, 20)
    assert (result.gpu_times >= 0).all() and "GPU-0" in str(result)
    assert result.name == "fill"
