"""Second-order sections: a filter as a cascade of biquads, one row [b0, b1, b2, 1, a1, a2] each.

zpk2sos pairs poles with zeros the way SciPy does, so that the rows (not only their product) match:
the pole nearest the unit circle (analog: the imaginary axis) goes last, with its nearest zero.
"""

import numpy as np

from ._zpk import tf2zpk, zpk2tf

PAIRINGS = ("nearest", "keep_odd", "minimal")


def validated_sos(sos):
    """sos as a 2-D float array of shape (n_sections, 6) whose a0 column is all ones."""
    sos = np.atleast_2d(sos)
    if sos.ndim != 2:
        raise ValueError("sos array must be 2D")
    if sos.shape[1] != 6:
        raise ValueError("sos array must be shape (n_sections, 6)")
    if not (sos[:, 3] == 1).all():
        raise ValueError("sos[:, 3] should be all ones")
    return sos


def conjugate_pairs(values, tol=None):
    """(upper, real): one member (positive imaginary part) of each conjugate pair, averaged with its
    partner, sorted by real part then imaginary part; and the real values, sorted. Values are real when
    |imag| <= tol * |value| (tol defaults to 100 machine epsilons); a complex value without a partner
    is a ValueError."""
    values = np.atleast_1d(values)
    if values.size == 0:
        return values, values
    if values.ndim != 1:
        raise ValueError("_cplxreal only accepts 1-D input")
    if tol is None:
        tol = 100 * np.finfo((1.0 * values).dtype).eps
    values = values[np.lexsort((np.abs(values.imag), values.real))]
    is_real = np.abs(values.imag) <= tol * np.abs(values)
    real = values[is_real].real
    if is_real.all():
        return np.array([]), real
    rest = values[~is_real]
    upper, lower = rest[rest.imag > 0], rest[rest.imag < 0]
    if len(upper) != len(lower):
        raise ValueError("Array contains complex value with no matching conjugate.")
    # Within a run of (nearly) equal real parts, order by the size of the imaginary part so that
    # partners line up.
    run_id = np.concatenate(([0], np.cumsum(np.diff(upper.real) > tol * np.abs(upper[:-1]))))
    upper = upper[np.lexsort((np.abs(upper.imag), run_id))]
    lower = lower[np.lexsort((np.abs(lower.imag), run_id))]
    if np.any(np.abs(upper - lower.conj()) > tol * np.abs(lower)):
        raise ValueError("Array contains complex value with no matching conjugate.")
    return (upper + lower.conj()) / 2, real


def _with_conjugates(values):
    """Conjugate pairs then reals, each pair listed once (its upper member)."""
    upper, real = conjugate_pairs(values)
    return np.concatenate((upper, real))


def _nearest(candidates, target, kind):
    """Index into candidates of the one nearest target among the real ones, the complex ones or any."""
    order = np.argsort(np.abs(candidates - target))
    if kind == "any":
        return order[0]
    real = np.isreal(candidates[order])
    return order[np.flatnonzero(real if kind == "real" else ~real)[0]]


def _section(zeros, poles):
    """One row [b0, b1, b2, 1, a1, a2] from at most two zeros and two poles (unit gain), right-aligned."""
    b, a = zpk2tf(zeros, poles, 1)
    row = np.zeros(6)
    row[3 - len(b):3] = b
    row[6 - len(a):6] = a
    return row


class _Pool:
    """Poles or zeros still to be placed in a section, one entry per conjugate pair."""

    def __init__(self, values):
        self.values = _with_conjugates(values)

    def __len__(self):
        return len(self.values)

    def real_count(self):
        return int(np.isreal(self.values).sum())

    def take(self, index):
        value = self.values[index]
        self.values = np.delete(self.values, index)
        return value


def zpk2sos(z, p, k, pairing=None, *, analog=False):
    """Second-order sections of the zeros z, poles p and gain k (the gain goes into the first row).

    pairing: 'nearest' (default, digital), 'keep_odd' (digital; an odd order keeps one first-order
    section instead of a section with a pole and zero at the origin) or 'minimal' (the default and
    only choice for analog; no extra zeros at the origin)."""
    if pairing is None:
        pairing = "minimal" if analog else "nearest"
    if pairing not in PAIRINGS:
        raise ValueError(f"pairing must be one of {list(PAIRINGS)}, not {pairing}")
    if analog and pairing != "minimal":
        raise ValueError('for analog zpk2sos conversion, pairing must be "minimal"')
    z = np.atleast_1d(z)
    p = np.atleast_1d(p)
    if len(z) == len(p) == 0:
        return np.array([[0., 0., k, 0., 0., 1.]]) if analog else np.array([[k, 0., 0., 1., 0., 0.]])
    if pairing == "minimal":
        if len(p) < len(z):
            raise ValueError("for analog zpk2sos conversion, must have len(p)>=len(z)")
        n_sections = (len(p) + 1) // 2
    else:
        # As many zeros as poles (the missing ones at the origin); 'nearest' makes the count even.
        p = np.concatenate((p, np.zeros(max(len(z) - len(p), 0))))
        z = np.concatenate((z, np.zeros(max(len(p) - len(z), 0))))
        n_sections = (len(p) + 1) // 2
        if len(p) % 2 == 1 and pairing == "nearest":
            p = np.concatenate((p, [0.]))
            z = np.concatenate((z, [0.]))
    zeros, poles = _Pool(z), _Pool(p)
    if not np.isreal(k):
        raise ValueError("k must be real")
    k = np.real(k)
    if analog:
        def worst(values):  # nearest the imaginary axis
            return np.argmin(np.abs(values.real))
    else:
        def worst(values):  # nearest the unit circle
            return np.argmin(np.abs(1 - np.abs(values)))

    sos = np.zeros((n_sections, 6))
    for row in range(n_sections - 1, -1, -1):
        p1 = poles.take(worst(poles.values))
        if np.isreal(p1) and poles.real_count() == 0:
            # The last real pole: a first-order section (with a zero at the origin unless 'minimal').
            if pairing != "minimal":
                sos[row] = _section([zeros.take(_nearest(zeros.values, p1, "real")), 0], [p1, 0])
            elif zeros.real_count():
                sos[row] = _section([zeros.take(_nearest(zeros.values, p1, "real"))], [p1])
            else:
                # No real zero left (SciPy 1.10 fails here with an IndexError): the complex zeros go
                # with the complex poles still to come.
                sos[row] = _section([], [p1])
        elif (len(poles) + 1 == len(zeros) and not np.isreal(p1)
              and poles.real_count() == 1 and zeros.real_count() == 1):
            # One real pole and one real zero remain for later: this complex pole must take a
            # complex zero, or the real ones could not end up together.
            z1 = zeros.take(_nearest(zeros.values, p1, "complex"))
            sos[row] = _section([z1, z1.conj()], [p1, p1.conj()])
        else:
            if np.isreal(p1):
                real_indices = np.flatnonzero(np.isreal(poles.values))
                p2 = poles.take(real_indices[worst(poles.values[real_indices])])
            else:
                p2 = p1.conj()
            if not len(zeros):
                sos[row] = _section([], [p1, p2])
                continue
            z1 = zeros.take(_nearest(zeros.values, p1, "any"))
            if not np.isreal(z1):
                sos[row] = _section([z1, z1.conj()], [p1, p2])
            elif zeros.real_count():
                sos[row] = _section([z1, zeros.take(_nearest(zeros.values, p1, "real"))], [p1, p2])
            else:
                # A lone real zero (only 'minimal' pairing leaves one beside complex zeros; SciPy 1.10
                # fails there with an IndexError, e.g. an odd-order analog cheby2 bandpass).
                sos[row] = _section([z1], [p1, p2])
    sos[0, :3] *= k
    return sos


def sos2zpk(sos):
    """Zeros, poles and gain of a cascade of sections: two zeros and two poles per section (those a
    section lacks are returned as zeros at the origin)."""
    sos = np.asarray(sos)
    n_sections = sos.shape[0]
    z = np.zeros(2 * n_sections, np.complex128)
    p = np.zeros(2 * n_sections, np.complex128)
    k = 1.
    for index, row in enumerate(sos):
        row_z, row_p, row_k = tf2zpk(row[:3], row[3:])
        z[2 * index:2 * index + len(row_z)] = row_z
        p[2 * index:2 * index + len(row_p)] = row_p
        k *= row_k
    return z, p, k


def sos2tf(sos):
    """Numerator and denominator of a cascade of sections (the product of their polynomials)."""
    sos = np.asarray(sos)
    dtype = np.result_type(sos.dtype, np.float64) if sos.dtype.kind in "bui" else sos.dtype
    b = np.array([1], dtype=dtype)
    a = np.array([1], dtype=dtype)
    for row in sos:
        b = np.polymul(b, row[:3])
        a = np.polymul(a, row[3:])
    return b, a


def tf2sos(b, a, pairing=None, *, analog=False):
    """Second-order sections of the transfer function b/a (see zpk2sos for pairing and analog)."""
    return zpk2sos(*tf2zpk(b, a), pairing=pairing, analog=analog)
