"""NumPy's array manipulation routines over garray/manipulation.h: joining and splitting, tiling and
repeating, flipping, rolling and rotating, padding, triangles and diagonals, copyto and outer.

hstack, vstack, dstack, column_stack, the split variants, fliplr, flipud and outer are compositions
of the C functions, as CuPy writes them in Python.
"""

import numbers
import operator

import numpy

from garray import _dtypes
from garray._conversions import axis_code as _axis_code
from garray._conversions import casting_code as _casting_code
from garray._conversions import dtype_code_or_same as _dtype_code
from garray._library import lib
from garray._manipulation import atleast_1d, atleast_2d, atleast_3d, ravel
from garray._ufunc import find

_MULTIPLY = find("multiply")

# 'empty' leaves the pad undefined in NumPy; zeros are one valid choice.
_PAD_MODES = {"constant": lib.GA_PAD_CONSTANT, "empty": lib.GA_PAD_CONSTANT, "edge": lib.GA_PAD_EDGE,
              "reflect": lib.GA_PAD_REFLECT, "symmetric": lib.GA_PAD_SYMMETRIC, "wrap": lib.GA_PAD_WRAP}
_NUMPY_ONLY_PAD_MODES = ("linear_ramp", "maximum", "mean", "median", "minimum")


# ----- Joining ----------------------------------------------------------------------------------------

def concatenate(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """Arrays joined along an existing axis (axis=None: flattened first); one copy per input."""
    if out is not None and dtype is not None:
        raise TypeError("concatenate() only takes `out` or `dtype` as an argument, but both were provided.")
    return lib.ga_array_concatenate(list(arrays), _axis_code(axis), _dtype_code(dtype), _casting_code(casting), out)


def stack(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """Arrays of one shape joined along a new axis."""
    if out is not None and dtype is not None:
        raise TypeError("stack() only takes `out` or `dtype` as an argument, but both were provided.")
    return lib.ga_array_stack(list(arrays), operator.index(axis), _dtype_code(dtype), _casting_code(casting), out)


def hstack(tup, *, dtype=None, casting="same_kind"):
    arrays = [atleast_1d(a) for a in tup]
    axis = 0 if arrays and arrays[0].ndim == 1 else 1
    return concatenate(arrays, axis, dtype=dtype, casting=casting)


def vstack(tup, *, dtype=None, casting="same_kind"):
    return concatenate([atleast_2d(a) for a in tup], 0, dtype=dtype, casting=casting)


def dstack(tup):
    return concatenate([atleast_3d(a) for a in tup], 2)


def column_stack(tup):
    """1-D arrays become columns; 2-D arrays are stacked as they are."""
    return concatenate([a if a.ndim >= 2 else atleast_2d(a).T for a in tup], 1)


# ----- Splitting (views) ------------------------------------------------------------------------------

def _split(ary, indices_or_sections, axis, require_equal):
    if isinstance(indices_or_sections, numbers.Integral):
        return lib.ga_array_split_sections(ary, operator.index(indices_or_sections), operator.index(axis),
                                           int(require_equal))
    return lib.ga_array_split(ary, list(indices_or_sections), operator.index(axis))


def split(ary, indices_or_sections, axis=0):
    """Views between the given indices, or `n` equal parts (ValueError when they cannot be equal)."""
    return _split(ary, indices_or_sections, axis, True)


def array_split(ary, indices_or_sections, axis=0):
    """As split, but `n` parts need not be equal: the first `extent % n` are one longer."""
    return _split(ary, indices_or_sections, axis, False)


def hsplit(ary, indices_or_sections):
    if ary.ndim == 0:
        raise ValueError("hsplit only works on arrays of 1 or more dimensions")
    return split(ary, indices_or_sections, 1 if ary.ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    if ary.ndim < 2:
        raise ValueError("vsplit only works on arrays of 2 or more dimensions")
    return split(ary, indices_or_sections, 0)


def dsplit(ary, indices_or_sections):
    if ary.ndim < 3:
        raise ValueError("dsplit only works on arrays of 3 or more dimensions")
    return split(ary, indices_or_sections, 2)


# ----- Tiling and repeating ---------------------------------------------------------------------------

def tile(A, reps):
    return lib.ga_array_tile(A, reps)


def repeat(a, repeats, axis=None):
    """Each element repeated along `axis` (None: the flattened array); `repeats` is an int or one int
    per position along the axis."""
    if isinstance(repeats, lib.ga_array_s):
        raise ValueError("garray.ndarray cannot be specified as `repeats` argument.")
    if not isinstance(repeats, numbers.Integral):
        repeats = numpy.asarray(repeats).reshape(-1).tolist()
    return lib.ga_array_repeat(a, repeats, _axis_code(axis))


# ----- Reordering -------------------------------------------------------------------------------------

def flip(m, axis=None):
    """The view with the elements of `axis` (None: every axis) in reverse order."""
    return lib.ga_array_flip(m, axis)


def fliplr(m):
    if m.ndim < 2:
        raise ValueError("Input must be >= 2-d.")
    return flip(m, 1)


def flipud(m):
    if m.ndim < 1:
        raise ValueError("Input must be >= 1-d.")
    return flip(m, 0)


def roll(a, shift, axis=None):
    return lib.ga_array_roll(a, shift, axis)


def rot90(m, k=1, axes=(0, 1)):
    """The view rotated by 90 degrees `k` times in the plane of `axes`."""
    axes = tuple(axes)
    if len(axes) != 2:
        raise ValueError("len(axes) must be 2.")
    return lib.ga_array_rot90(m, operator.index(k), axes[0], axes[1])


# ----- Padding ----------------------------------------------------------------------------------------

def _as_pairs(values, ndim, what):
    """NumPy's broadcast of a scalar, a (before, after) pair or per-axis pairs to ndim pairs."""
    values = numpy.asarray(values)
    if values.size == 1:
        return [[values.reshape(-1)[0]] * 2] * ndim
    if values.size == 2 and values.shape != (2, 1):
        return [values.reshape(-1).tolist()] * ndim
    try:
        return numpy.broadcast_to(values, (ndim, 2)).tolist()
    except ValueError:
        raise ValueError(f"{what} of shape {values.shape} cannot be broadcast to ({ndim}, 2)") from None


def pad(array, pad_width, mode="constant", **kwargs):
    """NumPy's pad for the modes constant (constant_values=), edge, reflect, symmetric, wrap and empty."""
    if not isinstance(mode, str) or mode not in _PAD_MODES:
        if mode in _NUMPY_ONLY_PAD_MODES or callable(mode):
            raise NotImplementedError(f"pad mode {mode!r} is not supported by garray")
        raise ValueError(f"mode '{mode}' is not supported")
    allowed = {"constant": {"constant_values"}, "reflect": {"reflect_type"}, "symmetric": {"reflect_type"}}
    unexpected = set(kwargs) - allowed.get(mode, set())
    if unexpected:
        raise ValueError(f"unsupported keyword arguments for mode '{mode}': {unexpected}")
    if kwargs.get("reflect_type", "even") != "even":
        raise NotImplementedError("pad supports reflect_type='even' only")
    widths = numpy.asarray(pad_width)
    if widths.dtype.kind not in "iu":
        raise TypeError("`pad_width` must be of integral type.")
    flat_widths = [int(w) for pair in _as_pairs(widths, array.ndim, "pad_width") for w in pair]
    constants = None
    if mode == "constant" and "constant_values" in kwargs:
        constants = [c for pair in _as_pairs(kwargs["constant_values"], array.ndim, "constant_values") for c in pair]
    return lib.ga_array_pad(array, flat_widths, _PAD_MODES[mode], constants)


# ----- Triangles and diagonals ------------------------------------------------------------------------

def tril(m, k=0):
    return lib.ga_array_tril(m, operator.index(k))


def triu(m, k=0):
    return lib.ga_array_triu(m, operator.index(k))


def diag(v, k=0):
    """A square array with `v` on diagonal `k` (1-D input), or a read-only view of diagonal `k`."""
    return lib.ga_array_diag(v, operator.index(k))


def diagonal(a, offset=0, axis1=0, axis2=1):
    """The read-only view of a diagonal, as NumPy's (CuPy's is writeable)."""
    return lib.ga_array_diagonal(a, operator.index(offset), axis1, axis2)


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    return lib.ga_array_trace(a, operator.index(offset), axis1, axis2, _dtype_code(dtype), out)


# ----- copyto and outer -------------------------------------------------------------------------------

_PYTHON_KINDS = {bool: "b", int: "i", float: "f", complex: "c"}
_KIND_ORDER = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}


def _scalar_source(value, destination_dtype, casting):
    """A 0-d array of a scalar copyto source: a Python number joins by its kind only (NEP 50), a
    NumPy scalar keeps its dtype."""
    if isinstance(value, numpy.generic):
        return lib.ga_array_full((), value, _dtypes.code_of(value.dtype), lib.GA_ORDER_C), casting
    kind = _PYTHON_KINDS.get(type(value))
    if kind is None:
        raise TypeError(f"copyto source must be a garray.ndarray or a scalar, not {type(value).__name__}")
    if casting != "unsafe" and _KIND_ORDER[kind] > _KIND_ORDER[numpy.dtype(destination_dtype).kind]:
        raise TypeError(f"Cannot cast scalar from {type(value).__name__} to dtype('{destination_dtype}') "
                        f"according to the rule '{casting}'")
    return lib.ga_array_full((), value, _dtypes.code_of(destination_dtype), lib.GA_ORDER_C), "unsafe"


def copyto(dst, src, casting="same_kind", where=True):
    """`src` broadcast and cast into `dst` where `where` (a bool garray array, or True) holds."""
    if isinstance(src, numpy.ndarray):
        if src.size != 1:
            raise ValueError("non-scalar numpy.ndarray cannot be used for copyto")
        src = src.reshape(())[()]
    if not isinstance(src, lib.ga_array_s):
        src, casting = _scalar_source(src, dst.dtype, casting)
    if where is False:
        return
    mask = None if where is True else where
    lib.ga_array_copyto(dst, src, _casting_code(casting), mask)


def outer(a, b, out=None):
    """The product of every element of `a` with every element of `b` (both flattened)."""
    return _MULTIPLY.outer(ravel(a), ravel(b), out=out)
