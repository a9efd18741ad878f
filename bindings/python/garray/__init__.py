"""garray: NumPy/CuPy semantics on NVIDIA GPUs, over libgarray's C API.

    import garray as ga
    x = ga.arange(12, dtype=ga.float32).reshape(3, 4)
    ga.asnumpy(x.T)

The names mirror CuPy's. See docs/python.md for what exists today.
"""

import math as _math

from numpy import (bool_, complex64, complex128, float16, float32, float64, int8, int16, int32, int64,
                   uint8, uint16, uint32, uint64)

from garray import _errors  # registers the exception mapping before anything can fail
from garray import _methods  # sets the ndarray methods implemented above _ndarray (see there)
from garray import cuda, profiler
from garray._array_api import (__array_api_version__, __array_namespace_info__, allclose, around, array_equal,
                              astype, can_cast, concat, cross, cumulative_prod, cumulative_sum, finfo, iinfo,
                              isclose, isdtype, isin, matrix_transpose, permute_dims, result_type, round,
                              unique_all, unique_counts, unique_inverse, unique_values, unstack, vecdot)
from garray._creation import (arange, array, asarray, ascontiguousarray, asfortranarray, asnumpy, empty,
                              empty_like, eye, full, full_like, get_array_module, identity, linspace, logspace,
                              meshgrid, ones, ones_like, tri, zeros, zeros_like)
from garray._indexing import choose, put, put_along_axis, take, take_along_axis
from garray._interop import from_dlpack
from garray._kernel import RawKernel, RawModule
from garray._joining import (array_split, column_stack, concatenate, copyto, diag, diagonal, dsplit, dstack, flip,
                             fliplr, flipud, hsplit, hstack, outer, pad, repeat, roll, rot90, split, stack, tile,
                             trace, tril, triu, vsplit, vstack)
from garray._library import lib as _lib
from garray._manipulation import (atleast_1d, atleast_2d, atleast_3d, broadcast_arrays, broadcast_shapes,
                                  broadcast_to, expand_dims, imag, moveaxis, ravel, real, reshape, squeeze,
                                  swapaxes, transpose)
from garray._ndarray import ndarray
from garray._products import (dot, einsum, get_allow_tf32, inner, kron, matmul, set_allow_tf32, tensordot,
                              vdot)
from garray._routines import all, amax, amin, angle, any, clip, max, min, where
from garray._statistics import (argmax, argmin, average, corrcoef, count_nonzero, cov, mean, nanargmax, nanargmin,
                                nanmax, nanmean, nanmin, nanprod, nanstd, nansum, nanvar, prod, ptp, std, sum, var)
from garray._masks import argwhere, compress, extract, flatnonzero, nonzero, place, putmask
from garray._scan import cumprod, cumsum, diff, nancumprod, nancumsum
from garray._sorting import (argpartition, argsort, bincount, histogram, lexsort, median, partition, percentile,
                             quantile, searchsorted, sort, unique)
from garray._ufunc import UFUNCS as _UFUNCS
from garray._ufunc import ufunc
from garray._user_kernels import ElementwiseKernel, ReductionKernel
from garray._windows import bartlett, blackman, hamming, hanning, kaiser
from garray.cuda.memory import get_default_memory_pool, get_default_pinned_memory_pool
from garray import random
from garray import fft
from garray import linalg
from garray import jit
from garray import scipy
from garray.scipy import signal  # ga.signal: garray.scipy.signal, as the alias
from garray.linalg import errstate

# ga.add, ga.sin, ga.true_divide, ...: one ufunc object per name, aliases included (_ufunc.NAMES).
globals().update(_UFUNCS)

__version__ = _lib.ga_version()
newaxis = None
# The Array API's constants and its name for the boolean dtype (NumPy 2's numpy.bool).
e, pi, inf, nan = _math.e, _math.pi, _math.inf, _math.nan
bool = bool_

