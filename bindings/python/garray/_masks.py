"""Boolean masks and selection: a[mask] and a[mask] = value (the helpers ndarray indexing calls),
nonzero, flatnonzero, argwhere, compress, extract, place and putmask.

A function whose result size depends on how many elements are selected reads that count from the
device once (one small copy that waits for the stream); _set_mask with a scalar, place and putmask
do not wait.
"""

import numbers

import numpy

from garray._conversions import axis_code
from garray._creation import asarray
from garray._library import lib
from garray._ndarray import ndarray


def _device_array(value):
    """`value` as a garray.ndarray: arrays pass as they are, NumPy arrays and sequences are copied."""
    return value if isinstance(value, ndarray) else asarray(value)


def _get_mask(a, mask):
    """NumPy's a[mask] for a bool ndarray `mask` over the leading axes of `a`."""
    return lib.ga_array_get_mask(a, mask)


def _set_mask(a, mask, value):
    """NumPy's a[mask] = value; `value` an ndarray, a NumPy or Python scalar, or a sequence."""
    if isinstance(value, (numbers.Number, numpy.generic)):
        lib.ga_array_fill_mask(a, mask, value)
    else:
        lib.ga_array_set_mask(a, mask, _device_array(value))


def nonzero(a):
    """The indices of the nonzero elements: one int64 array per axis."""
    stacked = lib.ga_array_nonzero(a)
    return tuple(stacked[axis] for axis in range(stacked.shape[0]))


def flatnonzero(a):
    """The flat (C-order) indices of the nonzero elements."""
    return lib.ga_array_flatnonzero(a)


def argwhere(a):
    """The indices of the nonzero elements, one row per element: shape (count, a.ndim)."""
    return lib.ga_array_argwhere(a)


def compress(condition, a, axis=None, out=None):
    """The slices of `a` along `axis` (None: of the flattened array) where the 1-d `condition` is
    true; entries past the condition's length are left out."""
    result = lib.ga_array_compress(_device_array(condition), a, axis_code(axis))
    if out is None:
        return result
    lib.ga_array_copy_into(result, out)
    return out


def extract(condition, arr):
    """The elements of ravel(arr) where ravel(condition) is nonzero (both of one size)."""
    return lib.ga_array_extract(_device_array(condition), arr)


def place(arr, mask, vals):
    """Writes the values of `vals` in order, repeated as needed, where `mask` is true."""
    lib.ga_array_place(arr, _device_array(mask), _device_array(vals))


def putmask(a, mask, values):
    """a.flat[i] = values.flat[i % values.size] wherever mask.flat[i] is true."""
    lib.ga_array_putmask(a, _device_array(mask), _device_array(values))
