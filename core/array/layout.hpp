// Shape and stride algebra: element counts with overflow checks, contiguous strides, contiguity
// tests, axis normalisation and broadcasting. Pure functions; strides are in elements.
#pragma once

#include <garray/array.h>

#include "core/array/dims.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace garray {

// Product of the extents; throws GA_ERROR_INVALID_ARGUMENT for a negative extent and when the
// element count or the byte size (count × itemsize) does not fit in 63 bits; as NumPy, that holds
// for the product of the non-zero extents even when another extent is 0.
std::int64_t checked_element_count(const Dims& shape, std::size_t itemsize);

// Strides of a compact array of `shape` in C or F order (GA_ORDER_C / GA_ORDER_F).
Dims contiguous_strides(const Dims& shape, ga_order_t order);

// Strides of a new compact array that copies a source of `shape` and `strides` in `order`: C, F,
// A (F when the source is F- but not C-contiguous) or K (the source's stride order, positive).
Dims strides_for_order(const Dims& shape, const Dims& strides, bool c_contiguous, bool f_contiguous,
                       ga_order_t order);

// NumPy's flags: extents of 1 do not constrain strides, and an empty array is both.
bool is_c_contiguous(const Dims& shape, const Dims& strides);
bool is_f_contiguous(const Dims& shape, const Dims& strides);

// Maps an axis in -ndim..ndim-1 to 0..ndim-1; throws GA_ERROR_INDEX naming `what` otherwise.
int normalize_axis(std::int64_t axis, int ndim, const char* what);

// NumPy's normalize_axis_tuple: each axis normalised as above (GA_ERROR_INDEX naming "what[i]"),
// and GA_ERROR_INVALID_ARGUMENT for a repeated axis or more than kMaxDims entries.
Dims normalize_axes(std::span<const int> axes, int ndim, const char* what);

// stride × factor for a view that steps through an axis `factor` times faster. The product can
// overflow only on an axis that is never stepped through (extent 0 or 1, or an empty array, whose
// strides are unconstrained); such an axis keeps `stride`.
std::int64_t scaled_stride(std::int64_t stride, std::int64_t factor);

// NumPy broadcasting of two shapes; throws GA_ERROR_SHAPE_MISMATCH with both shapes in the message.
Dims broadcast_shapes(const Dims& a, const Dims& b);

// "(3, 4)" — for messages.
std::string format_shape(const Dims& shape);

// Lowest and one-past-highest element offsets a view touches, relative to its first element.
struct ElementExtent {
  std::int64_t lowest;
  std::int64_t past_highest;
};
ElementExtent element_extent(const Dims& shape, const Dims& strides);

}  // namespace garray
