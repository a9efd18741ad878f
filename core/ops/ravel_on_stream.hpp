// ravel(array, GA_ORDER_C) with the caller's stream: core/array/ravel.hpp's ravel() copies an
// array that has no 1-D view on the current stream of its device, which the operations that take
// a stream (ABI 1.0: every function that enqueues device work takes the caller's) must not do.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

namespace garray {

// The 1-D C-order view of `array` when one exists (as ravel() gives it), else a C-order copy made
// on `stream`.
Array ravel_on_stream(const Array& array, const StreamRef& stream);

}  // namespace garray
