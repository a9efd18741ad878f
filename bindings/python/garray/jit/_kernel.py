"""@jit.rawkernel(): a Python function compiled, for each signature of argument types, into a CUDA
kernel run through garray's RawKernel engine (NVRTC, its memory and disk caches)."""

import functools
import re

import numpy

from garray._kernel import RawKernel
from garray._ndarray import ndarray
from garray.jit import _typing
from garray.jit._translate import Source, parameter_names, translate
from garray.jit._typing import ArrayType


def _c_contiguous(array):
    """Whether the array's elements lie in C order without gaps, by its strides (so that a broadcast
    view, whose strides are 0, never counts as contiguous)."""
    expected = array.itemsize
    for extent, stride in zip(reversed(array.shape), reversed(array.strides)):
        if extent != 1:
            if stride != expected:
                return False
            expected *= extent
    return True


def argument_type(value):
    """The signature entry of one kernel argument: an ArrayType for a garray array, else a dtype."""
    if isinstance(value, ndarray):
        return ArrayType(value.dtype, value.ndim, _c_contiguous(value))
    return _typing.typeof_scalar_argument(value)


def _launch_arguments(value):
    """What the engine is given for one argument: an array's data, size, shape and byte strides;
    a number as its signature's type."""
    if isinstance(value, ndarray):
        return (value, numpy.int64(value.size), *map(numpy.int64, value.shape), *map(numpy.int64, value.strides))
    if isinstance(value, numpy.generic):
        return (value,)
    return (_typing.literal_dtype(value).type(value),)


class JitRawKernel:
    """A jit kernel: `kernel[grid, block](*args, shared_mem=0, stream=None)` or
    `kernel(grid, block, args, shared_mem=0, stream=None)`, as cupyx.jit's."""

    def __init__(self, function, mode, options):
        self._function = function
        self._mode = mode
        self._options = tuple(options)
        self._source = Source(function)
        self._parameters = parameter_names(self._source)
        self.__name__ = function.__name__
        self.__doc__ = function.__doc__
        # A C identifier unique to the function, for the kernel's symbol.
        self._symbol = "jit_" + re.sub(r"\W", "_", function.__qualname__)
        self._kernels = {}  # signature -> RawKernel
        self._sources = {}  # signature -> CUDA C++

    def source(self, signature):
        """The CUDA C++ for argument types `signature` (numpy dtypes and jit.ArrayType), as compiled."""
        signature = tuple(t if isinstance(t, ArrayType) else _typing.scalar_dtype(t) for t in signature)
        code = self._sources.get(signature)
        if code is None:
            code = self._sources[signature] = translate(self._source, self._symbol, signature)
        return code

    def _kernel(self, signature):
        kernel = self._kernels.get(signature)
        if kernel is None:
            kernel = RawKernel(self.source(signature), self._symbol, self._options)
            kernel.compile()
            self._kernels[signature] = kernel
        return kernel

    @property
    def cached_codes(self):
        """{signature: CUDA C++} of every signature translated so far (cupyx.jit's cached_codes)."""
        return dict(self._sources)

    def __call__(self, grid, block, args, *, shared_mem=0, stream=None):
        if not isinstance(args, (tuple, list)):
            raise TypeError(f"kernel args must be a tuple or list, not {type(args).__name__}")
        if len(args) != len(self._parameters):
            raise TypeError(f"{self.__name__} takes {len(self._parameters)} arguments, not {len(args)}")
        kernel = self._kernel(tuple(argument_type(value) for value in args))
        launch = [part for value in args for part in _launch_arguments(value)]
        kernel(grid, block, launch, shared_mem=shared_mem, stream=stream)

    def __getitem__(self, grid_and_block):
        if not isinstance(grid_and_block, tuple) or len(grid_and_block) != 2:
            raise ValueError("a jit kernel is launched as kernel[grid, block](*args)")
        grid, block = grid_and_block
        return functools.partial(_launch_with, self, grid, block)


def _launch_with(kernel, grid, block, *args, shared_mem=0, stream=None):
    kernel(grid, block, args, shared_mem=shared_mem, stream=stream)


def rawkernel(*, mode="python", device=False, options=()):
    """Decorate a Python function as a CUDA kernel, as cupyx.jit.rawkernel: its body is translated
    to CUDA C++ at the first launch of each signature of argument types and compiled by NVRTC.

    `mode` is accepted for CuPy's sake; garray types literals weakly (NEP 50) in every mode.
    `device=True` (device functions called from kernels) is not supported yet. `options` are
    NVRTC options, as RawKernel's.
    """
    if mode not in ("python", "numpy", "cuda"):
        raise ValueError(f"mode must be 'python', 'numpy' or 'cuda', not {mode!r}")
    if device:
        raise NotImplementedError("jit device functions (rawkernel(device=True)) are not supported yet")
    if isinstance(options, str):
        raise TypeError("options must be a sequence of str, not one str")

    def decorate(function):
        return JitRawKernel(function, mode, options)
    return decorate
