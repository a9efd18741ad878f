"""Views and shape manipulation, as the NumPy/CuPy module functions (each a view when one exists)."""

from garray._conversions import order_code
from garray._library import lib


def reshape(a, newshape, order="C"):
    return lib.ga_array_reshape(a, newshape, order_code(order, "CFA"))


def ravel(a, order="C"):
    return lib.ga_array_ravel(a, order_code(order))


def transpose(a, axes=None):
    return lib.ga_array_transpose(a, axes)


def swapaxes(a, axis1, axis2):
    return lib.ga_array_swapaxes(a, axis1, axis2)


def moveaxis(a, source, destination):
    return lib.ga_array_moveaxis(a, source, destination)


def expand_dims(a, axis):
    return lib.ga_array_expand_dims(a, axis)


def squeeze(a, axis=None):
    return lib.ga_array_squeeze(a, axis)


def broadcast_shapes(*shapes):
    return lib.ga_array_broadcast_shapes(shapes)


def broadcast_to(array, shape):
    """A read-only view of `array` with the broadcast shape."""
    return lib.ga_array_broadcast_to(array, shape)


def broadcast_arrays(*args):
    return lib.ga_array_broadcast_arrays(args)


def _atleast(function, arrays):
    results = [function(array) for array in arrays]
    return results[0] if len(results) == 1 else results


def atleast_1d(*arys):
    return _atleast(lib.ga_array_atleast_1d, arys)


def atleast_2d(*arys):
    return _atleast(lib.ga_array_atleast_2d, arys)


def atleast_3d(*arys):
    return _atleast(lib.ga_array_atleast_3d, arys)


def real(val):
    return lib.ga_array_real(val)


def imag(val):
    return lib.ga_array_imag(val)
