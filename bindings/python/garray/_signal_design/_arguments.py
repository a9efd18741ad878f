"""Argument checks shared by the filter-design functions, raising what SciPy raises for the same input."""

import operator

import numpy as np


class BadCoefficients(UserWarning):
    """Warning about badly conditioned filter coefficients (SciPy's scipy.signal.BadCoefficients)."""


def is_integer(x):
    """True for a scalar of integer type (5, np.int8(5), np.array(5)); False for 5.0 and [5]."""
    if np.ndim(x) != 0:
        return False
    try:
        operator.index(x)
    except TypeError:
        return False
    return True


def filter_order(N):
    """N as an int, or ValueError when it is negative or not a whole number (as SciPy's prototypes check)."""
    try:
        whole = int(N)
    except (TypeError, ValueError) as error:
        raise ValueError("Filter order must be a nonnegative integer") from error
    if abs(whole) != N:
        raise ValueError("Filter order must be a nonnegative integer")
    return whole


def sampling_frequency(fs, allow_none=True):
    """fs as a float (None passes through where allowed): a single positive finite number."""
    if fs is None:
        if not allow_none:
            raise ValueError("Sampling frequency can not be none.")
        return None
    if np.ndim(fs) != 0:
        raise ValueError("Sampling frequency fs must be a single scalar.")
    fs = float(fs)
    if not np.isfinite(fs) or fs <= 0:
        raise ValueError(f"Sampling frequency fs must be positive (got {fs}).")
    return fs


def gain_limits(gpass, gstop):
    """The passband loss and stopband attenuation of the *ord functions: 0 < gpass <= gstop."""
    if gpass <= 0.0:
        raise ValueError("gpass should be larger than 0.0")
    if gstop <= 0.0:
        raise ValueError("gstop should be larger than 0.0")
    if gpass > gstop:
        raise ValueError("gpass should be smaller than gstop")
