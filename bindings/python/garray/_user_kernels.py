"""ElementwiseKernel and ReductionKernel, as CuPy's: the per-element code is yours, garray writes
the loop, broadcasts the arguments, allocates the outputs and compiles the kernel for the argument
dtypes at the first call of each signature (docs/user-kernels.md has the rules).

Arguments are garray arrays and numbers: Python bool, int, float and complex are passed typed as
bool, int64, float64 and complex128 (as CuPy binds them to placeholders), NumPy scalars as their
own dtype; NumPy arrays raise TypeError. A compile error raises
garray.cuda.compiler.CompileException with NVRTC's log.
"""

from garray._library import lib


def _options(options):
    if isinstance(options, str):
        raise TypeError("options must be a sequence of str, not one str")
    return tuple(options)


def _parameter_count(params):
    """The number of comma-separated parameters in a CuPy parameter list ("T x, raw T y")."""
    return sum(1 for parameter in params.split(",") if parameter.strip())


def _split_arguments(kernel, args, out):
    """(inputs, outputs) of a call: the outputs come positionally after the inputs or as `out` (an
    array, or a tuple with None for those to allocate); None entries are allocated."""
    if len(args) == kernel.nin:
        if out is None:
            return args, (None,) * kernel.nout
        outputs = out if isinstance(out, tuple) else (out,)
    elif len(args) == kernel.nargs:
        if out is not None:
            raise TypeError("outputs are given both positionally and as out")
        args, outputs = args[:kernel.nin], args[kernel.nin:]
    else:
        raise TypeError(f"{kernel.name} takes {kernel.nin} input arguments (or {kernel.nargs} with the "
                        f"outputs), not {len(args)}")
    if len(outputs) != kernel.nout:
        raise ValueError(f"{kernel.name} has {kernel.nout} outputs; out has {len(outputs)} entries")
    return args, outputs


def _stream_handle(stream):
    return None if stream is None else stream._handle


class ElementwiseKernel:
    """A user elementwise kernel: `ElementwiseKernel("T x, T y", "T z", "z = (x - y) * (x - y)",
    "squared_diff")`, called as `kernel(*args, out=None, size=None, stream=None)`.

    The parameter lists are checked here; the kernel compiles at its first call for each
    combination of argument dtypes (NVRTC, through garray's kernel caches). The call returns the
    output, or a tuple of them when there are several (always with return_tuple=True; None with
    no_return=True). `size` gives the element count when no argument is a non-raw array.
    `reduce_dims` is accepted for CuPy's sake: garray merges dimensions whenever the operation does
    not read the index `i`, which gives the same results.
    """

    def __init__(self, in_params, out_params, operation, name="kernel", reduce_dims=True, preamble="",
                 no_return=False, return_tuple=False, *, options=()):
        self.in_params = in_params
        self.out_params = out_params
        self.operation = operation
        self.name = name
        self.preamble = preamble
        self.options = _options(options)
        self.no_return = no_return
        self.return_tuple = return_tuple
        self._handle = lib.ga_elementwise_kernel_create(in_params, out_params, operation, name, preamble,
                                                         self.options)
        self.nin, self.nout = lib.ga_elementwise_kernel_arity(self._handle)
        self.nargs = self.nin + self.nout

    def __call__(self, *args, out=None, size=None, stream=None):
        inputs, outputs = _split_arguments(self, args, out)
        result = lib.ga_elementwise_kernel_call(self._handle, inputs, outputs, -1 if size is None else size,
                                                _stream_handle(stream))
        if self.no_return:
            return None
        if self.return_tuple and self.nout == 1:
            return (result,)
        return result


class ReductionKernel:
    """A user reduction kernel: `ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0",
    "l2norm")`, called as `kernel(*args, out=None, axis=None, keepdims=False, stream=None)`.

    Each element is mapped by `map_expr`, folded with `reduce_expr` (of `a` and `b`, associative and
    commutative) from `identity` (None: none, and an empty reduction is a ValueError), and
    `post_map_expr` writes the outputs from the folded `a`. `reduce_type` (a dtype name or a
    placeholder; None: the first output's type) is the type folded in. `axis` is an int, a tuple or
    None for every axis. `reduce_dims` is accepted for CuPy's sake, as in ElementwiseKernel.
    """

    def __init__(self, in_params, out_params, map_expr, reduce_expr, post_map_expr, identity,
                 name="reduce_kernel", reduce_type=None, reduce_dims=True, preamble="", options=()):
        self.in_params = in_params
        self.out_params = out_params
        self.map_expr = map_expr
        self.reduce_expr = reduce_expr
        self.post_map_expr = post_map_expr
        self.identity = identity
        self.name = name
        self.reduce_type = reduce_type
        self.preamble = preamble
        self.options = _options(options)
        self._handle = lib.ga_reduction_kernel_create(in_params, out_params, map_expr, reduce_expr, post_map_expr,
                                                       identity, name, reduce_type, preamble, self.options)
        # The C API has no arity query for reduction kernels; the lists it just accepted are
        # well-formed, so counting their entries is exact.
        self.nin = _parameter_count(in_params)
        self.nout = _parameter_count(out_params)
        self.nargs = self.nin + self.nout

    def __call__(self, *args, out=None, axis=None, keepdims=False, stream=None):
        inputs, outputs = _split_arguments(self, args, out)
        return lib.ga_reduction_kernel_call(self._handle, inputs, outputs, axis, keepdims, _stream_handle(stream))
