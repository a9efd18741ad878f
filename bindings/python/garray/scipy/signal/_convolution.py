"""scipy.signal's convolutions over garray/signal.h: convolve, correlate (n-d; method direct, fft or
auto by choose_conv_method's rule), fftconvolve and oaconvolve (cuFFT; oaconvolve computes the
same result as fftconvolve, by the same call), convolve2d and correlate2d (boundaries fill, wrap,
symm and a fill value), and correlation_lags (host arithmetic).

Results have SciPy's dtypes. Bool and integer inputs are always summed directly, which is exact:
SciPy's fft method rounds to the same values while its spectra are exact enough, and
choose_conv_method answers 'direct' for them.
"""

import numpy

from garray._creation import asarray
from garray._library import lib
from garray._ndarray import ndarray

__all__ = ["choose_conv_method", "convolve", "convolve2d", "correlate", "correlate2d", "correlation_lags",
           "fftconvolve", "oaconvolve"]

_MODES = {"full": lib.GA_CONVOLVE_FULL, "same": lib.GA_CONVOLVE_SAME, "valid": lib.GA_CONVOLVE_VALID}
_METHODS = {"auto": lib.GA_CONVOLVE_METHOD_AUTO, "direct": lib.GA_CONVOLVE_METHOD_DIRECT,
            "fft": lib.GA_CONVOLVE_METHOD_FFT}
_METHOD_NAMES = {code: name for name, code in _METHODS.items()}
_BOUNDARIES = {"fill": lib.GA_BOUNDARY_FILL, "pad": lib.GA_BOUNDARY_FILL, "wrap": lib.GA_BOUNDARY_WRAP,
               "circular": lib.GA_BOUNDARY_WRAP, "symm": lib.GA_BOUNDARY_SYMM, "symmetric": lib.GA_BOUNDARY_SYMM}


def _mode_code(mode):
    try:
        return _MODES[mode]
    except (KeyError, TypeError):
        raise ValueError("Acceptable mode flags are 'valid', 'same', or 'full'.") from None


def _method_code(method):
    try:
        return _METHODS[method]
    except (KeyError, TypeError):
        raise ValueError(f"Acceptable method flags are 'auto', 'direct', or 'fft'. Got {method!r}.") from None


def _boundary_code(boundary):
    try:
        return _BOUNDARIES[boundary]
    except (KeyError, TypeError):
        raise ValueError("Acceptable boundary flags are 'fill', 'circular' (or 'wrap'), and "
                         "'symmetric' (or 'symm').") from None


def _device(a):
    return a if isinstance(a, ndarray) else asarray(a)


def _trivial(in1, in2):
    """SciPy's answers before any convolution: 0-d inputs multiply, empty ones give an empty array."""
    if in1.ndim == in2.ndim == 0:
        return in1 * in2
    if in1.ndim != in2.ndim:
        raise ValueError("in1 and in2 should have the same dimensionality")
    if in1.size == 0 or in2.size == 0:
        return asarray(numpy.array([]))
    return None


def _convolve_or_correlate(entry, in1, in2, mode, method):
    in1, in2 = _device(in1), _device(in2)
    mode_code, method_code = _mode_code(mode), _method_code(method)
    trivial = _trivial(in1, in2)
    if trivial is not None:
        return trivial
    return entry(in1, in2, mode_code, method_code)


def convolve(in1, in2, mode="full", method="auto"):
    """scipy.signal.convolve: the n-d convolution of in1 and in2."""
    return _convolve_or_correlate(lib.ga_signal_convolve, in1, in2, mode, method)


def correlate(in1, in2, mode="full", method="auto"):
    """scipy.signal.correlate: the n-d cross-correlation of in1 and in2."""
    return _convolve_or_correlate(lib.ga_signal_correlate, in1, in2, mode, method)


def choose_conv_method(in1, in2, mode="full", measure=False):
    """scipy.signal.choose_conv_method: 'fft' or 'direct' by SciPy's operation-count model."""
    if measure:
        raise NotImplementedError("choose_conv_method(measure=True) is not implemented; time both methods instead")
    in1, in2 = _device(in1), _device(in2)
    return _METHOD_NAMES[lib.ga_signal_choose_conv_method(in1, in2, _mode_code(mode))]


def _axes(axes, ndim):
    if axes is None:
        return None
    listed = [int(axes)] if numpy.ndim(axes) == 0 else [int(axis) for axis in axes]
    for axis in listed:
        if not -ndim <= axis < ndim:
            raise ValueError("axes exceeds dimensionality of input")
    if len({axis % ndim for axis in listed}) != len(listed):
        raise ValueError("all axes must be unique")
    return listed


def fftconvolve(in1, in2, mode="full", axes=None):
    """scipy.signal.fftconvolve: the convolution of in1 and in2 along `axes` through cuFFT."""
    in1, in2 = _device(in1), _device(in2)
    mode_code = _mode_code(mode)
    trivial = _trivial(in1, in2)
    if trivial is not None:
        return trivial
    return lib.ga_signal_fftconvolve(in1, in2, mode_code, _axes(axes, in1.ndim))


def oaconvolve(in1, in2, mode="full", axes=None):
    """scipy.signal.oaconvolve: the same result as fftconvolve, which computes it here."""
    return fftconvolve(in1, in2, mode, axes)


def correlation_lags(in1_len, in2_len, mode="full"):
    """scipy.signal.correlation_lags: the lag of each index of a 1-d correlation's result (int)."""
    if mode == "full":
        lags = numpy.arange(-in2_len + 1, in1_len)
    elif mode == "same":
        lags = numpy.arange(-in2_len + 1, in1_len)
        mid = lags.size // 2
        lag_bound = in1_len // 2
        lags = lags[mid - lag_bound:mid + lag_bound + in1_len % 2]
    elif mode == "valid":
        lag_bound = in1_len - in2_len
        lags = numpy.arange(lag_bound + 1) if lag_bound >= 0 else numpy.arange(lag_bound, 1)
    else:
        raise ValueError("Mode {} is invalid".format(mode))
    return asarray(lags)


def _two_d(function, in1, in2, mode, boundary, fillvalue):
    in1, in2 = _device(in1), _device(in2)
    mode_code, boundary_code = _mode_code(mode), _boundary_code(boundary)
    if not in1.ndim == in2.ndim == 2:
        raise ValueError(f"{function.__name__[10:]} inputs must both be 2-D arrays")
    if numpy.ndim(fillvalue) != 0:
        raise ValueError("fillvalue must be scalar or an array with one element.")
    fill = numpy.asarray(fillvalue).item()
    return function(in1, in2, mode_code, boundary_code, fill)


def convolve2d(in1, in2, mode="full", boundary="fill", fillvalue=0):
    """scipy.signal.convolve2d: the 2-D convolution of in1 and in2, in1 extended by `boundary`."""
    return _two_d(lib.ga_signal_convolve2d, in1, in2, mode, boundary, fillvalue)


def correlate2d(in1, in2, mode="full", boundary="fill", fillvalue=0):
    """scipy.signal.correlate2d: the 2-D cross-correlation of in1 and in2, in1 extended by `boundary`."""
    return _two_d(lib.ga_signal_correlate2d, in1, in2, mode, boundary, fillvalue)
