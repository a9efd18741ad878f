"""garray.ndarray and the creation and manipulation functions, checked against NumPy on a GPU."""

import gc

import numpy
import pytest

import garray as ga
from conftest import gpu
from ufunc_support import scaled_normal_host

pytestmark = gpu

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
          "float32", "float64", "complex64", "complex128"]


@pytest.mark.parametrize("dtype", DTYPES)
def test_round_trip_every_dtype(dtype):
    host = scaled_normal_host((3, 5, 7), dtype)
    array = ga.asarray(host)
    assert isinstance(array, ga.ndarray)
    assert array.shape == host.shape and array.dtype == host.dtype and array.ndim == 3
    assert array.size == host.size and array.itemsize == host.itemsize and array.nbytes == host.nbytes
    assert array.strides == host.strides
    numpy.testing.assert_array_equal(array.get(), host)
    numpy.testing.assert_array_equal(ga.asnumpy(array), host)


@pytest.mark.parametrize("view", [lambda h: h[::2, 1:], lambda h: h.T, lambda h: h[:, ::-3], lambda h: h[1]])
def test_strided_host_data_uploads_in_its_layout(view):
    host = view(scaled_normal_host((6, 9), "float32"))
    numpy.testing.assert_array_equal(ga.array(host).get(), host)


def test_fortran_order():
    host = numpy.asfortranarray(scaled_normal_host((4, 6), "float64"))
    array = ga.array(host)
    assert array.flags.f_contiguous and not array.flags.c_contiguous
    assert array.strides == host.strides
    numpy.testing.assert_array_equal(array.get(), host)
    assert array.get(order="F").flags.f_contiguous


def test_creation_matches_numpy():
    numpy.testing.assert_array_equal(ga.zeros((2, 3), "int16").get(), numpy.zeros((2, 3), "int16"))
    numpy.testing.assert_array_equal(ga.ones(4).get(), numpy.ones(4))
    numpy.testing.assert_array_equal(ga.full((2, 2), 7).get(), numpy.full((2, 2), 7))
    assert ga.full((2,), 7).dtype == numpy.full((2,), 7).dtype
    assert ga.full((2,), 1.5, dtype="float16").get().tolist() == [1.5, 1.5]
    assert ga.empty((3, 0)).shape == (3, 0)
    assert ga.ndarray((2, 3), "uint8").shape == (2, 3)
    numpy.testing.assert_array_equal(ga.eye(3, 4, 1, "float32").get(), numpy.eye(3, 4, 1, "float32"))
    numpy.testing.assert_array_equal(ga.identity(3, int).get(), numpy.identity(3, int))
    numpy.testing.assert_array_equal(ga.tri(4, 3, -1).get(), numpy.tri(4, 3, -1))
    prototype = ga.asarray(numpy.asfortranarray(scaled_normal_host((3, 4), "float32")))
    for like, reference in [(ga.zeros_like, numpy.zeros_like), (ga.ones_like, numpy.ones_like)]:
        result = like(prototype, dtype="int32")
        assert result.dtype == numpy.int32 and result.flags.f_contiguous
        numpy.testing.assert_array_equal(result.get(), reference(prototype.get(), dtype="int32"))
    assert ga.empty_like(prototype, shape=(5,)).shape == (5,)
    numpy.testing.assert_array_equal(ga.full_like(prototype, 2.5).get(), numpy.full((3, 4), 2.5, "float32"))


@pytest.mark.parametrize("args, kwargs", [((10,), {}), ((2, 11, 3), {}), ((0.5, 3.0, 0.25), {}),
                                          ((5, 0, -2), {}), ((7,), {"dtype": "float32"}), ((3, 3), {})])
def test_arange_matches_numpy(args, kwargs):
    expected = numpy.arange(*args, **kwargs)
    result = ga.arange(*args, **kwargs)
    assert result.dtype == expected.dtype
    numpy.testing.assert_allclose(result.get(), expected)


def test_linspace_logspace_meshgrid():
    result, step = ga.linspace(0, 1, 7, retstep=True)
    expected, expected_step = numpy.linspace(0, 1, 7, retstep=True)
    numpy.testing.assert_allclose(result.get(), expected)
    assert step == pytest.approx(expected_step)
    numpy.testing.assert_allclose(ga.linspace(2, 3, 5, endpoint=False).get(), numpy.linspace(2, 3, 5, endpoint=False))
    numpy.testing.assert_allclose(ga.logspace(0, 2, 5, base=2.0).get(), numpy.logspace(0, 2, 5, base=2.0))
    x, y = numpy.arange(3.0), numpy.arange(4.0)
    for indexing in ("xy", "ij"):
        results = ga.meshgrid(ga.asarray(x), ga.asarray(y), indexing=indexing)
        for result, expected in zip(results, numpy.meshgrid(x, y, indexing=indexing)):
            numpy.testing.assert_array_equal(result.get(), expected)
    with pytest.raises(ValueError):
        ga.meshgrid(ga.asarray(x), indexing="yx")


BASIC_KEYS = [0, -1, (1, 2), slice(None, None, -1), (slice(1, None, 2), Ellipsis), (None, 0), (Ellipsis, None),
              (slice(5, 1, -2), slice(None), 3), (), (slice(100, 200),), (0, 0, 0)]


@pytest.mark.parametrize("key", BASIC_KEYS)
def test_basic_indexing_matches_numpy(key):
    host = scaled_normal_host((5, 6, 7), "int32")
    result = ga.asarray(host)[key]
    expected = host[key]
    assert isinstance(result, ga.ndarray)
    assert result.shape == expected.shape and result.strides == expected.strides
    numpy.testing.assert_array_equal(result.get(), expected)


def test_indexing_errors():
    array = ga.zeros((2, 3))
    with pytest.raises(IndexError):
        array[5]
    with pytest.raises(IndexError):
        array[0, 0, 0]
    with pytest.raises(IndexError):
        array[..., ...]
    with pytest.raises(IndexError, match="valid indices"):
        array[True]
    with pytest.raises(ValueError):
        array[::0]
    with pytest.raises(IndexError, match="valid indices"):
        array["a"] = 1


def test_views_share_memory():
    array = ga.zeros((4, 4), "float32")
    view = array[1:3, ::2]
    assert not view.flags.owndata and array.flags.owndata
    view.fill(3)
    expected = numpy.zeros((4, 4), "float32")
    expected[1:3, ::2] = 3
    numpy.testing.assert_array_equal(array.get(), expected)
    assert view.data.ptr == array.data.ptr + 4 * 4


def test_manipulation_matches_numpy():
    host = scaled_normal_host((2, 3, 4), "float64")
    array = ga.asarray(host)
    checks = [
        (array.reshape(4, 6), host.reshape(4, 6)), (array.reshape((6, -1), order="F"), host.reshape((6, -1), order="F")),
        (ga.reshape(array.T, (24,)), numpy.reshape(host.T, (24,))), (array.ravel(), host.ravel()),
        (array.T.ravel(order="K"), host.T.ravel(order="K")), (array.flatten("F"), host.flatten("F")),
        (array.transpose(1, 0, 2), host.transpose(1, 0, 2)), (array.transpose((2, 0, 1)), host.transpose((2, 0, 1))),
        (array.T, host.T), (array.swapaxes(0, 2), host.swapaxes(0, 2)),
        (ga.moveaxis(array, [0, 1], [2, 0]), numpy.moveaxis(host, [0, 1], [2, 0])),
        (ga.expand_dims(array, (0, -1)), numpy.expand_dims(host, (0, -1))),
        (ga.squeeze(ga.expand_dims(array, 1)), host), (array[:, :1].squeeze(axis=1), host[:, :1].squeeze(axis=1)),
        (ga.broadcast_to(array[:, :1], (5, 2, 3, 4)), numpy.broadcast_to(host[:, :1], (5, 2, 3, 4))),
        (ga.atleast_3d(array[0, 0]), numpy.atleast_3d(host[0, 0])), (ga.atleast_1d(array[0, 0, 0]), numpy.atleast_1d(host[0, 0, 0])),
        (ga.ascontiguousarray(array.T), numpy.ascontiguousarray(host.T)),
        (ga.asfortranarray(array), numpy.asfortranarray(host)), (array.copy(order="F"), host.copy(order="F")),
        (array.astype("int16"), host.astype("int16")), (ga.transpose(array, (0, 2, 1)), numpy.transpose(host, (0, 2, 1))),
        (ga.swapaxes(array, 0, 1), numpy.swapaxes(host, 0, 1)), (ga.ravel(array, "F"), numpy.ravel(host, "F")),
    ]
    for result, expected in checks:
        assert result.shape == expected.shape
        numpy.testing.assert_array_equal(result.get(), expected)
    assert not ga.broadcast_to(array, (3, 2, 3, 4)).flags.writeable
    first, second = ga.broadcast_arrays(array[:, :1], ga.asarray(numpy.ones(4)))
    assert first.shape == second.shape == (2, 1, 4)
    x, y = ga.atleast_2d(array[0, 0, 0], array[0])
    assert x.shape == (1, 1) and y.shape == (3, 4)


def test_real_and_imag():
    host = scaled_normal_host((3, 4), "complex64")
    array = ga.asarray(host)
    numpy.testing.assert_array_equal(array.real.get(), host.real)
    numpy.testing.assert_array_equal(ga.imag(array).get(), host.imag)
    real_host = scaled_normal_host((3,), "float32")
    numpy.testing.assert_array_equal(ga.asarray(real_host).imag.get(), numpy.zeros(3, "float32"))
    numpy.testing.assert_array_equal(ga.real(ga.asarray(real_host)).get(), real_host)


def test_manipulation_errors():
    array = ga.zeros((2, 3))
    with pytest.raises(ValueError):
        array.reshape(4, 2)
    with pytest.raises(ValueError):
        array.reshape(-1, -1)
    with pytest.raises(IndexError):
        array.swapaxes(0, 5)
    with pytest.raises(ValueError):
        array.squeeze(0)
    with pytest.raises(ValueError):
        ga.moveaxis(array, [0, 1], [0])
    with pytest.raises(ValueError):
        ga.broadcast_to(array, (3, 3))
    with pytest.raises(ValueError):
        ga.broadcast_arrays(array, ga.zeros(4))
    with pytest.raises(TypeError):
        ga.broadcast_arrays(array, numpy.zeros(3))
    with pytest.raises(ValueError):
        array.reshape(6, order="K")


def test_set_get_fill_item_and_conversions():
    array = ga.empty((2, 3), "int64")
    host = numpy.arange(6).reshape(2, 3)
    array.set(host)
    numpy.testing.assert_array_equal(array.get(), host)
    out = numpy.empty((2, 3), "int64")
    assert array.get(out=out) is out
    numpy.testing.assert_array_equal(out, host)
    assert array.item(4) == 4 and array.item(1, 2) == 5 and array.item((0, 1)) == 1
    assert isinstance(array.item(0), int)
    array.fill(2.9)
    assert array.get().tolist() == [[2, 2, 2], [2, 2, 2]]
    one = ga.full((), 3.5, "float32")
    assert float(one) == 3.5 and int(one) == 3 and complex(one) == 3.5 and bool(one)
    assert ga.asarray(numpy.array(4))[()].__index__() == 4
    assert [1, 2, 3][ga.asarray(numpy.int64(1))] == 2
    assert len(ga.zeros((4, 2))) == 4
    assert [row.get().tolist() for row in ga.asarray(host)] == host.tolist()
    with pytest.raises(ValueError):
        array.set(numpy.zeros((3, 2), "int64"))
    with pytest.raises(TypeError):
        array.set(numpy.zeros((2, 3), "float64"))
    with pytest.raises(ValueError):
        float(array)
    with pytest.raises(TypeError):
        len(one)
    with pytest.raises(TypeError):
        iter(one)
    with pytest.raises(TypeError):
        ga.asarray(numpy.array(1.5)).__index__()
    with pytest.raises(IndexError):
        array.item(9)
    with pytest.raises(IndexError):
        array.item(0, 0, 0)
    with pytest.raises(TypeError):
        array.fill("x")


def test_repr_and_str_like_cupy():
    host = numpy.arange(6, dtype="float32").reshape(2, 3)
    array = ga.asarray(host)
    assert repr(array) == repr(host)
    assert str(array) == str(host)


def test_implicit_numpy_conversion_is_refused():
    with pytest.raises(TypeError, match="get"):
        numpy.asarray(ga.zeros(2))


def test_array_copies_and_asarray_does_not():
    array = ga.arange(5)
    assert ga.asarray(array) is array
    copy = ga.array(array)
    assert copy is not array and copy.data.ptr != array.data.ptr
    assert ga.asarray(array, dtype="float32").dtype == numpy.float32
    assert ga.array([[1, 2]], ndmin=4).shape == (1, 1, 1, 2)
    assert ga.array([1.0, 2.0], dtype="float16").dtype == numpy.float16
    assert ga.get_array_module(array) is ga


def test_attributes():
    array = ga.zeros((3, 4), "float32")
    assert array.device == ga.cuda.Device()
    assert array.data.device_id == array.device.id
    flags = array.flags
    assert flags.c_contiguous and flags["C_CONTIGUOUS"] and flags.writeable and flags.owndata
    assert array.T.flags.f_contiguous


def test_released_handles_are_refused():
    array = ga.zeros(3)
    ga._lib.ga_array_release(array)
    with pytest.raises(ValueError, match="array"):
        array.copy()


def test_arrays_release_their_memory(memory_pool):
    gc.collect()  # earlier tests' garbage would otherwise be freed in the middle of this one
    baseline = memory_pool.used_bytes()
    array = ga.zeros((1024, 1024), "float32")
    view = array[::2].T
    assert memory_pool.used_bytes() >= baseline + array.nbytes
    del array
    gc.collect()
    assert memory_pool.used_bytes() >= baseline + 4 * 1024 * 1024  # the view keeps the buffer
    del view
    gc.collect()
    assert memory_pool.used_bytes() == baseline
