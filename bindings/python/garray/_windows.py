"""NumPy's window functions as float64 garray arrays, computed on the device (garray/manipulation.h's
ga_signal_window): bartlett, blackman, hamming, hanning and kaiser. M < 1 gives an empty array, M == 1 [1.]."""

import operator

from garray._library import lib


def _window(kind, M, beta=0.0):
    return lib.ga_signal_window(kind, operator.index(M), float(beta))


def bartlett(M):
    return _window(lib.GA_WINDOW_BARTLETT, M)


def blackman(M):
    return _window(lib.GA_WINDOW_BLACKMAN, M)


def hamming(M):
    return _window(lib.GA_WINDOW_HAMMING, M)


def hanning(M):
    return _window(lib.GA_WINDOW_HANNING, M)


def kaiser(M, beta):
    """I0(beta * sqrt(1 - (2n/(M-1) - 1)**2)) / I0(beta), with I0 summed on the device."""
    return _window(lib.GA_WINDOW_KAISER, M, beta)
