// NumPy's bincount and histogram. Both wait for the stream when the result's size depends on the
// data (bincount's length, histogram's automatic range), as NumPy and CuPy must.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <optional>
#include <utility>

namespace garray {

// Counts of each value of the 1-D, non-negative integer `x` (bool and integers that cast safely
// to int64), at least `minlength` long; int64, or float64 sums of `weights` (1-D, x's length,
// casting safely to float64) when given. GA_ERROR_INVALID_ARGUMENT for a negative value or
// minlength; GA_ERROR_SHAPE_MISMATCH for shapes; GA_ERROR_DTYPE for dtypes.
Array bincount(const Array& x, const Array* weights, std::int64_t minlength, const StreamRef& stream);

// np.histogram(array, bins, range): `bins` (> 0) equal bins over `range` (finite, low <= high;
// nullopt: the data's minimum and maximum, finite), NumPy's edges (float64 linspace rounded to the
// array's float dtype, float64 for integers and bool) and int64 counts, the last bin closed.
// Values outside the range and NaN are not counted. Complex arrays: GA_ERROR_DTYPE.
std::pair<Array, Array> histogram(const Array& array, std::int64_t bins, std::optional<std::pair<double, double>> range,
                                  const StreamRef& stream);

// np.histogram(array, bins=edges): int64 counts of edges.size - 1 bins, for 1-D, real edges that
// never decrease (GA_ERROR_INVALID_ARGUMENT otherwise). Values and edges compare as float64.
Array histogram_with_edges(const Array& array, const Array& edges, const StreamRef& stream);

}  // namespace garray
