"""Sorting, searching, counting and order statistics, as CuPy's: sort, argsort, lexsort, partition,
argpartition, searchsorted, unique, bincount, histogram, percentile, quantile and median.

Every sort is a stable radix sort on the device, so `kind` is accepted and ignored (the result is
that of kind='stable'); partition and argpartition sort fully, which satisfies their contract.
"""

import operator

import numpy

from garray._conversions import axis_code as _axis
from garray._creation import asarray, asnumpy
from garray._joining import flip
from garray._library import lib
from garray._ufunc import UFUNCS

_SUBTRACT = UFUNCS["subtract"]

_UNSUPPORTED_ORDER = "order= (sorting structured arrays by field) is not supported: garray has no structured dtypes"


def _refuse_order(order):
    if order is not None:
        raise NotImplementedError(_UNSUPPORTED_ORDER)


def _kth_list(kth):
    kth = asnumpy(kth) if hasattr(kth, "__cuda_array_interface__") else kth
    if isinstance(kth, (bool, numpy.bool_)) or numpy.asarray(kth).dtype == numpy.bool_:
        raise TypeError("Partition index must be integer")
    return [operator.index(k) for k in numpy.atleast_1d(kth).ravel()]


def sort(a, axis=-1, kind=None, order=None, *, stable=None, descending=False):
    """A sorted copy of `a` (NaN last; complex by real, then imaginary part); descending=True (the
    Array API's) is that order reversed."""
    _refuse_order(order)
    ascending = lib.ga_array_sort(asarray(a), _axis(axis), 1)
    return flip(ascending, axis) if descending else ascending


def argsort(a, axis=-1, kind=None, order=None, *, stable=None, descending=False):
    """The int64 indices that sort `a` along `axis`: NumPy's kind='stable' result. descending=True
    keeps equal elements in their order too: the ascending stable sort of the reversed axis,
    reversed, counted from the end."""
    _refuse_order(order)
    a = asarray(a)
    if not descending or a.ndim == 0:
        return lib.ga_array_argsort(a, _axis(axis), 1)
    if axis is None:
        a, axis = a.ravel(), -1
    indices = flip(lib.ga_array_argsort(flip(a, axis), _axis(axis), 1), axis)
    return _SUBTRACT(a.shape[axis] - 1, indices)


def lexsort(keys, axis=-1):
    """Indices that sort by the last key, then the one before it, ...: a sequence of arrays or the
    rows of a 2-D array."""
    if hasattr(keys, "ndim") and not isinstance(keys, (list, tuple)):
        keys = asarray(keys)
        if keys.ndim == 0:
            raise TypeError("need sequence of keys with len > 0 in lexsort")
        keys = [keys[i] for i in range(keys.shape[0])]
    return lib.ga_array_lexsort([asarray(key) for key in keys], _axis(axis))


def partition(a, kth, axis=-1, kind="introselect", order=None):
    """NumPy's partition, computed by a full sort (the sorted array satisfies every kth)."""
    _refuse_order(order)
    return lib.ga_array_partition(asarray(a), _kth_list(kth), _axis(axis))


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    """NumPy's argpartition, computed by a full stable argsort."""
    _refuse_order(order)
    return lib.ga_array_argpartition(asarray(a), _kth_list(kth), _axis(axis))


def searchsorted(a, v, side="left", sorter=None):
    """Indices at which the elements of `v` would be inserted into the 1-D sorted `a`.

    As NumPy's, a Python scalar `v` is not weak (NEP 50): it takes numpy.asarray's dtype (int64,
    float64, complex128), and both compare in the promoted dtype, so float32 `a` and 0.1 compare
    in float64."""
    if side not in ("left", "right"):
        raise ValueError(f"side must be 'left' or 'right' (got {side!r})")
    a = asarray(a)
    v = asarray(v)
    sorter = None if sorter is None else asarray(sorter)
    side_code = lib.GA_SEARCH_LEFT if side == "left" else lib.GA_SEARCH_RIGHT
    return lib.ga_array_searchsorted(a, v, side_code, sorter)


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *, equal_nan=True):
    """The sorted distinct values of the flattened `ar`, and on request the first indices, the
    inverse (of `ar`'s shape, as NumPy 2) and the counts."""
    if axis is not None:
        raise NotImplementedError("unique along an axis is not supported; only axis=None")
    if not equal_nan:
        raise NotImplementedError("unique(equal_nan=False) is not supported: every NaN is one value")
    flags = ((lib.GA_UNIQUE_INDEX if return_index else 0) | (lib.GA_UNIQUE_INVERSE if return_inverse else 0) |
             (lib.GA_UNIQUE_COUNTS if return_counts else 0))
    values, indices, inverse, counts = lib.ga_array_unique(asarray(ar), flags)
    extras = [result for result in (indices, inverse, counts) if result is not None]
    return (values, *extras) if extras else values


def bincount(x, weights=None, minlength=0):
    """Occurrences of each non-negative integer in the 1-D `x` (sums of `weights` when given)."""
    if minlength is None:
        minlength = 0
    weights = None if weights is None else asarray(weights)
    return lib.ga_array_bincount(asarray(x), weights, operator.index(minlength))


def histogram(a, bins=10, range=None, density=None, weights=None):
    """(counts, bin edges): `bins` equal bins over `range` (the data's extent when None), or the
    bins given by an array of edges."""
    if weights is not None or density:
        raise NotImplementedError("histogram with weights or density is not supported")
    a = asarray(a)
    if isinstance(bins, str):
        raise NotImplementedError("histogram bin estimators ('auto', 'fd', ...) are not supported")
    if not hasattr(bins, "__cuda_array_interface__") and numpy.ndim(bins) == 0:
        try:
            count = operator.index(bins)
        except TypeError:
            raise TypeError("`bins` must be an integer, a string, or an array") from None
        limits = None if range is None else (float(range[0]), float(range[1]))
        counts, edges = lib.ga_array_histogram(a, count, limits)
        return counts, edges
    edges = asarray(bins)
    return lib.ga_array_histogram_edges(a, edges), edges


def _quantiles(function, a, q, axis, out, method, keepdims, interpolation):
    if interpolation is not None:
        method = interpolation
    if method != "linear":
        raise NotImplementedError(f"method={method!r} is not supported; only 'linear'")
    q = numpy.asarray(asnumpy(q) if hasattr(q, "__cuda_array_interface__") else q, dtype=numpy.float64)
    result = function(asarray(a), (q.ravel().tolist(), q.shape), _axis(axis), int(bool(keepdims)))
    return _into(out, result)


def _into(out, result):
    if out is None:
        return result
    lib.ga_array_copy_into(result, out)
    return out


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
             interpolation=None):
    """The q-th quantiles (q in [0, 1]) by NumPy's default 'linear' method."""
    return _quantiles(lib.ga_array_quantile, a, q, axis, out, method, keepdims, interpolation)


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
               interpolation=None):
    """The q-th percentiles (q in [0, 100]) by NumPy's default 'linear' method."""
    return _quantiles(lib.ga_array_percentile, a, q, axis, out, method, keepdims, interpolation)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """The median along `axis` (NaN where a NaN is present)."""
    return _into(out, lib.ga_array_median(asarray(a), _axis(axis), int(bool(keepdims))))
