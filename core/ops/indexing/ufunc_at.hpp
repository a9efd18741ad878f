// NumPy's ufunc.at: unbuffered in-place application at indexed positions, repeated indices
// accumulating, through device atomics (atomic_update.hpp).
#pragma once

#include "core/ops/indexing/advanced_index.hpp"
#include "core/ops/ufunc/ufunc_call.hpp"

#include <span>

namespace garray {

// `a[items...] = ufunc(a[items...], b)` element by element, every repetition applied. `b` is null
// for a unary ufunc. The loop is the one NumPy resolves for (a.dtype, b) with same_kind casting,
// its result cast back to a.dtype. Throws GA_ERROR_INVALID_ARGUMENT for a ufunc that does not take
// one or two inputs to one output, a missing or extra `b`, or a read-only `a`; GA_ERROR_DTYPE as
// resolve_loop() does; GA_ERROR_UNSUPPORTED for complex128 beyond add and subtract; and as
// plan_advanced_index() and run_indexed_loop() do.
void ufunc_at(const Ufunc& ufunc, const Array& a, std::span<const IndexItem> items, const UfuncOperand* b,
              const StreamRef& stream);

}  // namespace garray
