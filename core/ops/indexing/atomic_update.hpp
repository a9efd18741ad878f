// The per-element operation of ufunc.at: a device function `ga_update(ArrayT* address, Other value)`
// that applies a ufunc loop to the element at `address` and the value as one atomic
// read-modify-write, so that every repetition of an index takes effect.
#pragma once

#include "core/ops/indexing/indexed_loop.hpp"
#include "core/ops/ufunc/loop_resolution.hpp"

namespace garray {

// The update of `loop` (resolved for an array of `array_dtype`, whose dtype the result is cast
// back to) with values of `value_dtype` (ignored by a unary loop). Native atomics serve add and
// subtract on 32- and 64-bit integers, float32, float64 and both complex types (one atomic per
// part), maximum and minimum on 32- and 64-bit integers, and the bitwise operations on 32- and
// 64-bit integers; every other case of at most 8 bytes runs the loop's own operation in a
// compare-and-swap loop over the element's aligned 4- or 8-byte word. Throws
// Error(GA_ERROR_UNSUPPORTED) for complex128 beyond add and subtract.
UpdateOperation atomic_update(const ResolvedLoop& loop, ga_dtype_t array_dtype, ga_dtype_t value_dtype);

}  // namespace garray
