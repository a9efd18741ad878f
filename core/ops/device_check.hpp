// The check every operation makes of its array arguments: they live on the device of the stream the
// work goes to.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

namespace garray {

// Throws GA_ERROR_INVALID_ARGUMENT naming argument `what` and both devices unless `array` is on
// `stream`'s device.
void require_on_stream_device(const Array& array, const StreamRef& stream, const char* what);

}  // namespace garray
