"""Indexing as NumPy does, beyond the basic keys ndarray.__getitem__ sends straight to the C API:
integer arrays (garray arrays, NumPy arrays, lists) mixed with integers, slices, None and Ellipsis,
boolean masks, assignment through any key, and take, put, take_along_axis, put_along_axis, choose.

As CuPy, an integer-array index outside its axis wraps around (NumPy raises IndexError); take, put
and the along-axis functions take mode='wrap', 'clip' or 'raise', and choose defaults to 'raise'.
When one position is assigned several times by one call, which value lands is unspecified (NumPy
keeps the last); ufunc.at accumulates instead.
"""

import numbers

import numpy

from garray import _dtypes
from garray._creation import asarray
from garray._library import lib
from garray._masks import _get_mask, _set_mask, nonzero

_MODES = {"wrap": lib.GA_INDEX_MODE_WRAP, "clip": lib.GA_INDEX_MODE_CLIP, "raise": lib.GA_INDEX_MODE_RAISE}
_WRAP = lib.GA_INDEX_MODE_WRAP
_AXIS_NONE = lib.GA_AXIS_NONE
_index = lib.ga_array_index
_BASIC_TYPES = (slice, type(None), type(Ellipsis))
_INVALID_INDEX = ("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or "
                  "boolean arrays are valid indices")


def mode_code(mode):
    try:
        return _MODES[mode]
    except (KeyError, TypeError):
        raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got {mode!r})") from None


def _is_array(value):
    return isinstance(value, lib.ga_array_s)


def _upload(host):
    host = numpy.ascontiguousarray(host)
    if host.dtype.byteorder == ">":
        host = host.astype(host.dtype.newbyteorder("="))
    return lib.ga_array_from_host(host, _dtypes.code_of(host.dtype), lib.GA_ORDER_C)


def _is_basic(item):
    return isinstance(item, _BASIC_TYPES) or (isinstance(item, numbers.Integral) and
                                              not isinstance(item, (bool, numpy.bool_)))


def _index_item(item):
    """One item of a key: a basic item as it is, or a garray array of integers or booleans."""
    if _is_basic(item):
        return item
    if isinstance(item, (bool, numpy.bool_)):
        raise IndexError(f"{_INVALID_INDEX}; garray does not support boolean scalars (got {item!r})")
    if _is_array(item):
        array = item
    elif isinstance(item, (numpy.ndarray, list, tuple)):
        host = numpy.asarray(item)
        if host.size == 0 and host.dtype.kind not in "biu":
            host = host.astype(numpy.intp)  # [] selects nothing, as an empty integer array
        if host.dtype.kind not in "biu":
            raise IndexError("arrays used as indices must be of integer (or boolean) type")
        if host.ndim == 0 and host.dtype.kind != "b":
            return int(host)
        array = _upload(host)
    else:
        raise IndexError(f"{_INVALID_INDEX} (got {type(item).__name__})")
    kind = array.dtype.kind
    if kind not in "biu":
        raise IndexError("arrays used as indices must be of integer (or boolean) type")
    if kind != "b" and array.ndim == 0:
        return int(array)  # a 0-d integer array indexes as an integer, as in NumPy
    return array


def _items(key):
    return [_index_item(item) for item in (key if isinstance(key, tuple) else (key,))]


def _is_mask(item):
    return _is_array(item) and item.dtype.kind == "b"


def _consumed_axes(item):
    if item is None or item is Ellipsis:
        return 0
    return item.ndim if _is_mask(item) else 1


def _first_axes(array, items):
    """The first axis of `array` each item indexes (None for new axes and the ellipsis)."""
    spare = array.ndim - sum(_consumed_axes(item) for item in items)
    if spare < 0:
        raise IndexError(f"too many indices for array: array is {array.ndim}-dimensional, but "
                         f"{array.ndim - spare} were indexed")
    axes, axis = [], 0
    for item in items:
        axes.append(None if item is None or item is Ellipsis else axis)
        axis += spare if item is Ellipsis else _consumed_axes(item)
    return axes


def _check_mask(array, mask, axis):
    for offset, extent in enumerate(mask.shape):
        if array.shape[axis + offset] != extent:
            raise IndexError(f"boolean index did not match indexed array along axis {axis + offset}; size of "
                             f"axis is {array.shape[axis + offset]} but size of corresponding boolean axis is "
                             f"{extent}")


def _whole_mask(array, items):
    """The mask of a key that is one boolean array over the leading axes (then only `:` or `...`)."""
    if not items or not _is_mask(items[0]) or items[0].ndim == 0:
        return None
    for item in items[1:]:
        if item is not Ellipsis and not (isinstance(item, slice) and item == slice(None)):
            return None
    _first_axes(array, items)
    _check_mask(array, items[0], 0)
    return items[0]


def _masks_as_integers(array, items):
    """Each boolean array replaced by the integer arrays of its nonzero positions, as NumPy does."""
    if not any(_is_mask(item) for item in items):
        return items
    expanded = []
    for item, axis in zip(items, _first_axes(array, items)):
        if _is_mask(item):
            if item.ndim == 0:
                raise IndexError(f"{_INVALID_INDEX}; garray does not support 0-d boolean arrays")
            _check_mask(array, item, axis)
            expanded.extend(nonzero(item))
        else:
            expanded.append(item)
    return expanded


def _value_array(value, dtype_code):
    """An assigned value as a garray array: arrays as they are, scalars as 0-d arrays of the
    target's dtype, other host data uploaded with its own dtype (the kernel casts it)."""
    if _is_array(value):
        return value
    if isinstance(value, (numbers.Number, numpy.generic)):
        return lib.ga_array_full((), value, dtype_code, lib.GA_ORDER_C)
    if isinstance(value, (numpy.ndarray, list, tuple)):
        return _upload(numpy.asarray(value))
    return asarray(value)  # device arrays of other libraries, without a copy


def getitem(array, key):
    """array[key] for a key that is not basic (ndarray.__getitem__ tries the basic path first)."""
    items = _items(key)
    mask = _whole_mask(array, items)
    if mask is not None:
        return _get_mask(array, mask)
    return lib.ga_array_advanced_index(array, tuple(_masks_as_integers(array, items)), _WRAP)


def setitem(array, key, value):
    """array[key] = value for any key NumPy accepts."""
    try:
        view = _index(array, key)
    except IndexError:
        if all(_is_basic(item) for item in (key if isinstance(key, tuple) else (key,))):
            raise
        view = None
    if view is not None:
        if _is_array(value):
            lib.ga_array_copy_into(value, view)
        elif isinstance(value, (numbers.Number, numpy.generic)):
            lib.ga_array_fill(view, value)
        else:
            lib.ga_array_copy_into(_value_array(value, array._code), view)
        return
    items = _items(key)
    mask = _whole_mask(array, items)
    if mask is not None:
        _set_mask(array, mask, value)
        return
    lib.ga_array_advanced_assign(array, tuple(_masks_as_integers(array, items)), _value_array(value, array._code),
                                 _WRAP)


def _integer_indices(indices):
    if _is_array(indices):
        return indices
    host = numpy.asarray(indices)
    if host.size == 0 and host.dtype.kind not in "iu":
        host = host.astype(numpy.intp)
    return _upload(host)


def _axis_code(axis):
    return _AXIS_NONE if axis is None else axis


def take(a, indices, axis=None, out=None, mode="wrap"):
    """The elements of `a` at `indices` along `axis` (None: of the flattened array), as
    cupy.take; indices outside the axis wrap unless mode is 'clip' or 'raise'."""
    return lib.ga_array_take(a, _integer_indices(indices), _axis_code(axis), mode_code(mode), out)


def put(a, ind, v, mode="wrap"):
    """a.flat[ind] = v, with v repeated when shorter than ind, as numpy.put (CuPy's default mode)."""
    lib.ga_array_put(a, _integer_indices(ind), _value_array(v, a._code), mode_code(mode))


def take_along_axis(arr, indices, axis=-1, mode="wrap"):
    """NumPy's take_along_axis: `arr` read at `indices` along `axis` (None: the flattened array)."""
    return lib.ga_array_take_along_axis(arr, _integer_indices(indices), _axis_code(axis), mode_code(mode))


def put_along_axis(arr, indices, values, axis, mode="wrap"):
    """NumPy's put_along_axis: the writing counterpart of take_along_axis."""
    lib.ga_array_put_along_axis(arr, _integer_indices(indices), _value_array(values, arr._code), _axis_code(axis),
                                mode_code(mode))


def choose(a, choices, out=None, mode="raise"):
    """NumPy's choose: result[i...] = choices[a[i...]][i...], everything broadcast together."""
    return lib.ga_array_choose(_integer_indices(a), [asarray(choice) for choice in choices], mode_code(mode), out)


def ufunc_at(ufunc_handle, a, indices, b):
    """ufunc.at: `indices` as a key of a[...] (an integer array, a tuple of arrays, slices, ...)."""
    items = _masks_as_integers(a, _items(indices))
    if b is not None and not _is_array(b) and not isinstance(b, (numbers.Number, numpy.generic)):
        b = _upload(numpy.asarray(b))
    lib.ga_ufunc_at(ufunc_handle, a, tuple(items), b, None)
