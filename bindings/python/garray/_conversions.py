"""Arguments as the C API takes them: the conversions that several modules of the package share
(order letters, dtypes, axes, casting rules, reduction options).

This module is a leaf of the package's import graph: of garray it imports only _library (the
extension) and _dtypes, so every other module, garray/_ndarray.py included, may import it at module
level. A helper belongs here when more than one module needs it; one that only its own module uses
stays there. Modules that had their own copy under a private name import it under that name
(`from garray._conversions import axis_code as _axis`), so their bodies read as before.
"""

import operator

from garray import _dtypes
from garray._library import lib

ORDERS = {"C": lib.GA_ORDER_C, "F": lib.GA_ORDER_F, "A": lib.GA_ORDER_A, "K": lib.GA_ORDER_K}
CASTINGS = {"no": lib.GA_CASTING_NO, "equiv": lib.GA_CASTING_EQUIV, "safe": lib.GA_CASTING_SAFE,
            "same_kind": lib.GA_CASTING_SAME_KIND, "unsafe": lib.GA_CASTING_UNSAFE}
_AXIS_NONE = lib.GA_AXIS_NONE
_SAME = lib.GA_DTYPE_SAME


def order_code(order, allowed="CFAK"):
    """The ga_order_t of NumPy's `order` letter (any case)."""
    letter = order.upper() if isinstance(order, str) else order
    if letter not in allowed:
        raise ValueError(f"order must be one of {', '.join(repr(o) for o in allowed)}, not {order!r}")
    return ORDERS[letter]


def dtype_code_or_same(dtype):
    """The ga_dtype_t of `dtype`, or GA_DTYPE_SAME for None (no dtype requested)."""
    return lib.GA_DTYPE_SAME if dtype is None else _dtypes.code_of(dtype)


def axis_code(axis):
    """The C API's axis: an int, or GA_AXIS_NONE for None."""
    return _AXIS_NONE if axis is None else operator.index(axis)


def casting_code(casting):
    """The ga_casting_t of NumPy's `casting` name."""
    try:
        return CASTINGS[casting]
    except (KeyError, TypeError):
        raise ValueError(f"casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe' "
                         f"(got {casting!r})") from None


def reduction_options(axis, keepdims, dtype=None, ddof=0):
    """The options of a named reduction (ga_array_sum, ga_array_mean, ...) as bindings/python/reductions.i reads
    them: None for the defaults (the fastest path), else the tuple (axes or None, keepdims, dtype
    code, ddof)."""
    if axis is None and not keepdims and dtype is None and not ddof:
        return None
    return (axis, bool(keepdims), _SAME if dtype is None else _dtypes.code_of(dtype), float(ddof))
