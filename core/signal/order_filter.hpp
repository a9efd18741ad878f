// scipy.signal.order_filter, medfilt and medfilt2d: order statistics over a centred domain, zeros
// past the edges.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <cstdint>

namespace garray {

// scipy.signal.order_filter. Reads `domain` back to the host. Throws as ga_signal_order_filter() documents.
Array order_filter(const Array& a, const Array& domain, std::int64_t rank, const StreamRef& stream);

// scipy.signal.medfilt with a window of `shape`. Throws as ga_signal_medfilt() documents.
Array medfilt(const Array& a, const Dims& shape, const StreamRef& stream);

}  // namespace garray
