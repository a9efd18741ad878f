// Basic indexing: integers, slices, new axes and an ellipsis select a strided view, as NumPy's
// `a[...]` with no array among the indices. Pure shape and stride algebra; no device work.
#pragma once

#include <garray/views.h>

#include "core/array/array.hpp"

#include <cstdint>
#include <span>

namespace garray {

// A slice resolved against an axis, as Python's slice.indices(): the first element, the step and
// how many elements it selects.
struct SliceBounds {
  std::int64_t start;
  std::int64_t step;
  std::int64_t length;
};

// Python's clamping of a slice's start and stop for an axis of `extent` elements; `what` names the
// item in messages. Throws GA_ERROR_INVALID_ARGUMENT for a zero step.
SliceBounds resolve_slice(const ga_index_t& slice, std::int64_t extent, const char* what);

// The view `array[items...]`. Integers drop their axis (GA_ERROR_INDEX when out of range after
// adding the extent to a negative one), slices keep it, GA_INDEX_NEWAXIS inserts an axis of extent
// 1 and stride 0, at most one ellipsis stands for every axis the other items leave, and axes past
// the last item are kept whole. Throws GA_ERROR_INDEX for more integers and slices than axes or a
// second ellipsis, GA_ERROR_INVALID_ARGUMENT for an unknown kind, a zero step or a result of more
// than kMaxDims axes. As NumPy, an empty slice keeps its axis's stride and does not move the view;
// unlike NumPy, a view of an empty array keeps the input's offset, so its address stays inside the
// buffer.
Array index(const Array& array, std::span<const ga_index_t> items);

}  // namespace garray
