// NumPy's unique over the flattened array: the sorted distinct values, and on request the index
// of each one's first occurrence, the inverse (the input's shape: np.take(values, inverse)
// rebuilds the input) and the counts. Equal means as NumPy 2 compares with equal_nan: -0.0 equals
// 0.0, every NaN equals every NaN, and every complex value with a NaN part every other such. A run
// of equal values is represented by its first occurrence when indices, inverse or counts are asked
// for, else by its first value in sorted order (-0.0 before 0.0).
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <optional>

namespace garray {

struct UniqueResult {
  Array values;
  std::optional<Array> first_indices;  // int64
  std::optional<Array> inverse;        // int64, the input's shape
  std::optional<Array> counts;         // int64
};

// Waits for the stream once, to learn how many values there are.
UniqueResult unique(const Array& array, bool want_first_indices, bool want_inverse, bool want_counts,
                    const StreamRef& stream);

}  // namespace garray
