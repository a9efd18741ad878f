"""FIR filter design by the window method: firwin (ideal bands times a window), firwin2 (an arbitrary
piecewise-linear gain, by frequency sampling), and Kaiser's formulas for the window's beta and the
number of taps (kaiser_beta, kaiser_atten, kaiserord)."""

import math
import operator

import numpy as np

from ._arguments import sampling_frequency
from ._windows import get_window


def kaiser_beta(a):
    """Kaiser's beta for a stopband attenuation of a dB."""
    if a > 50:
        return 0.1102 * (a - 8.7)
    if a > 21:
        return 0.5842 * (a - 21) ** 0.4 + 0.07886 * (a - 21)
    return 0.0


def kaiser_atten(numtaps, width):
    """Kaiser's estimate of the attenuation (dB) of numtaps taps and a transition width (a fraction
    of Nyquist)."""
    return 2.285 * (numtaps - 1) * np.pi * width + 7.95


def kaiserord(ripple, width):
    """(numtaps, beta) of a Kaiser-window FIR filter with ripple dB of attenuation and a transition
    width (a fraction of Nyquist)."""
    A = abs(ripple)
    if A < 8:
        raise ValueError(f"Requested maximum ripple attentuation {A:f} is too small for the Kaiser formula.")
    numtaps = (A - 7.95) / 2.285 / (np.pi * width) + 1
    return int(math.ceil(numtaps)), kaiser_beta(A)


def _pass_zero(pass_zero, cutoff):
    """pass_zero as a bool (whether the band from DC passes), its string forms checked against the
    number of cutoffs."""
    if isinstance(pass_zero, str):
        single = pass_zero in ("lowpass", "highpass")
        if pass_zero not in ("lowpass", "highpass", "bandpass", "bandstop"):
            raise ValueError('pass_zero must be True, False, "bandpass", "lowpass", "highpass", or '
                             f'"bandstop", got {pass_zero}')
        if single and cutoff.size != 1:
            raise ValueError(f'cutoff must have one element if pass_zero=="{pass_zero}", got {cutoff.shape}')
        if not single and cutoff.size <= 1:
            raise ValueError(f'cutoff must have at least two elements if pass_zero=="{pass_zero}", '
                             f"got {cutoff.shape}")
        return pass_zero in ("lowpass", "bandstop")
    return bool(operator.index(pass_zero))


def firwin(numtaps, cutoff, *, width=None, window="hamming", pass_zero=True, scale=True, fs=None):
    """numtaps coefficients of a linear-phase FIR filter with band edges `cutoff` (in the units of fs;
    default: fractions of Nyquist), the band from DC passing when pass_zero (or 'lowpass'/'bandstop').

    width: a transition width, which selects a Kaiser window (overriding `window`). scale: unit gain
    at the centre of the first passband (DC, Nyquist or the band's middle)."""
    fs = sampling_frequency(fs)
    nyq = 0.5 * (2 if fs is None else fs)
    cutoff = np.atleast_1d(cutoff) / float(nyq)
    if cutoff.ndim > 1:
        raise ValueError("The cutoff argument must be at most one-dimensional.")
    if cutoff.size == 0:
        raise ValueError("At least one cutoff frequency must be given.")
    if cutoff.min() <= 0 or cutoff.max() >= 1:
        raise ValueError("Invalid cutoff frequency: frequencies must be greater than 0 and less than fs/2.")
    if np.any(np.diff(cutoff) <= 0):
        raise ValueError("Invalid cutoff frequencies: the frequencies must be strictly increasing.")
    if width is not None:
        window = ("kaiser", kaiser_beta(kaiser_atten(numtaps, float(width) / nyq)))
    pass_zero = _pass_zero(pass_zero, cutoff)
    pass_nyquist = bool(cutoff.size & 1) ^ pass_zero
    if pass_nyquist and numtaps % 2 == 0:
        raise ValueError("A filter with an even number of coefficients must have zero response at the "
                         "Nyquist frequency.")
    # Pairs of edges, each a passband: the ideal response is the sum of their sinc differences.
    bands = np.concatenate(([0.0] * pass_zero, cutoff, [1.0] * pass_nyquist)).reshape(-1, 2)
    m = np.arange(numtaps) - 0.5 * (numtaps - 1)
    h = sum(right * np.sinc(right * m) - left * np.sinc(left * m) for left, right in bands)
    h = h * get_window(window, numtaps, fftbins=False)
    if scale:
        left, right = bands[0]
        centre = 0.0 if left == 0 else 1.0 if right == 1 else 0.5 * (left + right)
        h = h / np.sum(h * np.cos(np.pi * m * centre))
    return h


def firwin2(numtaps, freq, gain, *, nfreqs=None, window="hamming", antisymmetric=False, fs=None):
    """numtaps coefficients of a FIR filter whose gain follows the piecewise-linear (freq, gain) curve
    (freq from 0 to fs/2, nondecreasing; a value repeated once makes a step), by sampling it on
    nfreqs points, an inverse FFT and a window. antisymmetric gives type III/IV filters."""
    fs = sampling_frequency(fs)
    nyq = 0.5 * (2 if fs is None else fs)
    if len(freq) != len(gain):
        raise ValueError("freq and gain must be of same length.")
    if nfreqs is not None and numtaps >= nfreqs:
        raise ValueError(f"ntaps must be less than nfreqs, but firwin2 was called with ntaps={numtaps} "
                         f"and nfreqs={nfreqs}")
    if freq[0] != 0 or freq[-1] != nyq:
        raise ValueError("freq must start with 0 and end with fs/2.")
    steps = np.diff(freq)
    if (steps < 0).any():
        raise ValueError("The values in freq must be nondecreasing.")
    if ((steps[:-1] + steps[1:]) == 0).any():
        raise ValueError("A value in freq must not occur more than twice.")
    if freq[1] == 0:
        raise ValueError("Value 0 must not be repeated in freq")
    if freq[-2] == nyq:
        raise ValueError("Value fs/2 must not be repeated in freq")
    # Types I-IV: symmetric odd/even length, antisymmetric odd/even length.
    ftype = (3 if numtaps % 2 else 4) if antisymmetric else (1 if numtaps % 2 else 2)
    if ftype == 2 and gain[-1] != 0.0:
        raise ValueError("A Type II filter must have zero gain at the Nyquist frequency.")
    if ftype == 3 and (gain[0] != 0.0 or gain[-1] != 0.0):
        raise ValueError("A Type III filter must have zero gain at zero and Nyquist frequencies.")
    if ftype == 4 and gain[0] != 0.0:
        raise ValueError("A Type IV filter must have zero gain at zero frequency.")
    if nfreqs is None:
        nfreqs = 1 + 2 ** int(math.ceil(math.log(numtaps, 2)))
    freq = np.array(freq, dtype=float)
    if (steps == 0).any():
        # Spread each repeated value by one ulp either way, so that interpolation sees a steep step.
        eps = np.finfo(float).eps * nyq
        for k in range(len(freq) - 1):
            if freq[k] == freq[k + 1]:
                freq[k] -= eps
                freq[k + 1] += eps
        if (np.diff(freq) <= 0).any():
            raise ValueError("freq cannot contain numbers that are too close (within eps * (fs/2): "
                             f"{eps}) to a repeated value")
    x = np.linspace(0.0, nyq, nfreqs)
    desired = np.interp(x, freq, gain)
    # The linear phase of a delay of (numtaps - 1) / 2 samples (and a quarter turn for types III/IV),
    # so that the first numtaps values of the inverse FFT are the taps.
    shift = np.exp(-(numtaps - 1) / 2. * 1j * np.pi * x / nyq)
    if ftype > 2:
        shift *= 1j
    taps = np.fft.irfft(desired * shift)[:numtaps]
    if window is not None:
        taps = taps * get_window(window, numtaps, fftbins=False)
    if ftype == 3:
        taps[taps.size // 2] = 0.0
    return taps
