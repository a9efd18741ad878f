"""Helpers of the ufunc, operator, user-kernel, FFT and linalg tests: random host data of each dtype, and
comparison of a garray result with NumPy's at the dtype's precision.

References are computed by NumPy on operands of explicit dtypes, so that they hold under NumPy 1.x
(Debian's, here) and 2.x (the GPU machine's) alike: neither version's own promotion of Python
scalars is relied on."""

import numpy

import garray as ga

INTEGERS = ("int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64")
FLOATS = ("float16", "float32", "float64")
COMPLEXES = ("complex64", "complex128")
ALL_DTYPES = ("bool",) + INTEGERS + FLOATS + COMPLEXES

# Relative (and, around zero, absolute) tolerances: a few ulps of each precision, since the GPU's
# math differs from the host's by an ulp or two; exact for bool and integers.
_TOLERANCE = {"e": 2e-3, "f": 2e-5, "d": 1e-12, "F": 2e-5, "D": 1e-12}


def standard_normal_host(shape, dtype, seed=0):
    """Standard normal values in `dtype` (complex: standard normal real and imaginary parts)."""
    rng = numpy.random.default_rng(seed)
    values = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        values = values + 1j * rng.standard_normal(shape)
    return values.astype(dtype)


def scaled_normal_host(shape, dtype, seed=0):
    """Normal values with standard deviation 100 in `dtype` (complex: a unit-normal imaginary part),
    for tests of data movement, where the values only need to differ."""
    rng = numpy.random.default_rng(seed)
    values = rng.standard_normal(shape) * 100
    if numpy.dtype(dtype).kind == "c":
        values = values + 1j * rng.standard_normal(shape)
    return values.astype(dtype)


def random_host(shape, dtype, seed=0, low=None, high=None):
    """Random values of `dtype`: integers in [low, high] (default -50..50, 0..50 unsigned), floats
    uniform in [low, high] or normal with standard deviation 2, complex numbers with both parts so."""
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(bool)
    if dtype.kind in "iu":
        low = (0 if dtype.kind == "u" else -50) if low is None else low
        return rng.integers(low, 50 if high is None else high, shape, endpoint=True).astype(dtype)

    def reals():
        return rng.uniform(low, high, shape) if low is not None else rng.standard_normal(shape) * 2

    values = reals()
    if dtype.kind == "c":
        values = values + 1j * reals()
    return values.astype(dtype)


def special_floats(dtype):
    """NaN, infinities, signed zeros and ordinary values of a float dtype."""
    return numpy.array([numpy.nan, numpy.inf, -numpy.inf, -0.0, 0.0, 1.0, -1.0, 0.5, -2.5, 3.0], dtype)


def assert_matches(result, expected, scale=1):
    """`result` (a garray array) has `expected`'s dtype and shape, and its values: exactly for bool
    and integers, to `scale` times the dtype's tolerance for floats (NaN where NaN)."""
    expected = numpy.asarray(expected)
    assert isinstance(result, ga.ndarray), type(result)
    assert result.dtype == expected.dtype, (result.dtype, expected.dtype)
    assert result.shape == expected.shape, (result.shape, expected.shape)
    host = result.get()
    tolerance = _TOLERANCE.get(expected.dtype.char)
    if tolerance is None:
        numpy.testing.assert_array_equal(host, expected)
    else:
        numpy.testing.assert_allclose(host, expected, rtol=scale * tolerance, atol=scale * tolerance, equal_nan=True)
