"""Filter design for garray.scipy.signal: SciPy's design functions, computed on the host with NumPy.

Designs are a few dozen numbers (orders up to ~30), so there is no device work here and nothing needs
the compiled extension: the results are NumPy arrays, which garray's filtering functions accept as
coefficients. Signatures, defaults, results (to float tolerance) and the exceptions for bad input are
SciPy's; each module holds one concept:

- _zpk: transfer function <-> zeros/poles/gain (normalize, tf2zpk, zpk2tf)
- _sections: second-order sections (zpk2sos, sos2zpk, tf2sos, sos2tf)
- _analog_prototypes: lowpass prototypes (buttap, cheb1ap, cheb2ap, ellipap, besselap), with
  _elliptic (elliptic integrals and functions) and _bessel_roots (Bessel polynomial roots)
- _transforms: lp2lp/lp2hp/lp2bp/lp2bs (and _zpk forms), bilinear, bilinear_zpk
- _iir: iirfilter, butter, cheby1, cheby2, ellip, bessel; _notch: iirnotch, iirpeak
- _order: buttord, cheb1ord, cheb2ord, ellipord, iirdesign
- _fir: firwin, firwin2, kaiserord, kaiser_beta, kaiser_atten, with _windows (host get_window)
- _response: freqz, freqz_zpk, sosfreqz, freqs, freqs_zpk, findfreqs, group_delay
"""

from ._analog_prototypes import besselap, buttap, cheb1ap, cheb2ap, ellipap
from ._arguments import BadCoefficients
from ._fir import firwin, firwin2, kaiser_atten, kaiser_beta, kaiserord
from ._iir import bessel, butter, cheby1, cheby2, ellip, iirfilter
from ._notch import iirnotch, iirpeak
from ._order import buttord, cheb1ord, cheb2ord, ellipord, iirdesign
from ._response import findfreqs, freqs, freqs_zpk, freqz, freqz_zpk, group_delay, sosfreqz
from ._sections import sos2tf, sos2zpk, tf2sos, zpk2sos
from ._transforms import (bilinear, bilinear_zpk, lp2bp, lp2bp_zpk, lp2bs, lp2bs_zpk, lp2hp, lp2hp_zpk, lp2lp,
                          lp2lp_zpk)
from ._zpk import normalize, tf2zpk, zpk2tf

__all__ = [
    "BadCoefficients", "bessel", "besselap", "bilinear", "bilinear_zpk", "buttap", "butter", "buttord",
    "cheb1ap", "cheb1ord", "cheb2ap", "cheb2ord", "cheby1", "cheby2", "ellip", "ellipap", "ellipord",
    "findfreqs", "firwin", "firwin2", "freqs", "freqs_zpk", "freqz", "freqz_zpk", "group_delay",
    "iirdesign", "iirfilter", "iirnotch", "iirpeak", "kaiser_atten", "kaiser_beta", "kaiserord", "lp2bp",
    "lp2bp_zpk", "lp2bs", "lp2bs_zpk", "lp2hp", "lp2hp_zpk", "lp2lp", "lp2lp_zpk", "normalize", "sos2tf",
    "sos2zpk", "sosfreqz", "tf2sos", "tf2zpk", "zpk2sos", "zpk2tf",
]
