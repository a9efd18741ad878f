// NumPy's take, put, take_along_axis, put_along_axis and choose, as indexed loops.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <garray/indexing.h>

#include <span>

namespace garray {

// `axis` may be GA_AXIS_NONE (the flattened array). `out` (may be null) receives the result; take
// and choose check it with require_destination() (unsafe casting) before any work.
Array take(const Array& array, const Array& indices, int axis, ga_index_mode_t mode, const Array* out,
           const StreamRef& stream);

void put(const Array& array, const Array& indices, const Array& values, ga_index_mode_t mode, const StreamRef& stream);

Array take_along_axis(const Array& array, const Array& indices, int axis, ga_index_mode_t mode,
                      const StreamRef& stream);

void put_along_axis(const Array& array, const Array& indices, const Array& values, int axis, ga_index_mode_t mode,
                    const StreamRef& stream);

Array choose(const Array& array, std::span<const Array> choices, ga_index_mode_t mode, const Array* out,
             const StreamRef& stream);

}  // namespace garray
