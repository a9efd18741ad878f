"""Second-order notch and peak (resonator) filters at w0 with quality factor Q = w0 / bandwidth, the
bandwidth measured at -3 dB (Orfanidis, "Introduction to Signal Processing", 11.3)."""

import numpy as np

from ._arguments import sampling_frequency


def _notch_or_peak(w0, Q, fs, peak):
    w0, Q = float(w0), float(Q)
    fs = sampling_frequency(fs, allow_none=False)
    w0 = 2 * w0 / fs
    if w0 > 1.0 or w0 < 0.0:
        raise ValueError("w0 should be such that 0 < w0 < 1")
    half_width = np.pi * (w0 / Q) / 2
    # beta = tan(bw/2) scaled by the -3 dB gain g: sqrt(1 - g^2) / g for a notch, its inverse for a
    # peak; both are 1 at g = 1/sqrt(2).
    gain_3db = 1 / np.sqrt(2)
    ratio = np.sqrt(1.0 - gain_3db ** 2) / gain_3db
    beta = (ratio if not peak else 1 / ratio) * np.tan(half_width)
    gain = 1.0 / (1.0 + beta)
    cos_w0 = np.cos(np.pi * w0)
    if peak:
        b = (1.0 - gain) * np.array([1.0, 0.0, -1.0])
    else:
        b = gain * np.array([1.0, -2.0 * cos_w0, 1.0])
    a = np.array([1.0, -2.0 * gain * cos_w0, 2.0 * gain - 1.0])
    return b, a


def iirnotch(w0, Q, fs=2.0):
    """(b, a) of a notch removing w0 (in the units of fs; default: a fraction of Nyquist)."""
    return _notch_or_peak(w0, Q, fs, peak=False)


def iirpeak(w0, Q, fs=2.0):
    """(b, a) of a resonator passing a band around w0 (in the units of fs; default: a fraction of
    Nyquist)."""
    return _notch_or_peak(w0, Q, fs, peak=True)
