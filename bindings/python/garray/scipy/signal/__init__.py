"""garray.scipy.signal (also ga.signal): scipy.signal's functions with SciPy's signatures, as
cupyx.scipy.signal. Filter design runs on the host (garray._signal_design); convolution and the
order filters are C calls (garray/signal.h). Each concept lives in its own private module."""

from garray._signal_design import *  # noqa: F401,F403  (filter design)
from garray._signal_design import __all__ as _design_names
from garray._signal_design._windows import get_window
from garray.scipy.signal._convolution import (choose_conv_method, convolve, convolve2d, correlate, correlate2d,
                                              correlation_lags, fftconvolve, oaconvolve)
from garray.scipy.signal._order_filters import medfilt, medfilt2d, order_filter

__all__ = [*_design_names, "get_window", "choose_conv_method", "convolve", "convolve2d", "correlate",
           "correlate2d", "correlation_lags", "fftconvolve", "oaconvolve", "medfilt", "medfilt2d", "order_filter"]
