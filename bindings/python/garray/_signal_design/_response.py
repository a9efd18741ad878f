"""Frequency responses computed on the host: digital (freqz, freqz_zpk, sosfreqz, group_delay) and
analog (freqs, freqs_zpk). Each returns (w, h) as NumPy arrays, w in the units of fs (digital;
radians/sample by default) or rad/s (analog)."""

import operator
import warnings

import numpy as np

from ._arguments import is_integer, sampling_frequency
from ._sections import validated_sos

# group_delay warns where the denominator's size falls below this.
_NEAR_SINGULAR = 10 * 2e-16


def _horner(coefficients, x):
    """sum_i c[i] x**i over the first axis of c (lowest power first); the other axes of c broadcast
    against x, as numpy.polynomial.polynomial.polyval(x, c, tensor=False) does."""
    result = np.zeros_like(x, dtype=np.result_type(coefficients, x))
    for coefficient in coefficients[::-1]:
        result = result * x + coefficient
    return result


def _digital_grid(worN, whole, fs, endpoint=False):
    """Radian frequencies (0..pi, or 0..2pi when whole) of worN points, or worN (units of fs) mapped."""
    if worN is None:
        worN = 512
    if is_integer(worN):
        N = operator.index(worN)
        if N < 0:
            raise ValueError(f"worN must be nonnegative, got {N}")
        return np.linspace(0, 2 * np.pi if whole else np.pi, N, endpoint=endpoint)
    return 2 * np.pi * np.atleast_1d(worN) / fs


def freqz(b, a=1, worN=512, whole=False, plot=None, fs=2 * np.pi, include_nyquist=False):
    """The response of the digital filter b/a at worN frequencies (a count: evenly spaced over
    [0, pi) or [0, 2pi) when whole, the end included if include_nyquist and not whole; or an array
    in the units of fs). b may be n-d: its first axis holds the coefficients."""
    b, a = np.atleast_1d(b), np.atleast_1d(a)
    fs = sampling_frequency(fs, allow_none=False)
    w = _digital_grid(worN, whole, fs, endpoint=include_nyquist and not whole)
    inverse_z = np.exp(-1j * w)
    h = _horner(b, inverse_z) / _horner(a, inverse_z)
    w = w * fs / (2 * np.pi)
    if plot is not None:
        plot(w, h)
    return w, h


def freqz_zpk(z, p, k, worN=512, whole=False, fs=2 * np.pi):
    """The response of the digital filter of zeros z, poles p and gain k (see freqz for worN)."""
    z, p = np.atleast_1d(z), np.atleast_1d(p)
    fs = sampling_frequency(fs, allow_none=False)
    w = _digital_grid(worN, whole, fs)
    unit = np.exp(1j * w)
    h = k * _product_over_roots(unit, z) / _product_over_roots(unit, p)
    return w * fs / (2 * np.pi), h


def sosfreqz(sos, worN=512, whole=False, fs=2 * np.pi):
    """The response of a cascade of second-order sections (the product of their freqz)."""
    sos = validated_sos(sos)
    if sos.shape[0] == 0:
        raise ValueError("Cannot compute frequencies with no sections")
    h = 1.
    for row in sos:
        w, row_h = freqz(row[:3], row[3:], worN=worN, whole=whole, fs=fs)
        h = h * row_h
    return w, h


def _product_over_roots(x, roots):
    """prod_r (x - r) at each x."""
    result = np.ones_like(x, dtype=np.result_type(x, roots, 1.0))
    for root in roots:
        result = result * (x - root)
    return result


def _analog_grid(zeros, poles, N):
    """N log-spaced frequencies covering the interesting part of an analog response: a decade below
    the lowest and above the highest pole or zero (poles in the upper half plane, finite zeros)."""
    poles = np.atleast_1d(poles) + 0j
    zeros = np.atleast_1d(zeros) + 0j
    if len(poles) == 0:
        poles = np.atleast_1d(-1000) + 0j
    points = np.concatenate((poles[poles.imag >= 0], zeros[(np.abs(zeros) < 1e5) & (zeros.imag >= 0)]))
    at_origin = np.abs(points) < 1e-10
    high = np.around(np.log10(np.max(3 * np.abs(points.real + at_origin) + 1.5 * points.imag)) + 0.5)
    low = np.around(np.log10(0.1 * np.min(np.abs(np.real(points + at_origin)) + 2 * points.imag)) - 0.5)
    return np.logspace(low, high, N)


def findfreqs(num, den, N, kind="ba"):
    """N log-spaced frequencies for plotting the analog response of num/den (kind 'ba') or of zeros
    num and poles den (kind 'zp')."""
    if kind == "ba":
        return _analog_grid(np.roots(num), np.roots(den), N)
    if kind == "zp":
        return _analog_grid(num, den, N)
    raise ValueError("input must be one of {'ba', 'zp'}")


def freqs(b, a, worN=200, plot=None):
    """The response of the analog filter b/a at worN frequencies (a count: chosen by findfreqs; or an
    array of rad/s)."""
    if worN is None:
        worN = 200
    w = findfreqs(b, a, worN) if is_integer(worN) else np.atleast_1d(worN)
    s = 1j * w
    h = np.polyval(b, s) / np.polyval(a, s)
    if plot is not None:
        plot(w, h)
    return w, h


def freqs_zpk(z, p, k, worN=200):
    """The response of the analog filter of zeros z, poles p and gain k."""
    if np.asarray(k).size > 1:
        raise ValueError("k must be a single scalar gain")
    if worN is None:
        worN = 200
    w = findfreqs(z, p, worN, kind="zp") if is_integer(worN) else np.atleast_1d(worN)
    s = 1j * w
    return w, k * _product_over_roots(s, np.atleast_1d(z)) / _product_over_roots(s, np.atleast_1d(p))


def group_delay(system, w=512, whole=False, fs=2 * np.pi):
    """The group delay -d(phase)/dw (in samples) of the digital filter system = (b, a), at w (see
    freqz's worN). Where the response is singular the delay is set to 0 with a warning."""
    fs = sampling_frequency(fs, allow_none=False)
    w = _digital_grid(w, whole, fs)
    b, a = map(np.atleast_1d, system)
    # The delay of b/a is that of c = b * reversed(a) less (len(a) - 1): Re(sum n c_n z^-n / C).
    c = np.convolve(b, a[::-1])
    inverse_z = np.exp(-1j * w)
    numerator = _horner(c * np.arange(c.size), inverse_z)
    denominator = _horner(c, inverse_z)
    with np.errstate(divide="ignore", invalid="ignore"):
        gd = np.real(numerator / denominator) - a.size + 1
    singular = ~np.isfinite(gd)
    if np.any(singular):
        gd[singular] = 0
        warnings.warn("The group delay is singular at frequencies [{}], setting to 0".format(
            ", ".join(f"{x:.3f}" for x in w[singular])), stacklevel=2)
    elif np.any(np.abs(denominator) < _NEAR_SINGULAR):
        warnings.warn("The filter's denominator is extremely small at frequencies [{}], around which a "
                      "singularity may be present".format(
                          ", ".join(f"{x:.3f}" for x in w[np.abs(denominator) < _NEAR_SINGULAR])),
                      stacklevel=2)
    return w * fs / (2 * np.pi), gd
