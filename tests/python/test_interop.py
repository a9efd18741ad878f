"""DLPack and __cuda_array_interface__, with garray itself and, where installed, PyTorch, CuPy,
Numba and NumPy; writes through one library must be seen by the other."""

import numpy
import pytest

import garray as ga
from conftest import gpu

pytestmark = gpu


class CudaArrayInterfaceOnly:
    """Exposes another array only through __cuda_array_interface__."""

    def __init__(self, array):
        self.__cuda_array_interface__ = array.__cuda_array_interface__
        self.owner = array


def test_dlpack_round_trip_shares_memory():
    array = ga.asarray(numpy.arange(12, dtype="float32").reshape(3, 4))[:, 1:]
    assert array.__dlpack_device__() == (2, array.device.id)
    for kwargs in ({}, {"max_version": (1, 0)}, {"stream": -1}, {"max_version": (0, 8)}):
        imported = ga.from_dlpack(type("Producer", (), {
            "__dlpack__": lambda self, **k: array.__dlpack__(**kwargs),
            "__dlpack_device__": lambda self: array.__dlpack_device__()})())
        assert imported.data.ptr == array.data.ptr and imported.strides == array.strides
        numpy.testing.assert_array_equal(imported.get(), array.get())
    copy = ga.from_dlpack(array.__dlpack__(copy=True))
    assert copy.data.ptr != array.data.ptr


def test_dlpack_capsules_are_consumed_once():
    capsule = ga.arange(3).__dlpack__(max_version=(1, 3))
    ga.from_dlpack(capsule)
    with pytest.raises(TypeError):
        ga.from_dlpack(capsule)
    with pytest.raises(BufferError):
        ga.arange(3).__dlpack__(dl_device=(2, 99))
    with pytest.raises(BufferError):
        ga.arange(3).__dlpack__(dl_device=(1, 0), copy=False)
    with pytest.raises(ValueError):
        ga.arange(3).__dlpack__(stream=0)


def test_read_only_views_export_read_only():
    view = ga.broadcast_to(ga.arange(3), (2, 3))
    imported = ga.from_dlpack(view.__dlpack__(max_version=(1, 3)))
    assert not imported.flags.writeable


def test_host_dlpack_from_numpy_is_copied():
    host = numpy.arange(10, dtype="int16")[::2]
    array = ga.from_dlpack(host)
    assert array.flags.owndata
    numpy.testing.assert_array_equal(array.get(), host)


def test_numpy_from_dlpack_of_a_host_copy():
    if not hasattr(numpy, "from_dlpack") or numpy.lib.NumpyVersion(numpy.__version__) < "2.1.0":
        pytest.skip(f"numpy {numpy.__version__} cannot ask a CUDA producer for a host copy (needs 2.1)")
    array = ga.arange(6, dtype="float64").reshape(2, 3)
    host = numpy.from_dlpack(array, device="cpu")
    numpy.testing.assert_array_equal(host, numpy.arange(6.0).reshape(2, 3))


def test_cuda_array_interface_round_trip():
    array = ga.asarray(numpy.arange(20, dtype="complex64").reshape(4, 5))[::2, ::-1]
    interface = array.__cuda_array_interface__
    assert interface["version"] == 3 and interface["typestr"] == "<c8"
    assert interface["strides"] == array.strides and interface["data"] == (array.data.ptr, False)
    imported = ga.asarray(CudaArrayInterfaceOnly(array))
    assert imported.data.ptr == array.data.ptr
    numpy.testing.assert_array_equal(imported.get(), array.get())
    imported.fill(7)
    assert (array.get() == 7).all()
    assert ga.asarray(CudaArrayInterfaceOnly(ga.arange(4))).__cuda_array_interface__["strides"] is None
    read_only = ga.asarray(CudaArrayInterfaceOnly(ga.broadcast_to(ga.arange(3), (2, 3))))
    assert not read_only.flags.writeable


def test_cuda_array_interface_keeps_the_owner_alive(memory_pool):
    baseline = memory_pool.used_bytes()
    imported = ga.asarray(CudaArrayInterfaceOnly(ga.zeros(1 << 20, "uint8")))
    assert memory_pool.used_bytes() >= baseline + (1 << 20)
    imported.fill(1)
    assert int(imported[-1]) == 1
    del imported
    import gc
    gc.collect()
    ga.zeros(1)  # any later call runs Python's pending calls, which drop the owner
    memory_pool.free_all_blocks()
    assert memory_pool.used_bytes() <= baseline + 512


def test_torch_dlpack_both_ways():
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("PyTorch has no CUDA device")
    tensor = torch.arange(12, dtype=torch.float32, device="cuda").reshape(3, 4)
    array = ga.from_dlpack(tensor)
    assert array.shape == (3, 4) and array.data.ptr == tensor.data_ptr()
    array.fill(5)
    torch.cuda.synchronize()
    assert tensor.eq(5).all().item()
    back = torch.from_dlpack(ga.arange(6, dtype="int64")[1::2])
    assert back.tolist() == [1, 3, 5]
    source = ga.zeros(4, "float32")
    shared = torch.from_dlpack(source)
    shared += 2
    torch.cuda.synchronize()
    assert source.get().tolist() == [2, 2, 2, 2]
    via_interface = ga.asarray(tensor)
    assert via_interface.data.ptr == tensor.data_ptr()


def test_cupy_dlpack_and_interface_both_ways():
    cupy = pytest.importorskip("cupy")
    cupy_array = cupy.arange(10, dtype=cupy.float64)
    array = ga.from_dlpack(cupy_array)
    array[2:5].fill(-1)
    cupy.cuda.Device().synchronize()
    assert cupy_array.get()[2:5].tolist() == [-1, -1, -1]
    source = ga.arange(8, dtype="int32")
    for view in (cupy.from_dlpack(source), cupy.asarray(source)):
        assert view.data.ptr == source.data.ptr
        view[0] = 42
        cupy.cuda.Device().synchronize()
        assert int(source[0]) == 42
    assert ga.asarray(cupy_array).data.ptr == cupy_array.data.ptr


def test_numba_kernel_writes_a_garray_array_in_place(monkeypatch):
    numba_cuda = pytest.importorskip("numba.cuda")
    if not numba_cuda.is_available():
        pytest.skip("Numba sees no CUDA device")
    # numba-cuda's compiler still calls numpy.row_stack, which NumPy 2 removed (vstack is the same).
    if not hasattr(numpy, "row_stack"):
        monkeypatch.setattr(numpy, "row_stack", numpy.vstack, raising=False)

    @numba_cuda.jit
    def double(values):
        i = numba_cuda.grid(1)
        if i < values.size:
            values[i] *= 2

    try:  # Numba itself may not work with this machine's NumPy
        double[1, 1](numba_cuda.device_array(1, dtype="float32"))
    except Exception as error:  # noqa: BLE001 - any failure of Numba's own compiler
        pytest.skip(f"Numba cannot compile a kernel here: {type(error).__name__}: {error}")
    array = ga.arange(100, dtype="float32")
    device_array = numba_cuda.as_cuda_array(array)
    double[1, 128](device_array)
    numba_cuda.synchronize()
    numpy.testing.assert_array_equal(array.get(), 2 * numpy.arange(100, dtype="float32"))
    back = ga.asarray(device_array)
    assert back.data.ptr == array.data.ptr
