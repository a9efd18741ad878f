"""Views and shape manipulation, as the NumPy/CuPy module functions (each a view when one exists)."""

import operator

from garray._conversions import order_code
from garray._library import lib


def reshape(a, shape=None, order="C", *, newshape=None, copy=None):
    """`a` in another shape: a view where one exists, else a copy. As NumPy 2 (and the Array API),
    copy=True always copies and copy=False refuses (ValueError) where only a copy can do."""
    if newshape is not None:
        if shape is not None:
            raise TypeError("reshape: give shape or newshape, not both")
        shape = newshape
    result = lib.ga_array_reshape(a, shape, order_code(order, "CFA"))
    if copy:
        return result.copy() if lib.ga_array_data(result) == lib.ga_array_data(a) else result
    if copy is False and a.size and lib.ga_array_data(result) != lib.ga_array_data(a):
        raise ValueError("copy=False: this reshape needs a copy")
    return result


def ravel(a, order="C"):
    return lib.ga_array_ravel(a, order_code(order))


def transpose(a, axes=None):
    return lib.ga_array_transpose(a, axes)


def swapaxes(a, axis1, axis2):
    return lib.ga_array_swapaxes(a, axis1, axis2)


def moveaxis(a, source, destination):
    return lib.ga_array_moveaxis(a, source, destination)


def expand_dims(a, axis=0):
    """`a` with an axis of length 1 at each of `axis` (an int or a tuple), as NumPy's."""
    if not isinstance(axis, (tuple, list)):
        return lib.ga_array_expand_dims(a, axis)
    ndim = a.ndim + len(axis)
    positions = sorted(operator.index(one) % ndim if -ndim <= operator.index(one) < ndim else _out_of_bounds(one, ndim)
                       for one in axis)
    if len(set(positions)) != len(positions):
        raise ValueError("repeated axis")
    for position in positions:
        a = lib.ga_array_expand_dims(a, position)
    return a


def _out_of_bounds(axis, ndim):
    raise IndexError(f"axis {axis} is out of bounds for array of dimension {ndim}")


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
