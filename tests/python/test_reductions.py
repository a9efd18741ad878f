"""garray's named reductions and statistics (garray/reductions.h) against NumPy: every function
over every dtype it takes, axes as ints, tuples, negatives and None, keepdims, out= and dtype=,
strided views, 0-size and 1-element inputs, NaN and infinity placement, the nan* variants,
average, cov and corrcoef, and the errors NumPy raises. References are computed in float64 (or
complex128) and cast to NumPy's result dtype, so they hold under NumPy 1.x and 2.x alike."""

import warnings

import numpy
import pytest

import garray as ga
from conftest import gpu
from ufunc_support import ALL_DTYPES, COMPLEXES, FLOATS, INTEGERS, assert_matches, random_host, special_floats

SHAPE = (4, 5, 3)
AXES = (None, 0, -1, 1, (0, 2), (-1, 0, 1))
ONE_AXIS = (None, 0, 1, -1)


def _wide(x):
    """x in float64/complex128 (integers and bool too), for references computed at full precision."""
    return x.astype("complex128" if x.dtype.kind == "c" else "float64")


def _reference(function, x, **kwargs):
    """NumPy's `function` at full precision, cast to the dtype NumPy gives on `x` itself."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        dtype = numpy.asarray(function(x, **kwargs)).dtype
        if x.dtype.kind in "biu" and dtype.kind in "biu":
            return numpy.asarray(function(x, **kwargs))
        return numpy.asarray(function(_wide(x), **kwargs)).astype(dtype)


def _scale(x):
    """Tolerance multiplier: longer folds differ more from NumPy's pairwise order in low precision."""
    return 20 if x.dtype == numpy.float16 else 4


# ----- Without a GPU: argument checks made before any device work -----------------------------------


def test_functions_exist_with_numpys_names():
    for name in ("mean", "var", "std", "argmax", "argmin", "count_nonzero", "ptp", "nansum", "nanprod", "nanmin",
                 "nanmax", "nanargmin", "nanargmax", "nanmean", "nanvar", "nanstd", "average", "cov", "corrcoef",
                 "sum", "prod"):
        assert callable(getattr(ga, name)), name
    for method in ("mean", "var", "std", "argmax", "argmin", "ptp", "sum", "prod"):
        assert callable(getattr(ga.ndarray, method)), method


def test_arg_reductions_take_one_axis_and_cov_refuses_weights():
    with pytest.raises(TypeError):
        ga.argmax(None, axis=(0, 1))
    with pytest.raises(NotImplementedError):
        ga.cov(None, fweights=1)
    with pytest.raises(ValueError):
        ga.cov(None, ddof=0.5)


def test_bindings_take_the_destination_as_one_argument():
    # The C (out, stream, result) is one Python argument, None or the destination; cov and corrcoef
    # take no destination, so none. A NULL array reaching the C API's own check shows the arity.
    lib = ga._lib
    for call, name in [(lambda: lib.ga_array_sum(None, None, None), "a"),
                       (lambda: lib.ga_array_mean(None, ((0,), 0, lib.GA_DTYPE_SAME, 0.0), None), "a"),
                       (lambda: lib.ga_array_average(None, None, None, None), "a"),
                       (lambda: lib.ga_array_cov(None, None, 1, 0, -1), "m"),
                       (lambda: lib.ga_array_corrcoef(None, None, 1), "x")]:
        with pytest.raises(ValueError, match=f"argument '{name}' is NULL"):
            call()
    with pytest.raises(TypeError, match="out must be a garray.ndarray"):
        lib.ga_array_sum(None, None, 0)


# ----- Every function, dtype and axis ------------------------------------------------------------------

_SUMS = ("sum", "prod", "nansum", "nanprod")
_STATISTICS = ("mean", "var", "std", "nanmean", "nanvar", "nanstd")
_EXTREMES = ("max", "min", "nanmax", "nanmin", "ptp", "any", "all", "count_nonzero")


def _values(dtype, seed):
    # Small magnitudes keep products finite in every dtype.
    x = random_host(SHAPE, dtype, seed=seed, low=-1.5 if numpy.dtype(dtype).kind in "fc" else None,
                    high=1.5 if numpy.dtype(dtype).kind in "fc" else None)
    if numpy.dtype(dtype).kind in "iu":
        x = random_host(SHAPE, dtype, seed=seed, low=0 if numpy.dtype(dtype).kind == "u" else -3, high=3)
    return x


@gpu
@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("name", _SUMS + _STATISTICS)
def test_sums_and_statistics_match_numpy(name, dtype):
    x = _values(dtype, seed=1)
    a = ga.asarray(x)
    for axis in AXES:
        for keepdims in (False, True):
            expected = _reference(getattr(numpy, name), x, axis=axis, keepdims=keepdims)
            assert_matches(getattr(ga, name)(a, axis=axis, keepdims=keepdims), expected, scale=_scale(x))


@gpu
@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("name", _EXTREMES)
def test_extremes_and_counts_match_numpy(name, dtype):
    x = _values(dtype, seed=2)
    a = ga.asarray(x)
    if name == "ptp" and dtype == "bool":
        with pytest.raises(TypeError):
            ga.ptp(a)
        return
    for axis in AXES:
        for keepdims in (False, True):
            expected = numpy.asarray(getattr(numpy, name)(x, axis=axis, keepdims=keepdims))
            if name == "count_nonzero":
                expected = expected.astype("int64")  # CuPy's int64 array, also for axis=None
            assert_matches(getattr(ga, name)(a, axis=axis, keepdims=keepdims), expected)


@gpu
@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("name", ("argmax", "argmin", "nanargmax", "nanargmin"))
def test_arg_reductions_match_numpy(name, dtype):
    x = _values(dtype, seed=3)
    a = ga.asarray(x)
    for axis in ONE_AXIS:
        for keepdims in (False, True):
            expected = getattr(numpy, name)(x, axis=axis, keepdims=keepdims)
            assert_matches(getattr(ga, name)(a, axis=axis, keepdims=keepdims), numpy.asarray(expected, "int64"))
    assert_matches(getattr(a, name.replace("nan", ""))(axis=1), getattr(numpy, name.replace("nan", ""))(x, axis=1))


@gpu
@pytest.mark.parametrize("dtype", INTEGERS + ("bool",))
def test_integer_sums_widen_as_numpy(dtype):
    x = random_host((7, 9), dtype, seed=4)
    a = ga.asarray(x)
    assert_matches(ga.sum(a), numpy.sum(x))
    assert_matches(ga.sum(a, axis=0, dtype="int32"), numpy.sum(x, axis=0, dtype="int32"))
    assert_matches(ga.mean(a, axis=1), numpy.mean(x, axis=1))
    assert ga.mean(a).dtype == numpy.float64


@gpu
def test_float16_accumulates_in_float32():
    x = numpy.full(10000, 0.1, numpy.float16)
    a = ga.asarray(x)
    exact = numpy.float16(numpy.sum(x.astype("float64")))
    assert ga.sum(a).dtype == numpy.float16
    assert float(ga.sum(a).get()) == pytest.approx(float(exact), rel=2e-3)  # a float16 running sum stalls at 256
    assert float(a.mean().get()) == pytest.approx(float(x[0]), rel=1e-3)


@gpu
def test_dtype_out_and_ddof():
    x = random_host((6, 7), "float32", seed=5)
    a = ga.asarray(x)
    assert_matches(ga.mean(a, axis=0, dtype="float64"), numpy.mean(x.astype("float64"), axis=0))
    for ddof in (0, 1, 2.5, 7, 9):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assert_matches(ga.var(a, axis=0, ddof=ddof), _reference(numpy.var, x, axis=0, ddof=ddof))
            assert_matches(a.std(axis=1, ddof=ddof), _reference(numpy.std, x, axis=1, ddof=ddof))
    out = ga.empty((7,), "float64")
    assert ga.std(a, axis=0, out=out) is out  # computed in float32, as NumPy's, written as float64
    numpy.testing.assert_allclose(out.get(), numpy.std(x.astype("float64"), axis=0), rtol=1e-5)
    positions = ga.empty((6,), "int64")
    assert ga.argmax(a, axis=1, out=positions) is positions
    assert_matches(positions, numpy.argmax(x, axis=1))
    with pytest.raises(ValueError):
        ga.sum(a, axis=0, out=ga.empty((6,), "float32"))
    with pytest.raises(TypeError):
        ga.sum(a, axis=0, out=ga.empty((7,), "int32"))  # float32 -> int32 is not same_kind
    with pytest.raises(TypeError):
        ga.argmax(a, axis=1, out=ga.empty((6,), "int32"))


@gpu
@pytest.mark.parametrize("name,result_dtype", [("sum", "float32"), ("mean", "float32"), ("std", "float32"),
                                               ("nansum", "float32"), ("argmax", "int64")])
def test_refused_destinations_are_not_written(name, result_dtype):
    # docs/design.md, "Destinations": a wrong shape, a dtype the result does not cast to (float32 ->
    # int32 is not same_kind; argmax's int64 -> int32 is not safe) and a read-only out are refused
    # before any work, each message naming out, and out keeps its contents.
    function = getattr(ga, name)
    x = random_host((6, 7), "float32", seed=8)
    a = ga.asarray(x)
    base = ga.full((1,), 7, result_dtype)
    cases = [(ga.full((6,), 7, result_dtype), ValueError, r"out has shape \(6,\) but the result has shape \(7,\)"),
             (ga.full((7,), 7, "int32"), TypeError, f"from {result_dtype} to out's int32"),
             (ga.broadcast_to(base, (7,)), ValueError, "argument 'out' is read-only")]
    for out, error, message in cases:
        with pytest.raises(error, match=message):
            function(a, axis=0, out=out)
        assert (out.get() == 7).all()
    assert (base.get() == 7).all()
    out = ga.full((7,), 7, result_dtype)
    assert function(a, axis=0, out=out) is out  # the destination itself, not a new array over it
    assert_matches(out, _reference(getattr(numpy, name), x, axis=0))


@gpu
def test_complex_statistics_are_numpys():
    z = random_host((5, 6), "complex64", seed=6)
    a = ga.asarray(z)
    assert_matches(ga.var(a, axis=0), _reference(numpy.var, z, axis=0))
    assert ga.var(a).dtype == numpy.float32
    assert_matches(ga.std(a), _reference(numpy.std, z))
    assert_matches(ga.mean(a, axis=1), _reference(numpy.mean, z, axis=1))
    ties = numpy.array([1 + 1j, 1 + 3j, 1 + 3j, 0 + 9j, 1 - 5j], "complex128")
    assert int(ga.argmax(ga.asarray(ties)).get()) == numpy.argmax(ties) == 1
    assert int(ga.argmin(ga.asarray(ties)).get()) == numpy.argmin(ties) == 3
    assert_matches(ga.max(ga.asarray(ties)), numpy.max(ties))
    assert_matches(ga.ptp(ga.asarray(ties)), numpy.ptp(ties))


# ----- Layouts, sizes, special values --------------------------------------------------------------------

_VIEWS = {
    "transposed": lambda x: x.T,
    "stepped": lambda x: x[::2, ::-1],
    "sliced": lambda x: x[1:, 2:7:3],
    "swapped": lambda x: x.swapaxes(0, 1),
}


@gpu
@pytest.mark.parametrize("view", sorted(_VIEWS))
@pytest.mark.parametrize("name", ("sum", "mean", "var", "std", "max", "argmax", "argmin", "nanargmax", "ptp",
                                  "count_nonzero", "nanmean"))
def test_strided_views_match_numpy(name, view):
    x = random_host((6, 9), "float64", seed=7)
    a = _VIEWS[view](ga.asarray(x))
    v = _VIEWS[view](x)
    for axis in (None, 0, 1):
        expected = numpy.asarray(getattr(numpy, name)(v, axis=axis))
        if name == "count_nonzero":
            expected = expected.astype("int64")
        assert_matches(getattr(ga, name)(a, axis=axis), expected)


# Contiguous rows of a multiple of 16 bytes, each 16-byte aligned, are loaded a vector at a time
# (reduction_kernel.cpp): every dtype of at most 8 bytes, with and without an identity; views whose
# rows start unaligned or are not a whole number of vectors long take the scalar loop.
_ROW_VIEWS = {
    "whole": lambda x: x,
    "rows from an aligned offset": lambda x: x[2:],
    "unaligned start": lambda x: x[:, 1:],
    "not whole vectors": lambda x: x[:, :-1],
    "every other row": lambda x: x[::2],
}


@gpu
@pytest.mark.parametrize("dtype", ("bool", "int8", "uint8", "int16", "float16", "int32", "float32", "int64",
                                   "float64", "complex64"))
@pytest.mark.parametrize("view", sorted(_ROW_VIEWS))
def test_rows_loaded_as_vectors_match_numpy(view, dtype):
    host = _values_rows(dtype)
    a = _ROW_VIEWS[view](ga.asarray(host))
    x = _ROW_VIEWS[view](host)
    names = ("sum", "mean", "max", "min", "count_nonzero") + (("prod",) if dtype != "bool" else ())
    for name in names:
        for axis in (1, None):
            expected = numpy.asarray(_reference(getattr(numpy, name), x, axis=axis))
            if name == "count_nonzero":
                expected = expected.astype("int64")
            assert_matches(getattr(ga, name)(a, axis=axis), expected, scale=_scale(x))


def _values_rows(dtype):
    """7 rows of 64 small values (products stay finite)."""
    kind = numpy.dtype(dtype).kind
    if kind in "iu":
        return random_host((7, 64), dtype, seed=12, low=0 if kind == "u" else -1, high=2)
    if kind == "b":
        return random_host((7, 64), dtype, seed=12)
    if kind == "c":  # both parts near 0.7: magnitudes near 1
        return random_host((7, 64), dtype, seed=12, low=0.65, high=0.75)
    return random_host((7, 64), dtype, seed=12, low=0.9, high=1.1)


# Rows of these lengths give blocks of 1 to 32 outputs (reduction_layout.cpp); a block's warps meet
# in the first warp's shuffles where their rows fit in one warp, else in a shared-memory tree
# (reduction_source.cpp). Whole rows load as vectors; every other column does not.
@gpu
@pytest.mark.parametrize("length", (2, 24, 64, 100, 256, 1000, 4096))
@pytest.mark.parametrize("strided", (False, True), ids=("whole", "strided"))
def test_row_block_layouts_match_numpy(length, strided):
    host = random_host((37, 2 * length if strided else length), "float64", seed=5)
    a = ga.asarray(host)
    if strided:
        host, a = host[:, ::2], a[:, ::2]
    for name in ("sum", "max", "argmin"):
        assert_matches(getattr(ga, name)(a, axis=1), numpy.asarray(getattr(numpy, name)(host, axis=1)),
                       scale=_scale(host))


# Column reductions too narrow to fill the device split each output into chunks (from the column
# count and the reduced length: reduction_layout.cpp), folded again by the combine kernel: 4, 8, 2
# and 32 chunks here.
_SPLIT_SHAPES = ((512, 100), (1024, 37), (300, 3), (4096, 64))


@gpu
@pytest.mark.parametrize("shape", _SPLIT_SHAPES, ids=lambda shape: "x".join(map(str, shape)))
@pytest.mark.parametrize("name", ("sum", "mean", "var", "std", "max", "argmax", "nanargmin", "nanmax", "ptp",
                                  "count_nonzero", "all"))
def test_split_column_reductions_match_numpy(name, shape):
    x = random_host(shape, "float32", seed=11)
    if name.startswith("nan"):
        x[::7, ::3] = numpy.nan
    expected = numpy.asarray(_reference(getattr(numpy, name), x, axis=0))
    if name == "count_nonzero":
        expected = expected.astype("int64")
    assert_matches(getattr(ga, name)(ga.asarray(x), axis=0), expected)


@gpu
@pytest.mark.parametrize("name", _SUMS + _STATISTICS + ("count_nonzero", "any", "all"))
def test_empty_and_single_element_inputs(name):
    for shape, axis in (((0,), None), ((0, 3), 0), ((0, 3), 1), ((3, 0), 1), ((1,), None), ((1, 1), 0), ((), None)):
        x = numpy.asarray(random_host(shape, "float32", seed=8))
        expected = numpy.asarray(_reference(getattr(numpy, name), x, axis=axis))
        if name == "count_nonzero":
            expected = expected.astype("int64")
        assert_matches(getattr(ga, name)(ga.asarray(x), axis=axis), expected)


@gpu
@pytest.mark.parametrize("name", ("max", "min", "argmax", "argmin", "ptp", "nanmax", "nanargmin"))
def test_empty_slices_without_identity_raise_value_error(name):
    with pytest.raises(ValueError):
        getattr(ga, name)(ga.empty((3, 0), "float32"), axis=1)
    with pytest.raises(ValueError):
        getattr(ga, name)(ga.empty((0,), "float32"))
    assert getattr(ga, name)(ga.empty((0, 3), "float32"), axis=1).shape == (0,)


@gpu
@pytest.mark.parametrize("dtype", FLOATS)
def test_nan_and_infinity_placement(dtype):
    specials = special_floats(dtype)
    rng = numpy.random.default_rng(9)
    for trial in range(6):
        x = rng.permutation(specials)
        a = ga.asarray(x)
        for name in ("max", "min", "argmax", "argmin", "nanmax", "nanmin", "nanargmax", "nanargmin", "sum",
                     "nansum", "mean", "nanmean", "nanvar", "ptp", "count_nonzero"):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                expected = numpy.asarray(getattr(numpy, name)(x))
            if name == "count_nonzero":
                expected = expected.astype("int64")
            if name in ("sum", "nansum", "mean", "nanmean", "nanvar") and dtype == "float16":
                expected = numpy.asarray(getattr(numpy, name)(x.astype("float64"))).astype(dtype)
            assert_matches(getattr(ga, name)(a), expected)
    # The first NaN wins argmax/argmin, as NumPy's.
    x = numpy.array([1, numpy.nan, 5, numpy.nan], dtype)
    assert int(ga.argmax(ga.asarray(x)).get()) == 1
    assert int(ga.argmin(ga.asarray(x)).get()) == 1


@gpu
def test_nan_variants_skip_nan_and_all_nan_slices():
    x = random_host((5, 6), "float64", seed=10)
    x[0, :] = numpy.nan
    x[1, ::2] = numpy.nan
    x[3, 5] = numpy.nan
    a = ga.asarray(x)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in ("nansum", "nanprod", "nanmin", "nanmax", "nanmean", "nanvar", "nanstd"):
            for axis in (None, 0, 1):
                assert_matches(getattr(ga, name)(a, axis=axis), getattr(numpy, name)(x, axis=axis))
        assert_matches(ga.nanvar(a, axis=1, ddof=1), numpy.nanvar(x, axis=1, ddof=1))
    # An all-NaN slice gives -1, as CuPy's (NumPy raises ValueError).
    for name, fill in (("nanargmax", -numpy.inf), ("nanargmin", numpy.inf)):
        expected = getattr(numpy, name.replace("nan", ""))(numpy.where(numpy.isnan(x), fill, x), axis=1)
        expected[numpy.isnan(x).all(axis=1)] = -1
        assert_matches(getattr(ga, name)(a, axis=1), expected)
        assert_matches(getattr(ga, name)(a, axis=0), getattr(numpy, name)(x, axis=0))


@gpu
def test_float32_sum_of_2_to_24_elements_is_accurate():
    x = numpy.random.default_rng(11).uniform(0, 1, 1 << 24).astype("float32")
    exact = numpy.sum(x.astype("float64"))
    got = float(ga.sum(ga.asarray(x)).get())
    relative = abs(got - exact) / exact
    print(f"float32 sum of 2^24 uniform values: relative error {relative:.3e} (float64 reference)")
    assert relative < 1e-5
    ones = ga.ones(1 << 24, "float32")
    assert float(ones.sum().get()) == float(1 << 24)  # a sequential float32 sum would stop at 2^24 exactly anyway


@gpu
def test_seed_examples():
    x = ga.arange(12, dtype=ga.float32).reshape(3, 4)
    h = numpy.arange(12, dtype=numpy.float32).reshape(3, 4)
    assert_matches(x.mean(axis=0), h.mean(axis=0))
    assert_matches(x.std(axis=0), h.std(axis=0))
    assert_matches(ga.add.reduce(x, axis=1), numpy.add.reduce(h, axis=1))
    assert int(ga.argmax(x).get()) == numpy.argmax(h) == 11
    assert_matches(x.argmax(axis=1), numpy.argmax(h, axis=1))
    assert_matches(x.argmin(axis=0, keepdims=True), numpy.argmin(h, axis=0, keepdims=True))
    assert_matches(x.ptp(axis=1), numpy.ptp(h, axis=1))
    assert_matches(x.var(), h.var())


@gpu
def test_axis_and_dtype_errors_are_numpys():
    a = ga.asarray(random_host((3, 4), "float32", seed=12))
    with pytest.raises(IndexError):
        ga.mean(a, axis=2)
    with pytest.raises(ValueError):
        ga.sum(a, axis=(0, -2))
    with pytest.raises(TypeError):
        ga.argmax(a, axis=(0,))
    with pytest.raises(TypeError):
        ga.ptp(ga.asarray(numpy.array([True, False])))


# ----- average, cov, corrcoef ----------------------------------------------------------------------------


@gpu
def test_average_matches_numpy():
    x = random_host((4, 5), "float64", seed=13)
    w = random_host((4, 5), "float64", seed=14, low=0.5, high=2)
    w1 = random_host((5,), "float64", seed=15, low=0.5, high=2)
    a = ga.asarray(x)
    assert_matches(ga.average(a), numpy.average(x))
    assert_matches(ga.average(a, axis=0), numpy.average(x, axis=0))
    assert_matches(ga.average(a, weights=ga.asarray(w)), numpy.average(x, weights=w))
    assert_matches(ga.average(a, axis=1, weights=ga.asarray(w)), numpy.average(x, axis=1, weights=w))
    assert_matches(ga.average(a, axis=1, weights=ga.asarray(w1)), numpy.average(x, axis=1, weights=w1))
    assert_matches(ga.average(a, axis=-1, weights=ga.asarray(w1), keepdims=True),
                   numpy.average(x, axis=-1, weights=w1, keepdims=True))
    average, scale = ga.average(a, axis=1, weights=ga.asarray(w1), returned=True)
    expected_average, expected_scale = numpy.average(x, axis=1, weights=w1, returned=True)
    assert_matches(average, expected_average)
    assert_matches(scale, expected_scale)
    integers = random_host((3, 4), "int32", seed=16)
    assert_matches(ga.average(ga.asarray(integers), axis=0, weights=ga.asarray(w1[:3])),
                   numpy.average(integers, axis=0, weights=w1[:3]))
    with pytest.raises(ZeroDivisionError):
        ga.average(a, axis=1, weights=ga.zeros(5))
    with pytest.raises(TypeError):
        ga.average(a, weights=ga.asarray(w1))
    with pytest.raises(ValueError):
        ga.average(a, axis=0, weights=ga.asarray(w1))


@gpu
@pytest.mark.parametrize("dtype", ("float64", "float32", "int32", "complex128"))
def test_cov_and_corrcoef_match_numpy(dtype):
    m = random_host((3, 10), dtype, seed=17)
    y = random_host((2, 10), dtype, seed=18)
    a = ga.asarray(m)
    for kwargs in ({}, {"bias": True}, {"ddof": 3}, {"rowvar": False}):
        if kwargs.get("rowvar") is False:
            assert_matches(ga.cov(ga.asarray(m.T), **kwargs), numpy.cov(m.T, **kwargs))
        else:
            assert_matches(ga.cov(a, **kwargs), numpy.cov(m, **kwargs))
    assert_matches(ga.cov(a, ga.asarray(y)), numpy.cov(m, y))
    assert_matches(ga.cov(a[0]), numpy.cov(m[0]))
    assert_matches(ga.corrcoef(a), numpy.corrcoef(m))
    assert_matches(ga.corrcoef(a, ga.asarray(y)), numpy.corrcoef(m, y))
    assert_matches(ga.corrcoef(ga.asarray(m.T), rowvar=False), numpy.corrcoef(m.T, rowvar=False))
    assert_matches(ga.corrcoef(a[1]), numpy.corrcoef(m[1]))
    with pytest.raises(ValueError):
        ga.cov(ga.asarray(random_host((2, 2, 2), "float64")))
    with pytest.raises(ValueError):
        ga.cov(a, ga.asarray(random_host((2, 4), dtype)))


@gpu
@pytest.mark.parametrize("dtype", COMPLEXES)
def test_complex_nan_variants(dtype):
    z = random_host((4, 6), dtype, seed=19)
    z[1, 2] = complex(numpy.nan, 1)
    z[2, 3] = complex(1, numpy.nan)
    a = ga.asarray(z)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in ("nansum", "nanmean", "nanvar"):
            assert_matches(getattr(ga, name)(a, axis=1), _reference(getattr(numpy, name), z, axis=1))
        assert_matches(ga.argmax(a, axis=1), numpy.argmax(z, axis=1))
        assert_matches(ga.nanargmin(a, axis=1), numpy.nanargmin(z, axis=1))
