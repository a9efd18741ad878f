"""garray.fft against NumPy (references computed in float64/complex128): every transform, sizes
that are powers of two, primes, products of small primes and 1, odd and even lengths for the real
transforms, every norm, several axes in several orders, padding and truncation, non-contiguous
inputs, both precisions (single in, single out, as NumPy 2), the promotions, out=, the errors
NumPy raises, fftfreq/rfftfreq/fftshift/ifftshift, and the plan cache's statistics. NumPy 2-only
arguments are never passed to NumPy, so the references hold under NumPy 1.x too."""

import numpy
import pytest

import garray as ga
from conftest import gpu
from ufunc_support import standard_normal_host

NORMS = (None, "backward", "ortho", "forward")
SIZES = (1, 2, 3, 4, 5, 7, 8, 12, 16, 17, 30, 64, 97, 128, 210, 1000, 1024)
SINGLE = ("float16", "float32", "complex64")


def _wide(x):
    return x.astype("complex128" if x.dtype.kind == "c" else "float64")


def _expected_dtype(name, dtype):
    single = numpy.dtype(dtype).name in SINGLE
    if name in ("irfft", "irfft2", "irfftn", "hfft"):
        return numpy.float32 if single else numpy.float64
    return numpy.complex64 if single else numpy.complex128


def _check(result, expected, dtype, name):
    assert isinstance(result, ga.ndarray)
    got = ga.asnumpy(result)
    assert got.dtype == _expected_dtype(name, dtype), (name, got.dtype)
    assert got.shape == expected.shape, (name, got.shape, expected.shape)
    if expected.size == 0:
        return
    single = numpy.dtype(dtype).name in SINGLE
    scale = max(1.0, float(numpy.abs(expected).max()))
    tolerance = (4e-6 if single else 1e-12) * max(1.0, numpy.log2(expected.size)) * scale
    error = float(numpy.abs(got.astype(expected.dtype) - expected).max())
    assert error <= tolerance, (name, dtype, error, tolerance)


def _compare(name, x, dtype, **kwargs):
    result = getattr(ga.fft, name)(ga.asarray(x), **kwargs)
    reference = numpy.asarray(getattr(numpy.fft, name)(_wide(x), **kwargs))
    _check(result, reference, dtype, name)


# ----- Without a GPU -------------------------------------------------------------------------------


def test_functions_exist_with_numpys_names():
    for name in ("fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2", "rfftn",
                 "irfftn", "hfft", "ihfft", "fftfreq", "rfftfreq", "fftshift", "ifftshift"):
        assert callable(getattr(ga.fft, name)), name
    assert callable(ga.fft.config.get_plan_cache)


def test_host_arrays_are_refused():
    with pytest.raises(TypeError):
        ga.fft.fft(numpy.ones(4))
    with pytest.raises(TypeError):
        ga.fft.fftshift([1, 2, 3])


def test_bindings_take_the_destination_as_one_argument():
    # The C (out, stream, result) is one Python argument, None or the destination. A NULL array
    # reaching the C API's own check shows the arity.
    lib = ga._lib
    for call in (lambda: lib.ga_fft_execute(lib.GA_FFT_FORWARD, None, (None, (0,)), lib.GA_FFT_NORM_BACKWARD, None),
                 lambda: lib.ga_fft_shift(None, None, 0, None)):
        with pytest.raises(ValueError, match="argument 'a' is NULL"):
            call()


def test_zero_frequencies_divide_by_zero_as_numpy():
    with pytest.raises(ZeroDivisionError):
        ga.fft.fftfreq(0)
    with pytest.raises(ZeroDivisionError):
        ga.fft.rfftfreq(4, 0.0)


# ----- Complex transforms --------------------------------------------------------------------------


@gpu
@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
@pytest.mark.parametrize("name", ["fft", "ifft"])
def test_one_dimensional_sizes_and_norms(name, dtype):
    for n in SIZES:
        x = standard_normal_host((3, n), dtype, seed=n)
        for norm in NORMS:
            _compare(name, x, dtype, norm=norm)


@gpu
@pytest.mark.parametrize("name", ["fft", "ifft"])
def test_axis_and_n_pad_or_cut(name):
    x = standard_normal_host((4, 6, 5), "complex128")
    for axis in (0, 1, 2, -1, -3):
        for n in (None, 1, 3, 6, 11):
            _compare(name, x, "complex128", n=n, axis=axis)


@gpu
@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
@pytest.mark.parametrize("name", ["fft2", "ifft2", "fftn", "ifftn"])
def test_several_axes_in_every_order(name, dtype):
    x = standard_normal_host((4, 6, 5), dtype, seed=1)
    for axes in ((-2, -1), (-1, -2), (0, 2), (2, 0), (1,), (0, 1, 2), (2, 1, 0), (1, 0)):
        for norm in (None, "ortho", "forward"):
            _compare(name, x, dtype, axes=axes, norm=norm)
        s = tuple(3 + 2 * i for i in range(len(axes)))
        _compare(name, x, dtype, s=s, axes=axes)
    if name in ("fftn", "ifftn"):
        _compare(name, x, dtype)
        four = standard_normal_host((3, 2, 4, 5), dtype, seed=2)
        _compare(name, four, dtype)
        _compare(name, four, dtype, axes=(0, 3))
        _compare(name, four, dtype, axes=(1, 3, 0, 2))


@gpu
def test_s_without_axes_takes_the_last_axes():
    x = standard_normal_host((3, 4, 5), "complex128")
    result = ga.fft.fftn(ga.asarray(x), s=(6, 2))
    _check(result, numpy.fft.fftn(x, s=(6, 2), axes=(1, 2)), "complex128", "fftn")
    result = ga.fft.fftn(ga.asarray(x), s=(-1, 2), axes=(0, 2))  # -1: the input's length (NumPy 2)
    _check(result, numpy.fft.fftn(x, s=(3, 2), axes=(0, 2)), "complex128", "fftn")


@gpu
def test_non_contiguous_inputs():
    base = standard_normal_host((6, 10, 8), "complex128", seed=3)
    views = {
        "strided": (ga.asarray(base)[:, ::2, 1:], base[:, ::2, 1:]),
        "transposed": (ga.asarray(base).transpose(2, 0, 1), base.transpose(2, 0, 1)),
        "reversed": (ga.asarray(base)[::-1, :, ::-1], base[::-1, :, ::-1]),
        "fortran": (ga.asfortranarray(ga.asarray(base)), numpy.asfortranarray(base)),
    }
    for label, (device, host) in views.items():
        for axes in ((-1,), (0,), (1,), (0, 2), (-2, -1), None):
            _check(ga.fft.fftn(device, axes=axes), numpy.fft.fftn(host, axes=axes), "complex128", "fftn")
            real_device = ga.real(device)
            real_host = host.real
            if axes is not None:
                _check(ga.fft.rfftn(real_device, axes=axes), numpy.fft.rfftn(real_host, axes=axes), "float64",
                       "rfftn")
        _check(ga.fft.ifft(device, axis=1), numpy.fft.ifft(host, axis=1), "complex128", "ifft")


# ----- Real and Hermitian transforms ---------------------------------------------------------------


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_rfft_and_irfft_odd_and_even(dtype):
    complex_dtype = "complex64" if dtype == "float32" else "complex128"
    for n in SIZES:
        x = standard_normal_host((2, n), dtype, seed=n)
        for norm in NORMS:
            _compare("rfft", x, dtype, norm=norm)
        spectrum = standard_normal_host((2, n // 2 + 1), complex_dtype, seed=n)
        spectrum[:, 0] = spectrum[:, 0].real  # Hermitian input: a real DC term (and Nyquist below)
        if n % 2 == 0:
            spectrum[:, -1] = spectrum[:, -1].real
        for norm in NORMS:
            _compare("irfft", spectrum, complex_dtype, n=n, norm=norm)
        if n > 1 and n % 2 == 0:
            _compare("irfft", spectrum, complex_dtype)  # the default n = 2(m-1)


@gpu
@pytest.mark.parametrize("n", [1, 2, 5, 6, 9, 16])
def test_irfft_reads_only_the_real_part_of_the_edge_terms(n):
    # Non-Hermitian input: imaginary parts in the zero-frequency and Nyquist terms, which NumPy
    # ignores (cuFFT alone would not).
    spectrum = standard_normal_host((3, n // 2 + 1), "complex128", seed=n)
    for norm in NORMS:
        _compare("irfft", spectrum, "complex128", n=n, norm=norm)
        _compare("hfft", spectrum, "complex128", n=n, norm=norm)
    _compare("irfft2", standard_normal_host((4, n // 2 + 1), "complex128", seed=n), "complex128", s=(4, n))


@gpu
def test_real_transforms_along_any_axis_with_n():
    x = standard_normal_host((5, 6, 7), "float64", seed=4)
    for axis in (0, 1, 2, -1):
        for n in (None, 1, 4, 9):
            _compare("rfft", x, "float64", n=n, axis=axis)
            _compare("ihfft", x, "float64", n=n, axis=axis)
    spectrum = numpy.fft.rfft(x, axis=1)
    for n in (2, 5, 6, 11):
        _compare("irfft", spectrum, "complex128", n=n, axis=1)
        _compare("hfft", spectrum, "complex128", n=n, axis=1)


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_hfft_and_ihfft(dtype):
    complex_dtype = "complex64" if dtype == "float32" else "complex128"
    for n in (1, 2, 3, 5, 8, 9, 16, 27):
        x = standard_normal_host((3, n), dtype, seed=n)
        for norm in NORMS:
            _compare("ihfft", x, dtype, norm=norm)
        spectrum = numpy.fft.ihfft(_wide(x)).astype(complex_dtype)
        for norm in NORMS:
            _compare("hfft", spectrum, complex_dtype, n=n, norm=norm)


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("shape", [(4, 6), (3, 5, 7), (2, 3, 4, 5)])
def test_rfftn_and_irfftn_round_trip(shape, dtype):
    x = standard_normal_host(shape, dtype, seed=len(shape))
    complex_dtype = "complex64" if dtype == "float32" else "complex128"
    for axes in (None, (-2, -1), (-1, -2), (0, -1), (-1, 0)):
        for norm in NORMS:
            _compare("rfftn", x, dtype, axes=axes, norm=norm)
        spectrum = numpy.fft.rfftn(_wide(x), axes=axes).astype(complex_dtype)
        used = range(len(shape)) if axes is None else axes
        s = tuple(shape[a] for a in used)
        for norm in NORMS:
            _compare("irfftn", spectrum, complex_dtype, s=s, axes=axes, norm=norm)
        round_trip = ga.fft.irfftn(ga.fft.rfftn(ga.asarray(x), axes=axes), s=s, axes=axes)
        _check(round_trip, _wide(x), complex_dtype, "irfftn")
    _compare("rfft2", x, dtype)
    _compare("rfft2", x, dtype, s=(3, 4))
    spectrum = numpy.fft.rfft2(_wide(x)).astype(complex_dtype)
    _compare("irfft2", spectrum, complex_dtype, s=shape[-2:])
    _compare("irfft2", spectrum, complex_dtype, s=(5, 8))


# ----- Dtypes, out=, errors ------------------------------------------------------------------------


@gpu
@pytest.mark.parametrize("dtype", ["bool", "int8", "uint16", "int32", "int64", "float16", "float32", "float64"])
def test_promotions(dtype):
    x = (numpy.arange(24).reshape(4, 6) % 5).astype(dtype)
    _check(ga.fft.fft(ga.asarray(x)), numpy.fft.fft(x.astype("float64")), dtype, "fft")
    _check(ga.fft.rfft2(ga.asarray(x)), numpy.fft.rfft2(x.astype("float64")), dtype, "rfft2")


@gpu
def test_out_is_written_and_returned():
    x = standard_normal_host((4, 8), "complex128")
    out = ga.empty((4, 8), dtype="complex64")
    result = ga.fft.fft(ga.asarray(x), out=out)
    assert result is out
    _check(out, numpy.fft.fft(x), "complex64", "fft")
    real_out = ga.empty((4, 14), dtype="float64")
    assert ga.fft.irfft(ga.asarray(x), n=14, out=real_out) is real_out
    _check(real_out, numpy.fft.irfft(x, n=14), "complex128", "irfft")
    # Outs of other layouts, which the last cuFFT execution may write directly.
    cube = standard_normal_host((3, 4, 5), "complex128", seed=7)
    for axes in ((0,), (1,), (2,), (0, 2), None):
        transposed_out = ga.empty((5, 4, 3), dtype="complex128").transpose(2, 1, 0)
        assert ga.fft.fftn(ga.asarray(cube), axes=axes, out=transposed_out) is transposed_out
        _check(transposed_out, numpy.fft.fftn(cube, axes=axes), "complex128", "fftn")
        strided_out = ga.empty((3, 8, 5), dtype="complex128")[:, ::2, :]
        assert ga.fft.ifftn(ga.asarray(cube), axes=axes, out=strided_out) is strided_out
        _check(strided_out, numpy.fft.ifftn(cube, axes=axes), "complex128", "ifftn")
    real_cube = cube.real.copy()
    rfft_out = ga.empty((3, 5, 3), dtype="complex128").transpose(0, 2, 1)
    assert ga.fft.rfft(ga.asarray(real_cube), axis=1, out=rfft_out) is rfft_out
    _check(rfft_out, numpy.fft.rfft(real_cube, axis=1), "float64", "rfft")
    with pytest.raises(ValueError):
        ga.fft.fft(ga.asarray(x), out=ga.empty((4, 9), dtype="complex128"))
    with pytest.raises(TypeError):
        ga.fft.fft(ga.asarray(x), out=ga.empty((4, 8), dtype="float64"))


@gpu
@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "fftn"])
def test_refused_destinations_are_not_written(name):
    # docs/design.md, "Destinations": a wrong shape, a dtype the result does not cast to (complex128
    # -> float64 is not same_kind) and a read-only out are refused before any work, each message
    # naming out, and out keeps its contents.
    x = standard_normal_host((4, 8), "float64" if name == "rfft" else "complex128", seed=9)
    transform = getattr(ga.fft, name)
    shape = (4, 5) if name == "rfft" else (4, 8)
    base = ga.full((1, shape[1]), 7, "complex128")
    cases = [(ga.full((4, 9), 7, "complex128"), ValueError,
              rf"out has shape \(4, 9\) but the result has shape \({shape[0]}, {shape[1]}\)"),
             (ga.full(shape, 7, "float64"), TypeError, "from complex128 to out's float64"),
             (ga.broadcast_to(base, shape), ValueError, "argument 'out' is read-only")]
    for out, error, message in cases:
        with pytest.raises(error, match=message):
            transform(ga.asarray(x), out=out)
        assert (out.get() == 7).all()
    assert (base.get() == 7).all()


@gpu
def test_empty_batches_and_single_points():
    x = standard_normal_host((0, 4), "complex128")
    _check(ga.fft.fft(ga.asarray(x)), numpy.fft.fft(x), "complex128", "fft")
    one = standard_normal_host((1,), "complex128")
    _compare("fft", one, "complex128")
    _compare("rfft", standard_normal_host((1,), "float64"), "float64")
    _compare("fft", standard_normal_host((3,), "complex128"), "complex128", n=1)


@gpu
def test_errors_are_numpys():
    x = ga.asarray(standard_normal_host((3, 4), "complex128"))
    with pytest.raises(ValueError):
        ga.fft.fft(x, norm="sideways")
    with pytest.raises(ValueError):
        ga.fft.fft(x, n=0)
    with pytest.raises(ValueError):
        ga.fft.fft(ga.asarray(standard_normal_host((0, 4), "complex128")), axis=0)
    with pytest.raises(ValueError):
        ga.fft.irfft(ga.asarray(standard_normal_host((1,), "complex128")))  # the default n is 0
    with pytest.raises(IndexError):
        ga.fft.fft(x, axis=2)
    with pytest.raises(IndexError):
        ga.fft.fftn(x, axes=(0, -3))
    with pytest.raises(ValueError):
        ga.fft.fftn(x, s=(2, 2), axes=(0,))
    with pytest.raises(TypeError):
        ga.fft.rfft(x)
    with pytest.raises(TypeError):
        ga.fft.ihfft(x)


@gpu
def test_round_trip_of_two_to_the_twenty_in_single_precision():
    x = standard_normal_host((1 << 20,), "complex64", seed=20)
    device = ga.asarray(x)
    back = ga.asnumpy(ga.fft.ifft(ga.fft.fft(device)))
    assert back.dtype == numpy.complex64
    relative = float(numpy.abs(back.astype("complex128") - x).max() / numpy.abs(x).max())
    assert relative <= 1e-6, relative


# ----- Helpers -------------------------------------------------------------------------------------


@gpu
def test_frequencies():
    for n in range(1, 12):
        for d in (1.0, 0.1, 3):
            for name in ("fftfreq", "rfftfreq"):
                result = getattr(ga.fft, name)(n, d)
                expected = getattr(numpy.fft, name)(n, d)
                got = ga.asnumpy(result)
                assert got.dtype == numpy.float64
                numpy.testing.assert_allclose(got, expected, rtol=1e-15, atol=0)


@gpu
@pytest.mark.parametrize("shape", [(7,), (8,), (4, 5), (3, 4, 6)])
def test_shifts(shape):
    x = numpy.arange(numpy.prod(shape)).reshape(shape).astype("float32")
    device = ga.asarray(x)
    choices = [None, 0, -1, (0,), tuple(range(len(shape)))]
    if len(shape) > 1:
        choices.append((1, 0))
    for axes in choices:
        for name in ("fftshift", "ifftshift"):
            got = ga.asnumpy(getattr(ga.fft, name)(device, axes=axes))
            numpy.testing.assert_array_equal(got, getattr(numpy.fft, name)(x, axes=axes))
    frequencies = ga.fft.fftfreq(9)
    numpy.testing.assert_array_equal(ga.asnumpy(ga.fft.ifftshift(ga.fft.fftshift(frequencies))),
                                     numpy.fft.fftfreq(9))


# ----- Plan cache ----------------------------------------------------------------------------------


@gpu
def test_plan_cache_statistics_and_bounds(capsys):
    cache = ga.fft.config.get_plan_cache()
    cache.set_size(16)
    cache.set_memsize(-1)
    cache.clear()
    assert cache.get_curr_size() == 0
    assert cache.get_curr_memsize() == 0
    assert cache.size == 16 and cache.get_size() == 16
    assert cache.memsize == -1 and cache.get_memsize() == -1
    x = ga.asarray(standard_normal_host((2, 1237), "complex128"))
    misses, hits = cache.misses, cache.hits
    ga.fft.fft(x)
    assert cache.misses == misses + 1
    assert cache.get_curr_size() == 1
    ga.fft.ifft(x)  # one C2C plan serves both directions
    assert cache.hits == hits + 1
    assert cache.misses == misses + 1
    info = cache.get_info()
    assert set(info) == {"size", "max_size", "memory", "memory_limit", "hits", "misses"}

    cache.size = 0
    assert cache.get_curr_size() == 0
    ga.fft.fft(x)
    assert cache.get_curr_size() == 0
    cache.size = 16
    for n in range(40, 60):
        ga.fft.fft(ga.asarray(standard_normal_host((n,), "complex64")))
    assert cache.get_curr_size() == 16
    cache.set_size(2)
    assert cache.get_curr_size() == 2
    cache.set_size(16)
    cache.memsize = 0  # only plans needing no work area may stay
    assert cache.get_curr_memsize() == 0
    cache.memsize = -1
    cache.show_info()
    assert "cuFFT plan cache" in capsys.readouterr().out
    with pytest.raises(ValueError):
        cache.set_size(-2)
    ga.fft.config.set_plan_cache_size(16)
    assert ga.fft.config.get_plan_cache_size() == 16
    ga.fft.config.clear_plan_cache()
    assert cache.get_curr_size() == 0
