"""garray.ndarray's operators against NumPy on a GPU: arithmetic, comparison, bitwise and unary
operators over dtypes and broadcast shapes, reflected forms with Python scalars (weak, NumPy 2) and
NumPy scalars (typed), in-place forms, and the errors NumPy and CuPy raise."""

import operator

import numpy
import pytest

import garray as ga
from conftest import gpu
from ufunc_support import assert_matches, random_host

pytestmark = gpu

ARITHMETIC = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
              "//": operator.floordiv, "%": operator.mod, "**": operator.pow}
BITWISE = {"&": operator.and_, "|": operator.or_, "^": operator.xor, "<<": operator.lshift, ">>": operator.rshift}
COMPARISON = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "==": operator.eq,
              "!=": operator.ne}
IN_PLACE = {"+": operator.iadd, "-": operator.isub, "*": operator.imul, "/": operator.itruediv,
            "//": operator.ifloordiv, "%": operator.imod, "**": operator.ipow, "&": operator.iand,
            "|": operator.ior, "^": operator.ixor, "<<": operator.ilshift, ">>": operator.irshift}
ALL_BINARY = {**ARITHMETIC, **BITWISE, **COMPARISON}

# The operators NumPy has for two arrays of one dtype.
VALID = {
    "bool": ["+", "*", "/", "&", "|", "^"] + list(COMPARISON),
    "int16": list(ARITHMETIC) + list(BITWISE) + list(COMPARISON),
    "uint8": list(ARITHMETIC) + list(BITWISE) + list(COMPARISON),
    "int64": list(ARITHMETIC) + list(BITWISE) + list(COMPARISON),
    "float16": list(ARITHMETIC) + list(COMPARISON),
    "float32": list(ARITHMETIC) + list(COMPARISON),
    "float64": list(ARITHMETIC) + list(COMPARISON),
    "complex64": ["+", "-", "*", "/", "**", "==", "!="],
    "complex128": ["+", "-", "*", "/", "**", "<", ">=", "==", "!="],
}
CASES = [(symbol, dtype) for dtype, symbols in VALID.items() for symbol in symbols]


def operands(symbol, dtype, x_shape=(3, 4), y_shape=(4,)):
    """Host operands for `symbol`: exponents are small and non-negative (NumPy refuses negative
    integer powers), shift counts within the width."""
    x = random_host(x_shape, dtype, seed=1, low=-4 if numpy.dtype(dtype).kind == "i" else None,
                    high=4 if numpy.dtype(dtype).kind in "iu" else None)
    if symbol in ("**", "<<", ">>"):
        y = random_host(y_shape, dtype, seed=2, low=0, high=3)
    else:
        y = random_host(y_shape, dtype, seed=2)
    return x, y


@pytest.mark.parametrize("symbol, dtype", CASES)
def test_binary_operators_match_numpy(symbol, dtype):
    x, y = operands(symbol, dtype)
    with numpy.errstate(all="ignore"):
        expected = ALL_BINARY[symbol](x, y)
    assert_matches(ALL_BINARY[symbol](ga.asarray(x), ga.asarray(y)), expected, scale=4)


# In-place forms whose result has the left operand's dtype (int16 /= int16 would be float64).
@pytest.mark.parametrize("symbol, dtype", [(symbol, dtype) for symbol, dtype in CASES
                                           if symbol in IN_PLACE and dtype != "bool"
                                           and not (symbol == "/" and numpy.dtype(dtype).kind in "iu")])
def test_in_place_operators_write_the_left_operand(symbol, dtype):
    x, y = operands(symbol, dtype)
    expected = x.copy()
    with numpy.errstate(all="ignore"):
        expected = IN_PLACE[symbol](expected, y)
    array = ga.asarray(x)
    assert IN_PLACE[symbol](array, ga.asarray(y)) is array  # y (4,) broadcast into x (3, 4)
    assert_matches(array, expected, scale=4)


# (array dtype, Python scalar, NumPy 2's result dtype): the scalar contributes its kind only.
SCALAR_CASES = [("int16", 3, "int16"), ("uint8", 2, "uint8"), ("int16", 2.5, "float64"), ("float32", 3, "float32"),
                ("float32", 0.75, "float32"), ("float16", 1.5, "float16"), ("float64", 2j, "complex128"),
                ("float32", 2j, "complex64"), ("bool", 2, "int64"), ("bool", 1.5, "float64")]


# bool ** Python int is left out: NumPy's versions choose different loops for it (by the scalar's
# value or by its kind); tests/ufunc pins garray's choice against NumPy's tables.
SCALAR_PARAMETERS = [case + (symbol,) for case in SCALAR_CASES for symbol in ("+", "-", "*", "/", "**")
                     if not (symbol == "**" and case[0] == "bool" and isinstance(case[1], int))]


@pytest.mark.parametrize("dtype, scalar, result_dtype, symbol", SCALAR_PARAMETERS)
def test_python_scalars_on_either_side_are_weak(dtype, scalar, result_dtype, symbol):
    host = random_host((2, 5), dtype, seed=3, low=0 if symbol == "**" else None, high=3 if symbol == "**" else None)
    widened = host.astype(result_dtype)
    typed = numpy.array(scalar, result_dtype)
    function = ARITHMETIC[symbol]
    with numpy.errstate(all="ignore"):
        forward, reflected = function(widened, typed), function(typed, widened)
    array = ga.asarray(host)
    assert_matches(function(array, scalar), forward, scale=4)
    assert_matches(function(scalar, array), reflected, scale=4)


def test_reflected_integer_operators_with_python_scalars():
    host = random_host((6,), "int32", seed=4, low=1, high=9)
    array = ga.asarray(host)
    three = numpy.int32(3)
    for symbol in ("//", "%", "&", "|", "^", "<<", ">>"):
        function = {**ARITHMETIC, **BITWISE}[symbol]
        assert_matches(function(array, 3), function(host, three))
        assert_matches(function(3, array), function(three, host))
    assert_matches(divmod(array, 3)[1], numpy.divmod(host, three)[1])
    quotient, remainder = divmod(40, array)
    expected = numpy.divmod(numpy.int32(40), host)
    assert_matches(quotient, expected[0])
    assert_matches(remainder, expected[1])


def test_numpy_scalars_are_typed():
    host = random_host((5,), "float32", seed=5)
    array = ga.asarray(host)
    assert_matches(numpy.float32(2) * array, numpy.float32(2) * host)
    assert_matches(array * numpy.float64(2), host.astype("float64") * 2)
    assert_matches(numpy.float64(2) - array, 2 - host.astype("float64"))
    assert_matches(array + numpy.int8(1), host + numpy.float32(1))


@pytest.mark.parametrize("symbol", list(COMPARISON))
def test_comparisons_with_scalars_on_either_side(symbol):
    host = random_host((3, 4), "int16", seed=6)
    array = ga.asarray(host)
    function = COMPARISON[symbol]
    assert_matches(function(array, 7), function(host, numpy.int16(7)))
    assert_matches(function(7, array), function(numpy.int16(7), host))
    assert_matches(function(array, 2.5), function(host.astype("float64"), 2.5))
    assert_matches(function(array, 40000), function(host.astype("int64"), 40000))  # exact: NumPy 2


@pytest.mark.parametrize("dtype", ["int8", "uint16", "int64", "float32", "float64", "complex64", "bool"])
def test_unary_operators(dtype):
    host = random_host((4, 3), dtype, seed=7)
    array = ga.asarray(host)
    assert_matches(abs(array), numpy.absolute(host))
    if dtype != "bool":
        assert_matches(-array, numpy.negative(host))
        assert_matches(+array, numpy.positive(host))
    else:
        with pytest.raises(TypeError):
            -array
    if numpy.dtype(dtype).kind in "biu":
        assert_matches(~array, numpy.invert(host))
    else:
        with pytest.raises(TypeError):
            ~array


def test_operators_on_strided_views_and_chains():
    x = random_host((6, 8), "float64", seed=8)
    y = random_host((8, 6), "float64", seed=9)
    gx, gy = ga.asarray(x), ga.asarray(y)
    assert_matches(gx.T[::2] + gy[::2], x.T[::2] + y[::2])
    assert_matches((gx * 2 + gy.T) / 3 - gx ** 2, (x * 2 + y.T) / 3 - x ** 2)
    view = gx[1:, ::3]
    view += 1.0
    expected = x.copy()
    expected[1:, ::3] += 1.0
    assert_matches(gx, expected)


def test_in_place_casting_follows_same_kind():
    integers = ga.asarray(numpy.arange(4, dtype="int16"))
    with pytest.raises(TypeError):
        integers += 1.5
    assert integers.get().tolist() == [0, 1, 2, 3]
    with pytest.raises(TypeError):
        integers /= 2  # true division gives float64
    floats = ga.asarray(numpy.arange(4, dtype="float32"))
    floats += ga.asarray(numpy.full(4, 0.5, "float64"))  # float64 into float32: same kind
    assert floats.get().tolist() == [0.5, 1.5, 2.5, 3.5]
    with pytest.raises(ValueError):
        floats += ga.zeros((2, 4), "float32")  # the result does not fit the left operand


def test_mixing_with_numpy_arrays_raises_type_error():
    array = ga.zeros(4, "float32")
    host = numpy.ones(4, "float32")
    with pytest.raises(TypeError):
        array + host
    with pytest.raises(TypeError):
        host + array
    with pytest.raises(TypeError):
        array < host
    with pytest.raises(TypeError):
        array += host
    with pytest.raises(TypeError):
        pow(array, 2, 3)


def test_conj_real_and_imag():
    real = ga.asarray(random_host((3,), "float32", seed=10))
    assert real.conj() is real and real.conjugate() is real
    host = random_host((3,), "complex128", seed=11)
    array = ga.asarray(host)
    assert_matches(array.conj(), host.conj())
    assert_matches(array.conjugate().imag, -host.imag)
    assert_matches(array.real * 2, host.real * 2)


def test_scalar_results_convert_to_python():
    x = ga.asarray(numpy.array([3.0]))
    assert bool(x == 3.0) and not bool(x != 3.0)
    assert float(x * 2) == 6.0
    assert int(ga.asarray(numpy.array([7])) // 2) == 3
