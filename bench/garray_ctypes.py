"""Just enough of the C API, through ctypes, for benchmarks that run garray and CuPy in one process.

Both libraries queue work on the legacy default stream, so CuPy's events time garray's kernels too.
"""
import ctypes
import os
import pathlib

GA_ORDER_C = 0
GA_FLOAT16 = 9
GA_FLOAT32 = 11
GA_INT64 = 4

DTYPES = {"float16": 9, "float32": 11, "float64": 12, "int32": 3, "int64": 4, "uint8": 5}


def _library_path():
    explicit = os.environ.get("GARRAY_LIBRARY")
    if explicit:
        return explicit
    build = pathlib.Path(os.environ.get("GARRAY_BUILD_DIR", pathlib.Path(__file__).resolve().parents[1] / "build" / "dev"))
    return str(build / "libgarray.so")


class Scalar(ctypes.Structure):
    _fields_ = [("dtype", ctypes.c_int), ("as_int", ctypes.c_int64), ("as_uint", ctypes.c_uint64),
                ("as_real", ctypes.c_double), ("as_imag", ctypes.c_double)]


lib = ctypes.CDLL(_library_path())
lib.ga_last_error.restype = ctypes.c_char_p
Handle = ctypes.c_void_p


def check(status):
    if status != 0:
        raise RuntimeError(f"garray status {status}: {lib.ga_last_error().decode()}")


def shape_array(shape):
    return (ctypes.c_int64 * len(shape))(*shape)


def empty(shape, dtype):
    out = Handle()
    check(lib.ga_array_empty(len(shape), shape_array(shape), DTYPES[dtype], GA_ORDER_C, None, ctypes.byref(out)))
    return out


def data_pointer(array):
    pointer = ctypes.c_void_p()
    check(lib.ga_array_data(array, ctypes.byref(pointer)))
    return pointer.value or 0


def release(array):
    check(lib.ga_array_release(array))


def transpose(array):
    out = Handle()
    check(lib.ga_array_transpose(array, None, 0, ctypes.byref(out)))
    return out


def copy(array, order=GA_ORDER_C):
    out = Handle()
    check(lib.ga_array_copy(array, order, None, ctypes.byref(out)))
    return out


def astype(array, dtype, order=GA_ORDER_C):
    out = Handle()
    check(lib.ga_array_astype(array, DTYPES[dtype], order, None, ctypes.byref(out)))
    return out


def fill(array, value):
    check(lib.ga_array_fill(array, Scalar(DTYPES["float64"], 0, 0, float(value), 0.0), None))


def arange(count, dtype):
    out = Handle()
    start = Scalar(GA_INT64, 0, 0, 0.0, 0.0)
    stop = Scalar(GA_INT64, count, 0, 0.0, 0.0)
    step = Scalar(GA_INT64, 1, 0, 0.0, 0.0)
    check(lib.ga_array_arange(start, stop, step, DTYPES[dtype], None, ctypes.byref(out)))
    return out


class Index(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int), ("start", ctypes.c_int64), ("stop", ctypes.c_int64),
                ("step", ctypes.c_int64), ("has_start", ctypes.c_int), ("has_stop", ctypes.c_int)]


def slice_step(array, step):
    """array[::step] of a 1-d array."""
    out = Handle()
    item = Index(0, 0, 0, step, 0, 0)
    check(lib.ga_array_index(array, ctypes.byref(item), 1, ctypes.byref(out)))
    return out
