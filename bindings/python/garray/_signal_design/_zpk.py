"""Transfer-function polynomials (b, a) and their zeros, poles and gain (z, p, k), both ways.

Coefficients run from the highest power down, as in SciPy: b = [b0, b1, ..., bM] is
b0 s^M + ... + bM (or b0 + b1 z^-1 + ... for a digital filter, the same list).
"""

import warnings

import numpy as np

from ._arguments import BadCoefficients

# normalize drops leading numerator columns this close to zero (after dividing by a[0]).
_LEADING_ZERO_ATOL = 1e-14


def _numerator_rows(b):
    """b as a 2-D array, one numerator per row; ragged lists are zero-padded on the left."""
    try:
        rows = np.asarray(b)
        if not np.issubdtype(rows.dtype, np.number):
            raise ValueError("dtype of numerator is non-numeric")
    except ValueError:
        ragged = [np.atleast_1d(row) for row in b]
        rows = np.zeros((len(ragged), max(row.size for row in ragged)))
        for index, row in enumerate(ragged):
            rows[index, rows.shape[1] - row.size:] = row
    return np.atleast_2d(rows)


def normalize(b, a):
    """Scale b and a so that a[0] == 1, after removing leading zeros of a and (with a BadCoefficients
    warning) near-zero leading coefficients of b. b may be 2-D (one numerator per row)."""
    den = np.atleast_1d(a)
    num = _numerator_rows(b)
    if den.ndim != 1:
        raise ValueError("Denominator polynomial must be rank-1 array.")
    if num.ndim > 2:
        raise ValueError("Numerator polynomial must be rank-1 or rank-2 array.")
    if np.all(den == 0):
        raise ValueError("Denominator must have at least on nonzero element.")
    den = np.trim_zeros(den, "f")
    num, den = num / den[0], den / den[0]
    leading = 0
    while leading < num.shape[1] and np.allclose(num[:, leading], 0, atol=_LEADING_ZERO_ATOL):
        leading += 1
    if leading:
        warnings.warn("Badly conditioned filter coefficients (numerator): the results may be meaningless",
                      BadCoefficients, stacklevel=2)
        num = num[:, min(leading, num.shape[1] - 1):]  # keep at least one column
    if num.shape[0] == 1:
        num = num[0]
    return num, den


def tf2zpk(b, a):
    """Zeros, poles and gain of the transfer function b/a."""
    b, a = normalize(b, a)
    k = b[0]
    z = np.roots(b / b[0])
    p = np.roots(a)
    return z, p, k


def _conjugate_closed(roots):
    """True when the non-real roots come in exact conjugate pairs, so their polynomial is real."""
    roots = np.asarray(roots, complex)
    upper = np.sort_complex(roots[roots.imag > 0])
    lower = np.sort_complex(np.conjugate(roots[roots.imag < 0]))
    return upper.shape == lower.shape and bool(np.all(upper == lower))


def _polynomial(roots, gain):
    poly = gain * np.poly(roots) if np.size(roots) else gain * np.ones(1)
    if np.iscomplexobj(poly) and _conjugate_closed(roots):
        poly = poly.real.copy()
    return np.atleast_1d(poly)


def zpk2tf(z, p, k):
    """Numerator and denominator polynomials of the zeros z, poles p and gain k. A 2-D z gives one
    numerator per row (k a scalar or one gain per row)."""
    z = np.atleast_1d(z)
    k = np.atleast_1d(k)
    if z.ndim > 1:
        gains = np.broadcast_to(k, (z.shape[0],)) if k.size == 1 else k
        b = np.array([_polynomial(row, gain) for row, gain in zip(z, gains)])
    else:
        b = _polynomial(z, k[0] if k.size == 1 else k)
    a = _polynomial(np.atleast_1d(p), 1.0)
    return b, a
