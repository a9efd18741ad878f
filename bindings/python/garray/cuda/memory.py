"""The memory pools, as cupy.cuda.MemoryPool and PinnedMemoryPool.

garray has one caching pool per device (and one pinned host pool) in the C library, shared by every
language in the process; these objects are views of them. A pool object answers for the calling
thread's current device, as CuPy's default pool does.
"""

import ctypes
import functools
import weakref

from garray._errors import OutOfMemoryError
from garray._library import lib

__all__ = ["OutOfMemoryError", "MemoryPool", "PinnedMemoryPool", "MemoryPointer", "PinnedMemoryPointer",
           "alloc", "alloc_pinned_memory", "set_allocator", "set_pinned_memory_allocator"]


class MemoryPointer:
    """Where an array's data lives: `ptr` (the device address of its first element) and `device_id`.
    It keeps the array, and so the memory, alive."""

    __slots__ = ("ptr", "device_id", "_owner")

    def __init__(self, owner, ptr, device_id):
        self._owner = owner
        self.ptr = ptr
        self.device_id = device_id

    def __int__(self):
        return self.ptr

    def __repr__(self):
        return f"<garray.cuda.MemoryPointer {self.ptr:#x} (device {self.device_id})>"


class _DeviceBlock:
    """Device memory from the pool (MemoryPool.malloc), returned to it, ordered on the current
    stream, when the last MemoryPointer to it goes."""

    __slots__ = ("ptr", "size", "__weakref__")

    def __init__(self, size):
        self.ptr = lib.ga_memory_allocate(size, None) if size else 0
        self.size = size
        if self.ptr:
            weakref.finalize(self, lib.ga_memory_free, self.ptr, None)


class MemoryPool:
    """The device memory pool of the current device."""

    def malloc(self, size):
        """`size` bytes of device memory from the pool, as a MemoryPointer (as CuPy's)."""
        block = _DeviceBlock(size)
        return MemoryPointer(block, block.ptr, lib.ga_device_get_current())

    @staticmethod
    def _stats():
        return lib.ga_memory_pool_stats(lib.ga_device_get_current())

    def used_bytes(self):
        """Bytes handed out to arrays and not yet freed."""
        return self._stats()["used_bytes"]

    def free_bytes(self):
        """Bytes the pool holds in free blocks, ready for reuse."""
        return self._stats()["cached_bytes"]

    def total_bytes(self):
        """used_bytes() + free_bytes(): what the pool holds from the driver."""
        return self._stats()["total_bytes"]

    def peak_used_bytes(self):
        return self._stats()["peak_used_bytes"]

    def free_all_blocks(self):
        """Give every cached block back to the driver."""
        lib.ga_memory_pool_free_all_blocks(lib.ga_device_get_current())

    def set_limit(self, size=None, fraction=None):
        """Limit what the pool may hold, in bytes or as a fraction of the device's memory; with
        neither (or 0), remove the limit."""
        if size is not None and fraction is not None:
            raise ValueError("give size or fraction, not both")
        device = lib.ga_device_get_current()
        if fraction is not None:
            if not 0 <= fraction <= 1:
                raise ValueError(f"fraction must be between 0 and 1, not {fraction}")
            size = int(lib.ga_device_get_properties(device)["total_memory"] * fraction)
        if size is None:
            size = 0
        if size < 0:
            raise ValueError(f"size must not be negative, not {size}")
        lib.ga_memory_pool_set_limit(device, size)

    def get_limit(self):
        """The limit in bytes; 0 when there is none."""
        return lib.ga_memory_pool_get_limit(lib.ga_device_get_current())


@functools.lru_cache(maxsize=64)
def _pinned_type(size):
    """A bytes-sized ctypes array type (the buffer protocol NumPy reads) named as CuPy's pointer."""
    return type("PinnedMemoryPointer", (ctypes.c_ubyte * size,), {
        "__slots__": (), "__int__": lambda self: ctypes.addressof(self),
        "ptr": property(ctypes.addressof), "size": size,
        "__doc__": "Pinned host memory from garray's pool: a buffer (numpy.frombuffer reads it) with ptr and size."})


class PinnedMemoryPointer:
    """What alloc_pinned_memory returns: `ptr`, `size`, int(), and the buffer protocol (a ctypes
    array of bytes over the memory). The memory goes back to the pool when it is no longer referred
    to (a NumPy array made by numpy.frombuffer refers to it)."""

    def __new__(cls, size):
        if size < 0:
            raise ValueError(f"size must be non-negative, not {size}")
        ptr = lib.ga_pinned_allocate(size) if size else 0
        buffer = _pinned_type(size).from_address(ptr) if ptr else (ctypes.c_ubyte * 0)()
        if ptr:
            weakref.finalize(buffer, lib.ga_pinned_free, ptr, None)
        return buffer


class PinnedMemoryPool:
    """The pinned (page-locked) host memory pool that asynchronous transfers stage through."""

    def malloc(self, size):
        """`size` bytes of pinned host memory from the pool (a PinnedMemoryPointer), as CuPy's."""
        return PinnedMemoryPointer(size)

    def used_bytes(self):
        return lib.ga_pinned_pool_stats()["used_bytes"]

    def free_bytes(self):
        return lib.ga_pinned_pool_stats()["cached_bytes"]

    def total_bytes(self):
        return lib.ga_pinned_pool_stats()["total_bytes"]

    def free_all_blocks(self):
        lib.ga_pinned_pool_free_all_blocks()


_default_memory_pool = MemoryPool()
_default_pinned_memory_pool = PinnedMemoryPool()


def get_default_memory_pool():
    return _default_memory_pool


def get_default_pinned_memory_pool():
    return _default_pinned_memory_pool


def alloc(size):
    """`size` bytes of device memory from the current device's pool, as cupy.cuda.alloc."""
    return _default_memory_pool.malloc(size)


def alloc_pinned_memory(size):
    """`size` bytes of pinned host memory from garray's pool, as cupy.cuda.alloc_pinned_memory:
    `numpy.frombuffer(alloc_pinned_memory(400), numpy.float32, 100)` is a NumPy array over it."""
    return _default_pinned_memory_pool.malloc(size)


def _is_pool_malloc(allocator, pool_type):
    return getattr(allocator, "__func__", None) is pool_type.malloc and isinstance(allocator.__self__, pool_type)


def set_allocator(allocator=None):
    """CuPy's: garray's arrays always come from the C library's per-device pool (shared by every
    language in the process), so the allocators it takes are None and a MemoryPool's malloc, which
    both name that pool; another allocator raises NotImplementedError."""
    if allocator is not None and not _is_pool_malloc(allocator, MemoryPool):
        raise NotImplementedError("garray allocates from its own pool: set_allocator takes None or "
                                  "garray.cuda.MemoryPool().malloc")


def set_pinned_memory_allocator(allocator=None):
    """As set_allocator, for pinned host memory: None or a PinnedMemoryPool's malloc."""
    if allocator is not None and not _is_pool_malloc(allocator, PinnedMemoryPool):
        raise NotImplementedError("garray stages through its own pinned pool: set_pinned_memory_allocator "
                                  "takes None or garray.cuda.PinnedMemoryPool().malloc")
