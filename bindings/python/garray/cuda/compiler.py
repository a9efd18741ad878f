"""Compiling CUDA C++ with NVRTC through garray's kernel engine and its cache.

Compilation for an explicit architecture needs no GPU; RawKernel and RawModule (garray.RawKernel)
compile for the current device.
"""

from garray._errors import CompileException
from garray._library import lib

__all__ = ["CompileException", "compile_source", "kernel_cache_stats", "clear_kernel_memory_cache"]


def compile_source(source, arch, options=(), ptx=False):
    """CUBIN (bytes, an ELF image) or, with ptx=True, PTX text (str) of `source` for architecture
    `arch` (90 for sm_90). Raises CompileException with NVRTC's log when the source does not compile."""
    if isinstance(arch, str):
        arch = int(arch.removeprefix("sm_").removeprefix("compute_"))
    binary = lib.ga_jit_compile(source, options, arch, 1 if ptx else 0)
    # PTX comes with its terminating NUL, as the C API counts it.
    return binary.rstrip(b"\0").decode() if ptx else binary


def kernel_cache_stats():
    """Counts since the process started: memory_hits, disk_hits, compiles, and the disk cache's size."""
    return lib.ga_kernel_cache_stats()


def clear_kernel_memory_cache():
    """Forget compiled kernels held in memory (kernels in use stay loaded); the disk cache stays."""
    lib.ga_kernel_cache_clear_memory()
