"""Analog lowpass prototypes (cutoff 1 rad/s) as zeros, poles and gain: Butterworth, Chebyshev I and
II, elliptic and Bessel, with SciPy's normalisations."""

import math

import numpy as np

from . import _elliptic
from ._bessel_roots import reverse_bessel_coefficients, reverse_bessel_roots
from ._arguments import filter_order

BESSEL_NORMS = ("phase", "delay", "mag")
# Below this size a sine (or an imaginary part) is taken as exactly zero, as SciPy's ellipap does.
_ELLIPTIC_EPSILON = 2e-16


def _pow10m1(x):
    """10**x - 1, accurate for x near 0."""
    return np.expm1(math.log(10) * x)


def _unit_circle_poles(N):
    """The N left-half-plane points -exp(i pi m / 2N), m = -N+1, -N+3, ..., N-1 (the middle one exactly
    -1 for odd N)."""
    m = np.arange(-N + 1, N, 2)
    return -np.exp(1j * np.pi * m / (2 * N))


def buttap(N):
    """Butterworth: N poles evenly spaced on the left half of the unit circle, no zeros, gain 1."""
    N = filter_order(N)
    return np.array([]), _unit_circle_poles(N), 1


def cheb1ap(N, rp):
    """Chebyshev type I with rp dB of passband ripple; the gain first drops below -rp dB at 1 rad/s."""
    N = filter_order(N)
    if N == 0:
        return np.array([]), np.array([]), 10 ** (-rp / 20)  # an even order's DC gain
    eps = np.sqrt(10 ** (0.1 * rp) - 1.0)
    mu = np.arcsinh(1 / eps) / N
    theta = np.pi * np.arange(-N + 1, N, 2) / (2 * N)
    p = -np.sinh(mu + 1j * theta)  # the Butterworth angles on an ellipse
    k = np.prod(-p).real
    if N % 2 == 0:
        k /= np.sqrt(1 + eps * eps)
    return np.array([]), p, k


def cheb2ap(N, rs):
    """Chebyshev type II with the stopband rs dB down; the gain first reaches -rs dB at 1 rad/s."""
    N = filter_order(N)
    if N == 0:
        return np.array([]), np.array([]), 1
    de = 1.0 / np.sqrt(10 ** (0.1 * rs) - 1)
    mu = np.arcsinh(1.0 / de) / N
    m = np.arange(-N + 1, N, 2)
    m = m[m != 0]  # an odd order's middle zero is at infinity
    z = 1j / np.sin(m * np.pi / (2.0 * N))
    z = -np.conjugate(z)
    butterworth = _unit_circle_poles(N)
    p = 1.0 / (np.sinh(mu) * butterworth.real + 1j * np.cosh(mu) * butterworth.imag)
    k = (np.prod(-p) / np.prod(-z)).real
    return z, p, k


def ellipap(N, rp, rs):
    """Elliptic (Cauer) with rp dB of passband ripple and the stopband rs dB down; the gain first
    drops below -rp dB at 1 rad/s."""
    N = filter_order(N)
    if N == 0:
        return np.array([]), np.array([]), 10 ** (-rp / 20)
    if N == 1:
        p = -np.sqrt(1.0 / _pow10m1(0.1 * rp))
        return np.array([]), np.atleast_1d(p), -p
    eps_sq = _pow10m1(0.1 * rp)
    eps = np.sqrt(eps_sq)
    m1 = eps_sq / _pow10m1(0.1 * rs)  # the discrimination parameter
    if m1 == 0:
        raise ValueError("Cannot design a filter with given rp and rs specifications.")
    m = _elliptic.degree_equation(N, m1)  # the selectivity parameter
    K = _elliptic.complete_k(m)
    # Zeros at i / (sqrt(m) sn(j K / N)), j = N-1, N-3, ...; an odd order's j = 0 is at infinity.
    j = np.arange(1 - N % 2, N, 2)
    sn, cn, dn = _elliptic.jacobi(j * K / N, m)
    finite = np.abs(sn) > _ELLIPTIC_EPSILON
    z = 1j / (np.sqrt(m) * sn[finite])
    z = np.concatenate((z, np.conjugate(z)))
    # Poles from v0, where sc(N v0 K1 / K | 1 - m1) = 1/eps.
    v0 = K * _elliptic.inverse_sc(1 / eps, m1) / (N * _elliptic.complete_k(m1))
    sv, cv, dv = _elliptic.jacobi(v0, 1 - m)
    p = -(cn * dn * sv * cv + 1j * sn * dv) / (1 - (dn * sv) ** 2)
    if N % 2:
        # The real pole (j = 0) has no conjugate to add.
        complex_ = np.abs(p.imag) > _ELLIPTIC_EPSILON * np.sqrt(np.sum(p * np.conjugate(p)).real)
        p = np.concatenate((p, np.conjugate(p[complex_])))
    else:
        p = np.concatenate((p, np.conjugate(p)))
    k = (np.prod(-p) / np.prod(-z)).real
    if N % 2 == 0:
        k /= np.sqrt(1 + eps_sq)
    return z, p, k


def _magnitude_cutoff(p, k):
    """The w > 0 where |k / prod(iw - p)| = 1/sqrt(2), by bisection on the log-magnitude (which
    decreases with w for a Bessel filter)."""
    def excess(w):
        return math.log(k) - np.sum(np.log(np.abs(1j * w - p))) + 0.5 * math.log(2)

    low, high = 0.0, 1.0
    while excess(high) > 0:
        low, high = high, 2 * high
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        low, high = (middle, high) if excess(middle) > 0 else (low, middle)
    return (low + high) / 2


def besselap(N, norm="phase"):
    """Bessel-Thomson (maximally flat group delay). norm: 'phase' (phase midpoint at 1 rad/s; the
    magnitude asymptotes of a Butterworth filter), 'delay' (group delay 1 s at DC) or 'mag' (-3 dB at
    1 rad/s)."""
    N = filter_order(N)
    if norm not in BESSEL_NORMS:
        raise ValueError("normalization not understood")
    if N == 0:
        return np.array([]), np.array([], dtype=complex), 1.0
    p = reverse_bessel_roots(N)
    dc = float(reverse_bessel_coefficients(N)[-1])  # theta_N(0) = (2N)! / (2^N N!)
    if norm == "phase":
        return np.array([]), p / dc ** (1.0 / N), 1.0
    if norm == "delay":
        return np.array([]), p, dc
    w = _magnitude_cutoff(p, dc)
    return np.array([]), p / w, float(dc / w ** N)
