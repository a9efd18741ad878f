// The CUDA text of each device helper (device_helpers.hpp), by family. Internal to the ufunc
// folder: callers use device_helper_source().
#pragma once

#include "core/ops/ufunc/device_helpers.hpp"

#include <string_view>

namespace garray::device_math {

// Each returns the text of `helper` if it belongs to its family, else an empty view.
std::string_view integer_helper_source(DeviceHelper helper);
std::string_view real_helper_source(DeviceHelper helper);
std::string_view complex_helper_source(DeviceHelper helper);

}  // namespace garray::device_math
