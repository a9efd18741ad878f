"""The device-side names of garray.jit (threadIdx, syncthreads, atomic_add, shfl_sync, ...): Python
objects that only mean something inside a jit kernel, each knowing how it translates to CUDA C++.
Called from Python they raise RuntimeError, as CuPy's do."""

import numpy

from garray.jit import _typing
from garray.jit._typing import INT32, INT64, UINT32, ArrayType, Value


class _DeviceOnly:
    """A name usable only inside a jit kernel; `translate(translator, node, args)` gives its Value."""

    def __init__(self, name, doc):
        self.__name__ = name
        self.__doc__ = doc

    def __call__(self, *args, **kwargs):
        raise RuntimeError(f"garray.jit.{self.__name__} can only be used inside a jit kernel")

    def __repr__(self):
        return f"<garray.jit.{self.__name__}>"


class Dim3(_DeviceOnly):
    """threadIdx, blockIdx, blockDim or gridDim: `.x`, `.y`, `.z` are uint32, as in CUDA."""

    def attribute(self, translator, node, name):
        if name not in ("x", "y", "z"):
            translator.fail(node, AttributeError, f"{self.__name__} has no attribute {name!r} (x, y or z)")
        return Value(f"{self.__name__}.{name}", UINT32)


threadIdx = Dim3("threadIdx", "The thread's index in its block (x, y, z).")
blockIdx = Dim3("blockIdx", "The block's index in the grid (x, y, z).")
blockDim = Dim3("blockDim", "The block's extents (x, y, z).")
gridDim = Dim3("gridDim", "The grid's extents in blocks (x, y, z).")


class _Function(_DeviceOnly):
    def __init__(self, name, doc, translate):
        super().__init__(name, doc)
        self.translate = translate


def _device_function(translate):
    return _Function(translate.__name__, translate.__doc__, translate)


def _integer_argument(translator, node, value, what):
    if not _typing.is_integer(value.type):
        translator.fail(node, TypeError, f"{what} must be an integer, not {_type_name(value.type)}")
    return value


def _type_name(type_):
    return repr(type_) if isinstance(type_, ArrayType) else type_.name


def _ndim_constant(translator, node, args, name):
    if len(args) != 1 or args[0].constant not in (1, 2, 3):
        translator.fail(node, ValueError, f"{name}(ndim) takes one constant ndim: 1, 2 or 3")
    return args[0].constant


_AXES = ("x", "y", "z")


@_device_function
def grid(translator, node, args):
    """grid(ndim): the thread's absolute index in the grid, an int64 (a tuple of them for ndim 2 or 3)."""
    ndim = _ndim_constant(translator, node, args, "grid")
    parts = [f"(static_cast<long long>(blockIdx.{a}) * blockDim.{a} + threadIdx.{a})" for a in _AXES[:ndim]]
    return Value(parts[0], INT64) if ndim == 1 else [Value(p, INT64) for p in parts]


@_device_function
def gridsize(translator, node, args):
    """gridsize(ndim): the number of threads in the grid along each axis, an int64 (a tuple for 2 or 3)."""
    ndim = _ndim_constant(translator, node, args, "gridsize")
    parts = [f"(static_cast<long long>(blockDim.{a}) * gridDim.{a})" for a in _AXES[:ndim]]
    values = [Value(part, INT64, positive=True) for part in parts]
    return values[0] if ndim == 1 else values


@_device_function
def laneid(translator, node, args):
    """laneid(): the thread's lane in its warp (0 to warpsize - 1), a uint32."""
    translator.arity(node, args, 0, 0, "laneid")
    return Value("garray_jit::lane_id()", UINT32)


@_device_function
def syncthreads(translator, node, args):
    """syncthreads(): __syncthreads(), the block's barrier."""
    translator.arity(node, args, 0, 0, "syncthreads")
    return Value("__syncthreads()", None)


@_device_function
def syncwarp(translator, node, args):
    """syncwarp(mask=0xffffffff): __syncwarp(mask), the warp's barrier for the lanes in mask."""
    translator.arity(node, args, 0, 1, "syncwarp")
    mask = args[0] if args else Value("0xffffffffU", UINT32, constant=0xFFFFFFFF)
    _integer_argument(translator, node, mask, "the mask")
    return Value(f"__syncwarp({_typing.convert(mask, UINT32)})", None)


class _WarpSize(_DeviceOnly):
    value = Value("warpSize", INT32)


warpsize = _WarpSize("warpsize", "The number of threads in a warp (32), an int32.")


@_device_function
def shared_memory(translator, node, args):
    """shared_memory(dtype, size): a 1-D array of `size` elements in the block's shared memory;
    size None takes the launch's dynamic shared memory (shared_mem= bytes)."""
    translator.arity(node, args, 2, 2, "shared_memory")
    dtype_value, size = args
    try:
        dtype = _typing.scalar_dtype(dtype_value.constant) if dtype_value.type is _typing.PYOBJECT else None
    except TypeError as error:
        translator.fail(node, TypeError, str(error))
    if dtype is None:
        translator.fail(node, TypeError, "shared_memory's dtype must be a NumPy dtype or scalar type")
    dynamic = size.type is _typing.PYOBJECT and size.constant is None
    if not dynamic and not (_typing.is_integer(size.type) and isinstance(size.constant, int) and size.constant > 0):
        translator.fail(node, TypeError, "shared_memory's size must be a positive constant int or None")
    return translator.declare_shared(node, dtype, None if dynamic else size.constant)


_SHUFFLE_TYPES = {"int32", "uint32", "int64", "uint64", "float32", "float64"}


def _shuffle(intrinsic, lane_name, doc):
    def translate(translator, node, args):
        translator.arity(node, args, 3, 4, intrinsic)
        mask, var, lane = args[:3]
        _integer_argument(translator, node, mask, "the mask")
        _integer_argument(translator, node, lane, lane_name)
        if isinstance(var.type, ArrayType) or var.type.name not in _SHUFFLE_TYPES:
            translator.fail(node, TypeError, f"{intrinsic} does not shuffle {_type_name(var.type)} "
                            f"(supported: {', '.join(sorted(_SHUFFLE_TYPES))})")
        width = _typing.convert(args[3], INT32) if len(args) == 4 else "32"
        code = (f"__{intrinsic}({_typing.convert(mask, UINT32)}, {_typing.convert(var, var.type)}, "
                f"{_typing.convert(lane, UINT32 if intrinsic != 'shfl_sync' else INT32)}, {width})")
        return Value(code, var.type)
    return _Function(intrinsic, doc, translate)


shfl_sync = _shuffle("shfl_sync", "the source lane",
                     "shfl_sync(mask, var, src_lane, width=32): var as held by lane src_lane.")
shfl_up_sync = _shuffle("shfl_up_sync", "delta",
                        "shfl_up_sync(mask, var, delta, width=32): var as held by the lane delta below.")
shfl_down_sync = _shuffle("shfl_down_sync", "delta",
                          "shfl_down_sync(mask, var, delta, width=32): var as held by the lane delta above.")
shfl_xor_sync = _shuffle("shfl_xor_sync", "the lane mask",
                         "shfl_xor_sync(mask, var, lane_mask, width=32): var as held by lane (laneid ^ lane_mask).")

# The dtypes each atomic accepts. int64 goes through the unsigned long long overload where CUDA has
# no signed one: two's-complement add, exchange, compare-and-swap and bitwise ops are the same bits.
_ATOMICS = {
    "add": ("atomicAdd", {"int32", "uint32", "int64", "uint64", "float32", "float64"}),
    "sub": ("atomicSub", {"int32", "uint32"}),
    "exch": ("atomicExch", {"int32", "uint32", "int64", "uint64", "float32"}),
    "min": ("atomicMin", {"int32", "uint32", "int64", "uint64"}),
    "max": ("atomicMax", {"int32", "uint32", "int64", "uint64"}),
    "inc": ("atomicInc", {"uint32"}),
    "dec": ("atomicDec", {"uint32"}),
    "cas": ("atomicCAS", {"int32", "uint32", "int64", "uint64"}),
    "and": ("atomicAnd", {"int32", "uint32", "int64", "uint64"}),
    "or": ("atomicOr", {"int32", "uint32", "int64", "uint64"}),
    "xor": ("atomicXor", {"int32", "uint32", "int64", "uint64"}),
}
# Signed 64-bit operations CUDA offers only on unsigned long long.
_AS_UNSIGNED = {"atomicAdd", "atomicExch", "atomicCAS", "atomicAnd", "atomicOr", "atomicXor"}


def _atomic(operation):
    intrinsic, dtypes = _ATOMICS[operation]
    operands = 2 if operation == "cas" else 1
    name = f"atomic_{operation}"

    def translate(translator, node, args):
        translator.arity(node, args, 2 + operands, 2 + operands, name)
        array, index = args[0], args[1]
        if not isinstance(array.type, ArrayType):
            translator.fail(node, TypeError, f"{name}'s first argument must be an array")
        dtype = array.type.dtype
        if dtype.name not in dtypes:
            translator.fail(node, TypeError, f"{name} does not support {dtype.name} (supported: "
                            f"{', '.join(sorted(dtypes))})")
        address = translator.element_address(node, array, index)
        values = [_typing.convert(value, dtype) for value in args[2:]]
        if dtype.name == "int64" and intrinsic in _AS_UNSIGNED:
            values = [f"static_cast<unsigned long long>({value})" for value in values]
            code = (f"static_cast<long long>({intrinsic}(reinterpret_cast<unsigned long long*>({address}), "
                    f"{', '.join(values)}))")
        else:
            code = f"{intrinsic}({address}, {', '.join(values)})"
        return Value(code, dtype)

    doc = (f"{name}(array, index, {'compare, ' if operation == 'cas' else ''}value): {intrinsic} on "
           "array[index]; returns the old value.")
    return _Function(name, doc, translate)


atomic_add, atomic_sub, atomic_exch, atomic_min, atomic_max, atomic_inc, atomic_dec, atomic_cas, \
    atomic_and, atomic_or, atomic_xor = (_atomic(operation) for operation in _ATOMICS)
