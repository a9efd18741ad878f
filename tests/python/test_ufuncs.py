"""garray's ufunc objects against NumPy: introspection and argument checks (no GPU needed), then
every family of ufuncs over dtypes, shapes, broadcasting, strided views, weak and typed scalars,
out=, dtype=, signature=, casting errors, reduce and outer (on a GPU)."""

import numpy
import pytest

import garray as ga
from conftest import HAS_DEVICE, gpu
from destination_support import check_destination_rules
from garray._ufunc import NAMES
from ufunc_support import (ALL_DTYPES, COMPLEXES, FLOATS, INTEGERS, assert_matches, random_host,
                           special_floats)

# ----- Without a GPU: the objects and the checks made before any device work ------------------------


def test_every_name_is_a_ufunc_with_numpys_arity():
    for name in NAMES:
        ufunc = getattr(ga, name)
        assert isinstance(ufunc, ga.ufunc), name
        reference = getattr(numpy, name, None)
        if isinstance(reference, numpy.ufunc):  # NumPy 1.x lacks the array API's spellings
            assert (ufunc.nin, ufunc.nout, ufunc.nargs) == (reference.nin, reference.nout, reference.nargs), name


def test_aliases_are_the_same_object_under_numpys_name():
    for alias, name in [("true_divide", "divide"), ("abs", "absolute"), ("conj", "conjugate"), ("mod", "remainder"),
                        ("bitwise_not", "invert"), ("acos", "arccos"), ("atan2", "arctan2"), ("pow", "power")]:
        assert getattr(ga, alias) is getattr(ga, name)
        assert getattr(ga, alias).__name__ == name
    assert repr(ga.add) == "<ufunc 'add'>"
    assert ga.clip is not None and not isinstance(ga.clip, ga.ufunc)  # NumPy's function, over the ufunc


def _numpy_types(name):
    """NumPy's loops of the dtypes garray has, once each, with int64 written 'l' (NumPy also lists
    SIMD variants twice and int64 as 'q')."""
    types = []
    for signature in getattr(numpy, name).types:
        signature = signature.replace("q", "l").replace("Q", "L")
        if set(signature) <= set("?bBhHiIlLefdFD->") and signature not in types:
            types.append(signature)
    return types


@pytest.mark.parametrize("name", ["add", "sin", "frexp", "invert", "maximum"])
def test_types_are_numpys_loops_in_numpys_order(name):
    ufunc = getattr(ga, name)
    assert ufunc.ntypes == len(ufunc.types)
    assert [signature for signature in ufunc.types if "E" not in signature] == _numpy_types(name)
    # Every float16 loop has a bfloat16 twin.
    assert sum("E" in signature for signature in ufunc.types) == sum("e" in signature for signature in ufunc.types)


def test_comparisons_have_numpys_loops_and_the_exact_mixed_integer_ones():
    assert set(_numpy_types("less")) <= set(ga.less.types)
    assert {"lL->?", "Ll->?"} <= set(ga.less.types)


def test_numpy_arrays_are_refused_as_cupy_refuses_them():
    for host in (numpy.ones(3), numpy.array(2.0)):
        with pytest.raises(TypeError, match="numpy.ndarray"):
            ga.add(1, host)
    with pytest.raises(TypeError, match="Unsupported type"):
        ga.add([1, 2], 1)
    with pytest.raises(TypeError, match="Unsupported type"):
        ga.negative("x")

    class DeviceArrayOfAnotherLibrary:
        __cuda_array_interface__ = {}

    with pytest.raises(TypeError, match="garray.asarray"):
        ga.add(DeviceArrayOfAnotherLibrary(), 1)


def test_argument_checks_before_the_call():
    with pytest.raises(TypeError, match="positional"):
        ga.add(1)
    with pytest.raises(TypeError, match="positional"):
        ga.sin(1, 2, 3)
    with pytest.raises(TypeError, match="both"):
        ga.sin(1.0, None, out=(None,))
    with pytest.raises(ValueError, match="casting"):
        ga.add(1, 2, casting="sometimes")
    with pytest.raises(ValueError, match="3 entries"):
        ga.add(1, 2, signature="ff")
    with pytest.raises(TypeError, match="signature"):
        ga.add(1, 2, signature=numpy.float32)
    with pytest.raises(ValueError, match="exactly 2 entries"):
        ga.divmod(1, 2, out=(None,))
    with pytest.raises(TypeError, match="tuple"):
        ga.modf(1.0, out=1.0)
    with pytest.raises(TypeError, match="garray.ndarray"):
        ga.add(1, 2, out=numpy.zeros(()))
    with pytest.raises(TypeError):
        ga.sum(numpy.ones(3))


@pytest.mark.skipif(HAS_DEVICE, reason="checks the behaviour without a CUDA device")
def test_without_a_device_a_call_raises_cuda_runtime_error():
    with pytest.raises(ga.cuda.runtime.CUDARuntimeError):
        ga.add(1, 2)


# ----- On a GPU: values against NumPy ---------------------------------------------------------------

BINARY_DTYPES = ("bool", "int8", "uint8", "int16", "int32", "uint32", "int64", "uint64", "float16", "float32",
                 "float64", "complex64", "complex128")
REALS = ("bool",) + INTEGERS + FLOATS

# name: the dtypes NumPy (1.x and 2.x alike) has a loop for with two inputs of that dtype.
BINARY = {
    "add": BINARY_DTYPES, "multiply": BINARY_DTYPES, "subtract": BINARY_DTYPES[1:],
    "divide": BINARY_DTYPES, "floor_divide": REALS, "remainder": REALS, "fmod": REALS,
    "maximum": BINARY_DTYPES, "minimum": BINARY_DTYPES, "fmax": BINARY_DTYPES, "fmin": BINARY_DTYPES,
    "arctan2": REALS, "hypot": REALS, "logaddexp": FLOATS, "logaddexp2": FLOATS, "copysign": FLOATS,
    "nextafter": FLOATS, "heaviside": FLOATS, "float_power": ("int32", "float32", "float64", "complex128"),
    "greater": BINARY_DTYPES, "greater_equal": BINARY_DTYPES, "less": BINARY_DTYPES, "less_equal": BINARY_DTYPES,
    "equal": BINARY_DTYPES, "not_equal": BINARY_DTYPES,
    "logical_and": BINARY_DTYPES, "logical_or": BINARY_DTYPES, "logical_xor": BINARY_DTYPES,
    "bitwise_and": ("bool",) + INTEGERS, "bitwise_or": ("bool",) + INTEGERS, "bitwise_xor": ("bool",) + INTEGERS,
    "left_shift": INTEGERS, "right_shift": INTEGERS, "gcd": INTEGERS, "lcm": INTEGERS,
}
BINARY_CASES = [(name, dtype) for name, dtypes in BINARY.items() for dtype in dtypes]


@gpu
@pytest.mark.parametrize("name, dtype", BINARY_CASES)
def test_binary_ufuncs_match_numpy(name, dtype):
    x = random_host((4, 9), dtype, seed=1)
    y = random_host((4, 9), dtype, seed=2)
    with numpy.errstate(all="ignore"):
        expected = getattr(numpy, name)(x, y)
    assert_matches(getattr(ga, name)(ga.asarray(x), ga.asarray(y)), expected)


@gpu
@pytest.mark.parametrize("dtype", INTEGERS + FLOATS + COMPLEXES)
def test_power_matches_numpy(dtype):
    # Integer powers with non-negative exponents (NumPy refuses negative ones; garray gives CuPy's
    # values, tested below).
    base = random_host((5, 6), dtype, seed=3, low=-3 if numpy.dtype(dtype).kind != "u" else 0, high=3)
    exponent = random_host((5, 6), dtype, seed=4, low=0, high=5)
    assert_matches(ga.power(ga.asarray(base), ga.asarray(exponent)), numpy.power(base, exponent), scale=4)


@gpu
def test_integer_division_and_power_edge_values_are_cupys():
    x = ga.asarray(numpy.array([7, -7, 0, -128], "int8"))
    zero = ga.zeros(4, "int8")
    assert ga.floor_divide(x, zero).get().tolist() == [0, 0, 0, 0]
    assert ga.remainder(x, zero).get().tolist() == [0, 0, 0, 0]
    assert ga.floor_divide(x, ga.asarray(numpy.full(4, -1, "int8"))).get().tolist() == [-7, 7, 0, -128]
    bases = ga.asarray(numpy.array([1, -1, -1, 2], "int32"))
    assert ga.power(bases, ga.asarray(numpy.array([-3, -3, -2, -1], "int32"))).get().tolist() == [1, -1, 1, 0]


UNARY_FLOAT = ("negative", "positive", "absolute", "fabs", "square", "reciprocal", "sqrt", "cbrt", "exp", "exp2",
               "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh",
               "cosh", "tanh", "arcsinh", "arccosh", "arctanh", "deg2rad", "rad2deg", "floor", "ceil", "trunc",
               "rint", "sign", "isfinite", "isinf", "isnan", "signbit", "conjugate", "logical_not")
UNARY_COMPLEX = ("negative", "positive", "absolute", "square", "reciprocal", "sqrt", "exp", "log", "log10",
                 "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh",
                 "arccosh", "arctanh", "rint", "isfinite", "isinf", "isnan", "conjugate", "logical_not")
UNARY_INTEGER = ("negative", "positive", "absolute", "square", "sign", "invert", "conjugate", "logical_not",
                 "isfinite", "isnan")
UNARY_CASES = ([(name, dtype) for name in UNARY_FLOAT for dtype in FLOATS]
               + [(name, dtype) for name in UNARY_COMPLEX for dtype in COMPLEXES]
               + [(name, dtype) for name in UNARY_INTEGER for dtype in INTEGERS]
               + [(name, "bool") for name in ("absolute", "invert", "logical_not", "isnan", "square")])


@gpu
@pytest.mark.parametrize("name, dtype", UNARY_CASES)
def test_unary_ufuncs_match_numpy(name, dtype):
    x = random_host((3, 11), dtype, seed=5)
    with numpy.errstate(all="ignore"):
        expected = getattr(numpy, name)(x)
    assert_matches(getattr(ga, name)(ga.asarray(x)), expected, scale=4)


@gpu
@pytest.mark.parametrize("dtype", FLOATS)
def test_special_values_match_numpy(dtype):
    x = special_floats(dtype)
    y = x[::-1].copy()
    with numpy.errstate(all="ignore"):
        for name in ("maximum", "minimum", "fmax", "fmin", "copysign", "add", "multiply", "floor_divide",
                     "remainder", "arctan2", "hypot", "less", "equal"):
            assert_matches(getattr(ga, name)(ga.asarray(x), ga.asarray(y)), getattr(numpy, name)(x, y))
        for name in ("sqrt", "exp", "log", "sign", "floor", "rint", "isnan", "isinf", "isfinite", "signbit",
                     "absolute", "negative", "tanh", "arctan"):
            result = getattr(ga, name)(ga.asarray(x))
            assert_matches(result, getattr(numpy, name)(x))
            if result.dtype.kind == "f":  # signed zeros kept; a NaN's sign is not specified
                expected = getattr(numpy, name)(x)
                numbers = ~numpy.isnan(expected)
                numpy.testing.assert_array_equal(numpy.signbit(result.get())[numbers], numpy.signbit(expected)[numbers])


@gpu
@pytest.mark.parametrize("dtype", COMPLEXES)
def test_complex_sign_and_parts_follow_numpy_2(dtype):
    z = random_host((20,), dtype, seed=6)
    z[0] = 0
    with numpy.errstate(all="ignore"):
        expected = numpy.where(z == 0, 0, z / numpy.abs(z)).astype(dtype)
    assert_matches(ga.sign(ga.asarray(z)), expected)
    assert_matches(ga.angle(ga.asarray(z)), numpy.angle(z))
    assert_matches(ga.angle(ga.asarray(z), deg=True), numpy.angle(z, deg=True), scale=4)
    assert_matches(ga.conj(ga.asarray(z)), numpy.conj(z))


@gpu
@pytest.mark.parametrize("dtype", ["int8", "uint16", "int64"])
def test_rounding_integers_keeps_them(dtype):
    x = random_host((7,), dtype, seed=7)
    for name in ("floor", "ceil", "trunc"):
        assert_matches(getattr(ga, name)(ga.asarray(x)), x)


@gpu
@pytest.mark.parametrize("dtype", FLOATS)
def test_two_output_ufuncs(dtype):
    x = random_host((4, 5), dtype, seed=8) * 10
    y = random_host((4, 5), dtype, seed=9, low=0.5, high=3)
    fractional, integral = ga.modf(ga.asarray(x))
    expected = numpy.modf(x)
    assert_matches(fractional, expected[0])
    assert_matches(integral, expected[1])
    mantissa, exponent = ga.frexp(ga.asarray(x))
    expected = numpy.frexp(x)
    assert_matches(mantissa, expected[0])
    assert_matches(exponent, expected[1])
    quotient, remainder = ga.divmod(ga.asarray(x), ga.asarray(y))
    expected = numpy.divmod(x, y)
    assert_matches(quotient, expected[0])
    assert_matches(remainder, expected[1], scale=4)
    outputs = (ga.empty((4, 5), dtype), ga.empty((4, 5), dtype))
    returned = ga.divmod(ga.asarray(x), ga.asarray(y), out=outputs)
    assert returned[0] is outputs[0] and returned[1] is outputs[1]
    assert_matches(outputs[0], expected[0])
    assert_matches(ga.ldexp(mantissa, exponent), x)


@gpu
def test_three_input_ufuncs_where_and_clip():
    condition = random_host((3, 1, 5), "bool", seed=10)
    x = random_host((4, 5), "float32", seed=11)
    y = random_host((5,), "float32", seed=12)
    assert_matches(ga.where(ga.asarray(condition), ga.asarray(x), ga.asarray(y)), numpy.where(condition, x, y))
    # A Python scalar keeps the array's float32 (NumPy 2).
    expected = numpy.where(condition, x, numpy.float32(0))
    assert_matches(ga.where(ga.asarray(condition), ga.asarray(x), 0.0), expected)
    assert_matches(ga.clip(ga.asarray(x), -1, 1.5), numpy.clip(x, numpy.float32(-1), numpy.float32(1.5)))
    assert_matches(ga.clip(ga.asarray(x), None, 0.5), numpy.minimum(x, numpy.float32(0.5)))
    assert_matches(ga.clip(ga.asarray(x), ga.asarray(y), None), numpy.maximum(x, y))
    # Neither bound: a copy, as the Array API standard and NumPy 2 have it.
    assert_matches(ga.clip(ga.asarray(x), None, None), x)
    assert_matches(ga.asarray(x).clip(-0.5, 0.5), numpy.clip(x, numpy.float32(-0.5), numpy.float32(0.5)))


# ----- Shapes and layouts ----------------------------------------------------------------------------

SHAPE_PAIRS = [((3, 1, 5), (4, 1)), ((0, 3), (1, 3)), ((), (2, 3)), ((), ()), ((7,), (1,)), ((2, 1, 1, 3), (5, 1))]


@gpu
@pytest.mark.parametrize("x_shape, y_shape", SHAPE_PAIRS)
def test_broadcasting_matches_numpy(x_shape, y_shape):
    x = random_host(x_shape, "float64", seed=13)
    y = random_host(y_shape, "float64", seed=14)
    assert_matches(ga.subtract(ga.asarray(x), ga.asarray(y)), numpy.subtract(x, y))
    assert_matches(ga.hypot(ga.asarray(y), ga.asarray(x)), numpy.hypot(y, x))


@gpu
def test_incompatible_shapes_raise_value_error_naming_both():
    with pytest.raises(ValueError, match=r"\(3, ?4\).*\(5,?\)|\(5,?\).*\(3, ?4\)"):
        ga.add(ga.zeros((3, 4)), ga.zeros(5))


@gpu
@pytest.mark.parametrize("shape", [(32, 32), (33, 65), (1000, 37), (70, 4100)])
@pytest.mark.parametrize("x_dtype, y_dtype", [("float32", "float32"), ("float64", "float32"), ("int8", "complex128"),
                                              ("bool", "float16")])
def test_transposed_operands_read_through_tiles(shape, x_dtype, y_dtype):
    """A transposed input beside a C-ordered one (and both transposed, reversed, or into a given
    out) takes the tiled path; the results must not notice."""
    x = random_host(shape, x_dtype, seed=1)
    y = random_host(shape[::-1], y_dtype, seed=2)
    device_x, device_y = ga.asarray(x), ga.asarray(y)
    assert_matches(ga.add(device_x, device_y.T), numpy.add(x, y.T))
    assert_matches(ga.multiply(device_y.T, device_x), numpy.multiply(y.T, x))
    assert_matches(ga.subtract(device_y[::-1].T, device_x[:, ::-1]), numpy.subtract(y[::-1].T, x[:, ::-1]))
    assert_matches(ga.add(device_y.T, device_y.T), numpy.add(y.T, y.T))
    host_out = numpy.zeros(shape, numpy.result_type(x, y))
    out = ga.asarray(host_out)
    ga.add(device_x, device_y.T, out=out)
    assert_matches(out, numpy.add(x, y.T))
    condition = random_host(shape[::-1], "bool", seed=3)
    assert_matches(ga.where(ga.asarray(condition).T, device_x, device_y.T), numpy.where(condition.T, x, y.T))


@gpu
@pytest.mark.parametrize("view", [lambda a: a[::2, ::-1], lambda a: a.T, lambda a: a[1:, 2:7:3], lambda a: a[3]])
def test_strided_views_match_numpy(view):
    x = random_host((6, 8), "float32", seed=15)
    y = random_host((8, 6), "float32", seed=16).T
    expected = numpy.multiply(view(x), view(y))
    assert_matches(ga.multiply(view(ga.asarray(x)), view(ga.asarray(y.copy()))), expected)
    assert_matches(ga.sin(view(ga.asarray(x))), numpy.sin(view(x)))


# ----- Scalars: weak (Python) and typed (NumPy) -----------------------------------------------------

# (array dtype, Python scalar, the NumPy 2 result dtype)
WEAK_CASES = [("int8", 3, "int8"), ("uint8", 3, "uint8"), ("int8", 2.5, "float64"), ("float16", 2.5, "float16"),
              ("float32", 3, "float32"), ("float32", 1j, "complex64"), ("bool", 3, "int64"), ("bool", 0.5, "float64"),
              ("int32", True, "int32"), ("uint64", 7, "uint64"), ("int16", 1 + 2j, "complex128")]


@gpu
@pytest.mark.parametrize("dtype, scalar, result_dtype", WEAK_CASES)
def test_python_scalars_are_weak(dtype, scalar, result_dtype):
    x = random_host((10,), dtype, seed=17)
    typed = numpy.array(scalar, result_dtype)
    expected = numpy.multiply(x.astype(result_dtype), typed)
    assert_matches(ga.multiply(ga.asarray(x), scalar), expected)
    assert_matches(ga.multiply(scalar, ga.asarray(x)), numpy.multiply(typed, x.astype(result_dtype)))


# (array dtype, NumPy scalar, result dtype): a NumPy scalar promotes as an array of its dtype.
TYPED_CASES = [("int8", numpy.int64(3), "int64"), ("float32", numpy.float64(2.5), "float64"),
               ("uint8", numpy.int8(-1), "int16"), ("float16", numpy.float32(1.5), "float32"),
               ("int32", numpy.bool_(True), "int32"), ("float32", numpy.complex128(1j), "complex128")]


@gpu
@pytest.mark.parametrize("dtype, scalar, result_dtype", TYPED_CASES)
def test_numpy_scalars_are_typed(dtype, scalar, result_dtype):
    x = random_host((10,), dtype, seed=18)
    expected = numpy.add(x.astype(result_dtype), numpy.array(scalar, result_dtype))
    assert_matches(ga.add(ga.asarray(x), scalar), expected)


@gpu
def test_scalars_only_give_0d_arrays_of_their_own_dtypes():
    result = ga.add(1, 2)
    assert result.shape == () and result.dtype == numpy.int64 and result.item() == 3
    assert ga.multiply(1.5, 2).dtype == numpy.float64
    assert ga.add(numpy.float32(1), 2).dtype == numpy.float32
    assert ga.sqrt(4.0).item() == 2.0


@gpu
def test_weak_integer_out_of_bounds_and_exact_comparisons():
    x = ga.asarray(numpy.arange(5, dtype="uint8"))
    with pytest.raises(TypeError, match="300"):
        ga.add(x, 300)
    # Comparisons with an out-of-range Python int are exact (NumPy 2).
    assert ga.less(x, 300).get().all()
    assert not ga.equal(x, -1).get().any()
    assert ga.greater(ga.asarray(numpy.array([0, 2**63], "uint64")), -1).get().all()


# ----- out=, dtype=, signature=, casting ---------------------------------------------------------------


@gpu
def test_out_is_written_and_returned_in_any_layout_and_dtype():
    x = random_host((4, 6), "float32", seed=19)
    y = random_host((6,), "float32", seed=20)
    out = ga.zeros((4, 6), "float32")
    assert ga.add(ga.asarray(x), ga.asarray(y), out=out) is out
    assert_matches(out, x + y)
    wide = ga.zeros((6, 4), "float64").T  # a transposed view, a wider dtype (same_kind allows it)
    assert ga.add(ga.asarray(x), ga.asarray(y), out=(wide,)) is wide
    assert_matches(wide, (x + y).astype("float64"))
    positional = ga.zeros((4, 6), "float32")
    assert ga.add(ga.asarray(x), ga.asarray(y), positional) is positional
    assert_matches(positional, x + y)


@gpu
def test_out_casting_errors_are_type_errors_and_leave_out_untouched():
    x = ga.asarray(random_host((5,), "float64", seed=21))
    out = ga.zeros(5, "int32")
    with pytest.raises(TypeError, match="same_kind"):
        ga.add(x, x, out=out)
    assert out.get().tolist() == [0] * 5
    ga.add(x, x, out=out, casting="unsafe")
    numpy.testing.assert_array_equal(out.get(), (2 * x.get()).astype("int32"))
    with pytest.raises(ValueError):
        ga.add(x, x, out=ga.zeros(4))
    with pytest.raises(ValueError):
        ga.add(x, x, out=ga.broadcast_to(ga.zeros(1), (5,)))  # read-only


_X = random_host((4, 5), "float64", seed=24)
_Y = random_host((5,), "float64", seed=25)


@gpu
@pytest.mark.parametrize("call, shape, uncastable", [
    (lambda x, y, out: ga.add(x, y, out=out), (4, 5), "int32"),
    (lambda x, y, out: ga.divmod(x, y, out=(None, out))[1], (4, 5), "int32"),
    (lambda x, y, out: ga.multiply.outer(y, y, out=out), (5, 5), "int32"),
    (lambda x, y, out: ga.add.reduce(x, axis=0, out=out), (5,), None),  # reductions cast unsafely
    (lambda x, y, out: ga.add.accumulate(x, axis=1, out=out), (4, 5), None),
], ids=["call", "second-of-two-outputs", "outer", "reduce", "accumulate"])
def test_destinations_are_checked_first_and_returned_without_an_extra_reference(call, shape, uncastable,
                                                                                 memory_pool):
    x, y = ga.asarray(_X), ga.asarray(_Y)
    check_destination_rules(lambda out: call(x, y, out), shape, "float64", memory_pool, uncastable)


@gpu
def test_overlapping_out_is_as_if_the_inputs_were_copied_first():
    host = random_host((50,), "float64", seed=22)
    expected = host.copy()
    numpy.add(expected[1:], expected[:-1], out=expected[1:])
    x = ga.asarray(host)
    ga.add(x[1:], x[:-1], out=x[1:])
    assert_matches(x, expected)


@gpu
def test_dtype_and_signature_choose_the_loop():
    x = random_host((8,), "int8", seed=23)
    y = random_host((8,), "int8", seed=24)
    assert_matches(ga.add(ga.asarray(x), ga.asarray(y), dtype="float32"),
                   numpy.add(x.astype("float32"), y.astype("float32")))
    z = random_host((8,), "float64", seed=25)
    assert_matches(ga.sin(ga.asarray(z), dtype="float32"), numpy.sin(z.astype("float32")))
    assert_matches(ga.add(ga.asarray(x), ga.asarray(y), signature=(None, None, "float64")),
                   numpy.add(x.astype("float64"), y.astype("float64")))
    assert_matches(ga.multiply(ga.asarray(x), ga.asarray(y), signature="ff->f"),
                   numpy.multiply(x.astype("float32"), y.astype("float32")))
    with pytest.raises(TypeError):
        ga.add(ga.asarray(z), ga.asarray(z), dtype="int32")
    assert_matches(ga.add(ga.asarray(z), ga.asarray(z), dtype="int32", casting="unsafe"),
                   numpy.add(z.astype("int32"), z.astype("int32")))


@gpu
def test_missing_loops_and_refused_bools_are_type_errors():
    floats = ga.zeros(3, "float32")
    bools = ga.zeros(3, "bool")
    with pytest.raises(TypeError, match="bitwise_and"):
        ga.bitwise_and(floats, floats)
    with pytest.raises(TypeError, match="subtract"):
        ga.subtract(bools, bools)
    with pytest.raises(TypeError):
        -bools
    with pytest.raises(TypeError):
        ga.gcd(floats, 2)
    with pytest.raises(TypeError):
        ga.left_shift(floats, 1)


# ----- reduce and outer --------------------------------------------------------------------------------

REDUCE_CASES = [("add", "float64"), ("add", "int8"), ("add", "bool"), ("add", "uint32"), ("add", "complex64"),
                ("multiply", "int16"), ("multiply", "float32"), ("maximum", "float32"), ("minimum", "int64"),
                ("maximum", "uint8"), ("logical_or", "float32"), ("logical_and", "int32"),
                ("bitwise_and", "uint16"), ("bitwise_or", "int8"), ("bitwise_xor", "int64"), ("fmax", "float64")]
AXES = [0, 1, -1, None, (0, 2), (), (2, 0, 1)]


@gpu
@pytest.mark.parametrize("name, dtype", REDUCE_CASES)
@pytest.mark.parametrize("axis", AXES)
@pytest.mark.parametrize("keepdims", [False, True])
def test_reduce_matches_numpy(name, dtype, axis, keepdims):
    low, high = (-2, 2) if name == "multiply" else (None, None)
    x = random_host((3, 4, 5), dtype, seed=26, low=low, high=high)
    expected = getattr(numpy, name).reduce(x, axis=axis, keepdims=keepdims)
    result = getattr(ga, name).reduce(ga.asarray(x), axis=axis, keepdims=keepdims)
    assert_matches(result, expected, scale=10)


@gpu
def test_reduce_dtype_initial_out_and_empty():
    x = random_host((6, 7), "int8", seed=27)
    assert_matches(ga.add.reduce(ga.asarray(x), axis=1, dtype="float32"),
                   numpy.add.reduce(x.astype("float32"), axis=1))
    assert_matches(ga.add.reduce(ga.asarray(x), axis=None, initial=100), numpy.add.reduce(x, axis=None, initial=100))
    assert_matches(ga.maximum.reduce(ga.asarray(x), axis=0, initial=40), numpy.maximum.reduce(x, axis=0, initial=40))
    out = ga.zeros(7, "int64")
    assert ga.add.reduce(ga.asarray(x), axis=0, out=out) is out
    assert_matches(out, numpy.add.reduce(x, axis=0))
    empty = numpy.zeros((0, 3), "float32")
    assert_matches(ga.add.reduce(ga.asarray(empty), axis=0), numpy.add.reduce(empty, axis=0))
    assert_matches(ga.multiply.reduce(ga.asarray(empty), axis=0), numpy.multiply.reduce(empty, axis=0))
    with pytest.raises(ValueError):
        ga.maximum.reduce(ga.asarray(empty), axis=0)
    assert_matches(ga.maximum.reduce(ga.asarray(empty), axis=0, initial=-1.5),
                   numpy.maximum.reduce(empty, axis=0, initial=-1.5))
    assert_matches(ga.add.reduce(ga.asarray(empty), axis=1), numpy.add.reduce(empty, axis=1))
    with pytest.raises(ValueError):
        ga.sin.reduce(ga.asarray(empty))
    with pytest.raises(IndexError):
        ga.add.reduce(ga.asarray(x), axis=2)


@gpu
def test_reductions_as_module_functions_and_methods():
    x = random_host((5, 8), "float32", seed=28)
    a = ga.asarray(x)
    numpy_sum = numpy.sum(x.astype("float64"), axis=1).astype("float32")
    for result in (ga.sum(a, axis=1), a.sum(axis=1), a.sum(1)):
        assert_matches(result, numpy_sum, scale=10)
    assert_matches(ga.sum(a), numpy.sum(x.astype("float64")).astype("float32"), scale=50)
    assert_matches(a.sum(axis=0, keepdims=True, dtype="float64"), x.astype("float64").sum(axis=0, keepdims=True))
    assert_matches(ga.prod(a, axis=0), numpy.prod(x, axis=0), scale=10)
    for function in ("amax", "amin", "max", "min"):
        assert_matches(getattr(ga, function)(a, axis=0), getattr(numpy, function)(x, axis=0))
    assert_matches(a.max(), numpy.max(x))
    assert_matches(a.min(axis=1, keepdims=True), numpy.min(x, axis=1, keepdims=True))
    flags = x > 0.5
    for function in ("any", "all"):
        assert_matches(getattr(ga, function)(ga.asarray(flags), axis=1), getattr(numpy, function)(flags, axis=1))
        assert_matches(getattr(ga.asarray(x), function)(), getattr(numpy, function)(x))
    integers = random_host((4, 4), "int16", seed=29)
    assert_matches(ga.asarray(integers).sum(), numpy.sum(integers, dtype="int64"))
    assert_matches(ga.asarray(integers).prod(axis=1), numpy.prod(integers, axis=1, dtype="int64"))
    out = ga.empty((), "float32")
    assert a.max(out=out) is out


@gpu
@pytest.mark.parametrize("name, dtype", [("multiply", "float32"), ("subtract", "int32"), ("less", "float64"),
                                         ("arctan2", "float32"), ("add", "complex128")])
def test_outer_matches_numpy(name, dtype):
    a = random_host((3,), dtype, seed=30)
    b = random_host((2, 4), dtype, seed=31)
    assert_matches(getattr(ga, name).outer(ga.asarray(a), ga.asarray(b)), getattr(numpy, name).outer(a, b))
    out = ga.empty((3, 2, 4), getattr(numpy, name).outer(a, b).dtype)
    assert getattr(ga, name).outer(ga.asarray(a), ga.asarray(b), out=out) is out
    assert_matches(out, getattr(numpy, name).outer(a, b))


@gpu
def test_outer_with_dtype_and_two_outputs():
    a = random_host((3,), "int8", seed=32)
    b = random_host((4,), "int8", seed=33, low=1, high=9)
    assert_matches(ga.multiply.outer(ga.asarray(a), ga.asarray(b), dtype="float64"),
                   numpy.multiply.outer(a.astype("float64"), b.astype("float64")))
    quotient, remainder = ga.divmod.outer(ga.asarray(a), ga.asarray(b))
    expected = numpy.divmod.outer(a, b)
    assert_matches(quotient, expected[0])
    assert_matches(remainder, expected[1])


@gpu
@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_every_dtype_round_trips_through_add_and_equal(dtype):
    x = random_host((2, 3, 4), dtype, seed=34)
    assert_matches(ga.equal(ga.asarray(x), ga.asarray(x)), numpy.ones(x.shape, bool))
    if dtype != "bool":
        assert_matches(ga.add(ga.asarray(x), ga.asarray(x)), numpy.add(x, x))
