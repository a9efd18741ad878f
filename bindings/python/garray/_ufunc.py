"""garray.ufunc: NumPy's universal functions, over the C library's ufunc table.

Each ufunc is found by name in the library (ga_ufunc_find) and wraps its static handle. A call
passes its operands to C as they are: garray arrays, Python scalars (weak, as NumPy 2 treats them:
only their kind takes part in type promotion) and NumPy scalars (typed). Loop resolution, casting
checks and broadcasting happen in the library, which raises NumPy's errors (TypeError for dtypes
and casting, ValueError for shapes).
"""

import operator

import numpy

from garray._conversions import CASTINGS as _CASTING
from garray._conversions import dtype_code_or_same
from garray._library import lib


def _signature_code(entry):
    # 'E' is bfloat16 in the library's type strings (ufunc.types); NumPy has no letter for it.
    return lib.GA_BFLOAT16 if entry == "E" else dtype_code_or_same(entry)


class ufunc:
    """A NumPy ufunc on garray arrays: `ufunc(*inputs, out=None, dtype=None, casting='same_kind',
    signature=None)`, with `reduce`, `accumulate`, `at` and `outer`, and NumPy's `nin`, `nout`, `nargs`, `ntypes`,
    `types`, `identity`, `name` and `__name__`."""

    def __init__(self, handle):
        self._handle = handle
        self.__name__ = self.name = lib.ga_ufunc_name(handle)
        self.nin, self.nout = lib.ga_ufunc_arity(handle)
        # The library has no query for it: the identity is NumPy's ufunc of the same name's (None if none).
        reference = getattr(numpy, self.__name__, None)
        self.identity = reference.identity if isinstance(reference, numpy.ufunc) else None
        self.nargs = self.nin + self.nout
        self._allocated_outputs = (None,) * self.nout

    @property
    def ntypes(self):
        return lib.ga_ufunc_type_count(self._handle)

    @property
    def types(self):
        """The loops as NumPy lists them ("ff->f"), in the order a loop is searched for."""
        return [lib.ga_ufunc_type(self._handle, index) for index in range(self.ntypes)]

    def __repr__(self):
        return f"<ufunc '{self.__name__}'>"

    def __call__(self, *args, out=None, dtype=None, casting="same_kind", signature=None):
        if len(args) == self.nin:
            inputs = args
        elif len(args) == self.nargs:
            if out is not None:
                raise TypeError("cannot specify 'out' as both a positional and keyword argument")
            inputs, out = args[:self.nin], args[self.nin:]
        else:
            raise TypeError(f"{self.__name__}() takes from {self.nin} to {self.nargs} positional arguments but "
                            f"{len(args)} were given")
        return lib.ga_ufunc_call(self._handle, inputs, self._options(dtype, casting, signature),
                                 self._outputs(out))

    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False, initial=None):
        """Fold `array` over `axis` (an int, a tuple, or None for every axis), as NumPy's
        ufunc.reduce. `initial` (None: the ufunc's identity) starts the fold; a ufunc without an
        identity refuses an empty reduction with ValueError."""
        if isinstance(out, tuple):
            if len(out) != 1:
                raise ValueError("reduce has one output: out must be an array or a 1-tuple")
            out = out[0]
        return lib.ga_ufunc_reduce(self._handle, array, axis, keepdims, dtype_code_or_same(dtype), initial, out)

    def accumulate(self, array, axis=0, dtype=None, out=None):
        """The running fold of `array` along `axis` (None: of the flattened array), as NumPy's
        ufunc.accumulate: result[i] = ufunc(result[i-1], array[i]) in order. `dtype` (default:
        out's, else NumPy's: add and multiply widen bool and narrow integers) is the loop's."""
        if isinstance(out, tuple):
            if len(out) != 1:
                raise ValueError("accumulate has one output: out must be an array or a 1-tuple")
            out = out[0]
        axis = lib.GA_AXIS_NONE if axis is None else operator.index(axis)
        return lib.ga_ufunc_accumulate(self._handle, array, axis, dtype_code_or_same(dtype), out)

    # at (NumPy's ufunc.at) converts its indices through _indexing, which is above this module:
    # garray/_methods.py sets it.

    def outer(self, A, B, /, *, out=None, dtype=None, casting="same_kind", signature=None):
        """The ufunc applied to every pair of an element of A and one of B: shape A.shape + B.shape."""
        return lib.ga_ufunc_outer(self._handle, A, B, self._options(dtype, casting, signature),
                                  self._outputs(out))

    def _outputs(self, out):
        if out is None:
            return self._allocated_outputs
        if not isinstance(out, tuple):
            if self.nout != 1:
                raise TypeError(f"'out' must be a tuple of {self.nout} arrays (or None) for ufunc "
                                f"'{self.__name__}'")
            return (out,)
        if len(out) != self.nout:
            raise ValueError(f"The 'out' tuple must have exactly {self.nout} entries: one per ufunc output")
        return out

    def _options(self, dtype, casting, signature):
        """None for the defaults (the common case, which the C call reads fastest), else the tuple
        (casting, dtype, signature) the extension reads."""
        if dtype is None and signature is None and casting == "same_kind":
            return None
        casting_code = _CASTING.get(casting)
        if casting_code is None:
            raise ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe'")
        return (casting_code, dtype_code_or_same(dtype), self._signature(signature))

    def _signature(self, signature):
        if signature is None:
            return None
        if isinstance(signature, str):
            inputs, arrow, outputs = signature.partition("->")
            entries = tuple(inputs + outputs) if arrow else tuple(signature)
        elif isinstance(signature, tuple):
            entries = signature
        else:
            raise TypeError(f"signature must be a string or a tuple of dtypes, not {type(signature).__name__}")
        if len(entries) != self.nargs:
            raise ValueError(f"a signature of ufunc '{self.__name__}' has {self.nargs} entries "
                             f"({self.nin} inputs and {self.nout} outputs), not {len(entries)}")
        return tuple(_signature_code(entry) for entry in entries)


# NumPy's names of the ufuncs the library implements, and their aliases (the array API's spellings
# among them). Aliases name the same ufunc object, as numpy.true_divide is numpy.divide.
# docs/ufuncs.md lists the loops. angle, clip, where, real and imag are ufuncs in the library but
# functions in NumPy: the package offers the first three as NumPy's functions (_routines.py) and
# real and imag as NumPy's views (_manipulation.py).
NAMES = (
    "add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "negative", "positive", "power",
    "pow", "float_power", "remainder", "mod", "fmod", "divmod", "absolute", "abs", "fabs", "sign", "heaviside",
    "reciprocal", "square", "sqrt", "cbrt", "gcd", "lcm", "conjugate", "conj",
    "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "logaddexp", "logaddexp2",
    "sin", "cos", "tan", "arcsin", "asin", "arccos", "acos", "arctan", "atan", "arctan2", "atan2", "hypot",
    "sinh", "cosh", "tanh", "arcsinh", "asinh", "arccosh", "acosh", "arctanh", "atanh",
    "deg2rad", "radians", "rad2deg", "degrees",
    "floor", "ceil", "trunc", "rint",
    "isfinite", "isinf", "isnan", "signbit", "copysign", "nextafter", "ldexp", "frexp", "modf",
    "greater", "greater_equal", "less", "less_equal", "equal", "not_equal",
    "logical_and", "logical_or", "logical_xor", "logical_not", "maximum", "minimum", "fmax", "fmin",
    "bitwise_and", "bitwise_or", "bitwise_xor", "invert", "bitwise_not", "bitwise_invert", "left_shift",
    "bitwise_left_shift", "right_shift", "bitwise_right_shift",
)

_by_name = {}


def find(name):
    """The ufunc object of `name` (or an alias): one object per ufunc of the library."""
    handle = lib.ga_ufunc_find(name)
    canonical = lib.ga_ufunc_name(handle)
    found = _by_name.get(canonical)
    if found is None:
        found = _by_name[canonical] = ufunc(handle)
    return found


UFUNCS = {name: find(name) for name in NAMES}
