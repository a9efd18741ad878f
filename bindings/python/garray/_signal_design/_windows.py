"""Window functions on the host for the FIR designs (firwin, firwin2 and their Kaiser windows), named
as scipy.signal.get_window names them.

garray._windows computes NumPy's windows on the device; a FIR design needs a few dozen host values,
and the GPU signal module's get_window returns device arrays, so the design keeps its own. Windows
SciPy has but this does not (chebwin, dpss, kaiser_bessel_derived, taylor) raise NotImplementedError.
"""

import operator

import numpy as np


def _general_cosine_window(M, a):
    """sum_k a_k cos(k x), x running from -pi to pi across the window."""
    x = np.linspace(-np.pi, np.pi, M)
    return sum(coefficient * np.cos(k * x) for k, coefficient in enumerate(a))


def _cosine_sum(*coefficients):
    """The general cosine window of fixed coefficients (Hann, Hamming, Blackman, ...)."""
    def window(M):
        return _general_cosine_window(M, coefficients)
    return window


def _general_hamming(M, alpha):
    return _general_cosine_window(M, [alpha, 1.0 - alpha])


def _boxcar(M):
    return np.ones(M)


def _triang(M):
    n = np.arange(1, (M + 1) // 2 + 1)
    if M % 2 == 0:
        half = (2 * n - 1.0) / M
        return np.concatenate((half, half[::-1]))
    half = 2 * n / (M + 1.0)
    return np.concatenate((half, half[-2::-1]))


def _bartlett(M):
    n = np.arange(M)
    return np.where(n <= (M - 1) / 2.0, 2.0 * n / (M - 1), 2.0 - 2.0 * n / (M - 1))


def _parzen(M):
    n = np.abs(np.arange(-(M - 1) / 2.0, (M - 1) / 2.0 + 0.5, 1.0))
    r = n / (M / 2.0)
    return np.where(n <= (M - 1) / 4.0, 1 - 6 * r ** 2 + 6 * r ** 3, 2 * (1 - r) ** 3)


def _bohman(M):
    x = np.abs(np.linspace(-1, 1, M)[1:-1])
    return np.concatenate(([0.0], (1 - x) * np.cos(np.pi * x) + np.sin(np.pi * x) / np.pi, [0.0]))


def _cosine(M):
    return np.sin(np.pi / M * (np.arange(M) + 0.5))


def _barthann(M):
    x = np.abs(np.arange(M) / (M - 1.0) - 0.5)
    return 0.62 - 0.48 * x + 0.38 * np.cos(2 * np.pi * x)


def _lanczos(M):
    return np.sinc(2.0 * np.arange(M) / (M - 1) - 1.0)


def _tukey(M, alpha=0.5):
    if alpha <= 0:
        return np.ones(M)
    if alpha >= 1.0:
        return _general_hamming(M, 0.5)
    n = np.arange(M)
    width = int(np.floor(alpha * (M - 1) / 2.0))
    rising = 0.5 * (1 + np.cos(np.pi * (-1 + 2.0 * n[:width + 1] / alpha / (M - 1))))
    flat = np.ones(M - 2 * (width + 1))
    falling = 0.5 * (1 + np.cos(np.pi * (-2.0 / alpha + 1 + 2.0 * n[M - width - 1:] / alpha / (M - 1))))
    return np.concatenate((rising, flat, falling))


def _kaiser(M, beta):
    n = np.arange(M)
    alpha = (M - 1) / 2.0
    return np.i0(beta * np.sqrt(1 - ((n - alpha) / alpha) ** 2.0)) / np.i0(float(beta))


def _gaussian(M, std):
    n = np.arange(M) - (M - 1.0) / 2.0
    return np.exp(-n ** 2 / (2 * std * std))


def _general_gaussian(M, p, sig):
    n = np.arange(M) - (M - 1.0) / 2.0
    return np.exp(-0.5 * np.abs(n / sig) ** (2 * p))


def _exponential(M, center=None, tau=1.0):
    if center is None:
        center = (M - 1) / 2
    return np.exp(-np.abs(np.arange(M) - center) / tau)


# name aliases -> (window(M, *parameters) of the symmetric window, needs parameters)
_WINDOWS = {
    ("barthann", "brthan", "bth"): (_barthann, False),
    ("bartlett", "bart", "brt"): (_bartlett, False),
    ("blackman", "black", "blk"): (_cosine_sum(0.42, 0.50, 0.08), False),
    ("blackmanharris", "blackharr", "bkh"): (_cosine_sum(0.35875, 0.48829, 0.14128, 0.01168), False),
    ("bohman", "bman", "bmn"): (_bohman, False),
    ("boxcar", "box", "ones", "rect", "rectangular"): (_boxcar, False),
    ("cosine", "halfcosine"): (_cosine, False),
    ("exponential", "poisson"): (_exponential, False),
    ("flattop", "flat", "flt"): (_cosine_sum(0.21557895, 0.41663158, 0.277263158, 0.083578947, 0.006947368),
                                 False),
    ("gaussian", "gauss", "gss"): (_gaussian, True),
    ("general cosine", "general_cosine"): (_general_cosine_window, True),
    ("general gaussian", "general_gaussian", "general gauss", "general_gauss", "ggs"): (_general_gaussian, True),
    ("general hamming", "general_hamming"): (_general_hamming, True),
    ("hamming", "hamm", "ham"): (_cosine_sum(0.54, 0.46), False),
    ("hann", "han"): (_cosine_sum(0.5, 0.5), False),
    ("kaiser", "ksr"): (_kaiser, True),
    ("lanczos", "sinc"): (_lanczos, False),
    ("nuttall", "nutl", "nut"): (_cosine_sum(0.3635819, 0.4891775, 0.1365995, 0.0106411), False),
    ("parzen", "parz", "par"): (_parzen, False),
    ("triangle", "triang", "tri"): (_triang, False),
    ("tukey", "tuk"): (_tukey, False),
}
_BY_NAME = {name: entry for names, entry in _WINDOWS.items() for name in names}
_UNAVAILABLE = {"chebwin", "cheb", "dpss", "kaiser bessel derived", "kbd", "taylor", "taylorwin"}


def _window_length(M):
    try:
        M = operator.index(M)
    except TypeError as error:
        raise ValueError("Window length M must be a non-negative integer") from error
    if M < 0:
        raise ValueError("Window length M must be a non-negative integer")
    return M


def get_window(window, Nx, fftbins=True):
    """The window named by `window` (a name, a (name, parameters...) tuple, or a number: a Kaiser
    window with that beta) of length Nx as a float64 NumPy array: periodic (for spectral analysis)
    when fftbins, else symmetric (for filter design)."""
    if isinstance(window, (int, float, np.integer, np.floating)) and not isinstance(window, bool):
        name, parameters = "kaiser", (float(window),)
    elif isinstance(window, tuple):
        name, parameters = window[0], tuple(window[1:])
    elif isinstance(window, str):
        name, parameters = window, ()
    else:
        raise ValueError(f"{type(window)} as window type is not supported.")
    if name in _UNAVAILABLE:
        raise NotImplementedError(f"the '{name}' window is not available in garray's filter design")
    if name not in _BY_NAME:
        raise ValueError("Unknown window type.")
    function, needs_parameters = _BY_NAME[name]
    if needs_parameters and not parameters:
        raise ValueError(f"The '{name}' window needs one or more parameters -- pass a tuple.")
    M = _window_length(Nx)
    if M <= 1:
        return np.ones(M)
    # A periodic window is the symmetric one of length M + 1 without its last point.
    length = M + 1 if fftbins else M
    if function is _exponential and fftbins is False and parameters and parameters[0] is not None:
        raise ValueError("If sym==True, center must be None.")
    return np.asarray(function(length, *parameters), dtype=float)[:M]
