"""Frequency transformations of an analog lowpass prototype (to another cutoff, highpass, bandpass,
bandstop) and the bilinear transform to a digital filter, on (b, a) and on (z, p, k).

The (b, a) forms substitute the rational map into both polynomials and clear its denominator; the
(z, p, k) forms map each root (the better conditioned route, which the IIR designs take)."""

import numpy as np

from ._zpk import normalize


def _polynomials(b, a):
    b, a = np.atleast_1d(b), np.atleast_1d(a)
    dtype = np.result_type(b, a, 1.0)
    return b.astype(dtype), a.astype(dtype)


def _scalar_frequency(wo):
    """wo as a float; a sequence gives its first element (as SciPy accepts)."""
    try:
        return float(wo)
    except TypeError:
        return float(wo[0])


def _substitute(poly, degree, numerator_map, denominator_map):
    """poly(s -> numerator_map / denominator_map) * denominator_map**degree, for degree >= len(poly) - 1:
    sum_i c_i numerator_map^(n-i) denominator_map^(degree-n+i), n = len(poly) - 1 (numpy.poly1d order)."""
    n = len(poly) - 1
    result = np.zeros(1, dtype=poly.dtype)
    for i, coefficient in enumerate(poly):
        term = np.polymul(np.polynomial.polynomial.polypow(numerator_map[::-1], n - i)[::-1],
                          np.polynomial.polynomial.polypow(denominator_map[::-1], degree - n + i)[::-1])
        result = np.polyadd(result, coefficient * term)
    return result


def _mapped(b, a, numerator_map, denominator_map):
    """b/a with s replaced by numerator_map / denominator_map (polynomials), normalised."""
    b, a = _polynomials(b, a)
    degree = max(len(b), len(a)) - 1
    return normalize(_substitute(b, degree, numerator_map, denominator_map),
                     _substitute(a, degree, numerator_map, denominator_map))


def lp2lp(b, a, wo=1.0):
    """Lowpass with cutoff 1 to cutoff wo: s -> s / wo."""
    wo = _scalar_frequency(wo)
    return _mapped(b, a, np.array([1.0, 0.0]), np.array([wo]))


def lp2hp(b, a, wo=1.0):
    """Lowpass with cutoff 1 to highpass with cutoff wo: s -> wo / s."""
    wo = _scalar_frequency(wo)
    return _mapped(b, a, np.array([wo]), np.array([1.0, 0.0]))


def lp2bp(b, a, wo=1.0, bw=1.0):
    """Lowpass to bandpass with centre wo and width bw: s -> (s^2 + wo^2) / (bw s)."""
    return _mapped(b, a, np.array([1.0, 0.0, wo * wo]), np.array([bw, 0.0]))


def lp2bs(b, a, wo=1.0, bw=1.0):
    """Lowpass to bandstop with centre wo and width bw: s -> bw s / (s^2 + wo^2)."""
    return _mapped(b, a, np.array([bw, 0.0]), np.array([1.0, 0.0, wo * wo]))


def bilinear(b, a, fs=1.0):
    """Analog b/a to digital by the bilinear transform s -> 2 fs (z - 1) / (z + 1)."""
    fs = float(fs)
    b, a = _mapped(b, a, np.array([2 * fs, -2 * fs]), np.array([1.0, 1.0]))
    return b.real if np.iscomplexobj(b) else b, a.real if np.iscomplexobj(a) else a


def _relative_degree(z, p):
    degree = len(p) - len(z)
    if degree < 0:
        raise ValueError("Improper transfer function. Must have at least as many poles as zeros.")
    return degree


def _roots(z, p):
    return np.atleast_1d(z), np.atleast_1d(p)


def lp2lp_zpk(z, p, k, wo=1.0):
    """Lowpass with cutoff 1 to cutoff wo: every root scaled by wo, the gain by wo^(poles - zeros)."""
    z, p = _roots(z, p)
    wo = float(wo)
    return wo * z, wo * p, k * wo ** _relative_degree(z, p)


def lp2hp_zpk(z, p, k, wo=1.0):
    """Lowpass to highpass with cutoff wo: roots r -> wo / r, the zeros at infinity to the origin."""
    z, p = _roots(z, p)
    wo = float(wo)
    degree = _relative_degree(z, p)
    z_hp = np.append(wo / z, np.zeros(degree))
    return z_hp, wo / p, k * np.real(np.prod(-z) / np.prod(-p))


def _split(roots, wo):
    """The two roots r +- sqrt(r^2 - wo^2) that each (scaled) root becomes."""
    roots = roots.astype(complex)
    offset = np.sqrt(roots ** 2 - wo ** 2)
    return np.concatenate((roots + offset, roots - offset))


def lp2bp_zpk(z, p, k, wo=1.0, bw=1.0):
    """Lowpass to bandpass with centre wo and width bw: each root r -> the two solutions of
    s^2 - r bw s + wo^2 = 0; the zeros at infinity become zeros at the origin (half stay at infinity)."""
    z, p = _roots(z, p)
    wo, bw = float(wo), float(bw)
    degree = _relative_degree(z, p)
    z_bp = np.append(_split(z * bw / 2, wo), np.zeros(degree))
    return z_bp, _split(p * bw / 2, wo), k * bw ** degree


def lp2bs_zpk(z, p, k, wo=1.0, bw=1.0):
    """Lowpass to bandstop with centre wo and width bw: each root r -> the solutions of
    r s^2 - bw s + r wo^2 = 0; the zeros at infinity become zeros at +-i wo."""
    z, p = _roots(z, p)
    wo, bw = float(wo), float(bw)
    degree = _relative_degree(z, p)
    z_bs = np.concatenate((_split((bw / 2) / z, wo), np.full(degree, 1j * wo), np.full(degree, -1j * wo)))
    return z_bs, _split((bw / 2) / p, wo), k * np.real(np.prod(-z) / np.prod(-p))


def bilinear_zpk(z, p, k, fs):
    """Analog (z, p, k) to digital by the bilinear transform: r -> (2fs + r) / (2fs - r); the zeros at
    infinity go to z = -1."""
    z, p = _roots(z, p)
    fs2 = 2.0 * float(fs)
    degree = _relative_degree(z, p)
    z_z = np.append((fs2 + z) / (fs2 - z), -np.ones(degree))
    p_z = (fs2 + p) / (fs2 - p)
    return z_z, p_z, k * np.real(np.prod(fs2 - z) / np.prod(fs2 - p))
