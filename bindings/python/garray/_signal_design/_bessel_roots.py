"""Roots of the reverse Bessel polynomial theta_N, the poles of a delay-normalised Bessel filter.

The roots are badly conditioned (the coefficients of theta_30 span 40 decades): double-precision
companion-matrix roots are off by percents at order 30, and refining them in double precision cannot
do better. So they are refined in 60-digit decimal arithmetic on the exact integer coefficients, by
Aberth-Ehrlich steps (simultaneous Newton steps that keep the roots apart), then rounded.
"""

import decimal
import math

import numpy as np

_DIGITS = 60
# A refinement ends when no root moves by more than this fraction of its size (or after the cap).
_STEP_TOL = decimal.Decimal(10) ** -40
_MAX_STEPS = 100


def reverse_bessel_coefficients(N):
    """theta_N(s) = sum_k (2N-k)! / (2^(N-k) k! (N-k)!) s^k, highest power first, as exact integers."""
    return [math.factorial(2 * N - k) // (2 ** (N - k) * math.factorial(k) * math.factorial(N - k))
            for k in range(N, -1, -1)]


class _Complex:
    """A complex number as two Decimals (only what the refinement needs)."""

    __slots__ = ("re", "im")

    def __init__(self, re, im=0):
        self.re, self.im = decimal.Decimal(re), decimal.Decimal(im)

    def __add__(self, other):
        return _Complex(self.re + other.re, self.im + other.im)

    def __sub__(self, other):
        return _Complex(self.re - other.re, self.im - other.im)

    def __mul__(self, other):
        return _Complex(self.re * other.re - self.im * other.im, self.re * other.im + self.im * other.re)

    def __truediv__(self, other):
        norm = other.re * other.re + other.im * other.im
        return _Complex((self.re * other.re + self.im * other.im) / norm,
                        (self.im * other.re - self.re * other.im) / norm)

    def size(self):
        return (self.re * self.re + self.im * self.im).sqrt()


def _value_and_slope(coefficients, s):
    """The polynomial and its derivative at s, by Horner's rule."""
    value, slope = _Complex(0), _Complex(0)
    for c in coefficients:
        slope = slope * s + value
        value = value * s + _Complex(c)
    return value, slope


def reverse_bessel_roots(N):
    """The N roots of theta_N as a complex array, accurate to double precision."""
    coefficients = reverse_bessel_coefficients(N)
    # Companion-matrix guesses, with s scaled by theta_N(0)^(1/N) so that the roots lie near the unit
    # circle and the coefficients stay in range.
    scale = float(coefficients[-1]) ** (1.0 / N)
    scaled = np.array(coefficients, dtype=float) * scale ** np.arange(N, -1, -1) / float(coefficients[-1])
    guesses = np.roots(scaled) * scale
    with decimal.localcontext() as context:
        context.prec = _DIGITS
        roots = [_Complex(g.real, g.imag) for g in guesses]
        one = _Complex(1)
        for _ in range(_MAX_STEPS):
            largest_move = decimal.Decimal(0)
            for i, root in enumerate(roots):
                value, slope = _value_and_slope(coefficients, root)
                newton = value / slope
                repulsion = _Complex(0)
                for j, other in enumerate(roots):
                    if j != i:
                        repulsion = repulsion + one / (root - other)
                step = newton / (one - newton * repulsion)
                roots[i] = root - step
                largest_move = max(largest_move, step.size() / roots[i].size())
            if largest_move <= _STEP_TOL:
                break
        return np.array([complex(float(r.re), float(r.im)) for r in roots])
