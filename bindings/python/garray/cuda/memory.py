"""The memory pools, as cupy.cuda.MemoryPool and PinnedMemoryPool.

garray has one caching pool per device (and one pinned host pool) in the C library, shared by every
language in the process; these objects are views of them. A pool object answers for the calling
thread's current device, as CuPy's default pool does.
"""

from garray._errors import OutOfMemoryError
from garray._library import lib

__all__ = ["OutOfMemoryError", "MemoryPool", "PinnedMemoryPool", "MemoryPointer"]


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


class MemoryPool:
    """The device memory pool of the current device."""

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


class PinnedMemoryPool:
    """The pinned (page-locked) host memory pool that asynchronous transfers stage through."""

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
