"""Creating arrays: from shapes and values, from host data and other libraries' arrays, and ranges."""

import contextlib
import sys

import numpy

from garray import _dtypes
from garray._interop import from_cuda_array_interface, from_dlpack
from garray._conversions import dtype_code_or_same as _like_dtype
from garray._conversions import order_code
from garray._library import lib
from garray._ndarray import ndarray
from garray.cuda._device import Device

_CURRENT_DEVICE = contextlib.nullcontext()


def _on(device):
    """The context that makes `device` (the Array API's device=, a garray.cuda.Device) current while
    an array is made; None leaves the current device."""
    if device is None:
        return _CURRENT_DEVICE
    if not isinstance(device, Device):
        raise ValueError(f"{device!r} is not a garray device (garray.cuda.Device)")
    return device


def empty(shape, dtype=float, order="C", *, device=None, like=None):
    if device is not None:
        with _on(device):
            return empty(shape, dtype, order)
    return lib.ga_array_empty(shape, _dtypes.code_of(dtype), order_code(order, "CF"))


def zeros(shape, dtype=float, order="C", *, device=None, like=None):
    if device is not None:
        with _on(device):
            return zeros(shape, dtype, order)
    return lib.ga_array_zeros(shape, _dtypes.code_of(dtype), order_code(order, "CF"))


def ones(shape, dtype=float, order="C", *, device=None, like=None):
    if device is not None:
        with _on(device):
            return ones(shape, dtype, order)
    return lib.ga_array_ones(shape, _dtypes.code_of(dtype), order_code(order, "CF"))


def _dtype_of_value(value):
    """NumPy's dtype for a fill value (a Python int gives int64, a float float64, ...)."""
    return value.dtype if isinstance(value, ndarray) else numpy.array(value).dtype


def full(shape, fill_value, dtype=None, order="C", *, device=None, like=None):
    if dtype is None:
        dtype = _dtype_of_value(fill_value)
    with _on(device):
        return lib.ga_array_full(shape, fill_value, _dtypes.code_of(dtype), order_code(order, "CF"))


def _like(function, prototype, dtype, order, shape, *value):
    if shape is not None:
        # The C API's _like functions keep the prototype's shape; another shape is a plain creation.
        letter = order.upper()
        if letter in "AK":
            letter = "F" if prototype.flags.f_contiguous and not prototype.flags.c_contiguous else "C"
        code = prototype._code if dtype is None else _dtypes.code_of(dtype)
        return {lib.ga_array_empty_like: lib.ga_array_empty, lib.ga_array_zeros_like: lib.ga_array_zeros,
                lib.ga_array_ones_like: lib.ga_array_ones}[function](shape, code, order_code(letter))
    return function(prototype, _like_dtype(dtype), order_code(order))


def empty_like(prototype, dtype=None, order="K", shape=None, *, device=None):
    with _on(device):
        return _like(lib.ga_array_empty_like, prototype, dtype, order, shape)


def zeros_like(prototype, dtype=None, order="K", shape=None, *, device=None):
    with _on(device):
        return _like(lib.ga_array_zeros_like, prototype, dtype, order, shape)


def ones_like(prototype, dtype=None, order="K", shape=None, *, device=None):
    with _on(device):
        return _like(lib.ga_array_ones_like, prototype, dtype, order, shape)


def full_like(prototype, fill_value, dtype=None, order="K", shape=None, *, device=None):
    if shape is not None:
        return full(shape, fill_value, prototype.dtype if dtype is None else dtype,
                    order if order.upper() in "CF" else "C", device=device)
    with _on(device):
        return lib.ga_array_full_like(prototype, fill_value, _like_dtype(dtype), order_code(order))


def arange(start, stop=None, step=1, dtype=None, *, device=None, like=None):
    """Evenly spaced values in [start, stop), as numpy.arange (and its dtype when none is given)."""
    if stop is None:
        start, stop = 0, start
    if dtype is None:
        dtype = numpy.result_type(*(numpy.asarray(value) for value in (start, stop, step)))
    with _on(device):
        return lib.ga_array_arange(start, stop, step, _dtypes.code_of(dtype))


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *, device=None):
    """`num` evenly spaced values from start to stop, as numpy.linspace of scalars."""
    if num < 0:
        raise ValueError(f"number of samples, {num}, must be non-negative")
    if axis != 0:
        raise NotImplementedError("linspace of scalars has one axis: axis must be 0")
    with _on(device):
        array, step = lib.ga_array_linspace(float(start), float(stop), num, 1 if endpoint else 0,
                                            _dtypes.code_of(float if dtype is None else dtype))
    return (array, step) if retstep else array


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None):
    if num < 0:
        raise ValueError(f"number of samples, {num}, must be non-negative")
    return lib.ga_array_logspace(float(start), float(stop), num, 1 if endpoint else 0, float(base),
                                 _dtypes.code_of(float if dtype is None else dtype))


def eye(N, M=None, k=0, dtype=float, order="C", *, device=None, like=None):
    with _on(device):
        return lib.ga_array_eye(N, N if M is None else M, k, _dtypes.code_of(dtype), order_code(order, "CF"))


def identity(n, dtype=float, *, like=None):
    return lib.ga_array_identity(n, _dtypes.code_of(dtype))


def tri(N, M=None, k=0, dtype=float):
    return lib.ga_array_tri(N, N if M is None else M, k, _dtypes.code_of(dtype))


def meshgrid(*xi, indexing="xy"):
    """Coordinate matrices, as numpy.meshgrid(copy=True, sparse=False)."""
    codes = {"xy": lib.GA_MESHGRID_XY, "ij": lib.GA_MESHGRID_IJ}
    if indexing not in codes:
        raise ValueError(f"indexing must be 'xy' or 'ij', not {indexing!r}")
    return lib.ga_array_meshgrid(xi, codes[indexing])


def _from_host(host, dtype, order):
    host = numpy.asarray(host, dtype=None if dtype is None else _host_dtype(dtype),
                         order=order if order in ("C", "F") else None)
    if host.dtype.byteorder == ">":
        host = host.astype(host.dtype.newbyteorder("="))
    return lib.ga_array_from_host(host, _dtypes.code_of(host.dtype), lib.GA_ORDER_C)


def _host_dtype(dtype):
    return _dtypes.numpy_dtype(_dtypes.code_of(dtype))


def _device_array(obj):
    """`obj` itself or a zero-copy garray view of a device array of another library; None for host data."""
    if isinstance(obj, ndarray):
        return obj
    if hasattr(obj, "__cuda_array_interface__"):
        return from_cuda_array_interface(obj)
    if hasattr(obj, "__dlpack_device__") and obj.__dlpack_device__()[0] != lib.GA_DLPACK_CPU:
        return from_dlpack(obj)
    return None


def array(obj, dtype=None, copy=True, order="K", ndmin=0, *, like=None):
    """A new array of `obj`: a garray array, a device array of another library (PyTorch, CuPy, Numba:
    through __cuda_array_interface__ or DLPack), or host data (NumPy arrays, lists, scalars)."""
    order_code(order)  # refuses a bad order before any work
    letter = order.upper()
    source = _device_array(obj)
    if source is None:
        result = _from_host(obj, dtype, letter)
    else:
        code = source._code if dtype is None else _dtypes.code_of(dtype)
        if copy or code != source._code:
            result = lib.ga_array_astype(source, code, order_code(letter))
        elif letter == "C" and not source.flags.c_contiguous:
            result = lib.ga_array_ascontiguousarray(source)
        elif letter == "F" and not source.flags.f_contiguous:
            result = lib.ga_array_asfortranarray(source)
        else:
            result = source
    if ndmin > result.ndim:
        result = lib.ga_array_reshape(result, (1,) * (ndmin - result.ndim) + result.shape, lib.GA_ORDER_C)
    return result


def asarray(a, dtype=None, order=None, *, device=None, copy=None, like=None):
    """`a` as a garray array, without a copy when it already is one (or a device array of another
    library) of that dtype. As the Array API's asarray: copy=True always copies, copy=False never
    does (ValueError where a copy is needed: host data, another dtype), `device` (a
    garray.cuda.Device) is where host data goes. `like` is NumPy's (the result is garray's anyway)."""
    order = "K" if order is None else order
    if copy is False:
        source = _device_array(a)
        if source is None:
            raise ValueError("copy=False: host data must be copied to the device")
        if dtype is not None and _dtypes.code_of(dtype) != source._code:
            raise ValueError(f"copy=False: casting {source.dtype} to {numpy.dtype(dtype)} needs a copy")
        if device is not None and _on(device) != source.device:
            raise ValueError(f"copy=False: the array is on {source.device}, not on {device}")
    if device is None:
        return array(a, dtype, copy=bool(copy), order=order)
    with _on(device):
        return array(a, dtype, copy=bool(copy), order=order)


def ascontiguousarray(a, dtype=None):
    a = asarray(a, dtype)
    return lib.ga_array_ascontiguousarray(a)


def asfortranarray(a, dtype=None):
    a = asarray(a, dtype)
    return lib.ga_array_asfortranarray(a)


def asnumpy(a, stream=None, order="C", out=None, blocking=True):
    """A NumPy array of `a`: a copy of a garray array, or numpy.asarray(a) of anything else."""
    if isinstance(a, ndarray):
        return a.get(stream=stream, order=order, out=out, blocking=blocking)
    host = numpy.asarray(a, order=order)
    if out is None:
        return host
    out[...] = host
    return out


def get_array_module(*args):
    """garray if any argument is a garray array, else numpy, as cupy.get_array_module."""
    # The package, imported whenever this runs: looked up, since importing it from a module that
    # it imports would be a cycle.
    return sys.modules["garray"] if any(isinstance(arg, ndarray) for arg in args) else numpy
