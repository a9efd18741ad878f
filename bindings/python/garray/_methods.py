"""The methods of garray.ndarray, and garray.ufunc.at, that modules above garray/_ndarray.py
implement, set on their classes once, when the package is imported.

Why here: ndarray's indexing beyond the basic keys, clip, statistics, scans, masks and sorting call
_indexing, _routines, _statistics, _scan, _masks and _sorting, and those modules import _creation,
which imports _ndarray (for `isinstance(x, ndarray)`, which is fastest against the exact class).
So _ndarray cannot import them, and neither can _ufunc, which _ndarray's operators use, import
_indexing for ufunc.at. This module imports both sides, and garray/__init__.py imports it right
after _errors, so the methods are in place before any array exists; the import graph of the
package has no cycle, and no module imports another inside a function
(tests/python/test_import_graph.py checks both).

How: the methods are written below as class bodies, exactly as they would be in their class, and
_install copies each function onto its class. ufunc is a plain class, so `at` is set on it. ndarray
is a subclass of the extension's handle type, whose metatype (SWIG's SwigPyObjectType) refuses to
set attributes on a class once it exists (even through type.__setattr__), so its methods are set on
_ndarray.LateMethods, the plain base that comes first in ndarray's MRO. Either way a call costs
what it would if the class body defined the method: the method is found through the type's
attribute cache, with no registry and nothing in between.
"""

import operator
import types

from garray import _array_api, _indexing, _masks, _protocols, _routines, _scan, _sorting, _statistics
from garray._library import lib
from garray._ndarray import LateMethods, ndarray
from garray._ufunc import ufunc


class _NdarrayMethods:
    """ndarray's methods that need the modules above _ndarray (set on _ndarray.LateMethods)."""

    # Indexing beyond the basic keys, and assignment (garray/_indexing.py) ----------------------

    def __getitem__(self, key):
        try:
            return lib.ga_array_index(self, key)
        except IndexError:
            if (isinstance(key, tuple) and all(map(_indexing._is_basic, key))) or _indexing._is_basic(key):
                raise
        return _indexing.getitem(self, key)

    def __setitem__(self, key, value):
        _indexing.setitem(self, key, value)

    def take(self, indices, axis=None, out=None, mode="wrap"):
        return _indexing.take(self, indices, axis, out, mode)

    def put(self, indices, values, mode="wrap"):
        _indexing.put(self, indices, values, mode)

    def choose(self, choices, out=None, mode="raise"):
        return _indexing.choose(self, choices, out, mode)

    # Reductions and elementwise methods ----------------------------------------------------------

    def clip(self, min=None, max=None, out=None):
        return _routines.clip(self, min, max, out)

    def mean(self, axis=None, dtype=None, out=None, keepdims=False):
        return _statistics.mean(self, axis, dtype, out, keepdims)

    def var(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
        return _statistics.var(self, axis, dtype, out, ddof, keepdims)

    def std(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
        return _statistics.std(self, axis, dtype, out, ddof, keepdims)

    def argmax(self, axis=None, out=None, *, keepdims=False):
        return _statistics.argmax(self, axis, out, keepdims=keepdims)

    def argmin(self, axis=None, out=None, *, keepdims=False):
        return _statistics.argmin(self, axis, out, keepdims=keepdims)

    def ptp(self, axis=None, out=None, keepdims=False):
        return _statistics.ptp(self, axis, out, keepdims)

    # Scans and selection ---------------------------------------------------------------------------

    def cumsum(self, axis=None, dtype=None, out=None):
        return _scan.cumsum(self, axis, dtype, out)

    def cumprod(self, axis=None, dtype=None, out=None):
        return _scan.cumprod(self, axis, dtype, out)

    def nonzero(self):
        return _masks.nonzero(self)

    def compress(self, condition, axis=None, out=None):
        return _masks.compress(condition, self, axis, out)

    # Sorting and searching -----------------------------------------------------------------------

    def sort(self, axis=-1, kind=None, order=None):
        """Sorts the array in place along `axis` (stable)."""
        _sorting._refuse_order(order)
        lib.ga_array_sort_inplace(self, operator.index(axis), 1)

    def argsort(self, axis=-1, kind=None, order=None):
        return _sorting.argsort(self, axis, kind, order)

    def partition(self, kth, axis=-1, kind="introselect", order=None):
        """Partitions the array in place (by a full sort, which satisfies every kth)."""
        lib.ga_array_copy_into(_sorting.partition(self, kth, axis, kind, order), self)

    def argpartition(self, kth, axis=-1, kind="introselect", order=None):
        return _sorting.argpartition(self, kth, axis, kind, order)

    def searchsorted(self, v, side="left", sorter=None):
        return _sorting.searchsorted(self, v, side, sorter)


    # The Array API's array methods (garray/_array_api.py) -------------------------------------------

    def __array_namespace__(self, /, *, api_version=None):
        """The garray module, the namespace of the Array API standard (ValueError for a version
        garray does not implement)."""
        return _array_api.array_namespace(self, api_version)

    def to_device(self, device, /, *, stream=None):
        return _array_api.to_device(self, device, stream)

    # NumPy's dispatch protocols (garray/_protocols.py) -------------------------------------------

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        """NEP 13: numpy.sin(x), numpy.add(x, y, out=...), numpy.add.reduce(x) run garray's ufunc."""
        return _protocols.array_ufunc(ufunc, method, inputs, kwargs)

    def __array_function__(self, func, types, args, kwargs):
        """NEP 18: numpy.sum(x), numpy.concatenate([x, y]), numpy.linalg.svd(x) run garray's function."""
        return _protocols.array_function(func, types, args, kwargs)


class _UfuncMethods:
    """ufunc's methods that need the modules above _ufunc (set on ufunc)."""

    def at(self, a, indices, b=None, /):
        """NumPy's unbuffered in-place ufunc.at: a[indices] = ufunc(a[indices], b), with every
        repetition of an index applied (device atomics). `indices` is any key of a[...]: an integer
        array or list, a tuple of them, slices, ... As CuPy, indices outside their axis wrap."""
        _indexing.ufunc_at(self._handle, a, indices, b)


def _install(methods, target, owner):
    """Sets each function of the class body `methods` on `target`, named as a method of `owner`
    (so that reprs and help() say ndarray.sort). A name that `owner`'s own body defines is refused:
    the two definitions would hide one another."""
    for name, function in vars(methods).items():
        if not isinstance(function, types.FunctionType):
            continue
        defined = vars(owner).get(name)
        if defined is not None and getattr(defined, "__module__", None) != __name__:
            raise TypeError(f"{owner.__name__}.{name} is defined both in its class and in {__name__}")
        function.__qualname__ = f"{owner.__name__}.{name}"
        setattr(target, name, function)


_install(_NdarrayMethods, LateMethods, ndarray)
# The Array API's mT: the transpose of each matrix (the last two axes), a view.
# Above NumPy's arrays (100 as CuPy): numpy_scalar * x defers to ndarray's reflected operator.
LateMethods.__array_priority__ = 100
LateMethods.mT = property(_array_api.matrix_transpose, doc="The transpose of the last two axes (a view).")
_install(_UfuncMethods, ufunc, ufunc)
