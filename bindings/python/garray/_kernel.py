"""User kernels from CUDA C++ source: RawKernel and RawModule, as CuPy's.

Source is compiled by NVRTC, through garray's kernel cache, for each device a kernel is first
launched on. Arguments are garray arrays (passed as the address of their first element), numbers
(NumPy scalars keep their type; Python bool, int, float and complex become bool, int64, float64 and
complex128, as in CuPy) and objects with an integer `ptr` (a raw device address).
"""

from garray._library import lib


def _options(options):
    if isinstance(options, str):
        raise TypeError("options must be a sequence of str, not one str")
    return tuple(options)


class Function:
    """One kernel of a RawModule on one device: `function(grid, block, args, shared_mem=0, stream=None)`."""

    __slots__ = ("_handle",)

    def __init__(self, handle):
        self._handle = handle

    def __call__(self, grid, block, args, *, shared_mem=0, stream=None):
        _launch(self._handle, grid, block, args, shared_mem, stream)


def _launch(handle, grid, block, args, shared_mem, stream):
    if not isinstance(args, (tuple, list)):
        raise TypeError(f"kernel args must be a tuple or list, not {type(args).__name__}")
    lib.ga_kernel_launch(handle, grid, block, shared_mem, args, None if stream is None else stream._handle)


class RawKernel:
    """The kernel `name` (declared extern "C") of CUDA C++ `code`:
    `kernel(grid, block, args, shared_mem=0, stream=None)` launches it on the current device."""

    def __init__(self, code, name, options=()):
        self.code = code
        self.name = name
        self.options = _options(options)
        self._kernels = {}

    @property
    def kernel(self):
        """The compiled kernel for the current device (compiled on first use)."""
        device = lib.ga_device_get_current()
        kernel = self._kernels.get(device)
        if kernel is None:
            kernel = self._kernels[device] = lib.ga_raw_kernel_create(self.code, self.name, self.options)
        return kernel

    def compile(self):
        """Compile for the current device now rather than at the first launch."""
        self.kernel

    def __call__(self, grid, block, args, *, shared_mem=0, stream=None):
        _launch(self.kernel, grid, block, args, shared_mem, stream)


class RawModule:
    """CUDA C++ `code` holding several kernels; get_function(name) gives one. `name_expressions`
    name instantiations of __global__ templates ("scale<float>"), which get_function then accepts."""

    def __init__(self, code, options=(), name_expressions=None):
        self.code = code
        self.options = _options(options)
        self.name_expressions = None if name_expressions is None else tuple(name_expressions)
        self._modules = {}

    @property
    def module(self):
        """The module compiled for the current device (compiled on first use)."""
        device = lib.ga_device_get_current()
        module = self._modules.get(device)
        if module is None:
            if self.name_expressions is None:
                module = lib.ga_module_create(self.code, self.options)
            else:
                module = lib.ga_module_create_with_name_expressions(self.code, self.options, self.name_expressions)
            self._modules[device] = module
        return module

    def compile(self):
        self.module

    def get_function(self, name):
        return Function(lib.ga_module_get_function(self.module, name))
