// Whether two arrays may touch the same bytes (NumPy's may_share_memory: by the extent of each
// view in its buffer, so interleaved views that never touch still count), and whether two arrays
// are the same view.
#pragma once

#include "core/array/array.hpp"

namespace garray {

bool may_share_memory(const Array& a, const Array& b);

// Same buffer, dtype, offset, shape and strides: an elementwise operation reading one and writing
// the other touches each element once, as NumPy's in-place operators expect.
bool is_same_view(const Array& a, const Array& b);

}  // namespace garray
