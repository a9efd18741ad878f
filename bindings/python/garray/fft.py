"""Discrete Fourier transforms with NumPy's signatures (numpy.fft, cupy.fft) over garray/fft.h:
fft, ifft, fft2, ifft2, fftn, ifftn, rfft, irfft, rfft2, irfft2, rfftn, irfftn, hfft, ihfft,
fftfreq, rfftfreq, fftshift and ifftshift, on cuFFT with a plan cache per device (`config`).

float32/complex64 transform in single precision and float64/complex128 in double, as NumPy 2;
bool and integers promote to float64; float16 computes in float32, as CuPy does. Every transform
is one C call, which passes NumPy's `s` and `axes` as the tuple (s or None, axes or None).

    import garray as ga
    x = ga.arange(8, dtype=ga.float32)
    ga.fft.rfft(x, norm="ortho")
"""

import operator

from garray import _dtypes
from garray import _fft_config as config
from garray._array_api import check_device
from garray._library import lib
from garray._ndarray import ndarray

__all__ = ["fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2", "rfftn", "irfftn",
           "hfft", "ihfft", "fftfreq", "rfftfreq", "fftshift", "ifftshift", "config"]

_NORMS = {None: lib.GA_FFT_NORM_BACKWARD, "backward": lib.GA_FFT_NORM_BACKWARD, "ortho": lib.GA_FFT_NORM_ORTHO,
          "forward": lib.GA_FFT_NORM_FORWARD}


def _norm_code(norm):
    try:
        return _NORMS[norm]
    except (KeyError, TypeError):
        raise ValueError(f'Invalid norm value {norm!r}; should be "backward", "ortho" or "forward".') from None


def _array(a):
    if not isinstance(a, ndarray):
        raise TypeError(f"The input array a must be a garray.ndarray, not {type(a).__name__}")
    return a


def _sequence(values):
    if values is None:
        return None
    if isinstance(values, (list, tuple)):
        return tuple(operator.index(value) for value in values)
    return (operator.index(values),)


def _transform(kind, a, s, axes, norm, out):
    return lib.ga_fft_execute(kind, _array(a), (_sequence(s), _sequence(axes)), _norm_code(norm), out)


def _one_axis(kind, a, n, axis, norm, out):
    return _transform(kind, a, None if n is None else (operator.index(n),), (operator.index(axis),), norm, out)


def fft(a, n=None, axis=-1, norm=None, out=None):
    """The 1-D discrete Fourier transform along `axis`, the input cut or zero-padded to `n`."""
    return _one_axis(lib.GA_FFT_FORWARD, a, n, axis, norm, out)


def ifft(a, n=None, axis=-1, norm=None, out=None):
    """The 1-D inverse transform (scaled by 1/n with the default norm)."""
    return _one_axis(lib.GA_FFT_INVERSE, a, n, axis, norm, out)


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return _transform(lib.GA_FFT_FORWARD, a, s, axes, norm, out)


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return _transform(lib.GA_FFT_INVERSE, a, s, axes, norm, out)


def fftn(a, s=None, axes=None, norm=None, out=None):
    """The n-D transform over `axes` (None: every axis, or the last len(s) when `s` is given)."""
    return _transform(lib.GA_FFT_FORWARD, a, s, axes, norm, out)


def ifftn(a, s=None, axes=None, norm=None, out=None):
    return _transform(lib.GA_FFT_INVERSE, a, s, axes, norm, out)


def rfft(a, n=None, axis=-1, norm=None, out=None):
    """The transform of real input: n/2+1 complex values along `axis`."""
    return _one_axis(lib.GA_FFT_REAL_FORWARD, a, n, axis, norm, out)


def irfft(a, n=None, axis=-1, norm=None, out=None):
    """The inverse of rfft: `n` real values along `axis` (default 2(m-1))."""
    return _one_axis(lib.GA_FFT_REAL_INVERSE, a, n, axis, norm, out)


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return _transform(lib.GA_FFT_REAL_FORWARD, a, s, axes, norm, out)


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return _transform(lib.GA_FFT_REAL_INVERSE, a, s, axes, norm, out)


def rfftn(a, s=None, axes=None, norm=None, out=None):
    return _transform(lib.GA_FFT_REAL_FORWARD, a, s, axes, norm, out)


def irfftn(a, s=None, axes=None, norm=None, out=None):
    return _transform(lib.GA_FFT_REAL_INVERSE, a, s, axes, norm, out)


def hfft(a, n=None, axis=-1, norm=None, out=None):
    """The transform of a signal with Hermitian symmetry: irfft of the conjugate, norm swapped."""
    return _one_axis(lib.GA_FFT_HERMITIAN_FORWARD, a, n, axis, norm, out)


def ihfft(a, n=None, axis=-1, norm=None, out=None):
    """The inverse of hfft: the conjugate of rfft, norm swapped."""
    return _one_axis(lib.GA_FFT_HERMITIAN_INVERSE, a, n, axis, norm, out)


def _frequencies(n, d, real, dtype, device):
    n = operator.index(n)
    1.0 / (n * d)  # NumPy's ZeroDivisionError for n or d zero
    check_device(device)
    code = _dtypes.code_of("float64" if dtype is None else dtype)
    if device is None:
        return lib.ga_fft_freq(n, float(d), int(real), code, None)
    with device:
        return lib.ga_fft_freq(n, float(d), int(real), code, None)


def fftfreq(n, d=1.0, *, dtype=None, device=None):
    """The sample frequencies [0, 1, ..., -1] / (d n) of an n-point transform (float64 by default),
    on `device` (a garray.cuda.Device; None: the current one), as the Array API's fftfreq."""
    return _frequencies(n, d, False, dtype, device)


def rfftfreq(n, d=1.0, *, dtype=None, device=None):
    """The sample frequencies [0, 1, ..., n/2] / (d n) of rfft, as fftfreq."""
    return _frequencies(n, d, True, dtype, device)


def fftshift(x, axes=None):
    """Rolls each of `axes` (None: every axis) by half its length: the zero frequency to the centre."""
    return lib.ga_fft_shift(_array(x), _sequence(axes), 0, None)


def ifftshift(x, axes=None):
    """The inverse of fftshift."""
    return lib.ga_fft_shift(_array(x), _sequence(axes), 1, None)
