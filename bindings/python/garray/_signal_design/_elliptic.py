"""Elliptic integrals and Jacobi elliptic functions of a real parameter m, for the elliptic (Cauer)
filter: NumPy has none, and the design must not need SciPy.

Each function takes the parameter m (k**2) and, where cancellation would matter, its complement
mc = 1 - m directly: an elliptic design works with m1 ~ 1e-10 and K(1 - m1).
"""

import math

import numpy as np

# Carlson's duplication stops when the arguments agree to this relative spread: the fifth-order
# series that finishes it then errs by about spread**6 / 4, below double precision.
_RF_SPREAD = 1e-3
# Terms of the nome series below this fraction of the sum are dropped.
_SERIES_TOL = 1e-17


def carlson_rf(x, y, z):
    """Carlson's symmetric integral R_F(x, y, z) = 1/2 ∫_0^∞ dt / sqrt((t+x)(t+y)(t+z)), x, y, z >= 0, at
    most one of them zero (all scalars)."""
    x, y, z = float(x), float(y), float(z)
    while True:
        mean = (x + y + z) / 3
        spread = max(abs(mean - x), abs(mean - y), abs(mean - z))
        if spread <= _RF_SPREAD * mean:
            break
        sx, sy, sz = math.sqrt(x), math.sqrt(y), math.sqrt(z)
        lam = sx * sy + sx * sz + sy * sz
        x, y, z = (x + lam) / 4, (y + lam) / 4, (z + lam) / 4
    dx, dy = 1 - x / mean, 1 - y / mean
    dz = -(dx + dy)
    e2 = dx * dy - dz * dz
    e3 = dx * dy * dz
    return (1 - e2 / 10 + e3 / 14 + e2 * e2 / 24 - 3 * e2 * e3 / 44) / math.sqrt(mean)


def complete_k(m, mc=None):
    """The complete elliptic integral of the first kind K(m); mc = 1 - m if given (exact for m near 1).
    K(1) is infinite."""
    mc = 1.0 - m if mc is None else mc
    if mc == 0:
        return math.inf
    return carlson_rf(0.0, mc, 1.0)


def incomplete_f(phi, mc):
    """F(phi | m) with m = 1 - mc, for real phi in [0, pi/2]."""
    s, c = math.sin(phi), math.cos(phi)
    return s * carlson_rf(c * c, c * c + mc * s * s, 1.0)


def inverse_sc(w, mc):
    """The real u with sc(u | 1 - mc) = w: sc = tan(am(u)), so u = F(arctan w | 1 - mc)."""
    return incomplete_f(math.atan(w), mc)


def jacobi(u, m):
    """sn, cn, dn of the real array u at parameter 0 <= m < 1, by the arithmetic-geometric mean
    (descending Landen transformation)."""
    u = np.asarray(u, dtype=float)
    if m == 0:
        return np.sin(u), np.cos(u), np.ones_like(u)
    a, b = 1.0, math.sqrt(1.0 - m)
    ratios = []  # c_n / a_n of each AGM step
    c = math.sqrt(m)
    while abs(c) > np.finfo(float).eps * a:
        ratios.append(c / a)
        a, b, c = (a + b) / 2, math.sqrt(a * b), (a - b) / 2
    ratios.append(c / a)
    phi = (2.0 ** (len(ratios) - 1)) * a * u
    previous = phi
    for ratio in reversed(ratios[1:]):
        previous = phi
        phi = (phi + np.arcsin(ratio * np.sin(phi))) / 2
    sn, cn = np.sin(phi), np.cos(phi)
    dn = cn / np.cos(previous - phi) if len(ratios) > 1 else np.sqrt(1 - m * sn * sn)
    return sn, cn, dn


def modulus_from_nome(q):
    """The parameter m whose nome exp(-pi K'(m) / K(m)) is q: m = (theta_2(q) / theta_3(q))**4."""
    theta2_sum, theta3_sum, n = 0.0, 0.0, 0
    while True:
        term2 = q ** (n * (n + 1))
        term3 = q ** ((n + 1) ** 2)
        theta2_sum += term2
        theta3_sum += term3
        n += 1
        if term2 <= _SERIES_TOL * theta2_sum and term3 <= _SERIES_TOL * (1 + 2 * theta3_sum):
            break
    return 16 * q * (theta2_sum / (1 + 2 * theta3_sum)) ** 4


def degree_equation(n, m1):
    """The m with n K(m) / K'(m) = K(m1) / K'(m1) (the elliptic filter's degree equation): through the
    nomes, q(m) = q(m1) ** (1/n)."""
    nome1 = math.exp(-math.pi * complete_k(1 - m1, m1) / complete_k(m1))
    return modulus_from_nome(nome1 ** (1.0 / n))
