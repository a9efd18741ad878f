// Views along one axis that the manipulation routines build on (a range, a reversal, the region
// of interest of a padded array), and the casting check they share. Pure stride algebra.
#pragma once

#include "core/array/array.hpp"
#include "core/ops/device_check.hpp"
#include "core/array/promotion.hpp"
#include "core/runtime/stream.hpp"

#include <cstdint>

namespace garray {

// The view of positions [start, stop) of `axis` (0 <= start <= stop <= extent). An empty range
// keeps the view's address, as basic indexing does.
Array slice_axis(const Array& array, int axis, std::int64_t start, std::int64_t stop);

// The view with `axis` read backwards (its stride negated).
Array reverse_axis(const Array& array, int axis);

// The view of `array` with its writeable flag cleared (NumPy's read-only views).
Array read_only(const Array& array);

// Throws GA_ERROR_DTYPE with NumPy's message ("Cannot cast array data from dtype('float64') to
// dtype('int32') according to the rule 'same_kind'") unless `from` casts to `to` under `casting`.
void require_castable(ga_dtype_t from, ga_dtype_t to, Casting casting);

}  // namespace garray
