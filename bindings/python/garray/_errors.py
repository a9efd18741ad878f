"""Python exceptions for garray's status codes.

The extension calls `_exception_for(status, message)` when a call fails and raises what it returns,
so the mapping lives here, in one table. Built-in types are used where NumPy and CuPy raise them;
the CUDA-specific ones are importable as CuPy names them (garray.cuda.memory.OutOfMemoryError,
garray.cuda.compiler.CompileException, garray.cuda.runtime.CUDARuntimeError).
"""

import numpy

from garray._library import lib


class CUDARuntimeError(RuntimeError):
    """The CUDA runtime or driver failed, or there is no CUDA device. `status` is garray's status."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


class OutOfMemoryError(MemoryError):
    """The device's memory (or the pinned host pool) is exhausted, even after freeing cached blocks."""


class CompileException(Exception):
    """NVRTC could not compile a kernel; the message carries NVRTC's log."""

    def get_message(self):
        return str(self)


_BUILTIN_FOR_STATUS = {
    lib.GA_ERROR_INVALID_ARGUMENT: ValueError,
    lib.GA_ERROR_INVALID_HANDLE: ValueError,
    lib.GA_ERROR_SHAPE_MISMATCH: ValueError,
    lib.GA_ERROR_BUFFER_TOO_SMALL: ValueError,
    lib.GA_ERROR_VERSION_MISMATCH: ValueError,
    lib.GA_ERROR_DTYPE: TypeError,
    lib.GA_ERROR_INDEX: IndexError,
    lib.GA_ERROR_UNSUPPORTED: NotImplementedError,
    lib.GA_ERROR_HOST_OUT_OF_MEMORY: MemoryError,
    lib.GA_ERROR_OUT_OF_MEMORY: OutOfMemoryError,
    lib.GA_ERROR_COMPILE: CompileException,
    # CuPy raises NumPy's own LinAlgError, so `except numpy.linalg.LinAlgError` works unchanged.
    lib.GA_ERROR_LINALG: numpy.linalg.LinAlgError,
}


def _exception_for(status, message):
    if status in (lib.GA_ERROR_CUDA, lib.GA_ERROR_NO_DEVICE):
        return CUDARuntimeError(status, message)
    exception_type = _BUILTIN_FOR_STATUS.get(status)
    if exception_type is None:
        return RuntimeError(f"{lib.ga_status_string(status)}: {message}")
    return exception_type(message)


lib._set_error_factory(_exception_for)
