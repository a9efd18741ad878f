"""The types a jit kernel's values have: NumPy scalar dtypes, arrays (global or shared memory), and
their CUDA C++ spellings. Promotion follows NumPy's dtype rules, with Python literals weak as in
NEP 50 (`x[i] * 2.0` stays float32 for a float32 `x`)."""

import numpy

_C_NAMES = {
    "bool": "bool",
    "int8": "signed char",
    "int16": "short",
    "int32": "int",
    "int64": "long long",
    "uint8": "unsigned char",
    "uint16": "unsigned short",
    "uint32": "unsigned int",
    "uint64": "unsigned long long",
    "float32": "float",
    "float64": "double",
}

BOOL = numpy.dtype(numpy.bool_)
INT32 = numpy.dtype(numpy.int32)
UINT32 = numpy.dtype(numpy.uint32)
INT64 = numpy.dtype(numpy.int64)
FLOAT64 = numpy.dtype(numpy.float64)


def scalar_dtype(dtype):
    """numpy.dtype(dtype) if jit kernels support it, else TypeError (float16 and complex are not)."""
    dtype = numpy.dtype(dtype)
    if dtype.name not in _C_NAMES:
        raise TypeError(f"jit kernels do not support the dtype {dtype.name} (supported: {', '.join(_C_NAMES)})")
    return dtype


def c_name(dtype):
    return _C_NAMES[dtype.name]


class ArrayType:
    """An array argument (`space` "global": pointer, shape and byte strides passed at launch) or a
    shared-memory array (`space` "shared": 1-D, contiguous, its extent known or dynamic)."""

    __slots__ = ("dtype", "ndim", "c_contiguous", "space")

    def __init__(self, dtype, ndim, c_contiguous=True, space="global"):
        self.dtype = scalar_dtype(dtype)
        self.ndim = int(ndim)
        self.c_contiguous = bool(c_contiguous)
        self.space = space

    def _key(self):
        return (self.dtype, self.ndim, self.c_contiguous, self.space)

    def __eq__(self, other):
        return isinstance(other, ArrayType) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        layout = "C" if self.c_contiguous else "strided"
        return f"ArrayType({self.dtype.name}, ndim={self.ndim}, {layout}, {self.space})"


def is_integer(dtype):
    return isinstance(dtype, numpy.dtype) and dtype.kind in "iub"


def is_float(dtype):
    return isinstance(dtype, numpy.dtype) and dtype.kind == "f"


def literal_dtype(value):
    """The type of a Python literal standing alone (as CuPy: bool, int64, float64; uint64 for ints
    only it can hold)."""
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, int):
        if -2**63 <= value < 2**63:
            return INT64
        if 0 <= value < 2**64:
            return numpy.dtype(numpy.uint64)
        raise OverflowError(f"the integer {value} does not fit in 64 bits")
    if isinstance(value, float):
        return FLOAT64
    raise TypeError(f"jit kernels do not support constants of type {type(value).__name__}")


def promote(a, b):
    """The result type of a binary operation on values of dtypes a and b, each given as
    (dtype, weak): a weak type (a Python literal's) takes the other's type when of the same or a
    lower kind, as NEP 50 says."""
    (dtype_a, weak_a), (dtype_b, weak_b) = a, b
    if weak_a and not weak_b:
        return _weak_with(dtype_a, dtype_b)
    if weak_b and not weak_a:
        return _weak_with(dtype_b, dtype_a)
    return numpy.promote_types(dtype_a, dtype_b)


_KIND_ORDER = {"b": 0, "u": 1, "i": 1, "f": 2}


def _weak_with(weak, strong):
    return strong if _KIND_ORDER[weak.kind] <= _KIND_ORDER[strong.kind] else weak


def typeof_scalar_argument(value):
    """The type of a scalar kernel argument: Python bool, int and float as bool, int64 and float64
    (as CuPy passes them); NumPy scalars as their dtype."""
    if isinstance(value, numpy.ndarray):
        raise TypeError("NumPy arrays cannot be passed to a jit kernel; copy them to the device "
                        "(garray.asarray) first")
    if isinstance(value, (bool, int, float)):
        return literal_dtype(value)
    if isinstance(value, numpy.generic):
        return scalar_dtype(value.dtype)
    raise TypeError(f"jit kernel argument of unsupported type {type(value).__name__} (garray arrays, "
                    "Python bool, int and float and NumPy scalars are accepted)")


# The type of a Value standing for a Python object resolved at translation time (a module, a dtype,
# a function, None): its `constant` is the object.
PYOBJECT = "python object"


class Value:
    """A typed CUDA C++ expression: `code`, its `type` (a numpy.dtype or an ArrayType), whether
    the type is weak (a Python literal's), the literal itself when it is one (`constant`), and
    whether it is known to be positive (`positive`: the grid's extents, which make a range's step
    test constant)."""

    __slots__ = ("code", "type", "weak", "constant", "positive")

    def __init__(self, code, type, weak=False, constant=None, positive=False):
        self.code = code
        self.type = type
        self.weak = weak
        self.constant = constant
        self.positive = positive


# Infinities and NaN by their bits (C++ has no literal for them).
_SPECIAL_FLOATS = {
    "inf": "__longlong_as_double(0x7ff0000000000000LL)",
    "-inf": "__longlong_as_double(static_cast<long long>(0xfff0000000000000ULL))",
    "nan": "__longlong_as_double(0x7ff8000000000000LL)",
}


def literal_code(value, dtype):
    """The C++ spelling of the Python literal `value` as a value of `dtype`."""
    if dtype == BOOL:
        return "true" if value else "false"
    if dtype.kind == "f":
        text = repr(float(value))
        if text in _SPECIAL_FLOATS:
            return f"static_cast<{c_name(dtype)}>({_SPECIAL_FLOATS[text]})"
        return text + ("f" if dtype.itemsize == 4 else "")
    if dtype.name == "int64":
        return f"{int(value)}LL"
    if dtype.name == "uint64":
        return f"{int(value)}ULL"
    if dtype.name == "uint32":
        return f"{int(value)}U"
    if dtype.name == "int32":
        return str(int(value))
    return f"static_cast<{c_name(dtype)}>({int(value)})"


def convert(value, dtype):
    """`value` as a C++ expression of `dtype` (a cast only where the type differs)."""
    if value.weak:
        return literal_code(value.constant, dtype)
    if value.type == dtype:
        return value.code
    return f"static_cast<{c_name(dtype)}>({value.code})"
