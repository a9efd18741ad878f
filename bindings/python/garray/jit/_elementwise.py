"""@jit.kernel(): a Python function of scalars applied elementwise over broadcast garray arrays, as
cupy.vectorize. The function's body is translated once per signature of argument types into a
grid-stride loop whose iteration loads each array argument's element, runs the body and stores what
`return` gives into the output (of the first return's type)."""

import re

import numpy

from garray._creation import empty
from garray._kernel import RawKernel
from garray._manipulation import broadcast_arrays
from garray._ndarray import ndarray
from garray.jit import _typing
from garray.jit._kernel import argument_type
from garray.jit._preamble import PREAMBLE
from garray.jit._translate import Source, Translator, parameter_names
from garray.jit._typing import ArrayType, c_name, convert

_BLOCK = 256
_MAX_GRID = 65535


class ElementwiseTranslator(Translator):
    """The kernel of an elementwise jit function: arrays are loaded element by element into the
    function's parameters (scalars are parameters as they are); `return value` writes the output."""

    def __init__(self, source, name, signature):
        ndim = max((t.ndim for t in signature if isinstance(t, ArrayType)), default=1)
        element_types = [t.dtype if isinstance(t, ArrayType) else t for t in signature]
        super().__init__(source, name, element_types)
        self.ndim = ndim
        self.output_type = None
        self.loads = []
        self.parameters = ["long long garray_jit_n"] + [f"long long garray_jit_shape{k}" for k in range(ndim)]
        for parameter, type_ in zip(parameter_names(source), signature):
            if isinstance(type_, ArrayType):
                self.parameters.append(f"const {c_name(type_.dtype)}* v_{parameter}_in")
                self.parameters += [f"long long v_{parameter}_in_stride{k}" for k in range(ndim)]
                self.declarations.append(f"{c_name(type_.dtype)} v_{parameter};")
                self.loads.append(self.load(parameter, type_))
            else:
                self.parameters.append(f"{c_name(type_)} v_{parameter}")

    def load(self, parameter, type_):
        pointer = f"v_{parameter}_in"
        if type_.c_contiguous:
            return f"v_{parameter} = {pointer}[garray_jit_i];"
        shape = ", ".join(f"garray_jit_shape{k}" for k in range(self.ndim))
        strides = ", ".join(f"{pointer}_stride{k}" for k in range(self.ndim))
        return f"v_{parameter} = *garray_jit::flat_element<{self.ndim}>({pointer}, garray_jit_i, {{{shape}}}, {{{strides}}});"

    def statement_Return(self, node):
        if node.value is None:
            self.fail(node, TypeError, "an elementwise jit kernel returns a value for each element")
        value = self.expression(node.value)
        if value.type is _typing.PYOBJECT or value.type is None or isinstance(value.type, ArrayType):
            self.fail(node, TypeError, "an elementwise jit kernel returns a number")
        if self.output_type is None:
            self.output_type = value.type
        elif not value.weak and not numpy.can_cast(value.type, self.output_type, "same_kind"):
            self.fail(node, TypeError, f"the first return gave {self.output_type.name}; this one gives "
                      f"{value.type.name}")
        self.emit(f"garray_jit_out[garray_jit_i] = {convert(value, self.output_type)};")
        self.emit("goto garray_jit_next;")

    def source(self):
        self.indent = 2
        self.statements(self.src.definition.body)
        if self.output_type is None:
            self.fail(self.src.definition, TypeError, "an elementwise jit kernel must return a value")
        self.parameters.append(f"{c_name(self.output_type)}* garray_jit_out")
        declarations = "".join(f"  {line}\n" for line in self.declarations)
        loads = "".join(f"    {line}\n" for line in self.loads)
        body = "\n".join(self.lines)
        return (f"{PREAMBLE}\nextern \"C\" __global__ void {self.name}({', '.join(self.parameters)}) {{\n"
                f"{declarations}"
                "  for (long long garray_jit_i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;\n"
                "       garray_jit_i < garray_jit_n; garray_jit_i += static_cast<long long>(blockDim.x) * gridDim.x) {\n"
                f"{loads}{body}\n  garray_jit_next:;\n  }}\n}}\n")



class ElementwiseJitKernel:
    """An elementwise jit kernel: `kernel(*args, stream=None)` broadcasts the garray arrays among
    args (numbers are passed as they are, typed as rawkernel arguments) and returns a new array of
    the broadcast shape and the dtype of the function's first `return`."""

    def __init__(self, function, options):
        self._function = function
        self._options = tuple(options)
        self._source = Source(function)
        self._parameters = parameter_names(self._source)
        self.__name__ = function.__name__
        self.__doc__ = function.__doc__
        self._symbol = "jit_elementwise_" + re.sub(r"\W", "_", function.__qualname__)
        self._compiled = {}  # signature -> (CUDA C++, output dtype, RawKernel or None until launched)

    def _translation(self, signature):
        entry = self._compiled.get(signature)
        if entry is None:
            translator = ElementwiseTranslator(self._source, self._symbol, signature)
            code = translator.source()
            entry = self._compiled[signature] = [code, translator.output_type, None]
        return entry

    def source(self, signature):
        """The CUDA C++ for argument types `signature` (numpy dtypes and jit.ArrayType, the arrays
        of one ndim, as broadcast)."""
        signature = tuple(t if isinstance(t, ArrayType) else _typing.scalar_dtype(t) for t in signature)
        return self._translation(signature)[0]

    def __call__(self, *args, stream=None):
        if len(args) != len(self._parameters):
            raise TypeError(f"{self.__name__} takes {len(self._parameters)} arguments, not {len(args)}")
        positions = [k for k, value in enumerate(args) if isinstance(value, ndarray)]
        if not positions:
            raise TypeError(f"{self.__name__} needs at least one garray array argument")
        arrays = broadcast_arrays(*(args[k] for k in positions))
        shape = arrays[0].shape
        if not shape:
            arrays = [array.reshape(1) for array in arrays]
        values = list(args)
        for k, array in zip(positions, arrays):
            values[k] = array
        signature = tuple(argument_type(value) for value in values)
        entry = self._translation(signature)
        code, output_dtype, kernel = entry
        out = empty(shape, output_dtype)
        size = out.size
        if size == 0:
            return out
        if kernel is None:
            kernel = entry[2] = RawKernel(code, self._symbol, self._options)
        launch = [numpy.int64(size), *map(numpy.int64, arrays[0].shape)]
        for value in values:
            if isinstance(value, ndarray):
                launch += [value, *map(numpy.int64, value.strides)]
            else:
                launch += _launch_scalar(value)
        launch.append(out)
        grid = min((size + _BLOCK - 1) // _BLOCK, _MAX_GRID)
        kernel((grid,), (_BLOCK,), launch, stream=stream)
        return out


def _launch_scalar(value):
    return [value if isinstance(value, numpy.generic) else _typing.literal_dtype(value).type(value)]


def kernel(*, options=()):
    """Decorate a Python function of scalars as an elementwise kernel over garray arrays (cupy.vectorize's
    model): `f(x, y, 2.0)` broadcasts x and y and returns the array of the function's results."""
    if isinstance(options, str):
        raise TypeError("options must be a sequence of str, not one str")

    def decorate(function):
        return ElementwiseJitKernel(function, options)
    return decorate
