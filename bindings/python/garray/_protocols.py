"""NumPy's dispatch protocols on garray arrays: NEP 13's __array_ufunc__ and NEP 18's
__array_function__, so that numpy.sin(x), numpy.sum(x, axis=0), numpy.concatenate([x, y]) or
numpy.linalg.svd(x) of garray arrays run garray's function of the same name on the GPU and return
garray arrays. This is how Dask, xarray and other NumPy-protocol libraries drive a chunk type.

What garray cannot do returns NotImplemented (NumPy then raises TypeError): a ufunc or function
garray lacks, a ufunc method or keyword it lacks (reduceat, where=), and operands of other array
types, NumPy's own arrays included: as in CuPy, nothing moves between host and device implicitly.

garray's own operators (x + y, x.sum()) call the library directly and never pass through here, so
their host overhead is unchanged.
"""

import numbers
import sys

import numpy

from garray._ndarray import ndarray
from garray._ufunc import UFUNCS

# The ufunc methods garray has, and the keywords each takes (others make the call NotImplemented).
_UFUNC_KEYWORDS = {
    "__call__": {"out", "dtype", "casting", "signature"},
    "reduce": {"axis", "dtype", "out", "keepdims", "initial"},
    "accumulate": {"axis", "dtype", "out"},
    "outer": {"out", "dtype", "casting", "signature"},
    "at": set(),
}

# numpy's modules whose functions have garray counterparts of the same name, by garray module name.
_NAMESPACES = {"numpy": "garray", "numpy.linalg": "garray.linalg", "numpy.fft": "garray.fft"}
_functions = {}


def _is_operand(value):
    """An operand garray takes as it is: its arrays and scalars (Python's and NumPy's)."""
    return isinstance(value, (ndarray, numbers.Number, numpy.generic))


def array_ufunc(ufunc, method, inputs, kwargs):
    own = UFUNCS.get(ufunc.__name__)
    keywords = _UFUNC_KEYWORDS.get(method)
    if own is None or keywords is None or not keywords.issuperset(kwargs):
        return NotImplemented
    out = kwargs.get("out")
    if out is not None:
        if not all(isinstance(array, ndarray) for array in out):
            return NotImplemented
        if method in ("reduce", "accumulate"):
            kwargs["out"] = out[0]
    operands = inputs[:1] + inputs[2:] if method == "at" else inputs  # ufunc.at's indices may be any key
    if not all(_is_operand(value) for value in operands if value is not None):
        return NotImplemented
    if method == "__call__":
        return own(*inputs, **kwargs)
    return getattr(own, method)(*inputs, **kwargs)


def _counterpart(function):
    """garray's function for a NumPy function, or None."""
    try:
        return _functions[function]
    except KeyError:
        pass
    namespace = sys.modules.get(_NAMESPACES.get(getattr(function, "__module__", None), ""))
    own = getattr(namespace, function.__name__, None) if namespace is not None else None
    if not callable(own) or own is function:
        own = None
    _functions[function] = own
    return own


def array_function(function, types, args, kwargs):
    if not all(issubclass(kind, ndarray) for kind in types):
        return NotImplemented
    own = _counterpart(function)
    if own is None:
        return NotImplemented
    return own(*args, **kwargs)
