// The host image of a `raw` parameter (ga_raw_array in elementwise_source.hpp).
#pragma once

#include "core/array/array.hpp"
#include "core/ops/launch_arguments.hpp"

namespace garray {

// Appends `array` as a ga_raw_array<T, array.ndim(), contiguous>: data pointer, element count,
// shape, strides in elements.
void add_raw_array_argument(LaunchArguments& arguments, const Array& array);

}  // namespace garray
