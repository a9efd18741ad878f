"""What works without a GPU: the ABI check, dtypes, the status → exception mapping, typemap
validation, shape broadcasting and NVRTC compilation."""

import numpy
import pytest

import garray as ga
from garray import _dtypes
from garray._library import lib


def test_version_and_abi_match():
    major, minor, patch, abi = lib.ga_version_numbers()
    assert ga.__version__ == f"{major}.{minor}.{patch}"
    assert abi == lib.GA_ABI_VERSION


@pytest.mark.parametrize("name", ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                                  "uint64", "float16", "float32", "float64", "complex64", "complex128"])
def test_dtype_codes_round_trip_with_numpy(name):
    code = _dtypes.code_of(numpy.dtype(name))
    assert _dtypes.numpy_dtype(code) == numpy.dtype(name)
    assert lib.ga_dtype_name(code) == name
    assert lib.ga_dtype_itemsize(code) == numpy.dtype(name).itemsize
    assert _dtypes.code_of(name) == code
    assert _dtypes.code_of(numpy.dtype(name).str) == code


def test_python_types_as_dtypes():
    assert _dtypes.code_of(float) == lib.GA_FLOAT64
    assert _dtypes.code_of(int) == lib.GA_INT64
    assert _dtypes.code_of(bool) == lib.GA_BOOL
    assert _dtypes.code_of(complex) == lib.GA_COMPLEX128
    assert _dtypes.code_of("bfloat16") == lib.GA_BFLOAT16


@pytest.mark.parametrize("dtype", [object, "U3", "datetime64[s]", ">f4", "nope"])
def test_unsupported_dtypes_raise_type_error(dtype):
    with pytest.raises(TypeError):
        _dtypes.code_of(dtype)


def test_dtype_parse_error_is_a_type_error_with_the_message():
    with pytest.raises(TypeError, match="nope"):
        lib.ga_dtype_parse("nope")


def test_invalid_handles_raise_value_error():
    with pytest.raises(ValueError, match="array"):
        lib.ga_array_copy(None, lib.GA_ORDER_C)


def test_wrong_handle_type_raises_type_error():
    stream_or_none = None
    with pytest.raises(TypeError):
        lib.ga_array_copy(object(), lib.GA_ORDER_C)
    with pytest.raises(TypeError):
        lib.ga_array_fill(stream_or_none, "not a number")


def test_status_mapping():
    from garray._errors import _exception_for
    assert isinstance(_exception_for(lib.GA_ERROR_OUT_OF_MEMORY, "m"), ga.cuda.memory.OutOfMemoryError)
    assert isinstance(_exception_for(lib.GA_ERROR_OUT_OF_MEMORY, "m"), MemoryError)
    assert isinstance(_exception_for(lib.GA_ERROR_LINALG, "m"), numpy.linalg.LinAlgError)
    assert isinstance(_exception_for(lib.GA_ERROR_COMPILE, "m"), ga.cuda.compiler.CompileException)
    error = _exception_for(lib.GA_ERROR_CUDA, "m")
    assert isinstance(error, ga.cuda.runtime.CUDARuntimeError) and error.status == lib.GA_ERROR_CUDA
    assert isinstance(_exception_for(lib.GA_ERROR_INDEX, "m"), IndexError)
    assert isinstance(_exception_for(lib.GA_ERROR_SHAPE_MISMATCH, "m"), ValueError)
    assert isinstance(_exception_for(lib.GA_ERROR_DTYPE, "m"), TypeError)
    assert type(_exception_for(lib.GA_ERROR_INTERNAL, "m")) is RuntimeError
    assert type(_exception_for(999, "m")) is RuntimeError


@pytest.mark.parametrize("shapes", [[(3, 1), (1, 4)], [(), (5,)], [(2, 1, 3), (4, 1)], [(0, 1), (1, 7)], [7, (7,)]])
def test_broadcast_shapes_matches_numpy(shapes):
    assert ga.broadcast_shapes(*shapes) == numpy.broadcast_shapes(*shapes)


def test_broadcast_shapes_errors():
    with pytest.raises(ValueError, match="shape"):
        ga.broadcast_shapes((2, 3), (4,))
    with pytest.raises(TypeError):
        ga.broadcast_shapes((2, "x"))
    with pytest.raises(ValueError, match="at most 32"):
        ga.broadcast_shapes((1,) * 33)
    with pytest.raises(ValueError):
        ga.broadcast_shapes((-1, 2))


@pytest.mark.parametrize("value, dtype, expected", [
    (300, "uint8", 44),            # integers wrap
    (-1.5, "uint8", 0),            # float -> unsigned saturates at 0 (CuPy)
    (1e10, "int32", 2**31 - 1),    # float -> int saturates (CuPy)
    (float("nan"), "int64", 0),
    (2.5, "int64", 2),
    (numpy.float32(1.5), "float64", 1.5),
    (True, "float32", 1.0),
    (3 + 4j, "float64", 3.0),      # complex -> real keeps the real part
    (2**64 - 1, "uint64", 2**64 - 1),
    (numpy.uint8(7), "complex64", 7 + 0j),
])
def test_scalars_cast_as_cupy(value, dtype, expected):
    assert lib.ga_scalar_cast(value, _dtypes.code_of(dtype)) == expected


def test_scalar_errors():
    with pytest.raises(TypeError, match="number"):
        lib.ga_scalar_cast("3", lib.GA_INT64)
    with pytest.raises(OverflowError):
        lib.ga_scalar_cast(2**64, lib.GA_INT64)


KERNEL = r'''
extern "C" __global__ void scale(float* x, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= factor;
}
'''


def test_compile_to_ptx_and_cubin_without_a_gpu():
    ptx = ga.cuda.compiler.compile_source(KERNEL, 80, ptx=True)
    assert ".entry scale" in ptx and ".target sm_80" in ptx
    cubin = ga.cuda.compiler.compile_source(KERNEL, "sm_80", options=["-DUNUSED=1"])
    assert cubin[:4] == b"\x7fELF"
    assert ga.cuda.compiler.kernel_cache_stats()["compiles"] + ga.cuda.compiler.kernel_cache_stats()["disk_hits"] > 0


def test_compile_error_carries_the_nvrtc_log():
    with pytest.raises(ga.cuda.compiler.CompileException, match="undefined_name"):
        ga.cuda.compiler.compile_source("__global__ void k() { undefined_name(); }", 80)


def test_compile_argument_errors():
    with pytest.raises(TypeError, match="sequence of str"):
        ga.cuda.compiler.compile_source(KERNEL, 80, options="-DX=1")
    with pytest.raises(TypeError, match=r"options\[0\]"):
        ga.cuda.compiler.compile_source(KERNEL, 80, options=[1])
    with pytest.raises(ValueError):
        ga.cuda.compiler.compile_source(KERNEL, 0)


def test_device_count_is_never_an_error():
    assert ga.cuda.runtime.getDeviceCount() >= 0
    assert ga.cuda.is_available() == (ga.cuda.runtime.getDeviceCount() > 0)


def test_without_a_device_device_calls_raise_cuda_runtime_error():
    if ga.cuda.is_available():
        pytest.skip("a CUDA device is present; this checks the machine without one")
    with pytest.raises(ga.cuda.runtime.CUDARuntimeError):
        ga.zeros(3)
    with pytest.raises(ga.cuda.runtime.CUDARuntimeError):
        ga.cuda.Stream()


def test_typemaps_validate_before_any_device_work():
    with pytest.raises(TypeError, match="shape"):
        ga.empty("abc")
    with pytest.raises(ValueError, match="at most 32"):
        ga.empty((1,) * 33)
    with pytest.raises(ValueError, match="order"):
        ga.empty(3, order="Z")
    with pytest.raises(TypeError):
        ga.empty(3, dtype=object)


def test_get_array_module_without_garray_arrays_is_numpy():
    assert ga.get_array_module(numpy.zeros(2), 3) is numpy
    assert ga.asnumpy([1, 2]).tolist() == [1, 2]


@pytest.mark.parametrize("key, error", [([0], IndexError), (True, IndexError), (numpy.array([1]), IndexError),
                                        (slice("a", 2), TypeError), ((0,) * 66, IndexError)])
def test_index_keys_are_checked_before_the_call(key, error):
    with pytest.raises(error):
        lib.ga_array_index(None, key)


def test_valid_index_keys_reach_the_c_api():
    with pytest.raises(ValueError, match="array"):
        lib.ga_array_index(None, (0, slice(1, None, 2), None, Ellipsis, numpy.int64(3)))


def test_list_typemaps_validate_lengths_and_types():
    with pytest.raises(ValueError, match="must match"):
        lib.ga_array_moveaxis(None, (0, 1), (1,))
    with pytest.raises(ValueError, match="entries for 1 dimensions"):
        lib.ga_array_from_device_pointer(0, 0, (3,), (4, 4), lib.GA_FLOAT32, 0, None)
    with pytest.raises(TypeError, match="garray.ndarray"):
        lib.ga_array_broadcast_arrays([None])
    with pytest.raises(TypeError, match="garray.ndarray"):
        ga.meshgrid(1, 2)
    with pytest.raises(ValueError, match="grid"):
        lib.ga_kernel_launch(None, (1, 2, 3, 4), 1, 0, (), None)
    with pytest.raises(ValueError, match="block"):
        lib.ga_kernel_launch(None, 1, -1, 0, ())
    with pytest.raises(TypeError, match="kernel argument 1"):
        lib.ga_kernel_launch(None, 1, 1, 0, (1, "x"))


def test_host_buffers_are_checked():
    with pytest.raises(TypeError, match="8-byte elements"):
        lib.ga_array_from_host(numpy.zeros(3), lib.GA_FLOAT32, lib.GA_ORDER_C)
    with pytest.raises(TypeError):
        lib.ga_array_from_host([1, 2], lib.GA_FLOAT64, lib.GA_ORDER_C)
    with pytest.raises(ValueError, match="contiguous"):
        lib.ga_array_to_host(None, numpy.zeros(4)[::2])


def test_dlpack_capsules_are_checked():
    capsule = numpy.arange(3.0).__dlpack__()
    assert lib._dlpack_capsule_is_versioned(capsule) is False
    with pytest.raises(ValueError, match="dltensor_versioned"):
        lib.ga_array_from_dlpack_versioned(capsule)
    with pytest.raises(TypeError, match="capsule"):
        lib.ga_array_from_dlpack(object())
    with pytest.raises(TypeError):
        lib._dlpack_capsule_is_versioned(object())


def test_external_memory_owner_is_not_kept_on_failure():
    import sys
    owner = object()
    references = sys.getrefcount(owner)
    with pytest.raises(ValueError):
        lib.ga_array_from_device_pointer(0, 0, (3,), None, lib.GA_FLOAT32, 0, owner)
    assert sys.getrefcount(owner) == references


def test_python_retain_is_not_offered():
    assert not hasattr(lib, "ga_array_retain") and not hasattr(lib, "ga_jit_free_binary")
