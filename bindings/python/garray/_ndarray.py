"""garray.ndarray: a device array with CuPy's attributes and methods.

An ndarray is the C API's array handle itself (a Python subclass of the extension's handle type),
so that it is passed to every C function as it is and new arrays come back as ndarrays, with no
wrapper in between. Shape, strides, dtype and flags never change for a handle (views are new
handles), so each is asked of the library once, when first read.

Arithmetic, comparison, bitwise and unary operators, with their reflected and in-place forms, call
the library's ufuncs directly (one C call per operator: Python scalars go in as NumPy 2's weak
scalars). `@` comes when the C API has matmul; until then it is absent, so using it raises Python's
usual TypeError.

Indexing takes one C call for the common keys (integers, slices, None, Ellipsis and tuples of
them, which give views); other keys (integer arrays, lists, boolean masks) and every assignment go
through garray/_indexing.py. As CuPy, integer-array indices outside their axis wrap around.

This module imports only modules below it (_conversions, _dtypes, _ufunc, _joining, _products,
garray.cuda), since _creation and everything that converts through it (_indexing, _masks,
_sorting, _scan, _statistics, _routines) import this one. The methods implemented there are
written in garray/_methods.py, which imports both sides and sets them on the base class
LateMethods once, at import; their section comments below name them.
"""

import math
import numbers

import numpy

from garray import _dtypes, _joining, _products
from garray._conversions import order_code, reduction_options
from garray._library import lib
from garray._ufunc import UFUNCS
from garray.cuda import _stream
from garray.cuda._device import Device
from garray.cuda.memory import MemoryPointer


class Flags:
    """ndarray.flags: c_contiguous, f_contiguous, owndata, writeable; also by NumPy's key names."""

    __slots__ = ("c_contiguous", "f_contiguous", "owndata", "writeable")

    def __init__(self, bits):
        self.c_contiguous = bool(bits & lib.GA_ARRAY_C_CONTIGUOUS)
        self.f_contiguous = bool(bits & lib.GA_ARRAY_F_CONTIGUOUS)
        self.owndata = bool(bits & lib.GA_ARRAY_OWNDATA)
        self.writeable = bool(bits & lib.GA_ARRAY_WRITEABLE)

    def __getitem__(self, name):
        key = {"C_CONTIGUOUS": "c_contiguous", "C": "c_contiguous", "F_CONTIGUOUS": "f_contiguous",
               "F": "f_contiguous", "OWNDATA": "owndata", "WRITEABLE": "writeable", "W": "writeable"}.get(name)
        if key is None:
            raise KeyError(f"{name} is not defined for garray.ndarray.flags")
        return getattr(self, key)

    def __repr__(self):
        return "\n".join(f"  {name.upper()} : {getattr(self, name)}" for name in self.__slots__)


_call_ufunc = lib.ga_ufunc_call
_reduce = lib.ga_ufunc_reduce
_ALLOCATE_ONE = (None,)
_ALLOCATE_TWO = (None, None)


def _binary_operators(ufunc_name, operator_name):
    """The forward, reflected and in-place methods (__add__, __radd__, __iadd__) of a binary ufunc."""
    handle = UFUNCS[ufunc_name]._handle

    def forward(self, other):
        return _call_ufunc(handle, (self, other), None, _ALLOCATE_ONE)

    def reflected(self, other):
        return _call_ufunc(handle, (other, self), None, _ALLOCATE_ONE)

    def in_place(self, other):
        return _call_ufunc(handle, (self, other), None, (self,))

    return _named(forward, operator_name), _named(reflected, "r" + operator_name), _named(in_place, "i" + operator_name)


def _comparison(ufunc_name, operator_name):
    handle = UFUNCS[ufunc_name]._handle

    def compare(self, other):
        return _call_ufunc(handle, (self, other), None, _ALLOCATE_ONE)

    return _named(compare, operator_name)


def _unary(ufunc_name, operator_name):
    handle = UFUNCS[ufunc_name]._handle

    def unary(self):
        return _call_ufunc(handle, (self,), None, _ALLOCATE_ONE)

    return _named(unary, operator_name)


def _named(method, operator_name):
    """`method` named as the operator it implements, so that tracebacks say __add__, not forward."""
    method.__name__ = f"__{operator_name}__"
    method.__qualname__ = f"ndarray.__{operator_name}__"
    return method


_DIVMOD = UFUNCS["divmod"]._handle
_CONJUGATE = UFUNCS["conjugate"]._handle
_MAXIMUM, _MINIMUM, _LOGICAL_OR, _LOGICAL_AND = (
    UFUNCS[name]._handle for name in ("maximum", "minimum", "logical_or", "logical_and"))
_COMPLEX_CODES = (lib.GA_COMPLEX64, lib.GA_COMPLEX128)
_SAME = lib.GA_DTYPE_SAME


class LateMethods:
    """The methods of ndarray that modules above this one implement, set here by garray/_methods.py
    when the package is imported (see there): indexing beyond the basic keys, clip, the statistics,
    scans, masks, sorting and searching.

    They cannot be set on ndarray itself: its metatype, SWIG's SwigPyObjectType (the type of every
    -builtin class and of their subclasses), refuses to set an attribute on a class after it is
    made. This plain class comes first in ndarray's MRO, before the handle type, so a method set on
    it is found as if ndarray defined it, at the same cost (one look-up in the type's attribute
    cache); `__slots__ = ()` keeps ndarray's instance layout as it is."""

    __slots__ = ()


class ndarray(LateMethods, lib.ga_array_s):
    """A multi-dimensional array on a CUDA device, as cupy.ndarray.

    ndarray(shape, dtype=float, order='C') makes a new, uninitialised array; arrays are usually
    made by garray.empty, garray.array and the other creation functions.
    """

    __slots__ = ("_shape", "_strides", "_dtype_code", "_flags")

    def __new__(cls, shape, dtype=float, order="C"):
        return lib.ga_array_empty(shape, _dtypes.code_of(dtype), order_code(order, "CF"))

    def __init__(self, shape, dtype=float, order="C"):
        """Everything was done by __new__; the handle type has no constructor to call."""

    # Attributes -----------------------------------------------------------------------------------

    @property
    def shape(self):
        try:
            return self._shape
        except AttributeError:
            self._shape = lib.ga_array_shape(self)
            return self._shape

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def size(self):
        return math.prod(self.shape)

    @property
    def strides(self):
        """Strides in bytes, as NumPy's."""
        try:
            return self._strides
        except AttributeError:
            self._strides = lib.ga_array_strides_bytes(self)
            return self._strides

    @property
    def _code(self):
        try:
            return self._dtype_code
        except AttributeError:
            self._dtype_code = lib.ga_array_dtype(self)
            return self._dtype_code

    @property
    def dtype(self):
        return _dtypes.numpy_dtype(self._code)

    @property
    def itemsize(self):
        return lib.ga_array_itemsize(self)

    @property
    def nbytes(self):
        return self.size * self.itemsize

    @property
    def flags(self):
        try:
            return self._flags
        except AttributeError:
            self._flags = Flags(lib.ga_array_flags(self))
            return self._flags

    @property
    def device(self):
        return Device(lib.ga_array_device(self))

    @property
    def data(self):
        return MemoryPointer(self, lib.ga_array_data(self), lib.ga_array_device(self))

    @property
    def T(self):
        return lib.ga_array_transpose(self, None)

    @property
    def real(self):
        return lib.ga_array_real(self)

    @property
    def imag(self):
        return lib.ga_array_imag(self)

    # Host transfers -------------------------------------------------------------------------------

    def get(self, stream=None, order="C", out=None, blocking=True):
        """A NumPy copy of the array (into `out` when given). With blocking=False the copy lands when
        the stream gets there: synchronise the stream before reading `out`, which must stay alive."""
        if stream is not None:
            with stream:
                return self.get(None, order, out, blocking)
        transfer = lib.ga_array_to_host if blocking else lib.ga_array_to_host_async
        if out is not None:
            if not isinstance(out, numpy.ndarray):
                raise TypeError(f"out must be a numpy.ndarray, not {type(out).__name__}")
            if out.shape != self.shape or out.dtype != self.dtype:
                raise ValueError(f"out has shape {out.shape} and dtype {out.dtype}; the array has "
                                 f"{self.shape} and {self.dtype}")
            if out.flags.c_contiguous:
                transfer(self, out)
                return out
            if not blocking:
                raise ValueError("an asynchronous copy needs a C-contiguous out")
            host = numpy.empty(self.shape, self.dtype)
            transfer(self, host)
            out[...] = host
            return out
        host = numpy.empty(self.shape, self.dtype)
        transfer(self, host)
        order = order.upper()
        if order == "F" or (order == "A" and self.flags.f_contiguous and not self.flags.c_contiguous):
            return numpy.asfortranarray(host)
        return host

    def set(self, arr, stream=None):
        """Overwrite the array with host data of the same shape and dtype."""
        if stream is not None:
            with stream:
                return self.set(arr)
        host = numpy.asarray(arr)
        if host.shape != self.shape:
            raise ValueError(f"shape mismatch: host data {host.shape}, array {self.shape}")
        if host.dtype != self.dtype:
            raise TypeError(f"dtype mismatch: host data {host.dtype}, array {self.dtype}")
        lib.ga_array_set_from_host(self, host)

    # Copies and views -----------------------------------------------------------------------------

    def copy(self, order="C"):
        return lib.ga_array_copy(self, order_code(order))

    def astype(self, dtype, order="K", copy=True):
        code = _dtypes.code_of(dtype)
        if not copy and code == self._code:
            return self
        return lib.ga_array_astype(self, code, order_code(order))

    def fill(self, value):
        lib.ga_array_fill(self, value)

    def reshape(self, *shape, order="C"):
        if len(shape) == 1 and not isinstance(shape[0], numbers.Integral):
            shape = shape[0]
        return lib.ga_array_reshape(self, shape, order_code(order, "CFA"))

    def ravel(self, order="C"):
        return lib.ga_array_ravel(self, order_code(order))

    def flatten(self, order="C"):
        return lib.ga_array_flatten(self, order_code(order))

    def transpose(self, *axes):
        if len(axes) == 1 and (axes[0] is None or not isinstance(axes[0], numbers.Integral)):
            axes = axes[0]
        return lib.ga_array_transpose(self, axes if axes != () else None)

    def swapaxes(self, axis1, axis2):
        return lib.ga_array_swapaxes(self, axis1, axis2)

    def squeeze(self, axis=None):
        return lib.ga_array_squeeze(self, axis)

    def item(self, *args):
        """One element as a Python number: the only one, or at a flat index, or at an index tuple."""
        if not args:
            return lib.ga_array_item(self, None)
        if len(args) == 1 and isinstance(args[0], tuple):
            args = args[0]
        if len(args) == 1 and self.ndim != 1:
            size = self.size
            flat = args[0]
            if not -size <= flat < size:
                raise IndexError(f"index {flat} is out of bounds for size {size}")
            args = numpy.unravel_index(flat % size, self.shape)
        return lib.ga_array_item(self, args)

    # __getitem__, __setitem__, take, put and choose: garray/_methods.py (they need _indexing).

    # Python protocols ----------------------------------------------------------------------------

    def __len__(self):
        shape = self.shape
        if not shape:
            raise TypeError("len() of unsized object")
        return shape[0]

    def __iter__(self):
        if not self.shape:
            raise TypeError("iteration over a 0-d array")
        return (self[i] for i in range(self.shape[0]))

    def _only_element(self):
        size = self.size
        if size != 1:
            raise ValueError(f"only arrays of one element can be converted to Python scalars (this one "
                             f"has {size})" if size else "cannot convert an empty array to a Python scalar")
        return lib.ga_array_item(self, None)

    def __bool__(self):
        return bool(self._only_element())

    def __int__(self):
        return int(self._only_element())

    def __float__(self):
        return float(self._only_element())

    def __complex__(self):
        return complex(self._only_element())

    def __index__(self):
        if self.ndim != 0 or self.dtype.kind not in "iu":
            raise TypeError("only integer scalar arrays can be converted to a scalar index")
        return int(self._only_element())  # an unsigned element comes back as a NumPy scalar

    __hash__ = None

    # Operators ------------------------------------------------------------------------------------

    __add__, __radd__, __iadd__ = _binary_operators("add", "add")
    __sub__, __rsub__, __isub__ = _binary_operators("subtract", "sub")
    __mul__, __rmul__, __imul__ = _binary_operators("multiply", "mul")
    __truediv__, __rtruediv__, __itruediv__ = _binary_operators("divide", "truediv")
    __floordiv__, __rfloordiv__, __ifloordiv__ = _binary_operators("floor_divide", "floordiv")
    __mod__, __rmod__, __imod__ = _binary_operators("remainder", "mod")
    __pow__, __rpow__, __ipow__ = _binary_operators("power", "pow")
    __and__, __rand__, __iand__ = _binary_operators("bitwise_and", "and")
    __or__, __ror__, __ior__ = _binary_operators("bitwise_or", "or")
    __xor__, __rxor__, __ixor__ = _binary_operators("bitwise_xor", "xor")
    __lshift__, __rlshift__, __ilshift__ = _binary_operators("left_shift", "lshift")
    __rshift__, __rrshift__, __irshift__ = _binary_operators("right_shift", "rshift")

    __lt__ = _comparison("less", "lt")
    __le__ = _comparison("less_equal", "le")
    __gt__ = _comparison("greater", "gt")
    __ge__ = _comparison("greater_equal", "ge")
    __eq__ = _comparison("equal", "eq")
    __ne__ = _comparison("not_equal", "ne")

    __neg__ = _unary("negative", "neg")
    __pos__ = _unary("positive", "pos")
    __abs__ = _unary("absolute", "abs")
    __invert__ = _unary("invert", "invert")

    def __matmul__(self, other):
        if not isinstance(other, ndarray):
            return NotImplemented
        return _products.matmul(self, other)

    def __rmatmul__(self, other):
        if not isinstance(other, ndarray):
            return NotImplemented
        return _products.matmul(other, self)

    def __imatmul__(self, other):
        # NumPy's a @= b: the product is written back into a, which must keep its shape.
        if not isinstance(other, ndarray):
            return NotImplemented
        return _products.matmul(self, other, out=self)

    def dot(self, b, out=None):
        return _products.dot(self, b, out)

    def __divmod__(self, other):
        return _call_ufunc(_DIVMOD, (self, other), None, _ALLOCATE_TWO)

    def __rdivmod__(self, other):
        return _call_ufunc(_DIVMOD, (other, self), None, _ALLOCATE_TWO)

    # Reductions and elementwise methods ----------------------------------------------------------

    def sum(self, axis=None, dtype=None, out=None, keepdims=False):
        return lib.ga_array_sum(self, reduction_options(axis, keepdims, dtype), out)

    def prod(self, axis=None, dtype=None, out=None, keepdims=False):
        return lib.ga_array_prod(self, reduction_options(axis, keepdims, dtype), out)

    def max(self, axis=None, out=None, keepdims=False):
        return _reduce(_MAXIMUM, self, axis, keepdims, _SAME, None, out)

    def min(self, axis=None, out=None, keepdims=False):
        return _reduce(_MINIMUM, self, axis, keepdims, _SAME, None, out)

    def any(self, axis=None, out=None, keepdims=False):
        return _reduce(_LOGICAL_OR, self, axis, keepdims, _SAME, None, out)

    def all(self, axis=None, out=None, keepdims=False):
        return _reduce(_LOGICAL_AND, self, axis, keepdims, _SAME, None, out)

    def repeat(self, repeats, axis=None):
        return _joining.repeat(self, repeats, axis)

    def diagonal(self, offset=0, axis1=0, axis2=1):
        return _joining.diagonal(self, offset, axis1, axis2)

    def trace(self, offset=0, axis1=0, axis2=1, dtype=None, out=None):
        return _joining.trace(self, offset, axis1, axis2, dtype, out)

    # clip, mean, var, std, argmax, argmin, ptp, cumsum, cumprod, nonzero, compress, sort, argsort,
    # partition, argpartition and searchsorted: garray/_methods.py (they need _routines, _statistics,
    # _scan, _masks and _sorting).

    def conj(self):
        """The complex conjugate. A real array is returned itself, as CuPy does (NumPy copies)."""
        if self._code in _COMPLEX_CODES:
            return _call_ufunc(_CONJUGATE, (self,), None, _ALLOCATE_ONE)
        return self

    conjugate = conj

    def __array__(self, dtype=None, copy=None):
        raise TypeError("Implicit conversion to a NumPy array is not allowed. Please use `.get()` to "
                        "construct a NumPy array explicitly.")

    def __repr__(self):
        return repr(self.get())

    def __str__(self):
        return str(self.get())

    # Interchange ----------------------------------------------------------------------------------

    def __dlpack_device__(self):
        return (lib.GA_DLPACK_CUDA, lib.ga_array_device(self))

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        """A DLPack capsule of the array, without copying unless `copy` is True or `dl_device` asks
        for host memory. `stream` is the consumer's stream (None: the legacy default stream; -1: no
        synchronisation); the consumer's work on it waits for garray's queued work."""
        if dl_device is not None and tuple(dl_device) != self.__dlpack_device__():
            if tuple(dl_device) != (lib.GA_DLPACK_CPU, 0):
                raise BufferError(f"cannot export a CUDA array to DLPack device {tuple(dl_device)}")
            if copy is False:
                raise BufferError("exporting to the host needs a copy, and copy=False was given")
            return _host_capsule(self.get(), max_version)
        source = self.copy() if copy else self
        consumer_stream = 1 if stream is None else stream
        if max_version is None or max_version[0] < lib.GA_DLPACK_MAJOR_VERSION:
            return lib.ga_array_to_dlpack(source, consumer_stream)
        return lib.ga_array_to_dlpack_versioned(source, consumer_stream)

    @property
    def __cuda_array_interface__(self):
        code = self._code
        if code == lib.GA_BFLOAT16:
            raise AttributeError("__cuda_array_interface__ has no type string for bfloat16; use DLPack")
        typestr = _dtypes.numpy_dtype(code).str
        return {
            "shape": self.shape,
            "typestr": typestr,
            "descr": [("", typestr)],
            "data": (lib.ga_array_data(self), not self.flags.writeable),
            "strides": None if self.flags.c_contiguous else self.strides,
            "version": 3,
            "stream": _stream.protocol_stream_value(),
        }


def _host_capsule(host, max_version):
    """NumPy's capsule of a host copy (NumPy before 2.1 knows only the legacy form)."""
    try:
        return host.__dlpack__(max_version=max_version)
    except TypeError:
        return host.__dlpack__()


lib._set_array_type(ndarray)
