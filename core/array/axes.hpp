// Views that rearrange, add or remove axes without moving elements: transpose, swapaxes,
// moveaxis, expand_dims and squeeze. Pure shape and stride algebra; no device work.
//
// Errors follow NumPy's exception types: an axis out of range is GA_ERROR_INDEX (AxisError), a
// repeated axis or a list of the wrong length is GA_ERROR_INVALID_ARGUMENT (ValueError).
#pragma once

#include "core/array/array.hpp"

#include <span>

namespace garray {

// The view whose axis i is `array`'s axis axes[i]; `axes` must be a permutation of the axes
// (negative values count from the end).
Array transpose(const Array& array, std::span<const int> axes);

// The view with the axes in reverse order.
Array transpose(const Array& array);

// The view with axes `axis1` and `axis2` exchanged.
Array swapaxes(const Array& array, int axis1, int axis2);

// The view with axis source[i] moved to position destination[i], the other axes keeping their
// order. Throws GA_ERROR_INVALID_ARGUMENT when the lists differ in length.
Array moveaxis(const Array& array, std::span<const int> source, std::span<const int> destination);

// The view with an axis of extent 1 at each of `axes`, positions in the result of
// ndim + axes.size() dimensions. Strides are those of NumPy's reshape to that shape.
Array expand_dims(const Array& array, std::span<const int> axes);

// The view without `axes`; throws GA_ERROR_SHAPE_MISMATCH (NumPy's ValueError) naming an axis whose
// extent is not 1.
Array squeeze(const Array& array, std::span<const int> axes);

// The view without any axis of extent 1.
Array squeeze(const Array& array);

}  // namespace garray
