"""NumPy's out= under garray's C convention (docs/design.md, "Destinations"), checked the same way for
every function that takes one: a bad destination is refused before any work and keeps its contents,
and a given one comes back as the very object passed, with no reference left behind in C."""

import gc

import numpy
import pytest

import garray as ga

_SENTINEL = 7


def _filled(shape, dtype):
    return ga.full(shape, _SENTINEL, dtype)


def _assert_unchanged(array):
    numpy.testing.assert_array_equal(array.get(), numpy.full(array.shape, _SENTINEL, array.dtype))


def check_destination_rules(call, shape, dtype, memory_pool, uncastable=None):
    """`call(out)` computes a result of `shape` (more than one element) into `out`, which takes
    `dtype`; `uncastable` is a dtype the result does not cast to under the function's rule (None
    when it casts unsafely, as the scans, take and the user kernels do).

    - A destination of another shape is ValueError, a read-only one (a broadcast_to view)
      ValueError, one of `uncastable` TypeError; the messages of the first two name `out`, and each
      destination keeps its contents.
    - A good destination is returned as the same object, and once the caller drops it its memory
      goes back to the pool: the extension released the extra reference the C API hands back."""
    wrong_shape = _filled((1,), dtype)
    with pytest.raises(ValueError, match="out"):
        call(wrong_shape)
    _assert_unchanged(wrong_shape)
    base = _filled((1,), dtype)
    read_only = ga.broadcast_to(base, shape)
    with pytest.raises(ValueError, match="out"):
        call(read_only)
    _assert_unchanged(base)
    if uncastable is not None:
        other_dtype = _filled(shape, uncastable)
        with pytest.raises(TypeError):
            call(other_dtype)
        _assert_unchanged(other_dtype)

    out = ga.empty(shape, dtype)
    assert call(out) is out
    nbytes = out.nbytes
    gc.collect()
    before = memory_pool.used_bytes()
    del out
    gc.collect()
    assert before - memory_pool.used_bytes() >= nbytes
