"""Math inside jit kernels: the functions of Python's math module, NumPy's ufuncs of the same
meaning, and the builtins abs, min and max, each to its CUDA math function. Integer arguments of a
floating-point function compute in float64, as NumPy's ufuncs do; float32 stays float32."""

import builtins
import math

import numpy

from garray._ufunc import ufunc
from garray.jit import _typing
from garray.jit._typing import BOOL, FLOAT64, Value, c_name, convert

# CUDA's double-precision name for each function of one argument; the float32 name adds "f".
_UNARY = {
    "sin": "sin", "cos": "cos", "tan": "tan", "asin": "asin", "acos": "acos", "atan": "atan",
    "sinh": "sinh", "cosh": "cosh", "tanh": "tanh", "asinh": "asinh", "acosh": "acosh", "atanh": "atanh",
    "exp": "exp", "expm1": "expm1", "exp2": "exp2", "log": "log", "log2": "log2", "log10": "log10",
    "log1p": "log1p", "sqrt": "sqrt", "cbrt": "cbrt", "erf": "erf", "erfc": "erfc", "lgamma": "lgamma",
    "gamma": "tgamma", "floor": "floor", "ceil": "ceil", "trunc": "trunc", "fabs": "fabs", "rint": "rint",
}
_BINARY = {"atan2": "atan2", "pow": "pow", "hypot": "hypot", "copysign": "copysign", "fmod": "fmod"}
_PREDICATES = {"isnan": "isnan", "isinf": "isinf", "isfinite": "isfinite"}

# NumPy's spellings of the same functions.
_NUMPY_NAMES = {
    "sin": "sin", "cos": "cos", "tan": "tan", "arcsin": "asin", "arccos": "acos", "arctan": "atan",
    "sinh": "sinh", "cosh": "cosh", "tanh": "tanh", "arcsinh": "asinh", "arccosh": "acosh",
    "arctanh": "atanh", "exp": "exp", "expm1": "expm1", "exp2": "exp2", "log": "log", "log2": "log2",
    "log10": "log10", "log1p": "log1p", "sqrt": "sqrt", "cbrt": "cbrt", "floor": "floor", "ceil": "ceil",
    "trunc": "trunc", "fabs": "fabs", "rint": "rint", "arctan2": "atan2", "power": "pow", "hypot": "hypot",
    "copysign": "copysign", "fmod": "fmod", "isnan": "isnan", "isinf": "isinf", "isfinite": "isfinite",
}


def _floating(value):
    return value.type if _typing.is_float(value.type) else FLOAT64


def _spelled(name, dtype):
    return name + "f" if dtype.itemsize == 4 else name


def _unary(function):
    def translate(translator, node, args):
        translator.arity(node, args, 1, 1, function)
        dtype = _floating(args[0])
        return Value(f"{_spelled(function, dtype)}({convert(args[0], dtype)})", dtype)
    return translate


def _binary(function):
    def translate(translator, node, args):
        translator.arity(node, args, 2, 2, function)
        dtype = _typing.promote((args[0].type, args[0].weak), (args[1].type, args[1].weak))
        dtype = dtype if _typing.is_float(dtype) else FLOAT64
        return Value(f"{_spelled(function, dtype)}({convert(args[0], dtype)}, {convert(args[1], dtype)})", dtype)
    return translate


def _predicate(function):
    def translate(translator, node, args):
        translator.arity(node, args, 1, 1, function)
        if not _typing.is_float(args[0].type):
            return Value("false" if function != "isfinite" else "true", BOOL)
        return Value(f"{function}({args[0].code})", BOOL)
    return translate


def _absolute(translator, node, args):
    translator.arity(node, args, 1, 1, "abs")
    value = args[0]
    if _typing.is_float(value.type):
        return Value(f"{_spelled('fabs', value.type)}({value.code})", value.type)
    if value.type.kind in "ub":
        return value
    return Value(f"static_cast<{c_name(value.type)}>({value.code} < 0 ? -{value.code} : {value.code})",
                 value.type)


def _extremum(helper, name):
    def translate(translator, node, args):
        if len(args) < 2:
            translator.fail(node, TypeError, f"{name} takes two or more numbers on the device")
        result = args[0]
        for value in args[1:]:
            dtype = _typing.promote((result.type, result.weak), (value.type, value.weak))
            result = Value(f"garray_jit::{helper}({convert(result, dtype)}, {convert(value, dtype)})", dtype)
        return result
    return translate


def _table():
    table = {builtins.abs: _absolute, builtins.min: _extremum("py_min", "min"),
             builtins.max: _extremum("py_max", "max"), numpy.abs: _absolute,
             numpy.minimum: _extremum("nan_min", "minimum"), numpy.maximum: _extremum("nan_max", "maximum"),
             numpy.fmin: _extremum("py_min", "fmin"), numpy.fmax: _extremum("py_max", "fmax")}
    kinds = [(_UNARY, _unary), (_BINARY, _binary), (_PREDICATES, _predicate)]
    for python_name in [*_UNARY, *_BINARY, *_PREDICATES]:
        if hasattr(math, python_name):
            for names, make in kinds:
                if python_name in names:
                    table[getattr(math, python_name)] = make(names[python_name])
    for numpy_name, cuda_name in _NUMPY_NAMES.items():
        for names, make in kinds:
            if cuda_name in names.values():
                table[getattr(numpy, numpy_name)] = make(cuda_name)
    return table


_TABLE = _table()


def lookup(function):
    """The translation of a call of `function`, or None if jit kernels do not know it. garray's
    ufuncs (ga.sin, ...) translate as NumPy's of the same name."""
    try:
        translate = _TABLE.get(function)
    except TypeError:  # unhashable
        return None
    if translate is None and isinstance(function, ufunc):
        translate = _TABLE.get(getattr(numpy, function.__name__, None))
    return translate
