"""What the Generator and the legacy RandomState share: seeds, sizes and scalar parameters."""

import operator
import os

import numpy

from garray._creation import asarray, asnumpy
from garray._ndarray import ndarray

_SEED_LIMIT = 1 << 64


def seed_value(seed):
    """A 64-bit seed: fresh entropy for None, else a non-negative integer below 2**64."""
    if seed is None:
        return int.from_bytes(os.urandom(8), "little")
    if isinstance(seed, (float, numpy.floating)):
        raise TypeError("SeedSequence expects int or sequence of ints for entropy not {!r}".format(seed))
    value = operator.index(seed)
    if not 0 <= value < _SEED_LIMIT:
        raise ValueError("Seed must be between 0 and 2**64 - 1")
    return value


def shape_of(size):
    """NumPy's size=: None gives a 0-d result, an int a 1-d one."""
    if size is None:
        return ()
    try:
        return (operator.index(size),)
    except TypeError:
        return tuple(operator.index(extent) for extent in size)


def scalar(value, name):
    """A parameter as a Python number; arrays of parameters are not supported (scalars only)."""
    if isinstance(value, ndarray):
        if value.ndim != 0:
            raise NotImplementedError(f"{name}: array parameters are not supported; pass a scalar")
        value = asnumpy(value)
    elif isinstance(value, numpy.ndarray) and value.ndim != 0:
        raise NotImplementedError(f"{name}: array parameters are not supported; pass a scalar")
    return value


def real(value, name):
    return float(scalar(value, name))


def integer(value, name):
    value = scalar(value, name)
    if isinstance(value, (float, numpy.floating)):
        if value != int(value):
            raise TypeError(f"{name} must be an integer")
        return int(value)
    return operator.index(value)


def checked_probabilities(p, population):
    """p on the device as float64 after NumPy's checks (on the host, as NumPy and CuPy do)."""
    host = numpy.asarray(asnumpy(p) if isinstance(p, ndarray) else p, dtype=numpy.float64)
    if host.ndim != 1:
        raise ValueError("p must be 1-dimensional")
    if host.size != population:
        raise ValueError("a and p must have same size")
    if not numpy.all(numpy.isfinite(host)):
        raise ValueError("probabilities contain NaN")
    if numpy.any(host < 0):
        raise ValueError("probabilities are not non-negative")
    if abs(host.sum() - 1) > numpy.sqrt(numpy.finfo(numpy.float64).eps):
        raise ValueError("probabilities do not sum to 1")
    return asarray(host), int(numpy.count_nonzero(host))
