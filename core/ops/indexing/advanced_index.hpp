// NumPy's advanced indexing: integer arrays among basic index items, read (`a[i, :, j]`) and
// written (`a[i, :, j] = values`), planned as an indexed loop (indexed_loop.hpp).
#pragma once

#include "core/ops/indexing/indexed_loop.hpp"

#include <garray/views.h>

#include <span>

namespace garray {

// One item: `array` (an integer array) when not null, else the basic item `basic`.
struct IndexItem {
  ga_index_t basic{};
  const Array* array = nullptr;
};

// The loop of `array[items...]`: the basic items give a view, each integer array indexes one of its
// axes, and the arrays' broadcast shape B takes the place of the advanced items (integer items
// count as advanced) when they are next to each other, or comes first otherwise. Throws as
// index() does, GA_ERROR_DTYPE for a non-integer index array, GA_ERROR_SHAPE_MISMATCH for index
// arrays that do not broadcast, GA_ERROR_UNSUPPORTED for more than kMaxIndexArrays of them.
IndexedLoop plan_advanced_index(const Array& array, std::span<const IndexItem> items);

// Whether any item is an integer array.
bool has_index_arrays(std::span<const IndexItem> items);

// `array[items...]`: the view of basic indexing when no item is an array, else a new C-contiguous
// array gathered on `stream`.
Array advanced_get(const Array& array, std::span<const IndexItem> items, ga_index_mode_t mode,
                   const StreamRef& stream);

// `array[items...] = values`, with `values` broadcast to the selection's shape and cast to the
// array's dtype (a copy first when it may overlap `array`). Throws GA_ERROR_INVALID_ARGUMENT for a
// read-only array, GA_ERROR_SHAPE_MISMATCH when values do not broadcast.
void advanced_set(const Array& array, std::span<const IndexItem> items, const Array& values, ga_index_mode_t mode,
                  const StreamRef& stream);

// Scatters `values` (broadcast to loop.shape) through `loop`, copying them first when they may
// overlap the indexed array. Shared by advanced_set and the put routines.
void scatter_values(const IndexedLoop& loop, const Array& values, ga_index_mode_t mode, const StreamRef& stream);

// Gathers through `loop` into `out` (the loop's shape, any dtype: checked by require_destination()
// with unsafe casting), or into a new C-contiguous array of the indexed array's dtype when `out` is
// null. Returns the array written.
Array gather_values(const IndexedLoop& loop, const Array* out, ga_index_mode_t mode, const StreamRef& stream);

}  // namespace garray
