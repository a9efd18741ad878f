"""Reductions and the NumPy functions that are ufuncs in garray: sum, prod, amax/max, amin/min, any,
all (each a ufunc's reduce), clip, where (3 arguments) and angle."""

from garray._masks import nonzero
from garray._ufunc import find

_ADD = find("add")
_MULTIPLY = find("multiply")
_MAXIMUM = find("maximum")
_MINIMUM = find("minimum")
_LOGICAL_OR = find("logical_or")
_LOGICAL_AND = find("logical_and")
_CLIP = find("clip")
_WHERE = find("where")
_ANGLE = find("angle")
_RAD2DEG = find("rad2deg")


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None):
    """The sum over `axis` (None: every axis); bool and narrow integers sum in int64/uint64, as NumPy."""
    return _ADD.reduce(a, axis, dtype, out, keepdims, initial)


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None):
    return _MULTIPLY.reduce(a, axis, dtype, out, keepdims, initial)


def amax(a, axis=None, out=None, keepdims=False, initial=None):
    """The maximum over `axis`; NaN propagates. An empty reduction without `initial` is a ValueError."""
    return _MAXIMUM.reduce(a, axis, None, out, keepdims, initial)


def amin(a, axis=None, out=None, keepdims=False, initial=None):
    return _MINIMUM.reduce(a, axis, None, out, keepdims, initial)


max = amax
min = amin


def any(a, axis=None, out=None, keepdims=False):
    """Whether any element over `axis` is nonzero (a bool array)."""
    return _LOGICAL_OR.reduce(a, axis, None, out, keepdims)


def all(a, axis=None, out=None, keepdims=False):
    return _LOGICAL_AND.reduce(a, axis, None, out, keepdims)


def clip(a, min=None, max=None, out=None, *, a_min=None, a_max=None):
    """`a` limited to [min, max] (scalars or arrays, broadcast); either bound may be None, and with
    neither the result is a copy of `a`. The bounds are positional or named as the Array API does
    (`min`, `max`), or NumPy's `a_min`/`a_max`."""
    if a_min is not None or a_max is not None:
        if min is not None or max is not None:
            raise TypeError("clip: give the bounds as a_min/a_max or as min/max, not both")
    else:
        a_min, a_max = min, max
    if a_min is None and a_max is None:
        return a.copy() if out is None else _MAXIMUM(a, a, out=out)
    if a_min is None:
        return _MINIMUM(a, a_max, out=out)
    if a_max is None:
        return _MAXIMUM(a, a_min, out=out)
    return _CLIP(a, a_min, a_max, out=out)


def where(condition, x=None, y=None):
    """Elements of x where condition is true, of y elsewhere (broadcast together); with condition
    alone, the indices of its nonzero elements, as numpy.nonzero."""
    if x is None and y is None:
        return nonzero(condition)
    if x is None or y is None:
        raise ValueError("either both or neither of x and y should be given")
    return _WHERE(condition, x, y)


def angle(z, deg=False):
    """The counterclockwise angle from the positive real axis, in radians (degrees with deg=True)."""
    result = _ANGLE(z)
    return _RAD2DEG(result, out=result) if deg else result
