"""Order selection: the lowest order of a Butterworth, Chebyshev I/II or elliptic filter that loses at
most gpass dB in the passband and attenuates at least gstop dB in the stopband, with the natural
frequencies to design it with; and iirdesign, which selects and designs in one call.

wp, ws (passband and stopband edges) are one value each (lowpass if wp < ws, else highpass) or two
(bandpass if the passband lies inside the stopband, bandstop if the other way round)."""

import math

import numpy as np

from . import _elliptic
from ._arguments import gain_limits, sampling_frequency
from ._iir import FILTER_FAMILIES, iirfilter

LOWPASS, HIGHPASS, BANDSTOP, BANDPASS = 1, 2, 3, 4


class _Specification:
    """The edges of an order-selection problem, pre-warped to the analog prototype's axis."""

    def __init__(self, wp, ws, gpass, gstop, analog, fs):
        gain_limits(gpass, gstop)
        wp, ws = np.atleast_1d(wp).astype(float), np.atleast_1d(ws).astype(float)
        fs = sampling_frequency(fs)
        if fs is not None:
            if analog:
                raise ValueError("fs cannot be specified for an analog filter")
            wp, ws = 2 * wp / fs, 2 * ws / fs
        self.analog, self.fs = analog, fs
        self.band = 2 * (len(wp) - 1) + (LOWPASS if wp[0] < ws[0] else HIGHPASS)
        self.passb = wp.copy() if analog else np.tan(np.pi * wp / 2)
        self.stopb = ws.copy() if analog else np.tan(np.pi * ws / 2)
        self.passband_excess = 10 ** (0.1 * abs(gpass)) - 1  # 10^(gpass/10) - 1
        self.stopband_excess = 10 ** (0.1 * abs(gstop)) - 1
        if self.band == BANDSTOP:
            self._widen_bandstop_passband()

    def _widen_bandstop_passband(self):
        """Move the bandstop passband edges (within [passband edge, stopband edge]) to where the
        lowpass prototype's stopband edge is furthest out. As a function of the lower edge, the two
        stopband edges' prototype frequencies cross at p0 p1 = s0 s1 (centre matched), one falling
        and one rising through it, so that crossing (or the given edge, if the crossing lies outside)
        is the optimum; likewise the upper edge given the new lower one. (SciPy searches for the same
        points numerically, to about 1e-5.)"""
        s0, s1 = self.stopb
        self.passb[0] = max(self.passb[0], s0 * s1 / self.passb[1])
        self.passb[1] = min(self.passb[1], s0 * s1 / self.passb[0])

    def selectivity(self):
        """The prototype's stopband edge for a passband edge at 1 (the smaller of two for bands)."""
        passb, stopb = self.passb, self.stopb
        if self.band == LOWPASS:
            nat = stopb / passb
        elif self.band == HIGHPASS:
            nat = passb / stopb
        elif self.band == BANDSTOP:
            nat = stopb * (passb[0] - passb[1]) / (stopb ** 2 - passb[0] * passb[1])
        else:
            nat = (stopb ** 2 - passb[0] * passb[1]) / (stopb * (passb[0] - passb[1]))
        return float(np.min(np.abs(nat)))

    def result(self, prototype_edges):
        """(prototype edges on the analog axis) -> Wn in the caller's units: a scalar for one edge."""
        wn = prototype_edges if self.analog else (2.0 / np.pi) * np.arctan(prototype_edges)
        if len(wn) == 1:
            wn = wn[0]
        if self.fs is not None:
            wn = wn * self.fs / 2
        return wn


def buttord(wp, ws, gpass, gstop, analog=False, fs=None):
    """(order, Wn) of the lowest-order Butterworth filter meeting the specification; Wn is the -3 dB
    frequency that gives exactly gpass at the passband edge."""
    spec = _Specification(wp, ws, gpass, gstop, analog, fs)
    order = int(math.ceil(math.log10(spec.stopband_excess / spec.passband_excess)
                          / (2 * math.log10(spec.selectivity()))))
    w0 = spec.passband_excess ** (-1.0 / (2.0 * order))  # the prototype's 3 dB point
    passb = spec.passb
    if spec.band == LOWPASS:
        edges = w0 * passb
    elif spec.band == HIGHPASS:
        edges = passb / w0
    elif spec.band == BANDSTOP:
        width = passb[1] - passb[0]
        root = math.sqrt(width ** 2 + 4 * w0 ** 2 * passb[0] * passb[1])
        edges = np.sort(np.abs([(width + root) / (2 * w0), (width - root) / (2 * w0)]))
    else:
        w = np.array([-w0, w0])
        width = passb[1] - passb[0]
        edges = np.sort(np.abs(-w * width / 2.0 + np.sqrt(w ** 2 / 4.0 * width ** 2 + passb[0] * passb[1])))
    return order, spec.result(edges)


def _chebyshev_order(spec):
    return int(math.ceil(np.arccosh(math.sqrt(spec.stopband_excess / spec.passband_excess))
                         / np.arccosh(spec.selectivity())))


def cheb1ord(wp, ws, gpass, gstop, analog=False, fs=None):
    """(order, Wn) of the lowest-order Chebyshev type I filter meeting the specification; Wn is the
    passband edge."""
    spec = _Specification(wp, ws, gpass, gstop, analog, fs)
    return _chebyshev_order(spec), spec.result(spec.passb)


def cheb2ord(wp, ws, gpass, gstop, analog=False, fs=None):
    """(order, Wn) of the lowest-order Chebyshev type II filter meeting the specification; Wn is where
    the gain first reaches -gstop dB."""
    spec = _Specification(wp, ws, gpass, gstop, analog, fs)
    order = _chebyshev_order(spec)
    # The prototype frequency where the response is -gpass dB, mapped back to the filter's axis.
    new_freq = 1.0 / math.cosh(np.arccosh(math.sqrt(spec.stopband_excess / spec.passband_excess)) / order)
    passb = spec.passb
    if spec.band == LOWPASS:
        edges = passb / new_freq
    elif spec.band == HIGHPASS:
        edges = passb * new_freq
    else:
        spread = new_freq if spec.band == BANDSTOP else 1.0 / new_freq
        first = spread / 2.0 * (passb[0] - passb[1]) + math.sqrt(
            spread ** 2 * (passb[1] - passb[0]) ** 2 / 4.0 + passb[1] * passb[0])
        edges = np.array([first, passb[0] * passb[1] / first])
    return order, spec.result(edges)


def ellipord(wp, ws, gpass, gstop, analog=False, fs=None):
    """(order, Wn) of the lowest-order elliptic filter meeting the specification; Wn is the passband
    edge. The order solves the degree equation N = K(1/nat^2) K'(d) / (K'(1/nat^2) K(d)), d the
    discrimination (10^(gpass/10) - 1) / (10^(gstop/10) - 1)."""
    spec = _Specification(wp, ws, gpass, gstop, analog, fs)
    discrimination = np.expm1(math.log(10) * 0.1 * gpass) / np.expm1(math.log(10) * 0.1 * gstop)
    selectivity = 1.0 / spec.selectivity() ** 2
    ratio = (_elliptic.complete_k(selectivity) * _elliptic.complete_k(1 - discrimination, discrimination)
             / (_elliptic.complete_k(1 - selectivity, selectivity) * _elliptic.complete_k(discrimination)))
    return int(math.ceil(ratio)), spec.result(spec.passb)


_ORDER_SELECTION = {"butter": buttord, "cheby1": cheb1ord, "cheby2": cheb2ord, "ellip": ellipord}


def iirdesign(wp, ws, gpass, gstop, analog=False, ftype="ellip", output="ba", fs=None):
    """The lowest-order IIR filter of type ftype meeting the specification: *ord, then iirfilter."""
    if ftype not in FILTER_FAMILIES:
        raise ValueError(f"Invalid IIR filter type: {ftype}")
    family = FILTER_FAMILIES[ftype]
    if family not in _ORDER_SELECTION:
        raise ValueError(f"{ftype} does not have order selection. Use iirfilter function.")
    gain_limits(gpass, gstop)
    wp, ws = np.atleast_1d(wp), np.atleast_1d(ws)
    if wp.shape[0] != ws.shape[0] or wp.shape not in [(1,), (2,)]:
        raise ValueError("wp and ws must have one or two elements each, and the same shape, got "
                         f"{wp.shape} and {ws.shape}")
    if np.any(wp <= 0) or np.any(ws <= 0):
        raise ValueError("Values for wp, ws must be greater than 0")
    fs = sampling_frequency(fs)
    if not analog:
        if fs is None:
            if np.any(wp >= 1) or np.any(ws >= 1):
                raise ValueError("Values for wp, ws must be less than 1")
        elif np.any(wp >= fs / 2) or np.any(ws >= fs / 2):
            raise ValueError(f"Values for wp, ws must be less than fs/2 (fs={fs} -> fs/2={fs / 2})")
    if wp.shape[0] == 2 and not ((ws[0] < wp[0] and wp[1] < ws[1]) or (wp[0] < ws[0] and ws[1] < wp[1])):
        raise ValueError("Passband must lie strictly inside stopband or vice versa")
    btype = {1: "lowpass", 2: "highpass", 3: "bandstop", 4: "bandpass"}[
        2 * (len(wp) - 1) + (LOWPASS if wp[0] < ws[0] else HIGHPASS)]
    N, Wn = _ORDER_SELECTION[family](wp, ws, gpass, gstop, analog=analog, fs=fs)
    return iirfilter(N, Wn, rp=gpass, rs=gstop, analog=analog, btype=btype, ftype=ftype, output=output, fs=fs)
