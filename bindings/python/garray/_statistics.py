"""Named reductions and statistics over the C library's garray/reductions.h: sum and prod (with
float16 accumulating in float32), mean, var, std, argmax, argmin, count_nonzero, ptp, the nan*
variants, average, cov and corrcoef, with NumPy's signatures (CuPy's where they differ: results
are device arrays, 0-d for full reductions, and nanargmax/nanargmin give -1 for an all-NaN slice).

Each call passes its options to C as None (the defaults, the fastest path) or the tuple
(axes or None, keepdims, dtype code, ddof) that bindings/python/reductions.i reads; _options is
_conversions.reduction_options, which ndarray.sum and ndarray.prod call too.
"""

import operator

import numpy

from garray import _dtypes
from garray._conversions import reduction_options as _options
from garray._creation import full
from garray._library import lib
from garray._manipulation import broadcast_to
from garray._routines import prod as _fold_prod
from garray._routines import sum as _fold_sum

_SAME = lib.GA_DTYPE_SAME


def _one_axis(axis):
    # argmax takes one axis: a tuple is NumPy's TypeError, as operator.index raises it.
    return None if axis is None else (operator.index(axis),)


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None):
    """The sum over `axis` (an int, a tuple, or None for every axis); bool and narrow integers sum
    in int64/uint64 and float16 in float32, as NumPy."""
    if initial is not None:
        return _fold_sum(a, axis, dtype, out, keepdims, initial)
    return lib.ga_array_sum(a, _options(axis, keepdims, dtype), out)


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None):
    if initial is not None:
        return _fold_prod(a, axis, dtype, out, keepdims, initial)
    return lib.ga_array_prod(a, _options(axis, keepdims, dtype), out)


def mean(a, axis=None, dtype=None, out=None, keepdims=False):
    """The arithmetic mean; integers average in float64, float16 in float32; NaN for empty slices."""
    return lib.ga_array_mean(a, _options(axis, keepdims, dtype), out)


def _ddof(ddof, correction):
    """NumPy 2's rule: `correction` is the Array API's name for ddof; giving both is an error."""
    if correction is None:
        return ddof
    if ddof != 0:
        raise ValueError("ddof and correction can't be provided simultaneously")
    return correction


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, correction=None):
    """The variance, in one numerically sound pass (Welford/Chan); real for complex input."""
    return lib.ga_array_var(a, _options(axis, keepdims, dtype, _ddof(ddof, correction)), out)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, correction=None):
    return lib.ga_array_std(a, _options(axis, keepdims, dtype, _ddof(ddof, correction)), out)


def argmax(a, axis=None, out=None, *, keepdims=False):
    """The index of the first maximum along `axis` (None: of the flattened array); NaN wins."""
    return lib.ga_array_argmax(a, _options(_one_axis(axis), keepdims), out)


def argmin(a, axis=None, out=None, *, keepdims=False):
    return lib.ga_array_argmin(a, _options(_one_axis(axis), keepdims), out)


def count_nonzero(a, axis=None, *, keepdims=False):
    """The number of nonzero values (an int64 array, 0-d for axis=None, as CuPy returns it)."""
    return lib.ga_array_count_nonzero(a, _options(axis, keepdims), None)


def ptp(a, axis=None, out=None, keepdims=False):
    """max - min along `axis`, in the input's dtype."""
    return lib.ga_array_ptp(a, _options(axis, keepdims), out)


def nansum(a, axis=None, dtype=None, out=None, keepdims=False):
    return lib.ga_array_nansum(a, _options(axis, keepdims, dtype), out)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False):
    return lib.ga_array_nanprod(a, _options(axis, keepdims, dtype), out)


def nanmin(a, axis=None, out=None, keepdims=False):
    """The minimum ignoring NaN; NaN for an all-NaN slice."""
    return lib.ga_array_nanmin(a, _options(axis, keepdims), out)


def nanmax(a, axis=None, out=None, keepdims=False):
    return lib.ga_array_nanmax(a, _options(axis, keepdims), out)


def nanargmin(a, axis=None, out=None, *, keepdims=False):
    """argmin ignoring NaN; -1 for an all-NaN slice, as CuPy (NumPy raises ValueError)."""
    return lib.ga_array_nanargmin(a, _options(_one_axis(axis), keepdims), out)


def nanargmax(a, axis=None, out=None, *, keepdims=False):
    return lib.ga_array_nanargmax(a, _options(_one_axis(axis), keepdims), out)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False):
    return lib.ga_array_nanmean(a, _options(axis, keepdims, dtype), out)


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    return lib.ga_array_nanvar(a, _options(axis, keepdims, dtype, ddof), out)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    return lib.ga_array_nanstd(a, _options(axis, keepdims, dtype, ddof), out)


def _weights_along(a, weights, axis):
    """`weights` shaped to broadcast against `a` (1-D weights lie along `axis`)."""
    if weights.shape == a.shape:
        return weights
    shape = [1] * a.ndim
    shape[operator.index(axis) % a.ndim] = weights.shape[0]
    return weights.reshape(tuple(shape))


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    """The (weighted) mean along `axis`: sum(a * w) / sum(w). Weights summing to zero raise
    ZeroDivisionError, which reads that sum on the host (as CuPy does)."""
    options = _options(axis, keepdims)
    if weights is not None and weights.shape != a.shape and (
            axis is None or not isinstance(axis, (int, numpy.integer))):
        raise TypeError("Axis must be specified when shapes of a and weights differ.")
    axes = None if axis is None or options is None else options[0]
    if weights is not None and weights.shape != a.shape:
        if weights.ndim != 1:
            raise TypeError("1D weights expected when shapes of a and weights differ.")
        options = ((axis,), bool(keepdims), _SAME, 0.0)
        axes = (axis,)
    if weights is None:
        result = lib.ga_array_average(a, None, options, None)
        if not returned:
            return result
        scale = numpy.dtype(result.dtype).type(a.size / max(result.size, 1))
        return result, _full_like(result, scale)
    spread = _weights_along(a, weights, axis)
    result_dtype = numpy.result_type(a.dtype, weights.dtype,
                                     *(("f8",) if numpy.dtype(a.dtype).kind in "biu" else ()))
    scale = lib.ga_array_sum(spread, (axes, bool(keepdims), _dtypes.code_of(result_dtype), 0.0), None)
    if bool((scale == 0).any().get()):
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    result = lib.ga_array_average(a, weights, options, None)
    if not returned:
        return result
    return result, broadcast_to(scale, result.shape).copy()


def _full_like(array, value):
    return full(array.shape, value, dtype=array.dtype)


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *, dtype=None):
    """The covariance matrix (float64 or complex128; 0-d for a single variable)."""
    if fweights is not None or aweights is not None:
        raise NotImplementedError("garray.cov: fweights and aweights are not supported")
    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    result = lib.ga_array_cov(m, y, bool(rowvar), bool(bias), -1 if ddof is None else int(ddof))
    return result if dtype is None else result.astype(dtype)


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    """Pearson product-moment correlation coefficients, clipped to [-1, 1]."""
    result = lib.ga_array_corrcoef(x, y, bool(rowvar))
    return result if dtype is None else result.astype(dtype)


