"""cumsum, cumprod, nancumsum, nancumprod, diff and ufunc.accumulate against NumPy: every dtype, axes
(negative and None), every kernel path (one-pass tile scan, segmented rows, a thread per line,
staging through a copy), non-contiguous views, 0-size and 1-element inputs, sizes around tile
boundaries, NaN placement, out= and dtype=, and the errors.

Integer-valued data makes float sums exact, so most comparisons are exact even though garray's
floating-point sums combine in a tree order within tiles (NumPy's are sequential); random float
data is compared within the error bound of a sum."""

import numpy
import pytest

import garray as ga
from conftest import gpu
from destination_support import check_destination_rules
from ufunc_support import ALL_DTYPES, random_host

TILE_SIZES = [1, 31, 32, 33, 1023, 1024, 1025, 4095, 4096, 4097, 3 * 4096 + 5, 2**20 + 7]
CUMULATIVE = ["cumsum", "cumprod", "nancumsum", "nancumprod"]


def small_values(shape, dtype, seed=0):
    """Integers in [-3, 3] ([0, 3] unsigned, 0/1 bool) as `dtype`: sums of up to 2^20 of them are
    exact in float32 and wider."""
    dtype = numpy.dtype(dtype)
    rng = numpy.random.default_rng(seed)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(bool)
    low = 0 if dtype.kind == "u" else -3
    values = rng.integers(low, 4, shape)
    if dtype.kind == "c":
        values = values + 1j * rng.integers(-3, 4, shape)
    return values.astype(dtype)


def product_values(shape, dtype, seed=0):
    """Values whose running products stay exact: ±1 and occasional 2 or 0.5 (floats), small integers."""
    dtype = numpy.dtype(dtype)
    rng = numpy.random.default_rng(seed)
    if dtype.kind in "biu":
        return small_values(shape, dtype, seed)
    choices = numpy.array([1, -1, 1, -1, 2, 0.5])
    values = rng.choice(choices, shape)
    if dtype.kind == "c":
        values = values + 1j * rng.choice(numpy.array([0, 0, 1, -1]), shape)
    return values.astype(dtype)


def assert_same(result, expected, rtol=0, atol=0):
    expected = numpy.asarray(expected)
    assert isinstance(result, ga.ndarray)
    assert result.dtype == expected.dtype, (result.dtype, expected.dtype)
    assert result.shape == expected.shape, (result.shape, expected.shape)
    if rtol == 0 and atol == 0:
        numpy.testing.assert_array_equal(result.get(), expected)
    else:
        numpy.testing.assert_allclose(result.get(), expected, rtol=rtol, atol=atol, equal_nan=True)


# ----- Without a GPU ------------------------------------------------------------------------------


def test_names_exist():
    for name in CUMULATIVE + ["diff"]:
        assert callable(getattr(ga, name))
    assert callable(ga.add.accumulate)
    assert callable(ga.ndarray.cumsum) and callable(ga.ndarray.cumprod)


def test_a_released_or_missing_array_is_refused():
    with pytest.raises(ValueError, match="ga_array_cumsum"):
        ga._lib.ga_array_cumsum(None, 0, ga._lib.GA_DTYPE_SAME, None)


# ----- cumsum and friends -------------------------------------------------------------------------


@gpu
@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("name", CUMULATIVE)
def test_every_dtype_matches_numpy(name, dtype):
    if dtype == "bool" and name in ("nancumsum", "nancumprod") and numpy.__version__ < "1.25":
        pytest.skip("NumPy before 1.25 cannot nancumsum bool")
    if "sum" in name:
        host = small_values((300 if dtype == "float16" else 5000,), dtype)
    else:
        # Products of powers of two are exact in any grouping while they stay in range: float16's
        # exponent and complex products' growing mantissas keep those arrays short.
        host = product_values((12 if dtype in ("float16", "complex64", "complex128") else 2000,), dtype)
    expected = getattr(numpy, name)(host)
    tolerance = {"rtol": 1e-6} if numpy.dtype(dtype).kind == "c" and "prod" in name else {}
    assert_same(getattr(ga, name)(ga.asarray(host)), expected, **tolerance)


@gpu
@pytest.mark.parametrize("n", TILE_SIZES)
def test_sizes_around_tile_boundaries(n):
    host = small_values((n,), "float32", seed=n)
    assert_same(ga.cumsum(ga.asarray(host)), numpy.cumsum(host))
    assert_same(ga.cumsum(ga.asarray(host.astype("int32"))), numpy.cumsum(host.astype("int32")))
    host64 = small_values((n,), "float64", seed=n)
    assert_same(ga.cumsum(ga.asarray(host64)), numpy.cumsum(host64))


@gpu
@pytest.mark.parametrize("shape", [(37, 53), (5000, 7), (3, 10000), (2, 4096), (20000, 3), (3, 20000), (40, 1000),
                                   (4, 5, 6), (1, 1), (7, 1, 9)])
def test_every_axis(shape):
    host = small_values(shape, "float64")
    device = ga.asarray(host)
    for axis in [None] + list(range(-len(shape), len(shape))):
        assert_same(ga.cumsum(device, axis=axis), numpy.cumsum(host, axis=axis))
    factors = product_values(shape, "float64")
    device_factors = ga.asarray(factors)
    for axis in [None] + list(range(-len(shape), len(shape))):
        assert_same(ga.cumprod(device_factors, axis=axis), numpy.cumprod(factors, axis=axis))


@gpu
def test_non_contiguous_views():
    host = small_values((300, 200), "float32")
    device = ga.asarray(host)
    views = [(device.T, host.T), (device[:, ::2], host[:, ::2]), (device[::-1], host[::-1]),
             (device[10:50, 3:150:3].T, host[10:50, 3:150:3].T)]
    for view, reference in views:
        for axis in (None, 0, 1, -1):
            assert_same(ga.cumsum(view, axis=axis), numpy.cumsum(reference, axis=axis))


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
def test_random_floats_within_the_bound_of_a_sum(dtype):
    host = random_host((100003,), dtype, seed=3)
    reference = numpy.cumsum(host.astype("complex128" if host.dtype.kind == "c" else "float64"))
    bound = 64 * numpy.finfo(dtype).eps * numpy.cumsum(numpy.abs(host))
    result = ga.cumsum(ga.asarray(host)).get()
    assert result.dtype == host.dtype
    assert numpy.all(numpy.abs(result - reference) <= bound + numpy.finfo(dtype).tiny)


@gpu
@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "complex64", "complex128"])
def test_nan_placement(dtype):
    for positions in ([0], [5], [99], [0, 1, 2], list(range(100))):
        host = small_values((100,), dtype, seed=len(positions))
        host[positions] = numpy.nan
        for name in ("nancumsum", "nancumprod", "cumsum"):
            source = host if name != "nancumprod" else numpy.where(numpy.isnan(host), host, 1).astype(dtype)
            assert_same(getattr(ga, name)(ga.asarray(source)), getattr(numpy, name)(source))
    complex_nan = numpy.array([1 + 1j, complex(numpy.nan, 1), complex(1, numpy.nan), 2j], "complex128")
    assert_same(ga.nancumsum(ga.asarray(complex_nan)), numpy.nancumsum(complex_nan))


@gpu
def test_nan_forms_along_an_axis():
    host = small_values((30, 40), "float32")
    host[::7, ::3] = numpy.nan
    for axis in (None, 0, 1):
        assert_same(ga.nancumsum(ga.asarray(host), axis=axis), numpy.nancumsum(host, axis=axis))


@gpu
def test_dtype_and_out():
    host = small_values((50, 60), "int16")
    device = ga.asarray(host)
    assert_same(ga.cumsum(device, dtype="float64"), numpy.cumsum(host, dtype="float64"))
    assert_same(ga.cumsum(device, axis=1, dtype=numpy.int16), numpy.cumsum(host, axis=1, dtype=numpy.int16))
    out = ga.empty((50, 60), dtype="float32")
    assert ga.cumsum(device, axis=0, out=out) is out
    assert_same(out, numpy.cumsum(host, axis=0).astype("float32"))
    out_view = ga.zeros((60, 50), dtype="int64").T
    assert ga.cumprod(device, axis=1, out=out_view) is out_view
    assert_same(out_view, numpy.cumprod(host, axis=1))
    in_place = ga.asarray(host.astype("float64"))
    ga.cumsum(in_place, axis=1, out=in_place)
    assert_same(in_place, numpy.cumsum(host.astype("float64"), axis=1))
    with pytest.raises(ValueError, match="shape"):
        ga.cumsum(device, axis=0, out=ga.empty((60, 50)))
    assert_same(device.cumsum(axis=0), numpy.cumsum(host, axis=0))
    assert_same(device.cumprod(), numpy.cumprod(host))


@gpu
@pytest.mark.parametrize("dtype", ["int32", "uint32", "int64", "uint64", "float32", "float64"])
def test_one_row_running_sums(dtype):
    # A running sum of one contiguous row in its own dtype runs on CUB's scan (cub_sum.hpp): the
    # wrap of a narrow integer, in place, through add.accumulate and nancumsum of integers.
    n = 3 * 4096 + 11
    info = numpy.iinfo(dtype) if numpy.dtype(dtype).kind in "iu" else None
    host = (numpy.full(n, info.max // 1000, dtype) if info is not None else small_values((n,), dtype, seed=5))
    assert_same(ga.cumsum(ga.asarray(host), dtype=dtype), numpy.cumsum(host, dtype=dtype))
    assert_same(ga.add.accumulate(ga.asarray(host), dtype=dtype), numpy.add.accumulate(host, dtype=dtype))
    if info is not None:
        assert_same(ga.nancumsum(ga.asarray(host), dtype=dtype), numpy.nancumsum(host, dtype=dtype))
    in_place = ga.asarray(host)
    assert ga.cumsum(in_place, out=in_place) is in_place
    assert_same(in_place, numpy.cumsum(host, dtype=dtype))


@gpu
def test_empty_and_one_element():
    assert_same(ga.cumsum(ga.zeros((0, 5), dtype="float32"), axis=1), numpy.zeros((0, 5), "float32"))
    assert_same(ga.cumsum(ga.zeros((0,), dtype="int8")), numpy.zeros((0,), "int64"))
    assert_same(ga.cumsum(ga.asarray(numpy.float32(2.5))), numpy.cumsum(numpy.float32(2.5)))
    assert_same(ga.cumprod(ga.asarray(numpy.array([7], "uint8"))), numpy.array([7], "uint64"))
    with pytest.raises(IndexError):
        ga.cumsum(ga.asarray(numpy.float32(2.5)), axis=0)


@gpu
def test_errors():
    device = ga.ones((3, 4))
    with pytest.raises(IndexError):
        ga.cumsum(device, axis=2)
    with pytest.raises(IndexError):
        ga.nancumprod(device, axis=-3)
    with pytest.raises(TypeError):
        ga.cumsum(device, axis=1.5)


# ----- ufunc.accumulate ---------------------------------------------------------------------------


@gpu
def test_accumulate_seed_example():
    assert ga.add.accumulate(ga.linspace(-3, 3, 7)).get().tolist() == [-3, -5, -6, -6, -5, -3, 0]


@gpu
@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "maximum", "minimum", "fmax", "bitwise_xor",
                                  "logical_and", "logical_or", "floor_divide", "power"])
@pytest.mark.parametrize("dtype", ["int64", "int8", "uint32", "float32", "float64", "bool"])
def test_accumulate_matches_numpy(name, dtype):
    ufunc = getattr(numpy, name)
    if dtype == "bool" and name in ("floor_divide", "power"):
        pytest.skip("NumPy's bool loop choice for these differs between versions")
    if name == "power" and numpy.dtype(dtype).kind != "f":
        pytest.skip("a running integer power wraps into negative exponents, which NumPy refuses")
    if name in ("floor_divide", "power"):
        # No zero divisors, no negative integer exponents, and short power chains (each squaring
        # doubles the relative error of a float).
        host = numpy.abs(product_values((20 if name == "power" else 2000,), dtype))
        host = numpy.where(host == 0, 1, host).astype(dtype)
    else:
        host = small_values((2000,), dtype)
    try:
        expected = ufunc.accumulate(host)
    except TypeError:
        with pytest.raises(TypeError):
            getattr(ga, name).accumulate(ga.asarray(host))
        return
    tolerance = {"rtol": 1e-4, "atol": 0} if name == "power" else {}
    assert_same(getattr(ga, name).accumulate(ga.asarray(host)), expected, **tolerance)


@gpu
def test_accumulate_axes_dtype_out():
    host = small_values((6, 7, 8), "int32")
    device = ga.asarray(host)
    for axis in (0, 1, 2, -1, -3):
        assert_same(ga.subtract.accumulate(device, axis=axis), numpy.subtract.accumulate(host, axis=axis))
    assert_same(ga.add.accumulate(device, axis=1, dtype="float64"), numpy.add.accumulate(host, axis=1, dtype="float64"))
    out = ga.empty((6, 7, 8), dtype="int64")
    assert ga.multiply.accumulate(device, axis=2, out=out) is out
    assert_same(out, numpy.multiply.accumulate(host, axis=2, dtype="int64"))
    with pytest.raises(ValueError):
        ga.negative.accumulate(device)
    with pytest.raises(IndexError):
        ga.add.accumulate(device, axis=3)
    with pytest.raises(TypeError):
        ga.subtract.accumulate(ga.ones(4, dtype=bool))


# ----- diff ---------------------------------------------------------------------------------------


@gpu
@pytest.mark.parametrize("dtype", ["int8", "uint8", "int64", "float32", "complex64", "bool"])
def test_diff_matches_numpy(dtype):
    host = small_values((7, 9, 5), dtype)
    device = ga.asarray(host)
    for n in (1, 2, 3):
        for axis in (0, 1, -1):
            assert_same(ga.diff(device, n=n, axis=axis), numpy.diff(host, n=n, axis=axis))
    assert ga.diff(device, n=0) is device


@gpu
def test_diff_prepend_append():
    host = small_values((4, 6), "float64")
    device = ga.asarray(host)
    assert_same(ga.diff(device, prepend=0), numpy.diff(host, prepend=0))
    assert_same(ga.diff(device, axis=0, append=ga.asarray(host[:2])), numpy.diff(host, axis=0, append=host[:2]))
    assert_same(ga.diff(device, prepend=1.5, append=numpy.ones((4, 2))),
                numpy.diff(host, prepend=1.5, append=numpy.ones((4, 2))))
    with pytest.raises(ValueError):
        ga.diff(device, n=-1)
    with pytest.raises(ValueError):
        ga.diff(ga.asarray(numpy.float64(1)))
    with pytest.raises(IndexError):
        ga.diff(device, axis=2)


@gpu
@pytest.mark.parametrize("name", ["cumsum", "cumprod", "nancumsum", "nancumprod"])
def test_destinations_are_checked_first_and_returned_without_an_extra_reference(name, memory_pool):
    device = ga.asarray(random_host((4, 5), "float32", seed=31))
    scan = getattr(ga, name)
    # Scans cast into out= unsafely, as NumPy's: no dtype is refused.
    check_destination_rules(lambda out: scan(device, axis=1, out=out), (4, 5), "float64", memory_pool)
