"""The Array API standard (version 2025.12) names that garray's NumPy-shaped modules lack.

Each is written over the NumPy-named functions (no new device code): the data type functions
(finfo, iinfo, isdtype, result_type, can_cast), the inspection namespace, and the standard's
spellings of existing routines (concat, permute_dims, the unique_* family, cumulative_sum, ...).
Where the standard and NumPy differ, these follow NumPy 2's own array-API functions
(docs/python.md, "The Array API standard").
"""

import builtins
import collections
import math
import operator
import sys

import numpy

from garray import _creation, _indexing, _joining, _manipulation, _masks, _scan, _sorting, _statistics
from garray._library import lib
from garray._ndarray import ndarray
from garray._ufunc import UFUNCS
from garray.cuda._device import Device

__array_api_version__ = "2025.12"
_SUPPORTED_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")


# Data type functions ------------------------------------------------------------------------------

def _dtype_of(value):
    return value.dtype if isinstance(value, ndarray) else numpy.dtype(value)


class finfo:
    """Machine limits of a floating dtype, as numpy.finfo, with Python floats (the standard's)."""

    def __init__(self, type, /):
        limits = numpy.finfo(_dtype_of(type))
        self.dtype = limits.dtype
        self.bits = int(limits.bits)
        self.eps = float(limits.eps)
        self.max = float(limits.max)
        self.min = float(limits.min)
        self.smallest_normal = float(limits.smallest_normal)
        self.tiny = self.smallest_normal
        self.resolution = float(limits.resolution)
        self.precision = int(limits.precision)

    def __repr__(self):
        return f"finfo(resolution={self.resolution}, min={self.min}, max={self.max}, dtype={self.dtype})"


class iinfo:
    """Machine limits of an integer dtype, as numpy.iinfo."""

    def __init__(self, type, /):
        limits = numpy.iinfo(_dtype_of(type))
        self.dtype = numpy.dtype(limits.dtype)
        self.bits = int(limits.bits)
        self.max = int(limits.max)
        self.min = int(limits.min)

    def __repr__(self):
        return f"iinfo(min={self.min}, max={self.max}, dtype={self.dtype})"


_KINDS = {"bool": "b", "signed integer": "i", "unsigned integer": "u", "integral": "iu",
          "real floating": "f", "complex floating": "c", "numeric": "iufc"}


def isdtype(dtype, kind):
    """Whether `dtype` is of `kind`: a dtype, one of the standard's kind names, or a tuple of them."""
    if isinstance(kind, tuple):
        return builtins.any(isdtype(dtype, one) for one in kind)
    if not isinstance(dtype, numpy.dtype):
        if isinstance(dtype, ndarray) or not isinstance(dtype, type):
            raise TypeError(f"isdtype takes a dtype, not {type(dtype).__name__}")
        dtype = numpy.dtype(dtype)
    if isinstance(kind, str):
        try:
            return dtype.kind in _KINDS[kind]
        except KeyError:
            raise ValueError(f"unknown dtype kind {kind!r} (the standard's are {', '.join(_KINDS)})") from None
    return dtype == numpy.dtype(kind)


def result_type(*arrays_and_dtypes):
    """The dtype NumPy's promotion gives: arrays count by their dtype, Python scalars weakly."""
    if not arrays_and_dtypes:
        raise ValueError("at least one array or dtype is required")
    operands = [value.dtype if isinstance(value, ndarray) else value for value in arrays_and_dtypes]
    return numpy.result_type(*operands)


def can_cast(from_, to, /):
    """Whether `from_` (a dtype or an array) casts to `to` under the 'safe' rule."""
    return bool(numpy.can_cast(_dtype_of(from_), numpy.dtype(to), casting="safe"))


def astype(x, dtype, /, *, copy=True, device=None):
    check_device(device, x)
    return x.astype(dtype, copy=copy)


# Devices and the inspection namespace -------------------------------------------------------------

def check_device(device, x=None):
    """Refuses a device that is not a garray device (ValueError, as the standard asks)."""
    if device is None:
        return
    if not isinstance(device, Device):
        raise ValueError(f"{device!r} is not a garray device (garray.cuda.Device)")
    if x is not None and device != x.device:
        raise ValueError(f"the array is on {x.device}, not on {device}: use x.to_device()")


class _Info:
    """What __array_namespace_info__() returns: the namespace's capabilities, devices and dtypes."""

    def capabilities(self):
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": lib.GA_MAX_DIMS}

    def default_device(self):
        return Device()

    def devices(self):
        return tuple(Device(index) for index in range(lib.ga_device_count()))

    def default_dtypes(self, *, device=None):
        check_device(device)
        return {"real floating": numpy.dtype(numpy.float64), "complex floating": numpy.dtype(numpy.complex128),
                "integral": numpy.dtype(numpy.int64), "indexing": numpy.dtype(numpy.int64)}

    def dtypes(self, *, device=None, kind=None):
        check_device(device)
        names = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32",
                 "float64", "complex64", "complex128")
        return {name: numpy.dtype(name) for name in names
                if kind is None or isdtype(numpy.dtype(name), kind)}


def __array_namespace_info__():
    return _Info()


# Manipulation -------------------------------------------------------------------------------------

def concat(arrays, /, *, axis=0):
    if axis is None:
        return _joining.concatenate([_manipulation.ravel(array) for array in arrays])
    return _joining.concatenate(arrays, axis=axis)


def permute_dims(x, /, axes):
    return _manipulation.transpose(x, axes)


def unstack(x, /, *, axis=0):
    moved = _manipulation.moveaxis(x, axis, 0)
    return tuple(moved[index] for index in range(moved.shape[0]))


def matrix_transpose(x, /):
    if x.ndim < 2:
        raise ValueError(f"matrix_transpose needs at least 2 dimensions, not {x.ndim}")
    return _manipulation.swapaxes(x, -1, -2)


def vecdot(x1, x2, /, *, axis=-1):
    """sum(conj(x1) * x2) over `axis` of the broadcast operands."""
    x1, x2 = _manipulation.broadcast_arrays(x1, x2)
    if x1.ndim == 0 or not -x1.ndim <= axis < x1.ndim:
        raise ValueError(f"axis {axis} is out of bounds for arrays of {x1.ndim} dimensions")
    if x1.dtype.kind == "c":
        x1 = UFUNCS["conjugate"](x1)
    return _statistics.sum(UFUNCS["multiply"](x1, x2), axis=axis)


def cross(x1, x2, /, *, axis=-1):
    """The cross product of 3-element vectors along `axis` of the broadcast operands."""
    x1, x2 = _manipulation.broadcast_arrays(x1, x2)
    if x1.ndim == 0 or x1.shape[axis] != 3:
        raise ValueError(f"cross needs vectors of 3 elements along axis {axis} (shape {x1.shape})")

    def rolled(x, order):
        return _indexing.take(x, list(order), axis=axis)

    multiply, subtract = UFUNCS["multiply"], UFUNCS["subtract"]
    return subtract(multiply(rolled(x1, (1, 2, 0)), rolled(x2, (2, 0, 1))),
                    multiply(rolled(x1, (2, 0, 1)), rolled(x2, (1, 2, 0))))


def round(x, /, decimals=0, out=None):
    """Round half to even (NumPy's round), `decimals` places after the point; integers and booleans
    keep their dtype (as NumPy's round and the standard's)."""
    rint = UFUNCS["rint"]
    if isinstance(x, ndarray) and x.dtype.kind in "biu" and decimals >= 0:
        return x.copy() if out is None else _joining.copyto(out, x) or out
    if decimals == 0:
        return rint(x, out=out)
    scale = 10.0 ** decimals
    return UFUNCS["true_divide"](rint(UFUNCS["multiply"](x, scale)), scale, out=out)


around = round


# Sets and searching -------------------------------------------------------------------------------

def isin(x1, x2, /, *, invert=False):
    """Whether each element of x1 is among x2's (NaN is in nothing), as numpy.isin."""
    x1, x2 = _creation.asarray(x1), _creation.asarray(x2)
    if x2.size == 0:
        found = _creation.zeros(x1.shape, dtype=bool)
    else:
        values = _sorting.sort(_manipulation.ravel(x2))
        positions = _sorting.searchsorted(values, x1)
        positions = UFUNCS["minimum"](positions, values.size - 1)
        found = UFUNCS["equal"](_indexing.take(values, positions), x1)
    return UFUNCS["logical_not"](found) if invert else found


UniqueAllResult = collections.namedtuple("UniqueAllResult", ["values", "indices", "inverse_indices", "counts"])
UniqueCountsResult = collections.namedtuple("UniqueCountsResult", ["values", "counts"])
UniqueInverseResult = collections.namedtuple("UniqueInverseResult", ["values", "inverse_indices"])


def _unique(x, inverse):
    """The distinct values of x, their first indices, counts and (with `inverse`) the inverse, of x's
    shape, every NaN counting as distinct (as the standard and NumPy 2's unique_* say). garray's
    unique merges NaNs (equal_nan=True), so the NaNs are set apart and appended, as NumPy sorts them."""
    flat = _manipulation.ravel(x)
    nan = UFUNCS["isnan"](flat) if flat.dtype.kind in "fc" else None
    if nan is None or not bool(UFUNCS["logical_or"].reduce(nan, axis=None)):
        results = _sorting.unique(flat, return_index=True, return_inverse=inverse, return_counts=True)
        values, indices, counts = results[0], results[1], results[-1]
        inverse_indices = _manipulation.reshape(results[2], x.shape) if inverse else None
        return values, indices, inverse_indices, counts
    number = UFUNCS["logical_not"](nan)
    kept = _masks.nonzero(number)[0]
    nan_positions = _masks.nonzero(nan)[0]
    results = _sorting.unique(flat[number], return_index=True, return_inverse=inverse, return_counts=True)
    distinct = results[0].size
    values = _joining.concatenate([results[0], flat[nan]])
    indices = _joining.concatenate([_indexing.take(kept, results[1]), nan_positions])
    counts = _joining.concatenate([results[-1], _creation.ones(nan_positions.size, dtype=results[-1].dtype)])
    inverse_indices = None
    if inverse:
        inverse_indices = _creation.empty(flat.size, dtype=results[2].dtype)
        inverse_indices[number] = results[2]
        inverse_indices[nan] = _creation.arange(distinct, distinct + nan_positions.size, dtype=results[2].dtype)
        inverse_indices = _manipulation.reshape(inverse_indices, x.shape)
    return values, indices, inverse_indices, counts


def unique_all(x, /):
    return UniqueAllResult(*_unique(x, inverse=True))


def unique_counts(x, /):
    values, _indices, _inverse, counts = _unique(x, inverse=False)
    return UniqueCountsResult(values, counts)


def unique_inverse(x, /):
    values, _indices, inverse, _counts = _unique(x, inverse=True)
    return UniqueInverseResult(values, inverse)


def unique_values(x, /):
    return _unique(x, inverse=False)[0]


# Scans --------------------------------------------------------------------------------------------

def _cumulative(scan, initial, x, axis, dtype, include_initial):
    if axis is None:
        if x.ndim > 1:
            raise ValueError("axis is required for arrays of more than one dimension")
        axis = 0
    if x.ndim == 0:
        raise ValueError("cumulative functions need an array of at least one dimension")
    axis = operator.index(axis)
    if not -x.ndim <= axis < x.ndim:
        raise ValueError(f"axis {axis} is out of bounds for an array of {x.ndim} dimensions")
    result = scan(x, axis=axis, dtype=dtype)
    if not include_initial:
        return result
    shape = list(result.shape)
    shape[axis] = 1
    return _joining.concatenate([_creation.full(shape, initial, dtype=result.dtype), result], axis=axis)


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative(_scan.cumsum, 0, x, axis, dtype, include_initial)


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative(_scan.cumprod, 1, x, axis, dtype, include_initial)


# Comparisons of whole arrays ----------------------------------------------------------------------

def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """|a - b| <= atol + rtol * |b| elementwise, infinities equal to themselves, as numpy.isclose."""
    a, b = _creation.asarray(a), _creation.asarray(b)
    absolute, less_equal = UFUNCS["absolute"], UFUNCS["less_equal"]
    finite = UFUNCS["logical_and"](UFUNCS["isfinite"](a), UFUNCS["isfinite"](b))
    if a.dtype.kind in "biu" and b.dtype.kind in "biu":
        a, b = a.astype(numpy.float64), b.astype(numpy.float64)
    close = less_equal(absolute(UFUNCS["subtract"](a, b)), UFUNCS["add"](atol, UFUNCS["multiply"](rtol, absolute(b))))
    result = UFUNCS["logical_or"](UFUNCS["logical_and"](finite, close), UFUNCS["equal"](a, b))
    if equal_nan:
        result = UFUNCS["logical_or"](result, UFUNCS["logical_and"](UFUNCS["isnan"](a), UFUNCS["isnan"](b)))
    return result


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return bool(_statistics_all(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)))


def array_equal(a1, a2, equal_nan=False):
    a1, a2 = _creation.asarray(a1), _creation.asarray(a2)
    if a1.shape != a2.shape:
        return False
    equal = UFUNCS["equal"](a1, a2)
    if equal_nan and a1.dtype.kind in "fc":
        equal = UFUNCS["logical_or"](equal, UFUNCS["logical_and"](UFUNCS["isnan"](a1), UFUNCS["isnan"](a2)))
    return bool(_statistics_all(equal))


def _statistics_all(array):
    return UFUNCS["logical_and"].reduce(array, axis=None)


# Array methods and attributes (set on ndarray by garray/_methods.py) ------------------------------

def array_namespace(x, api_version):
    if api_version is not None and api_version not in _SUPPORTED_VERSIONS:
        raise ValueError(f"garray implements the Array API versions {', '.join(_SUPPORTED_VERSIONS)}, "
                         f"not {api_version!r}")
    return sys.modules["garray"]


def to_device(x, device, stream):
    """x on `device`: x itself if it is there, else a copy made under that device."""
    if not isinstance(device, Device):
        raise ValueError(f"{device!r} is not a garray device (garray.cuda.Device)")
    if device == x.device:
        return x
    with device:
        return x.copy()

