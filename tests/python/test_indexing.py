"""Indexing on a GPU against NumPy: integer arrays mixed with basic items (get and set), boolean
masks, assignment through basic keys, take, put, take_along_axis, put_along_axis, choose, every
index mode, and ufunc.at. As CuPy, integer-array indices outside their axis wrap; the NumPy
reference gets the wrapped indices."""

import numpy
import pytest

import garray as ga
from conftest import gpu
from destination_support import check_destination_rules
from ufunc_support import scaled_normal_host

pytestmark = gpu

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
          "float32", "float64", "complex64", "complex128"]
AT_DTYPES = [dtype for dtype in DTYPES if dtype != "bool"]


def small_integers(shape, dtype, seed=0, low=0, high=8):
    """Values every dtype holds exactly, so that sums in any order agree with NumPy's."""
    values = numpy.random.default_rng(seed).integers(low, high, shape)
    return values.astype(dtype)


def indices(shape, extent, seed=1, low=None):
    return numpy.random.default_rng(seed).integers(-extent if low is None else low, extent, shape)


# Keys on a (5, 6, 7) array, in NumPy's terms; each is also sent with garray arrays for NumPy's.
KEYS = [
    lambda: (numpy.array([4, 0, -1, 2]),),
    lambda: (numpy.array([[0, 1], [3, -2]]),),
    lambda: (numpy.array([1, 2]), numpy.array([0, -1])),
    lambda: (numpy.array([[1], [2], [0]]), numpy.array([[0, 5]])),          # broadcast to (3, 2)
    lambda: (slice(None), numpy.array([5, 0, 3])),
    lambda: (numpy.array([1, 2]), slice(1, 5, 2), numpy.array([0, 6])),     # separated: (2,) first
    lambda: (slice(None, None, -1), numpy.array([2, 1]), numpy.array([3, 3])),
    lambda: (1, slice(None), numpy.array([0, 2, 4])),                       # an integer separates too
    lambda: (slice(None), 2, numpy.array([0, 2, 4])),                       # adjacent to the integer
    lambda: (Ellipsis, numpy.array([6, 0])),
    lambda: (None, numpy.array([0, 4]), Ellipsis, None),
    lambda: (numpy.array([], dtype=numpy.int64),),
    lambda: (numpy.array([0, 1], dtype=numpy.uint8), numpy.array([2], dtype=numpy.int16)),
]


def to_device(key):
    return tuple(ga.asarray(item) if isinstance(item, numpy.ndarray) else item for item in key)


@pytest.mark.parametrize("make_key", KEYS)
@pytest.mark.parametrize("device_keys", [True, False])
def test_getitem_with_integer_arrays_matches_numpy(make_key, device_keys):
    host = scaled_normal_host((5, 6, 7), "float32")
    key = make_key()
    got = ga.asarray(host)[to_device(key) if device_keys else key]
    expected = host[key]
    assert got.shape == expected.shape
    numpy.testing.assert_array_equal(got.get(), expected)


def test_getitem_with_lists_and_scalars_of_numpy():
    host = scaled_normal_host((5, 6), "float64")
    array = ga.asarray(host)
    numpy.testing.assert_array_equal(array[[4, 0, 0]].get(), host[[4, 0, 0]])
    numpy.testing.assert_array_equal(array[[[1, 2]], [[3], [0]]].get(), host[[[1, 2]], [[3], [0]]])
    numpy.testing.assert_array_equal(array[[]].get(), host[[]])
    numpy.testing.assert_array_equal(array[numpy.int64(2), [1, 3]].get(), host[2, [1, 3]])
    numpy.testing.assert_array_equal(array[numpy.array(3)].get(), host[numpy.array(3)])


@pytest.mark.parametrize("dtype", DTYPES)
def test_getitem_every_dtype_on_strided_views(dtype):
    host = scaled_normal_host((8, 9), dtype)
    view = host[::2, ::-3]
    rows = numpy.array([[3, 0], [1, 1]])
    columns = indices((2, 2), 3, seed=2)
    got = ga.asarray(host)[::2, ::-3][ga.asarray(rows), ga.asarray(columns)[:, ::-1]]
    numpy.testing.assert_array_equal(got.get(), view[rows, columns[:, ::-1]])


def test_out_of_range_integer_arrays_wrap_as_cupy():
    host = scaled_normal_host((5, 4), "float32")
    rows = numpy.array([7, -8, 5, -1, 12])
    numpy.testing.assert_array_equal(ga.asarray(host)[rows].get(), host[rows % 5])
    array = ga.asarray(host)
    array[rows, 0] = ga.asarray(numpy.arange(5, dtype=numpy.float32) + 100)
    expected = host.copy()
    expected[rows % 5, 0] = numpy.arange(5) + 100
    # 7, -8 and 12 all wrap to 2: which value lands is unspecified
    got = array.get()
    assert got[2, 0] in (100, 101, 104)
    got[2, 0] = expected[2, 0]
    numpy.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("make_key", KEYS[:11])
def test_setitem_with_integer_arrays_matches_numpy(make_key):
    host = scaled_normal_host((5, 6, 7), "float64")
    key = make_key()
    shape = host[key].shape
    # Unique positions only, so that the result does not depend on which duplicate wins.
    flat = numpy.arange(host.size).reshape(host.shape)[key]
    if numpy.unique(flat).size != flat.size:
        pytest.skip("the key repeats positions")
    values = scaled_normal_host(shape, "float32", seed=5)
    array = ga.asarray(host)
    array[to_device(key)] = ga.asarray(values)
    expected = host.copy()
    expected[key] = values
    numpy.testing.assert_array_equal(array.get(), expected)


@pytest.mark.parametrize("value", [3, 2.5, numpy.float32(-1.5), numpy.int8(7), True, [1, 2, 3, 4, 5, 6, 7],
                                   numpy.arange(7, dtype=numpy.int16)])
def test_setitem_broadcasts_scalars_and_sequences_of_any_dtype(value):
    host = scaled_normal_host((5, 6, 7), "float32")
    array = ga.asarray(host)
    rows = numpy.array([4, 1])
    array[ga.asarray(rows), 2:4] = value
    host[rows, 2:4] = value
    numpy.testing.assert_array_equal(array.get(), host)


@pytest.mark.parametrize("key", [(slice(None, None, 2), slice(1, None, 3)), (1,), (Ellipsis, -1),
                                 (slice(None), None, 2), (slice(None, None, -1),), ()])
@pytest.mark.parametrize("value", [7, -2.25, numpy.complex64(1 + 2j).real, "array", "row"])
def test_setitem_through_basic_keys(key, value):
    host = scaled_normal_host((6, 5), "float64")
    array = ga.asarray(host)
    target_shape = host[key].shape
    if value == "array":
        value = scaled_normal_host(target_shape, "int32", seed=3)
    elif value == "row":
        value = scaled_normal_host(target_shape[-1:], "float32", seed=4)
    array[key] = ga.asarray(value) if isinstance(value, numpy.ndarray) else value
    host[key] = value
    numpy.testing.assert_array_equal(array.get(), host)


def test_seed_diracs_on_a_strided_grid():
    diracs = ga.zeros((2048, 2048), dtype=ga.float32)
    diracs[::512, ::512] = 1.0
    expected = numpy.zeros((2048, 2048), numpy.float32)
    expected[::512, ::512] = 1.0
    numpy.testing.assert_array_equal(diracs.get(), expected)
    assert float(diracs.sum()) == 16


def test_setitem_with_overlapping_values():
    host = scaled_normal_host((6, 4), "float32")
    array = ga.asarray(host)
    array[1:] = array[:-1]
    expected = host.copy()
    expected[1:] = host[:-1]
    numpy.testing.assert_array_equal(array.get(), expected)
    array[[0, 5]] = array[[5, 0]]
    expected[[0, 5]] = expected[[5, 0]].copy()
    numpy.testing.assert_array_equal(array.get(), expected)


@pytest.mark.parametrize("mask_of", [lambda h: h > 0, lambda h: (h > 0)[:, 0], lambda h: [True, False, True, False, True]])
def test_boolean_masks_get_and_set(mask_of):
    host = scaled_normal_host((5, 3), "float32")
    mask = mask_of(host)
    device_mask = ga.asarray(numpy.asarray(mask))
    numpy.testing.assert_array_equal(ga.asarray(host)[device_mask].get(), host[numpy.asarray(mask)])
    numpy.testing.assert_array_equal(ga.asarray(host)[mask].get(), host[mask])
    array = ga.asarray(host)
    array[device_mask] = 0.5
    host[numpy.asarray(mask)] = 0.5
    numpy.testing.assert_array_equal(array.get(), host)


def test_boolean_mask_beside_other_items():
    host = scaled_normal_host((4, 5), "float64")
    columns = numpy.array([True, False, True, True, False])
    numpy.testing.assert_array_equal(ga.asarray(host)[1:3, columns].get(), host[1:3, columns])
    numpy.testing.assert_array_equal(ga.asarray(host)[:, ga.asarray(columns)].get(), host[:, columns])


@pytest.mark.parametrize("mode", ["wrap", "clip", "raise"])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_take_every_mode_and_axis(mode, axis):
    host = scaled_normal_host((4, 6), "float32")
    extent = host.size if axis is None else host.shape[axis]
    valid = indices((3, 2), extent, seed=7)
    numpy.testing.assert_array_equal(ga.take(ga.asarray(host), ga.asarray(valid), axis=axis, mode=mode).get(),
                                     numpy.take(host, valid, axis=axis, mode=mode))
    wild = numpy.array([extent, -extent - 1, 3 * extent + 1, -1, 0])
    if mode == "raise":
        with pytest.raises(IndexError, match="out of bounds"):
            ga.take(ga.asarray(host), wild, axis=axis, mode=mode)
    else:
        numpy.testing.assert_array_equal(ga.asarray(host).take(wild, axis=axis, mode=mode).get(),
                                         numpy.take(host, wild, axis=axis, mode=mode))


def test_take_into_out_and_from_empty_index_lists():
    host = scaled_normal_host((10,), "float64")
    out = ga.empty((3,), dtype=ga.float32)
    assert ga.take(ga.asarray(host), [9, 0, -2], out=out) is out
    numpy.testing.assert_array_equal(out.get(), host[[9, 0, -2]].astype(numpy.float32))
    assert ga.take(ga.asarray(host), []).shape == (0,)
    assert ga.take(ga.zeros((0, 3)), numpy.zeros((0,), numpy.int64), axis=0).shape == (0, 3)
    with pytest.raises(IndexError):
        ga.take(ga.zeros((0,)), [0])


@pytest.mark.parametrize("mode", ["wrap", "clip", "raise"])
def test_put_every_mode_with_repeated_values(mode):
    host = scaled_normal_host((3, 4), "int32")
    positions = numpy.array([0, 5, -1, 7] if mode == "raise" else [0, 5, 13, -20])
    values = numpy.array([10, 20, 30])
    array = ga.asarray(host)
    array.put(ga.asarray(positions), ga.asarray(values), mode=mode)
    numpy.put(host, positions, values, mode=mode)
    numpy.testing.assert_array_equal(array.get(), host)
    if mode == "raise":
        before = array.get()
        with pytest.raises(IndexError):
            ga.put(array, [1, 12], [0, 0], mode="raise")
        numpy.testing.assert_array_equal(array.get(), before)


def test_put_on_a_non_contiguous_array():
    host = scaled_normal_host((4, 5), "float32")
    array = ga.asarray(host)
    ga.put(array.T, [0, 3, 19], 9.0)
    transposed = host.T.copy()
    numpy.put(transposed, [0, 3, 19], 9.0)
    numpy.testing.assert_array_equal(array.get(), transposed.T)


@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_take_and_put_along_axis(axis):
    host = scaled_normal_host((4, 6), "float64")
    order = numpy.argsort(host, axis=axis)
    got = ga.take_along_axis(ga.asarray(host), ga.asarray(order), axis)
    numpy.testing.assert_array_equal(got.get(), numpy.take_along_axis(host, order, axis))
    if axis is None:
        return
    first = numpy.argmax(host, axis=axis)
    first = numpy.expand_dims(first, axis)
    array = ga.asarray(host)
    ga.put_along_axis(array, ga.asarray(first), -1.0, axis)
    numpy.put_along_axis(host, first, -1.0, axis)
    numpy.testing.assert_array_equal(array.get(), host)


@pytest.mark.parametrize("function", ["take", "choose"])
def test_destinations_are_checked_first_and_returned_without_an_extra_reference(function, memory_pool):
    host = scaled_normal_host((10,), "float64")
    source = ga.asarray(host)
    selector = ga.asarray(numpy.array([1, 0, 1]))
    choices = [ga.asarray(host[:3]), ga.asarray(host[3:6])]

    def call(out):
        if function == "take":
            return ga.take(source, [9, 0, -2], out=out)
        return ga.choose(selector, choices, out=out)

    # take and choose cast into out= unsafely: no dtype is refused.
    check_destination_rules(call, (3,), "float64", memory_pool)


@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_choose_matches_numpy(mode):
    selector = numpy.array([[0, 2, 1], [2, 1, 0]]) if mode == "raise" else numpy.array([[0, 5, -1], [3, 1, -4]])
    choices = [numpy.arange(3, dtype=numpy.int32), numpy.full((2, 1), 7.5), scaled_normal_host((2, 3), "float32")]
    got = ga.choose(ga.asarray(selector), [ga.asarray(c) for c in choices], mode=mode)
    expected = numpy.choose(selector, choices, mode=mode)
    assert got.dtype == expected.dtype
    numpy.testing.assert_array_equal(got.get(), expected)
    if mode == "raise":
        with pytest.raises(IndexError):
            ga.asarray(selector + 1).choose([ga.asarray(c) for c in choices])


@pytest.mark.parametrize("dtype", AT_DTYPES)
def test_add_at_accumulates_duplicates_every_dtype(dtype):
    host = small_integers((7, 3), dtype)
    positions = indices((40,), 7, seed=3, low=-7)
    values = small_integers((40, 3), dtype, seed=4, high=3)
    array = ga.asarray(host)
    ga.add.at(array, ga.asarray(positions), ga.asarray(values))
    numpy.add.at(host, positions, values)
    numpy.testing.assert_array_equal(array.get(), host)


@pytest.mark.parametrize("name", ["subtract", "multiply", "maximum", "minimum", "bitwise_and", "bitwise_or",
                                  "bitwise_xor"])
@pytest.mark.parametrize("dtype", ["int8", "uint16", "int32", "uint32", "int64", "uint64", "float16", "float32",
                                   "float64", "complex64"])
def test_other_ufuncs_at(name, dtype):
    if name.startswith("bitwise") and numpy.dtype(dtype).kind not in "iu":
        pytest.skip("bitwise ufuncs take integers")
    if name in ("maximum", "minimum") and numpy.dtype(dtype).kind == "c":
        pytest.skip("complex ordering is lexicographic in both, but keep the test to real values")
    host = small_integers((6,), dtype, high=4)
    positions = numpy.array([0, 1, 1, 3, 3, 3, 5, -1])
    values = small_integers((8,), dtype, seed=9, low=1, high=3)
    array = ga.asarray(host)
    getattr(ga, name).at(array, positions, ga.asarray(values))
    getattr(numpy, name).at(host, positions, values)
    numpy.testing.assert_array_equal(array.get(), host)


def test_ufunc_at_index_forms_and_unary():
    host = numpy.zeros((4, 5), numpy.float64)
    array = ga.asarray(host)
    rows, columns = numpy.array([0, 3, 3, 0]), numpy.array([1, 4, 4, 1])
    ga.add.at(array, (ga.asarray(rows), ga.asarray(columns)), 2.0)
    numpy.add.at(host, (rows, columns), 2.0)
    ga.add.at(array, (slice(1, 3), [0, 0, 2]), numpy.array([1.0, 2.0, 3.0]))
    numpy.add.at(host, (slice(1, 3), [0, 0, 2]), numpy.array([1.0, 2.0, 3.0]))
    ga.negative.at(array, [1, 1, 2])
    numpy.negative.at(host, [1, 1, 2])
    numpy.testing.assert_array_equal(array.get(), host)
    complex_array = ga.zeros((3,), dtype=ga.complex128)
    ga.add.at(complex_array, [0, 0, 2], 1 - 1j)
    numpy.testing.assert_array_equal(complex_array.get(), numpy.array([2 - 2j, 0, 1 - 1j]))
    with pytest.raises(NotImplementedError):
        ga.multiply.at(complex_array, [0], 2j)
    with pytest.raises(TypeError):
        ga.add.at(ga.zeros((3,), dtype=ga.int32), [0], 0.5)


def test_errors_are_numpys():
    array = ga.asarray(scaled_normal_host((3, 4), "float32"))
    with pytest.raises(IndexError):
        array[3]
    with pytest.raises(IndexError):
        array[0, 0, 0]
    with pytest.raises(IndexError):
        array[[0], [0], [0]]
    with pytest.raises(IndexError):
        array[1.0]
    with pytest.raises(IndexError):
        array[numpy.array([1.0])]
    with pytest.raises(IndexError):
        array[ga.asarray(numpy.array([True, False]))]
    with pytest.raises(TypeError):
        array[1.0:2]
    with pytest.raises(IndexError):
        ga.take(array, [0], axis=2)
    with pytest.raises(ValueError):
        array[[0, 1]] = ga.zeros((3, 4))
    with pytest.raises(ValueError):
        ga.take(array, [0], mode="bogus")
    with pytest.raises(ValueError):
        ga.broadcast_to(array, (2, 3, 4))[[0]] = 1.0
