"""CuPy's allocation entry points in garray.cuda: alloc_pinned_memory backing a NumPy array that is
uploaded, MemoryPool().malloc / PinnedMemoryPool().malloc, and set_allocator /
set_pinned_memory_allocator taking garray's own pools (and refusing other allocators)."""

import numpy
import pytest

import garray as ga
from conftest import gpu


def test_allocators_take_garray_pools_only():
    ga.cuda.set_allocator(ga.cuda.MemoryPool().malloc)
    ga.cuda.set_pinned_memory_allocator(ga.cuda.PinnedMemoryPool().malloc)
    ga.cuda.set_allocator(None)
    ga.cuda.set_pinned_memory_allocator(None)
    with pytest.raises(NotImplementedError):
        ga.cuda.set_allocator(lambda size: 0)
    with pytest.raises(NotImplementedError):
        ga.cuda.set_pinned_memory_allocator(ga.cuda.MemoryPool().malloc)


@gpu
def test_pinned_memory_backs_a_numpy_array_that_uploads():
    pool = ga.get_default_pinned_memory_pool()
    before = pool.used_bytes()
    pinned = ga.cuda.alloc_pinned_memory(400)
    assert pinned.size == 400 and int(pinned) == pinned.ptr != 0
    host = numpy.frombuffer(pinned, numpy.float32, 100)
    del pinned  # the NumPy array keeps the memory
    host[:] = numpy.arange(100, dtype=numpy.float32)
    numpy.testing.assert_array_equal(ga.asnumpy(ga.asarray(host)), numpy.arange(100, dtype=numpy.float32))
    assert pool.used_bytes() >= before + 400
    del host
    ga.cuda.runtime.deviceSynchronize()
    assert pool.used_bytes() == before


@gpu
def test_memory_pool_malloc(memory_pool):
    before = memory_pool.used_bytes()
    pointer = ga.cuda.MemoryPool().malloc(1024)
    assert int(pointer) != 0 and pointer.device_id == ga.cuda.Device().id
    assert memory_pool.used_bytes() >= before + 1024
    del pointer
    ga.cuda.runtime.deviceSynchronize()
    assert memory_pool.used_bytes() == before
