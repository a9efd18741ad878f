"""Arrays from other libraries: DLPack (any producer) and __cuda_array_interface__ (Numba, PyTorch,
CuPy, ...), both without copying device memory."""

import numpy

from garray import _dtypes
from garray._library import lib
from garray.cuda import _stream
from garray.cuda._device import Device

_DEVICE_TYPES_WITH_STREAMS = (lib.GA_DLPACK_CUDA, lib.GA_DLPACK_CUDA_MANAGED)


def from_dlpack(array, /, *, device=None, copy=None):
    """A garray array over the memory of `array` (anything with __dlpack__, or a DLPack capsule).

    Device memory is shared; host memory (NumPy) is copied to the current device. The producer
    makes the data ready for the current stream before handing it over. As the Array API's:
    copy=True always copies, copy=False refuses (ValueError) where a copy is needed; `device`, a
    garray.cuda.Device, must be the array's own (garray makes no host arrays: BufferError).
    """
    if device is None and copy is None:
        return _import(array)[0]
    if device is not None and not isinstance(device, Device):
        raise BufferError(f"garray arrays live on CUDA devices, not on {device!r}")
    result, copied = _import(array)
    if copied and copy is False:
        raise ValueError("copy=False: this array's memory is not on a CUDA device, so it must be copied")
    if device is not None and result.device != device:
        if copy is False:
            raise ValueError(f"copy=False: the array is on {result.device}, not on {device}")
        with device:
            return result.copy()
    return result.copy() if copy and not copied else result


def _import(array):
    """The garray array over `array`'s DLPack capsule, and whether the library copied it."""
    if hasattr(array, "__dlpack__"):
        device_type, _device_id = array.__dlpack_device__()
        stream = _stream.protocol_stream_value() if device_type in _DEVICE_TYPES_WITH_STREAMS else None
        try:
            capsule = array.__dlpack__(stream=stream,
                                       max_version=(lib.GA_DLPACK_MAJOR_VERSION, lib.GA_DLPACK_MINOR_VERSION))
        except TypeError:
            # A producer that predates DLPack 1.0 takes no max_version and gives a legacy capsule.
            capsule = array.__dlpack__(stream=stream)
    else:
        capsule = array
    if lib._dlpack_capsule_is_versioned(capsule):
        copied, result = lib.ga_array_from_dlpack_versioned(capsule)
    else:
        copied, result = lib.ga_array_from_dlpack(capsule)
    return result, bool(copied)


def from_cuda_array_interface(obj):
    """A garray array over the memory `obj.__cuda_array_interface__` describes, on the current
    device, keeping `obj` alive as long as the array or a view of it lives."""
    interface = obj.__cuda_array_interface__
    if interface.get("mask") is not None:
        raise ValueError("__cuda_array_interface__ with a mask is not supported")
    dtype = numpy.dtype(interface["typestr"])
    pointer, readonly = interface["data"]
    device = lib.ga_device_get_current()
    if interface.get("version", 0) >= 3:
        _stream.wait_for_producer_stream(interface.get("stream"), device)
    return lib.ga_array_from_device_pointer(pointer, device, tuple(interface["shape"]), interface.get("strides"),
                                            _dtypes.code_of(dtype), 1 if readonly else 0, obj)
