"""IIR filters of a given order and critical frequencies: iirfilter and its named forms (butter,
cheby1, cheby2, ellip, bessel), by SciPy's route: analog prototype, frequency transformation,
bilinear transform with pre-warping (digital), then the requested output form."""

import numpy as np

from ._analog_prototypes import besselap, buttap, cheb1ap, cheb2ap, ellipap
from ._arguments import sampling_frequency
from ._sections import zpk2sos
from ._transforms import bilinear_zpk, lp2bp_zpk, lp2bs_zpk, lp2hp_zpk, lp2lp_zpk
from ._zpk import zpk2tf

BAND_TYPES = {name: btype for btype, names in {
    "lowpass": ("lowpass", "low", "lp", "l"),
    "highpass": ("highpass", "high", "hp", "h"),
    "bandpass": ("bandpass", "band", "pass", "bp"),
    "bandstop": ("bandstop", "stop", "bands", "bs"),
}.items() for name in names}

# ftype name -> prototype family; the *ord functions of each family are in _order.
FILTER_FAMILIES = {name: family for family, names in {
    "butter": ("butter", "butterworth"),
    "cheby1": ("cheby1", "chebyshev1", "chebyshevi"),
    "cheby2": ("cheby2", "chebyshev2", "chebyshevii"),
    "ellip": ("ellip", "elliptic", "cauer"),
    "bessel_phase": ("bessel", "bessel_phase"),
    "bessel_delay": ("bessel_delay",),
    "bessel_mag": ("bessel_mag",),
}.items() for name in names}

OUTPUTS = ("ba", "zpk", "sos")


def _prototype(family, N, rp, rs):
    if family == "butter":
        return buttap(N)
    if family.startswith("bessel_"):
        return besselap(N, norm=family[len("bessel_"):])
    if family == "cheby1":
        if rp is None:
            raise ValueError("passband ripple (rp) must be provided to design a Chebyshev I filter.")
        return cheb1ap(N, rp)
    if family == "cheby2":
        if rs is None:
            raise ValueError("stopband attenuation (rs) must be provided to design an Chebyshev II filter.")
        return cheb2ap(N, rs)
    if rs is None or rp is None:
        raise ValueError("Both rp and rs must be provided to design an elliptic filter.")
    return ellipap(N, rp, rs)


def iirfilter(N, Wn, rp=None, rs=None, btype="band", analog=False, ftype="butter", output="ba", fs=None):
    """An IIR filter of order N (2N for bandpass and bandstop) with critical frequencies Wn.

    Wn: digital, a fraction of the Nyquist frequency (0 < Wn < 1), or in the units of fs when fs is
    given; analog, angular frequencies. One value for lowpass/highpass, [low, high] for the bands.
    rp, rs: passband ripple and stopband attenuation in dB (Chebyshev and elliptic). Returns (b, a),
    (z, p, k) or sos as NumPy arrays."""
    ftype, btype, output = (x.lower() for x in (ftype, btype, output))
    Wn = np.asarray(Wn)
    fs = sampling_frequency(fs)
    if fs is not None:
        if analog:
            raise ValueError("fs cannot be specified for an analog filter")
        Wn = 2 * Wn / fs
    if np.any(Wn <= 0):
        raise ValueError("filter critical frequencies must be greater than 0")
    if Wn.size > 1 and not Wn[0] < Wn[1]:
        raise ValueError("Wn[0] must be less than Wn[1]")
    if btype not in BAND_TYPES:
        raise ValueError(f"'{btype}' is an invalid bandtype for filter.")
    btype = BAND_TYPES[btype]
    if ftype not in FILTER_FAMILIES:
        raise ValueError(f"'{ftype}' is not a valid basic IIR filter.")
    if output not in OUTPUTS:
        raise ValueError(f"'{output}' is not a valid output form.")
    if rp is not None and rp < 0:
        raise ValueError("passband ripple (rp) must be positive")
    if rs is not None and rs < 0:
        raise ValueError("stopband attenuation (rs) must be positive")
    z, p, k = _prototype(FILTER_FAMILIES[ftype], N, rp, rs)

    if analog:
        warped = Wn
    else:
        if np.any(Wn <= 0) or np.any(Wn >= 1):
            if fs is not None:
                raise ValueError("Digital filter critical frequencies must be 0 < Wn < fs/2 "
                                 f"(fs={fs} -> fs/2={fs / 2})")
            raise ValueError("Digital filter critical frequencies must be 0 < Wn < 1")
        warped = 4 * np.tan(np.pi * Wn / 2)  # 2 fs tan(pi Wn / fs) with fs = 2: pre-warped

    if btype in ("lowpass", "highpass"):
        if np.size(Wn) != 1:
            raise ValueError("Must specify a single critical frequency Wn for lowpass or highpass filter")
        transform = lp2lp_zpk if btype == "lowpass" else lp2hp_zpk
        z, p, k = transform(z, p, k, wo=warped)
    else:
        if np.size(Wn) != 2:
            raise ValueError("Wn must specify start and stop frequencies for bandpass or bandstop filter")
        transform = lp2bp_zpk if btype == "bandpass" else lp2bs_zpk
        z, p, k = transform(z, p, k, wo=np.sqrt(warped[0] * warped[1]), bw=warped[1] - warped[0])

    if not analog:
        z, p, k = bilinear_zpk(z, p, k, fs=2.0)
    if output == "zpk":
        return z, p, k
    if output == "ba":
        return zpk2tf(z, p, k)
    return zpk2sos(z, p, k, analog=analog)


def butter(N, Wn, btype="low", analog=False, output="ba", fs=None):
    """Butterworth filter (maximally flat passband); Wn is the -3 dB frequency."""
    return iirfilter(N, Wn, btype=btype, analog=analog, output=output, ftype="butter", fs=fs)


def cheby1(N, rp, Wn, btype="low", analog=False, output="ba", fs=None):
    """Chebyshev type I filter: rp dB of equiripple in the passband; Wn is where the gain first drops
    below -rp dB."""
    return iirfilter(N, Wn, rp=rp, btype=btype, analog=analog, output=output, ftype="cheby1", fs=fs)


def cheby2(N, rs, Wn, btype="low", analog=False, output="ba", fs=None):
    """Chebyshev type II filter: the stopband at least rs dB down; Wn is where the gain first reaches
    -rs dB."""
    return iirfilter(N, Wn, rs=rs, btype=btype, analog=analog, output=output, ftype="cheby2", fs=fs)


def ellip(N, rp, rs, Wn, btype="low", analog=False, output="ba", fs=None):
    """Elliptic (Cauer) filter: rp dB of passband ripple, the stopband rs dB down; Wn is where the gain
    first drops below -rp dB."""
    return iirfilter(N, Wn, rs=rs, rp=rp, btype=btype, analog=analog, output=output, ftype="elliptic", fs=fs)


def bessel(N, Wn, btype="low", analog=False, output="ba", norm="phase", fs=None):
    """Bessel-Thomson filter (maximally flat group delay); norm 'phase', 'delay' or 'mag' says what Wn
    means (see besselap)."""
    return iirfilter(N, Wn, btype=btype, analog=analog, output=output, ftype="bessel_" + norm, fs=fs)
