"""garray: NumPy/CuPy semantics on NVIDIA GPUs, over libgarray's C API.

    import garray as ga
    x = ga.arange(12, dtype=ga.float32).reshape(3, 4)
    ga.asnumpy(x.T)

The names mirror CuPy's. See docs/python.md for what exists today.
"""

from numpy import (bool_, complex64, complex128, float16, float32, float64, int8, int16, int32, int64,
                   uint8, uint16, uint32, uint64)

from garray import _errors  # registers the exception mapping before anything can fail
from garray import cuda, profiler
from garray._creation import (arange, array, asarray, ascontiguousarray, asfortranarray, asnumpy, empty,
                              empty_like, eye, full, full_like, get_array_module, identity, linspace, logspace,
                              meshgrid, ones, ones_like, tri, zeros, zeros_like)
from garray._interop import from_dlpack
from garray._kernel import RawKernel, RawModule
from garray._library import lib as _lib
from garray._manipulation import (atleast_1d, atleast_2d, atleast_3d, broadcast_arrays, broadcast_shapes,
                                  broadcast_to, expand_dims, imag, moveaxis, ravel, real, reshape, squeeze,
                                  swapaxes, transpose)
from garray._ndarray import ndarray
from garray._routines import all, amax, amin, angle, any, clip, max, min, prod, sum, where
from garray._ufunc import UFUNCS as _UFUNCS
from garray._ufunc import ufunc
from garray._user_kernels import ElementwiseKernel, ReductionKernel
from garray.cuda.memory import get_default_memory_pool, get_default_pinned_memory_pool

# ga.add, ga.sin, ga.true_divide, ...: one ufunc object per name, aliases included (_ufunc.NAMES).
globals().update(_UFUNCS)

__version__ = _lib.ga_version()
newaxis = None

