// Sorting and searching as NumPy's sort, argsort, lexsort, partition, argpartition and
// searchsorted. Every sort is a stable LSD radix sort (CUB's onesweep) over order-preserving keys:
// NaN sorts last, complex numbers in NumPy's order (real part, then imaginary part, with NaNs as
// NumPy places them), and an argsort equals NumPy's kind='stable' argsort, -0.0 and 0.0 tied.
//
// Axes are C API axes: GA_AXIS_NONE sorts the flattened array; others are normalised
// (GA_ERROR_INDEX out of range). Results are new C-contiguous arrays made on `stream`.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <span>

namespace garray {

// A sorted copy. Sorting values (not indices) orders -0.0 before 0.0, which NumPy treats as equal.
Array sort(const Array& array, int axis, const StreamRef& stream);

// Sorts `array` (writeable, any layout) along `axis` in place; GA_AXIS_NONE is refused.
void sort_in_place(const Array& array, int axis, const StreamRef& stream);

// The int64 indices that sort `array` along `axis`, stable.
Array argsort(const Array& array, int axis, const StreamRef& stream);

// NumPy's lexsort: the stable order of the keys along `axis`, the last key the primary one.
// The keys must have one shape; GA_ERROR_INVALID_ARGUMENT for none, GA_ERROR_SHAPE_MISMATCH for
// different shapes.
Array lexsort(std::span<const Array> keys, int axis, const StreamRef& stream);

// NumPy's partition and argpartition, by a full sort, which satisfies their contract for every
// kth at once. Each kth must lie in -n..n-1 for the axis length n (GA_ERROR_INVALID_ARGUMENT,
// NumPy's ValueError, otherwise).
Array partition(const Array& array, std::span<const std::int64_t> kth, int axis, const StreamRef& stream);
Array argpartition(const Array& array, std::span<const std::int64_t> kth, int axis, const StreamRef& stream);

// NumPy's searchsorted: for each of `values` (any shape) the insertion index into the 1-D
// `sorted` (GA_ERROR_SHAPE_MISMATCH otherwise), left or right of equal elements, both compared in
// their promoted dtype. `sorter` (nullable) is a 1-D integer array of sorted's size whose take
// sorts it; its indices wrap around as CuPy's take does. int64 of values' shape.
Array searchsorted(const Array& sorted, const Array& values, bool right, const Array* sorter, const StreamRef& stream);

}  // namespace garray
