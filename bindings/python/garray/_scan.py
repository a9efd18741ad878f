"""Cumulative functions: cumsum, cumprod, nancumsum, nancumprod (the C API's scans) and diff.

Floating-point sums and products combine in a tree order within tiles of a few thousand elements,
not NumPy's sequential order, so the last bits can differ from NumPy's (as CuPy's do).
"""

import operator

import numpy

from garray._conversions import axis_code, dtype_code_or_same
from garray._creation import asarray
from garray._joining import concatenate
from garray._library import lib
from garray._manipulation import broadcast_to
from garray._ufunc import UFUNCS

# numpy.exceptions.AxisError since NumPy 1.25, numpy.AxisError before (and gone in 2.0).
_AXIS_ERROR = getattr(getattr(numpy, "exceptions", numpy), "AxisError")


def cumsum(a, axis=None, dtype=None, out=None):
    """The running sum along `axis` (None: of the flattened array). Bool and integers narrower than
    64 bits accumulate in int64 (unsigned in uint64) unless `dtype` says otherwise."""
    return lib.ga_array_cumsum(a, axis_code(axis), dtype_code_or_same(dtype), out)


def cumprod(a, axis=None, dtype=None, out=None):
    """The running product along `axis` (None: of the flattened array); dtypes as cumsum."""
    return lib.ga_array_cumprod(a, axis_code(axis), dtype_code_or_same(dtype), out)


def nancumsum(a, axis=None, dtype=None, out=None):
    """cumsum with NaN counted as zero."""
    return lib.ga_array_nancumsum(a, axis_code(axis), dtype_code_or_same(dtype), out)


def nancumprod(a, axis=None, dtype=None, out=None):
    """cumprod with NaN counted as one."""
    return lib.ga_array_nancumprod(a, axis_code(axis), dtype_code_or_same(dtype), out)


def _normalize_axis(axis, ndim):
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise _AXIS_ERROR(axis, ndim)
    return axis % ndim


def _with_extent_one(value, shape, axis):
    """`value` (an array or anything asarray takes) as an array; a 0-d one is broadcast to `shape`
    with extent 1 along `axis`, as numpy.diff treats a scalar prepend or append."""
    value = asarray(value)
    if value.ndim == 0:
        target = list(shape)
        target[axis] = 1
        value = broadcast_to(value, tuple(target))
    return value


def diff(a, n=1, axis=-1, prepend=None, append=None):
    """The n-th discrete difference along `axis`, as numpy.diff (not_equal for bool arrays);
    `prepend` and `append` are joined along the axis first."""
    n = operator.index(n)
    if n == 0:
        return a
    if n < 0:
        raise ValueError(f"order must be non-negative but got {n!r}")
    if a.ndim == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    axis = _normalize_axis(axis, a.ndim)
    pieces = []
    if prepend is not None:
        pieces.append(_with_extent_one(prepend, a.shape, axis))
    pieces.append(a)
    if append is not None:
        pieces.append(_with_extent_one(append, a.shape, axis))
    if len(pieces) > 1:
        a = concatenate(pieces, axis)
    later = [slice(None)] * a.ndim
    earlier = [slice(None)] * a.ndim
    later[axis] = slice(1, None)
    earlier[axis] = slice(None, -1)
    later = tuple(later)
    earlier = tuple(earlier)
    difference = UFUNCS["not_equal"] if a.dtype == numpy.bool_ else UFUNCS["subtract"]
    for _ in range(n):
        a = difference(a[later], a[earlier])
    return a
