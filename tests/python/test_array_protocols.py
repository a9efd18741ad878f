"""NumPy's dispatch protocols on garray arrays (NEP 13 __array_ufunc__, NEP 18 __array_function__):
NumPy's functions and ufuncs of garray arrays run garray's and return garray arrays, with out=,
dtype=, axis= and keepdims= honoured; what garray lacks returns NotImplemented (TypeError from
NumPy); like= makes garray arrays."""

import numpy
import pytest

import garray as ga
from conftest import gpu

pytestmark = gpu


def _pair(shape=(3, 4), seed=0):
    host = numpy.random.default_rng(seed).standard_normal(shape)
    return ga.asarray(host), host


def test_ufunc_call_returns_garray():
    x, host = _pair()
    result = numpy.sin(x)
    assert isinstance(result, ga.ndarray)
    numpy.testing.assert_allclose(ga.asnumpy(result), numpy.sin(host))


def test_ufunc_out_and_dtype():
    x, host = _pair()
    y, host_y = _pair(seed=1)
    out = ga.empty_like(x)
    assert numpy.add(x, y, out=out) is out
    numpy.testing.assert_allclose(ga.asnumpy(out), host + host_y)
    result = numpy.multiply(x, 2, dtype=numpy.float32)
    assert isinstance(result, ga.ndarray) and result.dtype == numpy.float32


def test_ufunc_methods():
    x, host = _pair()
    numpy.testing.assert_allclose(ga.asnumpy(numpy.add.reduce(x, axis=1, keepdims=True)),
                                  numpy.add.reduce(host, axis=1, keepdims=True))
    numpy.testing.assert_allclose(ga.asnumpy(numpy.multiply.accumulate(x, axis=0)),
                                  numpy.multiply.accumulate(host, axis=0))
    numpy.testing.assert_allclose(ga.asnumpy(numpy.subtract.outer(x[0], x[1])), numpy.subtract.outer(host[0], host[1]))
    target = ga.zeros(4)
    numpy.add.at(target, ga.asarray(numpy.array([0, 0, 2])), 1.0)
    numpy.testing.assert_array_equal(ga.asnumpy(target), [2, 0, 1, 0])


def test_numpy_scalar_operands_and_priority():
    x, host = _pair()
    result = numpy.float64(2.0) * x
    assert isinstance(result, ga.ndarray)
    numpy.testing.assert_allclose(ga.asnumpy(result), 2 * host)


def test_unknown_ufunc_method_and_numpy_arrays_are_refused():
    x, host = _pair()
    with pytest.raises(TypeError):
        numpy.add.reduceat(x, [0, 2])
    with pytest.raises(TypeError):
        numpy.add(x, host)  # no implicit host-to-device transfer, as CuPy
    assert x.__array_ufunc__(numpy.add, "reduceat", x, [0]) is NotImplemented
    assert x.__array_ufunc__(numpy.add, "__call__", x, x, where=True) is NotImplemented


def test_functions_dispatch():
    x, host = _pair()
    y, host_y = _pair(seed=1)
    total = numpy.sum(x, axis=0)
    assert isinstance(total, ga.ndarray)
    numpy.testing.assert_allclose(ga.asnumpy(total), host.sum(axis=0))
    numpy.testing.assert_allclose(ga.asnumpy(numpy.mean(x, axis=1, keepdims=True)), host.mean(axis=1, keepdims=True))
    joined = numpy.concatenate([x, y])
    assert isinstance(joined, ga.ndarray)
    numpy.testing.assert_array_equal(ga.asnumpy(joined), numpy.concatenate([host, host_y]))
    numpy.testing.assert_array_equal(ga.asnumpy(numpy.where(x > 0, x, y)), numpy.where(host > 0, host, host_y))
    u, s, vh = numpy.linalg.svd(x, full_matrices=False)
    assert isinstance(s, ga.ndarray)
    numpy.testing.assert_allclose(ga.asnumpy(s), numpy.linalg.svd(host, compute_uv=False))
    numpy.testing.assert_allclose(ga.asnumpy(u @ (s[:, None] * vh)), host, atol=1e-12)
    spectrum = numpy.fft.fft(x)
    assert isinstance(spectrum, ga.ndarray)
    numpy.testing.assert_allclose(ga.asnumpy(spectrum), numpy.fft.fft(host))


def test_unknown_functions_are_refused():
    x, _host = _pair()
    assert x.__array_function__(numpy.lib.stride_tricks.sliding_window_view, (ga.ndarray,), (x, 2), {}) \
        is NotImplemented
    assert x.__array_function__(numpy.sum, (ga.ndarray, numpy.ndarray), (x,), {}) is NotImplemented
    with pytest.raises(TypeError):
        numpy.concatenate([x, numpy.zeros((1, 4))])


def test_like_makes_garray_arrays():
    x, _host = _pair()
    for made in (numpy.asarray([1.0, 2.0], like=x), numpy.arange(3, like=x), numpy.zeros(3, like=x),
                 numpy.ones((2, 2), like=x), numpy.full(2, 7.0, like=x), numpy.eye(2, like=x)):
        assert isinstance(made, ga.ndarray), made
    numpy.testing.assert_array_equal(ga.asnumpy(numpy.arange(3, like=x)), [0, 1, 2])


def test_operators_do_not_pass_through_the_protocol(monkeypatch):
    x, _host = _pair()
    calls = []
    monkeypatch.setattr(ga._protocols, "array_ufunc", lambda *args: calls.append(args))
    x + x
    x.sum()
    assert calls == []
