"""scipy.signal's order filters over garray/signal.h: order_filter (any odd domain and rank),
medfilt (n-d median) and medfilt2d (2-D median; 3x3, 5x5 and 7x7 float windows take a register
selection network). Zeros stand past the edges, as in SciPy; results keep the input's dtype."""

import numpy

from garray._creation import asarray
from garray._library import lib
from garray._ndarray import ndarray

__all__ = ["medfilt", "medfilt2d", "order_filter"]


def _device(a):
    return a if isinstance(a, ndarray) else asarray(a)


def order_filter(a, domain, rank):
    """scipy.signal.order_filter: the rank-th smallest value under domain's nonzero elements."""
    a, domain = _device(a), _device(domain)
    for length in domain.shape:
        if length % 2 != 1:
            raise ValueError("Each dimension of domain argument should have an odd number of elements.")
    return lib.ga_signal_order_filter(a, domain, int(rank))


def _kernel_size(kernel_size, ndim):
    if kernel_size is None:
        return [3] * ndim
    sizes = numpy.asarray(kernel_size)
    if sizes.shape == ():
        return [int(sizes.item())] * ndim
    return [int(k) for k in sizes]


def medfilt(volume, kernel_size=None):
    """scipy.signal.medfilt: the median of each kernel_size window (odd lengths), zero-padded."""
    volume = _device(volume)
    if volume.ndim == 0:
        volume = volume.reshape(1)
    sizes = _kernel_size(kernel_size, volume.ndim)
    if len(sizes) != volume.ndim:
        raise ValueError("kernel_size must have one length per dimension of volume")
    if any(k % 2 != 1 for k in sizes):
        raise ValueError("Each element of kernel_size should be odd.")
    return lib.ga_signal_medfilt(volume, sizes)


def medfilt2d(input, kernel_size=3):
    """scipy.signal.medfilt2d: medfilt of a 2-D array."""
    image = _device(input)
    if image.ndim != 2:
        raise ValueError("medfilt2d: input must be 2-D")
    sizes = _kernel_size(kernel_size, 2)
    if len(sizes) != 2:
        raise ValueError("medfilt2d: kernel_size must be a scalar or a pair")
    return medfilt(image, sizes)
