"""Sorting, searching, counting and order statistics on a GPU against NumPy: every dtype, axes,
non-contiguous views, empty and one-element arrays, NaN/inf/-0.0 placement, stability under many
ties, batches of many short rows and of a few long ones, sizes around powers of two, and the
error types. Sorts are stable, so they are compared with NumPy's kind='stable'."""

import numpy
import pytest

import garray as ga
from conftest import gpu

pytestmark = gpu

REAL = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "float32",
        "float64"]
DTYPES = REAL + ["complex64", "complex128"]
FLOATS = ["float16", "float32", "float64"]
# NumPy 2 computes histogram edges of the data's own range in the data's float dtype, as garray
# does; NumPy 1 in float64.
NUMPY_2 = int(numpy.__version__.split(".")[0]) >= 2


def tied(shape, dtype, seed=0, specials=True):
    """Random values with many ties; floats also hold NaN, +-inf and both zeros."""
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(bool)
    values = rng.integers(-20, 20, shape)
    if dtype.kind == "u":
        values = numpy.abs(values) * (1 if dtype.itemsize < 8 else 2**40)
    elif dtype.kind == "i" and dtype.itemsize == 8:
        values = values * 2**40
    if dtype.kind not in "fc":
        return values.astype(dtype)
    values = values / 4.0
    if specials and values.size:
        flat = values.reshape(-1)
        picks = rng.integers(0, 6, flat.size)
        flat[picks == 0] = numpy.nan
        flat[(picks == 1) & (rng.integers(0, 4, flat.size) == 0)] = numpy.inf
        flat[(picks == 2) & (rng.integers(0, 4, flat.size) == 0)] = -numpy.inf
        flat[(picks == 3) & (rng.integers(0, 3, flat.size) == 0)] = -0.0
    if dtype.kind == "c":
        imaginary = tied(shape, "float64", seed + 1, specials)
        values = values + 1j * imaginary
    return values.astype(dtype)


def assert_same(actual, expected):
    """Equal values and dtypes, NaN equal to NaN (-0.0 equal to 0.0)."""
    actual = ga.asnumpy(actual)
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    numpy.testing.assert_array_equal(actual, expected)


SHAPES_AXES = [((0,), -1), ((1,), 0), ((17,), -1), ((255,), 0), ((256,), 0), ((257,), -1), ((1023,), 0),
               ((4097,), 0), ((3, 5, 7), -1), ((3, 5, 7), 0), ((3, 5, 7), 1), ((3, 5, 7), None), ((4, 0, 3), 1),
               ((2, 1), 1)]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape,axis", SHAPES_AXES)
def test_sort_and_argsort_match_numpy_stable(dtype, shape, axis):
    host = tied(shape, dtype)
    device = ga.asarray(host)
    assert_same(ga.sort(device, axis=axis), numpy.sort(host, axis=axis, kind="stable"))
    assert_same(ga.argsort(device, axis=axis), numpy.argsort(host, axis=axis, kind="stable"))


@pytest.mark.parametrize("dtype", DTYPES)
def test_non_contiguous_inputs(dtype):
    host = tied((12, 40), dtype, seed=3)
    device = ga.asarray(host)
    for view, host_view in [(device[:, ::3], host[:, ::3]), (device.T, host.T), (device[::-2, 5:], host[::-2, 5:])]:
        for axis in (0, -1, None):
            assert_same(ga.sort(view, axis=axis), numpy.sort(host_view, axis=axis, kind="stable"))
            assert_same(ga.argsort(view, axis=axis), numpy.argsort(host_view, axis=axis, kind="stable"))


@pytest.mark.parametrize("dtype", ["int16", "uint32", "float32", "float64", "int64", "complex64"])
@pytest.mark.parametrize("shape", [(3000, 5), (7, 1000), (2, 300000), (1, 1 << 20)])
def test_many_short_and_few_long_rows(dtype, shape):
    host = tied(shape, dtype, seed=5)
    device = ga.asarray(host)
    assert_same(ga.sort(device), numpy.sort(host, kind="stable"))
    assert_same(ga.argsort(device), numpy.argsort(host, kind="stable"))
    assert_same(ga.argsort(device, axis=0), numpy.argsort(host, axis=0, kind="stable"))


@pytest.mark.parametrize("size", [2**k + d for k in (10, 16, 20) for d in (-1, 0, 1)])
def test_sizes_around_powers_of_two(size):
    host = numpy.random.default_rng(size).standard_normal(size).astype(numpy.float32)
    host[1::7] = host[::7][: host[1::7].size]  # ties
    device = ga.asarray(host)
    assert_same(ga.sort(device), numpy.sort(host))
    assert_same(ga.argsort(device), numpy.argsort(host, kind="stable"))


@pytest.mark.parametrize("dtype", FLOATS)
def test_nan_inf_and_signed_zero_placement(dtype):
    host = numpy.array([numpy.nan, 1, -numpy.inf, -0.0, 0.0, -numpy.nan, numpy.inf, -0.0, -1], dtype=dtype)
    sorted_values = ga.asnumpy(ga.sort(ga.asarray(host)))
    numpy.testing.assert_array_equal(sorted_values, numpy.sort(host))
    assert numpy.isnan(sorted_values[-2:]).all()
    assert_same(ga.argsort(ga.asarray(host)), numpy.argsort(host, kind="stable"))


@pytest.mark.parametrize("dtype", ["int32", "int64", "uint32", "uint64", "float32", "float64"])
@pytest.mark.parametrize("shape", [((1 << 20) + 3,), (2, (1 << 18) + 5)])
def test_raw_bits_sorts_place_negatives_zeros_and_nans(dtype, shape):
    """These dtypes sort their raw bits and then move negatives (and negative NaNs) into place:
    rows long enough for several rounds of the boundary search, one row and row by row."""
    host = tied(shape, dtype, seed=7)
    if host.dtype.kind == "f":
        flat = host.reshape(-1)
        flat[numpy.random.default_rng(8).integers(0, 9, flat.size) == 0] = numpy.copysign(numpy.nan, -1)
    sorted_values = ga.asnumpy(ga.sort(ga.asarray(host)))
    numpy.testing.assert_array_equal(sorted_values, numpy.sort(host))
    if host.dtype.kind == "f":
        zeros = sorted_values[sorted_values == 0]
        assert numpy.signbit(zeros).any() and not numpy.signbit(zeros).all()


def test_complex_nan_order():
    nan = numpy.nan
    host = numpy.array([1 + 2j, complex(nan, 0), complex(1, nan), 5j, complex(nan, nan), 1 + 1j, complex(nan, -1),
                        complex(-3, nan), 1 + 1j], dtype=numpy.complex128)
    assert_same(ga.argsort(ga.asarray(host)), numpy.argsort(host, kind="stable"))
    assert_same(ga.sort(ga.asarray(host)), numpy.sort(host))


def test_bfloat16_sorts_as_float32():
    host = tied((300,), "float32", seed=9)
    device = ga.asarray(host).astype("bfloat16")
    assert_same(ga.sort(device).astype("float32"), numpy.sort(host))
    assert_same(ga.argsort(device), numpy.argsort(host, kind="stable"))


@pytest.mark.parametrize("dtype", ["int32", "float32", "complex128"])
def test_ndarray_sort_in_place(dtype):
    host = tied((6, 9), dtype, seed=2)
    device = ga.asarray(host)
    view = device[:, ::2]
    view.sort(axis=0)
    expected = host.copy()
    expected[:, ::2] = numpy.sort(host[:, ::2], axis=0)
    assert_same(device, expected)
    device.sort()
    assert_same(device, numpy.sort(expected))
    assert_same(device.argsort(axis=0), numpy.argsort(numpy.sort(expected), axis=0, kind="stable"))


def test_lexsort_matches_numpy():
    rng = numpy.random.default_rng(4)
    keys = [rng.integers(0, 3, 500).astype(numpy.int8), tied((500,), "float64", 1),
            rng.integers(0, 4, 500).astype(numpy.uint16), tied((500,), "complex64", 2)]
    assert_same(ga.lexsort([ga.asarray(k) for k in keys]), numpy.lexsort(keys))
    grid = [rng.integers(0, 3, (4, 50)), rng.integers(0, 3, (4, 50)).astype(numpy.float32)]
    assert_same(ga.lexsort([ga.asarray(k) for k in grid]), numpy.lexsort(grid))
    assert_same(ga.lexsort([ga.asarray(k) for k in grid], axis=0), numpy.lexsort(grid, axis=0))
    stacked = numpy.stack([k.astype(numpy.float64) for k in grid])
    assert_same(ga.lexsort(ga.asarray(stacked)), numpy.lexsort(stacked))


@pytest.mark.parametrize("dtype", ["int64", "float32", "complex64"])
def test_partition_satisfies_numpy_contract(dtype):
    host = tied((5, 33), dtype, seed=6)
    device = ga.asarray(host)
    for kth in (0, 7, -1, [3, 20]):
        result = ga.asnumpy(ga.partition(device, kth))
        expected_sorted = numpy.sort(host, axis=-1)
        for k in numpy.atleast_1d(kth):
            numpy.testing.assert_array_equal(result[:, k], expected_sorted[:, k])
        indices = ga.asnumpy(ga.argpartition(device, kth, axis=-1))
        numpy.testing.assert_array_equal(numpy.take_along_axis(host, indices, axis=-1), expected_sorted)
    copy = device.copy()
    copy.partition(4)
    numpy.testing.assert_array_equal(ga.asnumpy(copy), numpy.sort(host))
    with pytest.raises(ValueError):
        ga.partition(device, 33)
    with pytest.raises(ValueError):
        ga.argpartition(device, -34)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_matches_numpy(dtype, side):
    haystack = numpy.sort(tied((200,), dtype, seed=7))
    needles = tied((6, 11), dtype, seed=8)
    assert_same(ga.searchsorted(ga.asarray(haystack), ga.asarray(needles), side),
                numpy.searchsorted(haystack, needles, side))
    assert_same(ga.asarray(haystack).searchsorted(ga.asarray(needles[0]), side),
                numpy.searchsorted(haystack, needles[0], side))
    unsorted = tied((200,), dtype, seed=7)
    sorter = numpy.argsort(unsorted, kind="stable")
    assert_same(ga.searchsorted(ga.asarray(unsorted), ga.asarray(needles), side, sorter=ga.asarray(sorter)),
                numpy.searchsorted(unsorted, needles, side, sorter=sorter))


def test_searchsorted_scalars_empty_and_mixed_dtypes():
    # A Python scalar is not weak here (NumPy converts it with asarray: int64, float64, complex128) and
    # both sides compare in the promoted dtype: 0.1 < float32(0.1), and 40000 fits beside int16.
    haystack = numpy.array([0.1, 0.5, 0.5, 2.0], dtype=numpy.float32)
    device = ga.asarray(haystack)
    cases = [(haystack, value) for value in (0.1, 0.5, 3, -1, True, 0.5 + 0.1j, numpy.float32(0.1))]
    cases += [(numpy.array([1, 3, 5], numpy.int16), value) for value in (40000, -40000, 3, 2.5)]
    cases += [(numpy.array([0, 7, 255], numpy.uint8), value) for value in (-1, 300, 7)]
    cases += [(numpy.array([0.1, 1.0], numpy.float16), value) for value in (0.1, 1)]
    cases += [(numpy.array([False, True]), value) for value in (True, 1, 0.5)]
    for host_array, value in cases:
        for side in ("left", "right"):
            assert (int(ga.searchsorted(ga.asarray(host_array), value, side)) ==
                    numpy.searchsorted(host_array, value, side)), (host_array.dtype, value, side)
    assert_same(ga.searchsorted(ga.asarray(numpy.array([], numpy.int32)), ga.asarray(numpy.array([1, 2]))),
                numpy.array([0, 0]))
    ints = numpy.array([1, 3, 5], dtype=numpy.int16)
    floats = numpy.array([2.5, 3.0, numpy.nan], dtype=numpy.float64)
    assert_same(ga.searchsorted(ga.asarray(ints), ga.asarray(floats)), numpy.searchsorted(ints, floats))
    with pytest.raises(ValueError):
        ga.searchsorted(device, 1.0, side="middle")
    with pytest.raises(ValueError):
        ga.searchsorted(ga.asarray(numpy.zeros((2, 2))), 1.0)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(0,), (1,), (300,), (7, 9)])
def test_unique_matches_numpy(dtype, shape):
    host = tied(shape, dtype, seed=10)
    device = ga.asarray(host)
    values, index, inverse, counts = numpy.unique(host, return_index=True, return_inverse=True, return_counts=True)
    got_values, got_index, got_inverse, got_counts = ga.unique(device, return_index=True, return_inverse=True,
                                                               return_counts=True)
    assert_same(got_values, values)
    assert_same(got_index, index)
    assert_same(got_inverse, inverse.reshape(host.shape))
    assert_same(got_counts, counts)
    assert_same(ga.unique(device), values)
    only_counts = ga.unique(device, return_counts=True)
    assert len(only_counts) == 2
    assert_same(only_counts[1], counts)


def test_unique_collapses_nans_and_signed_zeros():
    host = numpy.array([numpy.nan, 0.0, -0.0, numpy.nan, 1.0, -numpy.nan])
    values, counts = ga.unique(ga.asarray(host), return_counts=True)
    numpy.testing.assert_array_equal(ga.asnumpy(values), [0.0, 1.0, numpy.nan])
    numpy.testing.assert_array_equal(ga.asnumpy(counts), [2, 1, 3])
    numpy.testing.assert_array_equal(ga.asnumpy(ga.unique(ga.asarray(host))), [0.0, 1.0, numpy.nan])
    complex_host = numpy.array([complex(numpy.nan, 1), complex(2, numpy.nan), 1j, complex(numpy.nan, numpy.nan)])
    assert ga.unique(ga.asarray(complex_host)).size == numpy.unique(complex_host).size == 2


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint8", "int16", "int32", "uint32", "int64"])
def test_bincount_matches_numpy(dtype):
    host = numpy.random.default_rng(11).integers(0, 2 if dtype == "bool" else 50, 1000).astype(dtype)
    weights = numpy.random.default_rng(12).standard_normal(1000)
    device = ga.asarray(host)
    assert_same(ga.bincount(device), numpy.bincount(host))
    assert_same(ga.bincount(device, minlength=80), numpy.bincount(host, minlength=80))
    numpy.testing.assert_allclose(ga.asnumpy(ga.bincount(device, weights=ga.asarray(weights))),
                                  numpy.bincount(host, weights=weights), rtol=1e-12)
    assert_same(ga.bincount(ga.asarray(numpy.array([], dtype)), minlength=3), numpy.bincount(numpy.array([], dtype),
                                                                                            minlength=3))


def test_bincount_errors():
    with pytest.raises(ValueError):
        ga.bincount(ga.asarray(numpy.array([1, -1])))
    with pytest.raises(TypeError):
        ga.bincount(ga.asarray(numpy.array([1.0])))
    with pytest.raises(TypeError):
        ga.bincount(ga.asarray(numpy.array([1], numpy.uint64)))
    with pytest.raises(ValueError):
        ga.bincount(ga.asarray(numpy.zeros((2, 2), numpy.int64)))
    with pytest.raises(ValueError):
        ga.bincount(ga.asarray(numpy.array([1, 2])), minlength=-1)
    with pytest.raises(ValueError):
        ga.bincount(ga.asarray(numpy.array([1, 2])), weights=ga.asarray(numpy.ones(3)))


@pytest.mark.parametrize("dtype", ["int16", "int64", "uint8", "float16", "float32", "float64"])
def test_histogram_matches_numpy(dtype):
    host = (numpy.random.default_rng(13).standard_normal(5000) * 20 + (50 if dtype == "uint8" else 0)).astype(dtype)
    device = ga.asarray(host)
    for bins, limits in [(10, None), (1, None), (37, (-10, 30)), (8, (5, 5))]:
        counts, edges = numpy.histogram(host, bins=bins, range=limits)
        got_counts, got_edges = ga.histogram(device, bins=bins, range=limits)
        if NUMPY_2 or limits is not None or dtype not in ("float16", "float32"):
            assert_same(got_edges, edges)
            assert_same(got_counts, counts)
        else:
            numpy.testing.assert_allclose(ga.asnumpy(got_edges), edges, rtol=2e-3)
            assert int(ga.asnumpy(got_counts).sum()) == int(counts.sum())
    edges = numpy.array([-30, -5, 0, 0, 2.5, 40])
    counts, _ = numpy.histogram(host, bins=edges)
    got_counts, got_edges = ga.histogram(device, bins=ga.asarray(edges))
    assert_same(got_counts, counts)
    counts, edges = numpy.histogram(numpy.array([], dtype))
    assert_same(ga.histogram(ga.asarray(numpy.array([], dtype)))[1], edges)


def test_histogram_errors():
    device = ga.asarray(numpy.array([1.0, 2.0, numpy.nan]))
    with pytest.raises(ValueError):
        ga.histogram(device)  # autodetected range is not finite
    with pytest.raises(ValueError):
        ga.histogram(device, bins=0, range=(0, 1))
    with pytest.raises(ValueError):
        ga.histogram(device, range=(2, 1))
    with pytest.raises(ValueError):
        ga.histogram(device, bins=ga.asarray(numpy.array([0.0, 2.0, 1.0])))
    with pytest.raises(TypeError):
        ga.histogram(ga.asarray(numpy.array([1j])))


@pytest.mark.parametrize("dtype", ["int8", "int64", "uint16", "float16", "float32", "float64"])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
@pytest.mark.parametrize("keepdims", [False, True])
def test_quantile_percentile_median_match_numpy(dtype, axis, keepdims):
    host = (numpy.random.default_rng(14).standard_normal((9, 14)) * 30).astype(dtype)
    device = ga.asarray(host)
    expected_dtype = numpy.dtype(dtype) if numpy.dtype(dtype).kind == "f" else numpy.dtype(numpy.float64)
    tolerance = {"float16": 2e-3, "float32": 1e-6}.get(dtype, 1e-12)
    for q in (0.5, [0.0, 0.25, 1.0], [[0.1, 0.9], [0.33, 0.66]]):
        expected = numpy.quantile(host.astype(numpy.float64), q, axis=axis, keepdims=keepdims)
        result = ga.quantile(device, q, axis=axis, keepdims=keepdims)
        assert result.dtype == expected_dtype
        numpy.testing.assert_allclose(ga.asnumpy(result).astype(numpy.float64), expected, rtol=tolerance, atol=tolerance)
        percentiles = numpy.asarray(q) * 100
        result = ga.percentile(device, percentiles, axis=axis, keepdims=keepdims)
        numpy.testing.assert_allclose(ga.asnumpy(result).astype(numpy.float64),
                                      numpy.percentile(host.astype(numpy.float64), percentiles, axis=axis,
                                                       keepdims=keepdims), rtol=tolerance, atol=tolerance)
    expected = numpy.median(host.astype(numpy.float64), axis=axis, keepdims=keepdims)
    result = ga.median(device, axis=axis, keepdims=keepdims)
    assert result.dtype == expected_dtype
    numpy.testing.assert_allclose(ga.asnumpy(result).astype(numpy.float64), expected, rtol=tolerance, atol=tolerance)


def test_order_statistics_of_nan_rows_and_errors():
    host = numpy.array([[1.0, numpy.nan, 3.0], [4.0, 5.0, 6.0]])
    device = ga.asarray(host)
    numpy.testing.assert_array_equal(ga.asnumpy(ga.median(device, axis=1)), numpy.median(host, axis=1))
    numpy.testing.assert_array_equal(ga.asnumpy(ga.quantile(device, 0.3, axis=1)), numpy.quantile(host, 0.3, axis=1))
    numpy.testing.assert_array_equal(ga.asnumpy(ga.median(ga.asarray(numpy.array([True, False, True])))), 1.0)
    with pytest.raises(ValueError):
        ga.quantile(device, 1.5)
    with pytest.raises(ValueError):
        ga.percentile(device, [50, -1])
    with pytest.raises(TypeError):
        ga.quantile(ga.asarray(numpy.array([1j])), 0.5)
    with pytest.raises(IndexError):
        ga.quantile(ga.asarray(numpy.array([])), 0.5)
    with pytest.raises(IndexError):
        ga.median(device, axis=2)
    out = ga.empty((2,), dtype=numpy.float64)
    assert ga.median(device, axis=1, out=out) is out


def test_axis_errors_and_unsupported_options():
    device = ga.asarray(numpy.arange(6.0).reshape(2, 3))
    with pytest.raises(IndexError):
        ga.sort(device, axis=2)
    with pytest.raises(IndexError):
        ga.argsort(device, axis=-3)
    with pytest.raises(NotImplementedError):
        ga.sort(device, order="x")
    with pytest.raises(NotImplementedError):
        ga.unique(device, axis=0)
    with pytest.raises(IndexError):
        ga.sort(ga.asarray(numpy.float64(1.0)))
    assert_same(ga.sort(ga.asarray(numpy.float64(1.0)), axis=None), numpy.array([1.0]))
