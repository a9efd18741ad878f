"""garray.cuda: devices, streams, events, memory pools and the compiler, as cupy.cuda."""

from garray._kernel import Function
from garray.cuda import compiler, memory, runtime
from garray.cuda._device import Device
from garray.cuda._stream import Event, ExternalStream, Stream, get_current_stream, get_elapsed_time
from garray.cuda.memory import (MemoryPointer, MemoryPool, PinnedMemoryPointer, PinnedMemoryPool, alloc,
                                alloc_pinned_memory, set_allocator, set_pinned_memory_allocator)

__all__ = ["compiler", "memory", "runtime", "Device", "Event", "ExternalStream", "Stream",
           "get_current_stream", "get_elapsed_time", "MemoryPointer", "MemoryPool", "PinnedMemoryPool",
           "PinnedMemoryPointer", "alloc", "alloc_pinned_memory", "set_allocator", "set_pinned_memory_allocator",
           "Function", "is_available"]


def is_available():
    """Whether a CUDA device can be used."""
    return runtime.getDeviceCount() > 0

