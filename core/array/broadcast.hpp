// Broadcasting arrays to a common shape as zero-stride views, by NumPy's rules: shapes are aligned
// at their last axes, and an axis of extent 1 (or a missing leading axis) stretches to any extent.
#pragma once

#include "core/array/array.hpp"
#include "core/array/dims.hpp"

#include <span>
#include <vector>

namespace garray {

// The common shape of `shapes` (the empty shape for none). Throws GA_ERROR_SHAPE_MISMATCH naming
// the two entries, as "what[i]", that disagree, and GA_ERROR_INVALID_ARGUMENT for a negative
// extent.
Dims broadcast_shapes(std::span<const Dims> shapes, const char* what);

// Strides that present the layout `shape`/`strides` as `target`: stretched axes (new leading ones,
// and those of extent 1) get stride 0, the others keep theirs, as NumPy's iterator gives. Throws
// GA_ERROR_SHAPE_MISMATCH when `shape` does not broadcast to `target`.
Dims broadcast_strides(const Dims& shape, const Dims& strides, const Dims& target);

// The read-only view of `array` broadcast to `shape` (NumPy's broadcast_to). Throws
// GA_ERROR_INVALID_ARGUMENT for a negative extent and GA_ERROR_SHAPE_MISMATCH when it does not fit.
Array broadcast_to(const Array& array, const Dims& shape);

// Views of `arrays` at their common shape (NumPy's broadcast_arrays). When every shape already
// agrees each result is a plain view; otherwise each is laid out as broadcast_to() lays it out,
// writeable when the input is and its shape did not change, read-only when it was stretched (a
// write through a zero stride would race on the device).
std::vector<Array> broadcast_arrays(std::span<const Array> arrays);

}  // namespace garray
