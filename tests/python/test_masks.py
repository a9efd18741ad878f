"""Boolean masks and selection against NumPy: a[mask] and a[mask] = value through the helpers
ndarray indexing calls (_get_mask/_set_mask) and through indexing syntax when it is wired, nonzero,
flatnonzero, argwhere, compress, extract, place and putmask; every dtype, masks over leading axes,
non-contiguous arrays and masks, 0-size and 1-element inputs, sizes around tile boundaries,
all-true and all-false masks, wrong shapes, and the Mandelbrot loop of the seeds."""

import numpy
import pytest

import garray as ga
from conftest import gpu
from garray._masks import _get_mask, _set_mask
from ufunc_support import ALL_DTYPES, random_host

TILE_SIZES = [1, 31, 32, 33, 4095, 4096, 4097, 3 * 4096 + 1, 2**20 + 7]


def random_mask(shape, seed=0, fraction=0.5):
    return numpy.random.default_rng(seed).random(shape) < fraction


def assert_same(result, expected):
    expected = numpy.asarray(expected)
    assert isinstance(result, ga.ndarray)
    assert result.dtype == expected.dtype, (result.dtype, expected.dtype)
    assert result.shape == expected.shape, (result.shape, expected.shape)
    numpy.testing.assert_array_equal(result.get(), expected)


def test_names_exist():
    for name in ("nonzero", "flatnonzero", "argwhere", "compress", "extract", "place", "putmask"):
        assert callable(getattr(ga, name))
    assert callable(ga.ndarray.nonzero) and callable(ga.ndarray.compress)


# ----- a[mask] ------------------------------------------------------------------------------------


@gpu
@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_get_mask_every_dtype(dtype):
    host = random_host((1000,), dtype)
    mask = random_mask((1000,))
    assert_same(_get_mask(ga.asarray(host), ga.asarray(mask)), host[mask])


@gpu
@pytest.mark.parametrize("n", TILE_SIZES)
def test_get_mask_around_tile_boundaries(n):
    host = random_host((n,), "float32", seed=n)
    for mask in (random_mask((n,), seed=n), numpy.ones(n, bool), numpy.zeros(n, bool),
                 numpy.arange(n) % 3 == 2):
        assert_same(_get_mask(ga.asarray(host), ga.asarray(mask)), host[mask])
    int8s = random_host((n,), "int8", seed=n)
    assert_same(_get_mask(ga.asarray(int8s), ga.asarray(mask)), int8s[mask])


@gpu
def test_masks_over_leading_axes():
    host = random_host((6, 5, 4), "float64")
    device = ga.asarray(host)
    for mask in (random_mask((6,)), random_mask((6, 5), seed=1), random_mask((6, 5, 4), seed=2),
                 numpy.zeros((6, 5), bool), numpy.ones((6,), bool)):
        assert_same(_get_mask(device, ga.asarray(mask)), host[mask])
    for flag in (True, False):
        assert_same(_get_mask(device, ga.asarray(numpy.array(flag))), host[numpy.array(flag)])
    scalar = numpy.array(2.5, "float32")
    assert_same(_get_mask(ga.asarray(scalar), ga.asarray(numpy.array(True))), scalar[numpy.array(True)])


@gpu
def test_non_contiguous_arrays_and_masks():
    host = random_host((40, 30), "complex64")
    device = ga.asarray(host)
    big_mask = random_mask((30, 80), seed=5)
    device_mask = ga.asarray(big_mask)
    cases = [(device.T, host.T, device_mask[:, ::2], big_mask[:, ::2]),
             (device[::-1, 3:], host[::-1, 3:], device_mask[::-1][:27, :40].T, big_mask[::-1][:27, :40].T),
             (device[:, ::3], host[:, ::3], device_mask[:1, :40].T[:, 0], big_mask[:1, :40].T[:, 0])]
    for view, reference, mask_view, mask_reference in cases:
        assert_same(_get_mask(view, mask_view), reference[mask_reference])


@gpu
def test_empty_arrays():
    assert_same(_get_mask(ga.zeros((0, 3)), ga.zeros((0,), dtype=bool)), numpy.zeros((0, 3)))
    assert_same(_get_mask(ga.zeros((4, 0)), ga.ones((4,), dtype=bool)), numpy.zeros((4, 0)))
    assert_same(_get_mask(ga.zeros((4, 0)), ga.ones((4, 0), dtype=bool)), numpy.zeros((0,)))


@gpu
def test_wrong_masks_are_refused_naming_both_shapes():
    device = ga.ones((3, 4))
    with pytest.raises(IndexError, match=r"\(4,\).*\(3, 4\)"):
        _get_mask(device, ga.ones((4,), dtype=bool))
    with pytest.raises(IndexError):
        _get_mask(device, ga.ones((3, 4, 1), dtype=bool))
    with pytest.raises(IndexError):
        _get_mask(device, ga.ones((3, 5), dtype=bool))
    with pytest.raises(TypeError):
        _get_mask(device, ga.ones((3,), dtype="float32"))
    with pytest.raises(IndexError):
        _set_mask(device, ga.ones((2,), dtype=bool), 1.0)


# ----- a[mask] = value ----------------------------------------------------------------------------


@gpu
@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_set_mask_every_dtype(dtype):
    host = random_host((500,), dtype)
    mask = random_mask((500,), seed=1)
    values = random_host((int(mask.sum()),), dtype, seed=2)
    device = ga.asarray(host)
    _set_mask(device, ga.asarray(mask), ga.asarray(values))
    host[mask] = values
    assert_same(device, host)
    scalar = random_host((1,), dtype, seed=3)[0]
    _set_mask(device, ga.asarray(~mask), scalar)
    host[~mask] = scalar
    assert_same(device, host)


@gpu
def test_set_mask_values_of_every_form():
    host = numpy.arange(24, dtype="int32").reshape(4, 6)
    device = ga.asarray(host)
    rows = numpy.array([True, False, True, True])
    cells = host % 5 == 1
    for mask, value in [(cells, 7), (cells, numpy.int16(-3)), (cells, 2.9), (rows, [1, 2, 3, 4, 5, 6]),
                        (rows, numpy.arange(18).reshape(3, 6)), (rows, numpy.array([[9], [8], [7]])),
                        (cells, numpy.array(11)), (rows, ga.asarray(numpy.full((1, 6), 5.5))),
                        (numpy.zeros((4, 6), bool), [])]:
        host_value = value.get() if isinstance(value, ga.ndarray) else value
        _set_mask(device, ga.asarray(mask), value)
        host[mask] = numpy.asarray(host_value).astype("int32") if not numpy.isscalar(host_value) else host_value
        assert_same(device, host)
    with pytest.raises(ValueError, match="broadcast"):
        _set_mask(device, ga.asarray(rows), ga.ones((2, 6)))


@gpu
def test_set_mask_on_views_and_from_itself():
    host = random_host((30, 20), "float64")
    device = ga.asarray(host)
    mask = random_mask((20, 30), seed=4)
    _set_mask(device.T, ga.asarray(mask), 0.5)
    host.T[mask] = 0.5
    assert_same(device, host)
    selected = host[host > 0]
    _set_mask(device, ga.asarray(host > 0), _get_mask(device, ga.asarray(host > 0)) * 2)
    host[host > 0] = selected * 2
    assert_same(device, host)


# ----- nonzero and friends ------------------------------------------------------------------------


@gpu
@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_nonzero_every_dtype(dtype):
    host = random_host((17, 23), dtype, seed=7)
    host.flat[::5] = 0
    if host.dtype.kind in "fc":
        host.flat[3] = numpy.nan
    device = ga.asarray(host)
    result = ga.nonzero(device)
    expected = numpy.nonzero(host)
    assert len(result) == len(expected)
    for got, want in zip(result, expected):
        assert_same(got, want.astype("int64"))
    assert_same(ga.flatnonzero(device), numpy.flatnonzero(host).astype("int64"))
    assert_same(ga.argwhere(device), numpy.argwhere(host).astype("int64"))
    for got, want in zip(device.nonzero(), expected):
        assert_same(got, want.astype("int64"))


@gpu
@pytest.mark.parametrize("shape", [(0,), (1,), (4097,), (3, 0, 2), (2, 3, 4, 5), (2**20 + 7,)])
def test_nonzero_shapes(shape):
    host = random_mask(shape, seed=8)
    device = ga.asarray(host)
    for got, want in zip(ga.nonzero(device), numpy.nonzero(host)):
        assert_same(got, want.astype("int64"))
    assert_same(ga.argwhere(device), numpy.argwhere(host).astype("int64"))
    assert_same(ga.flatnonzero(device[::-1]), numpy.flatnonzero(host[::-1]).astype("int64"))


@gpu
def test_zero_dimensional():
    with pytest.raises(ValueError):
        ga.nonzero(ga.asarray(numpy.float32(1)))
    for value in (0.0, 1.0):
        host = numpy.array(value)
        assert_same(ga.argwhere(ga.asarray(host)), numpy.argwhere(host).astype("int64"))
        assert_same(ga.flatnonzero(ga.asarray(host)), numpy.flatnonzero(host).astype("int64"))


@gpu
def test_compress_and_extract():
    host = random_host((5, 6, 7), "float32")
    device = ga.asarray(host)
    for condition in ([True, False, True], [0, 1, 1, 0, 1], numpy.array([1, 0, 0, 0, 0, 0, 2], "int8"), [False] * 5):
        for axis in (None, 0, 1, 2, -1):
            length = len(condition)
            if axis is not None and length > host.shape[axis]:
                continue
            expected = numpy.compress(condition, host, axis=axis)
            assert_same(ga.compress(condition, device, axis=axis), expected)
    assert_same(device.compress([1, 0, 1], axis=1), host.compress([1, 0, 1], axis=1))
    out = ga.empty((5, 2, 7), dtype="float32")
    assert ga.compress([1, 0, 1], device, axis=1, out=out) is out
    assert_same(out, numpy.compress([1, 0, 1], host, axis=1))
    with pytest.raises(IndexError):
        ga.compress([1] * 8, device, axis=2)
    with pytest.raises(ValueError):
        ga.compress(ga.ones((2, 2)), device)
    condition = random_host((5, 6, 7), "int16", seed=9) % 3
    assert_same(ga.extract(ga.asarray(condition), device), numpy.extract(condition, host))
    assert_same(ga.extract(ga.asarray(condition.T), device.T), numpy.extract(condition.T, host.T))
    with pytest.raises(ValueError):
        ga.extract(ga.ones(3), device)


@gpu
@pytest.mark.parametrize("dtype", ["int32", "float64", "complex64", "bool"])
def test_place_and_putmask(dtype):
    host = random_host((9, 11), dtype)
    mask = random_mask((9, 11), seed=10)
    values = random_host((7,), dtype, seed=11)
    for function in ("place", "putmask"):
        expected = host.copy()
        getattr(numpy, function)(expected, mask, values)
        device = ga.asarray(host)
        getattr(ga, function)(device, ga.asarray(mask), ga.asarray(values))
        assert_same(device, expected)
        transposed = ga.asarray(host.T.copy()).T  # a non-contiguous destination
        getattr(ga, function)(transposed, mask, values)
        assert_same(transposed, expected)
    device = ga.asarray(host)
    ga.putmask(device, ga.asarray(mask), ga.asarray(values[:0]))
    assert_same(device, host)
    with pytest.raises(ValueError):
        ga.place(device, ga.asarray(mask), ga.asarray(values[:0]))
    ga.place(device, ga.zeros((9, 11), dtype=bool), ga.asarray(values[:0]))
    with pytest.raises(ValueError):
        ga.putmask(device, ga.ones((3,), dtype=bool), ga.asarray(values))


# ----- The seeds' Mandelbrot loop ----------------------------------------------------------------


def _mandelbrot_grid(size):
    x = numpy.linspace(-2.0, 0.6, size)
    y = numpy.linspace(-1.2, 1.2, size)
    return (x[None, :] + 1j * y[:, None]).astype("complex128")


def _numpy_mandelbrot(C, iterations):
    Z = numpy.zeros_like(C)
    mask = numpy.ones(C.shape, bool)
    counts = numpy.zeros(C.shape, "int64")
    for _ in range(iterations):
        Z[mask] = Z[mask] * Z[mask] + C[mask]
        escaped = numpy.abs(Z) > 2
        mask[escaped] = False
        counts += mask
    return counts


def _assert_counts_agree(counts, expected):
    # Points on the set's boundary may escape an iteration apart where the device rounds a product
    # differently (fused multiply-add); all others must agree.
    assert numpy.mean(counts == expected) > 0.995


def _mandelbrot_start(side):
    """The grid on the host and on the device, and the loop's starting Z, mask and counts."""
    C_host = _mandelbrot_grid(side)
    C = ga.asarray(C_host)
    Z = ga.zeros(C.shape, dtype="complex128")
    return C_host, C, Z, ga.ones(C.shape, dtype=bool), ga.zeros(C.shape, dtype="int64")


@gpu
def test_mandelbrot_with_the_helpers():
    C_host, C, Z, mask, counts = _mandelbrot_start(200)
    for _ in range(30):
        Zm = _get_mask(Z, mask)
        _set_mask(Z, mask, Zm * Zm + _get_mask(C, mask))
        escaped = ga.absolute(Z) > 2
        _set_mask(mask, escaped, False)
        counts += mask
    _assert_counts_agree(counts.get(), _numpy_mandelbrot(C_host, 30))


@gpu
def test_mandelbrot_with_indexing_syntax():
    C_host, C, Z, mask, counts = _mandelbrot_start(200)
    for _ in range(30):
        Z[mask] = Z[mask] * Z[mask] + C[mask]
        escaped = ga.abs(Z) > 2
        mask[escaped] = False
        counts += mask
    _assert_counts_agree(counts.get(), _numpy_mandelbrot(C_host, 30))


@gpu
def test_where_with_the_condition_alone_is_nonzero():
    host = random_mask((7, 5), seed=11)
    found = ga.where(ga.asarray(host))
    assert len(found) == 2
    for got, expected in zip(found, numpy.where(host)):
        assert_same(got, expected.astype("int64"))
    with pytest.raises(ValueError):
        ga.where(ga.asarray(host), 1.0)
