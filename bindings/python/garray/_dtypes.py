"""garray's dtype codes and NumPy's dtypes, both ways.

Every dtype garray has is a NumPy dtype except bfloat16, which NumPy gets from the ml_dtypes
package when it is installed; without it, bfloat16 arrays (from PyTorch through DLPack, say) still
work but their `.dtype` cannot be shown.
"""

import numpy

from garray._library import lib

_NAMES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
          "bfloat16", "float32", "float64", "complex64", "complex128")
CODES = {name: getattr(lib, "GA_" + name.upper()) for name in _NAMES}

try:
    import ml_dtypes
    _BFLOAT16 = numpy.dtype(ml_dtypes.bfloat16)
except ImportError:
    _BFLOAT16 = None

_NUMPY_BY_CODE = {code: (numpy.dtype(name) if name != "bfloat16" else _BFLOAT16) for name, code in CODES.items()}

# What a dtype argument resolves to, by the object given (types, strings, numpy dtypes are hashable).
_code_cache = {}


def code_of(dtype):
    """The ga_dtype_t of anything NumPy accepts as a dtype (and "bfloat16")."""
    try:
        return _code_cache[dtype]
    except (KeyError, TypeError):
        pass
    code = _resolve(dtype)
    try:
        _code_cache[dtype] = code
    except TypeError:
        pass
    return code


def _resolve(dtype):
    if isinstance(dtype, str) and dtype.lower() == "bfloat16":
        return lib.GA_BFLOAT16
    try:
        resolved = numpy.dtype(dtype)
    except TypeError as error:
        raise TypeError(f"data type {dtype!r} not understood") from error
    if resolved.byteorder == ">":
        raise TypeError(f"big-endian dtype {resolved.str!r}: device arrays are little-endian")
    code = CODES.get(resolved.name)
    if code is None:
        raise TypeError(f"garray has no dtype {resolved} (it has {', '.join(_NAMES)})")
    return code


def numpy_dtype(code):
    """The numpy.dtype of a ga_dtype_t."""
    dtype = _NUMPY_BY_CODE[code]
    if dtype is None:
        raise TypeError("bfloat16 arrays need the ml_dtypes package to show their dtype to NumPy")
    return dtype


def name_of(code):
    return lib.ga_dtype_name(code)
