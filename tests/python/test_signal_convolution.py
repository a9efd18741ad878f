"""garray.scipy.signal's convolutions and order filters against scipy.signal: convolve/correlate
(n-d; direct, fft, auto), fftconvolve/oaconvolve (axes), convolve2d/correlate2d (every mode and
boundary, fill values, odd and even kernels), medfilt/medfilt2d/order_filter, choose_conv_method and
correlation_lags, across dtypes; and the exceptions SciPy raises for bad input."""

import numpy
import pytest

import garray as ga
from conftest import gpu

scipy_signal = pytest.importorskip("scipy.signal")

MODES = ("full", "same", "valid")
BOUNDARIES = ("fill", "wrap", "symm")


def _random(shape, dtype, seed):
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind in "iu":
        return rng.integers(-5 if dtype.kind == "i" else 0, 6, size=shape).astype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, size=shape).astype(bool)
    values = rng.standard_normal(shape)
    if dtype.kind == "c":
        values = values + 1j * rng.standard_normal(shape)
    return values.astype(dtype)


def _tolerance(dtype, terms):
    dtype = numpy.dtype(dtype)
    if dtype.kind in "biu":
        return 0
    single = dtype in (numpy.float32, numpy.complex64, numpy.float16)
    return (2e-6 if single else 1e-13) * max(terms, 1) ** 0.5 * 10


def _check(got, expected, terms):
    assert isinstance(got, ga.ndarray)
    host = ga.asnumpy(got)
    assert host.dtype == expected.dtype, (host.dtype, expected.dtype)
    assert host.shape == expected.shape
    tolerance = _tolerance(expected.dtype, terms)
    if tolerance == 0:
        numpy.testing.assert_array_equal(host, expected)
    else:
        scale = max(1.0, float(numpy.abs(expected).max(initial=0)))
        numpy.testing.assert_allclose(host, expected, rtol=tolerance, atol=tolerance * scale)


SHAPES_2D = [((7, 6), (3, 4)), ((5, 5), (2, 2)), ((3, 3), (5, 4)), ((1, 40), (1, 5)), ((150, 70), (31, 31)),
             ((130, 33), (4, 9))]


@gpu
@pytest.mark.parametrize("shapes", SHAPES_2D)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("boundary", BOUNDARIES)
@pytest.mark.parametrize("function", ["convolve2d", "correlate2d"])
def test_convolve2d_matches_scipy(shapes, mode, boundary, function):
    for dtype in ("float32", "float64", "complex64", "complex128", "int32", "uint8"):
        a, b = _random(shapes[0], dtype, 1), _random(shapes[1], dtype, 2)
        expected = getattr(scipy_signal, function)(a, b, mode, boundary, fillvalue=2)
        got = getattr(ga.signal, function)(ga.asarray(a), ga.asarray(b), mode, boundary, fillvalue=2)
        _check(got, expected, b.size)


@gpu
def test_convolve2d_mixed_dtypes_and_boundary_aliases():
    a, b = _random((20, 17), "float32", 3), _random((5, 3), "int16", 4)
    expected = scipy_signal.convolve2d(a, b, "same", "circular")
    _check(ga.signal.convolve2d(ga.asarray(a), ga.asarray(b), "same", "circular"), expected, b.size)
    c = _random((5, 3), "complex128", 5)
    expected = scipy_signal.correlate2d(a, c, "full", "symmetric", fillvalue=1 + 2j)
    _check(ga.signal.correlate2d(ga.asarray(a), ga.asarray(c), "full", "symmetric", fillvalue=1 + 2j), expected, c.size)


def _scipy_convolve(function, a, b, mode, method):
    """SciPy's result; newer SciPy refuses bool inputs of more than one dimension, whose result is
    the integer sum's truth value."""
    if a.dtype == bool and a.ndim > 1:
        return getattr(scipy_signal, function)(a.astype("int64"), b.astype("int64"), mode, method).astype(bool)
    return getattr(scipy_signal, function)(a, b, mode, method)


ND_SHAPES = [((9,), (4,)), ((4,), (9,)), ((100,), (7,)), ((7, 6), (3, 4)), ((3, 3), (5, 4)), ((6, 5, 4), (3, 2, 3)),
             ((2, 3, 4, 5), (2, 2, 1, 3))]


@gpu
@pytest.mark.parametrize("shapes", ND_SHAPES)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("method", ["direct", "fft", "auto"])
@pytest.mark.parametrize("function", ["convolve", "correlate"])
def test_convolve_matches_scipy(shapes, mode, method, function):
    for dtype in ("float32", "float64", "complex64", "complex128", "int64", "bool"):
        if method == "fft" and dtype in ("int64", "bool"):
            continue  # SciPy rounds its float result; garray sums integers exactly (the same values)
        a, b = _random(shapes[0], dtype, 6), _random(shapes[1], dtype, 7)
        expected = _scipy_convolve(function, a, b, mode, method)
        got = getattr(ga.signal, function)(ga.asarray(a), ga.asarray(b), mode, method)
        _check(got, expected, b.size * 4)


@gpu
@pytest.mark.parametrize("mode", MODES)
def test_fftconvolve_and_oaconvolve_match_scipy(mode):
    cases = [((1000,), (37,), None), ((4, 50), (4, 9), -1), ((4, 50), (1, 9), [1]), ((12, 10, 3), (5, 4, 3), (0, 1)),
             ((16, 16), (3, 5), None)]
    for shape1, shape2, axes in cases:
        for dtype in ("float32", "float64", "complex64", "complex128", "int32"):
            a, b = _random(shape1, dtype, 8), _random(shape2, dtype, 9)
            expected = scipy_signal.fftconvolve(a, b, mode, axes)
            for function in (ga.signal.fftconvolve, ga.signal.oaconvolve):
                got = function(ga.asarray(a), ga.asarray(b), mode, axes)
                _check(got, expected.astype(ga.asnumpy(got).dtype) if dtype == "int32" else expected, b.size * 10)


@gpu
def test_zero_dimensional_and_empty_inputs_follow_scipy():
    got = ga.signal.convolve(ga.asarray(numpy.float64(3.0)), ga.asarray(numpy.float64(2.0)))
    assert float(ga.asnumpy(got)) == 6.0
    assert ga.asnumpy(ga.signal.convolve(ga.asarray(numpy.ones(3)), ga.asarray(numpy.ones(0)))).size == 0
    assert ga.asnumpy(ga.signal.fftconvolve(ga.asarray(numpy.ones(0)), ga.asarray(numpy.ones(3)))).size == 0


@gpu
@pytest.mark.parametrize("kernel_size", [3, 5, 7, 9, (3, 5), (1, 7)])
def test_medfilt2d_matches_scipy(kernel_size):
    for dtype in ("float32", "float64", "uint8", "int16"):
        x = _random((61, 47), dtype, 10) if dtype != "uint8" else numpy.random.default_rng(3).integers(
            0, 255, (61, 47)).astype(numpy.uint8)
        expected = scipy_signal.medfilt2d(x, kernel_size)
        _check(ga.signal.medfilt2d(ga.asarray(x), kernel_size), expected, 1)


@gpu
@pytest.mark.parametrize("kernel_size", [None, 3, 5, [3, 1, 5]])
def test_medfilt_matches_scipy(kernel_size):
    for dtype in ("float32", "float64", "int32"):
        x = _random((9, 8, 7), dtype, 11)
        expected = scipy_signal.medfilt(x, kernel_size)
        _check(ga.signal.medfilt(ga.asarray(x), kernel_size), expected, 1)
    noisy_sine = numpy.sin(numpy.linspace(0, 20, 500)) + 0.3 * _random((500,), "float64", 12)
    _check(ga.signal.medfilt(ga.asarray(noisy_sine), 7), scipy_signal.medfilt(noisy_sine, 7), 1)


@gpu
@pytest.mark.parametrize("rank", [0, 2, 4])
def test_order_filter_matches_scipy(rank):
    x = _random((13, 11), "float64", 13)
    domain = numpy.array([[1, 0, 1], [0, 1, 0], [1, 0, 1]])
    _check(ga.signal.order_filter(ga.asarray(x), ga.asarray(domain), rank), scipy_signal.order_filter(x, domain, rank),
           1)


@gpu
def test_choose_conv_method_and_correlation_lags():
    for shape1, shape2, mode in [((10,), (3,), "full"), ((100000,), (5000,), "full"), ((512, 512), (64, 64), "same"),
                                 ((30, 30), (3, 3), "valid")]:
        a, b = numpy.ones(shape1), numpy.ones(shape2)
        assert ga.signal.choose_conv_method(ga.asarray(a), ga.asarray(b), mode) == scipy_signal.choose_conv_method(
            a, b, mode)
    for n1, n2 in [(10, 3), (3, 10), (7, 7)]:
        for mode in MODES:
            numpy.testing.assert_array_equal(ga.asnumpy(ga.signal.correlation_lags(n1, n2, mode)),
                                             scipy_signal.correlation_lags(n1, n2, mode))


@gpu
def test_bad_input_raises_scipy_exceptions_and_leaves_inputs_alone():
    a = ga.asarray(numpy.ones((2, 3)))
    b = ga.asarray(numpy.ones((4, 1)))
    with pytest.raises(ValueError):
        ga.signal.convolve(a, b, "valid")
    with pytest.raises(ValueError):
        ga.signal.convolve2d(a, b, "valid")
    with pytest.raises(ValueError):
        ga.signal.fftconvolve(a, b, "valid")
    with pytest.raises(ValueError):
        ga.signal.convolve(a, a, "middle")
    with pytest.raises(ValueError):
        ga.signal.convolve(a, a, method="slow")
    with pytest.raises(ValueError):
        ga.signal.convolve2d(a, a, boundary="mirror")
    with pytest.raises(ValueError):
        ga.signal.convolve2d(ga.asarray(numpy.ones((2, 2, 2))), a)
    with pytest.raises(ValueError):
        ga.signal.convolve(a, ga.asarray(numpy.ones(3)))
    with pytest.raises(ValueError):
        ga.signal.medfilt(a, 4)
    with pytest.raises(ValueError):
        ga.signal.medfilt2d(a, [3, 2])
    with pytest.raises(ValueError):
        ga.signal.medfilt2d(ga.asarray(numpy.ones(5)))
    with pytest.raises(ValueError):
        ga.signal.order_filter(a, ga.asarray(numpy.ones((2, 3))), 0)
    with pytest.raises(ValueError):
        ga.signal.fftconvolve(a, a, axes=[0, 0])
    numpy.testing.assert_array_equal(ga.asnumpy(a), numpy.ones((2, 3)))
    numpy.testing.assert_array_equal(ga.asnumpy(b), numpy.ones((4, 1)))


def test_signal_namespace_reexports_filter_design():
    from garray._signal_design import __all__ as design
    for name in design + ["get_window", "convolve", "correlate", "fftconvolve", "oaconvolve", "choose_conv_method",
                          "correlation_lags", "convolve2d", "correlate2d", "medfilt", "medfilt2d", "order_filter"]:
        assert hasattr(ga.signal, name), name
    assert ga.signal is ga.scipy.signal


@gpu
def test_case_study_matches_scipy():
    """The seeds' case study with cupyx.scipy.signal replaced by garray.scipy.signal (smaller image)."""
    # [snippet:signal-case-study] (docs/signal.md)
    import garray as ga
    import numpy as np

    comb = ga.zeros((512, 512), dtype=ga.float32)
    comb[::64, ::64] = 1                                    # a Dirac comb: a 1 every 64 pixels
    window = np.hanning(31)
    kernel = ga.asarray(np.outer(window, window) / np.outer(window, window).sum(), dtype=ga.float32)
    blurred = ga.signal.convolve2d(comb, kernel, mode="same", boundary="wrap")

    noisy_sine = ga.asarray(np.sin(np.linspace(0, 20, 1000)) + 0.2 * np.random.default_rng(0).standard_normal(1000))
    smooth = ga.signal.medfilt(noisy_sine, kernel_size=7)
    # [snippet-end]
    expected = scipy_signal.convolve2d(ga.asnumpy(comb), ga.asnumpy(kernel), mode="same", boundary="wrap")
    numpy.testing.assert_allclose(ga.asnumpy(blurred), expected, rtol=1e-5, atol=1e-7)
    numpy.testing.assert_array_equal(ga.asnumpy(smooth), scipy_signal.medfilt(ga.asnumpy(noisy_sine), 7))
