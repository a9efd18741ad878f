// Reordering elements: flip and rot90 (views with negated strides and permuted axes) and roll (a
// new array written by one copy per rolled region).
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <cstdint>
#include <optional>
#include <span>

namespace garray {

// NumPy's flip over `axes` (nullopt: every axis); a view.
Array flip(const Array& array, const std::optional<std::span<const int>>& axes);

// NumPy's roll. `axes` nullopt rolls the flattened array by the sum of `shifts`; otherwise shifts
// and axes broadcast against each other and shifts on a repeated axis add up.
Array roll(const Array& array, std::span<const std::int64_t> shifts, const std::optional<std::span<const int>>& axes,
           const StreamRef& stream);

// NumPy's rot90 in the plane (axis1, axis2); a view. Errors are NumPy's ValueErrors
// (GA_ERROR_INVALID_ARGUMENT), also for an axis out of range.
Array rot90(const Array& array, int k, int axis1, int axis2);

}  // namespace garray
