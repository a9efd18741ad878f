// NumPy's quantile, percentile (method 'linear', NumPy's default) and median along one axis or the
// flattened array (GA_AXIS_NONE), by a sort of each row and a small interpolation kernel. Values
// are computed in float64 and returned in the array's float dtype (float64 for integers and, for
// median, bool), as NumPy 2 does; a row holding NaN gives NaN.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <span>

namespace garray {

// The quantiles `q` (in [0, 1], GA_ERROR_INVALID_ARGUMENT otherwise) laid out as `q_shape`:
// the result has shape q_shape + the reduced shape (with the axis kept as 1 when `keepdims`).
// GA_ERROR_DTYPE for complex and bool arrays; GA_ERROR_INDEX for an empty axis.
Array quantile(const Array& array, std::span<const double> q, const Dims& q_shape, int axis, bool keepdims,
               const StreamRef& stream);

// quantile() of q / 100, q in [0, 100].
Array percentile(const Array& array, std::span<const double> q, const Dims& q_shape, int axis, bool keepdims,
                 const StreamRef& stream);

// The middle value, or the mean of the two middle ones; NaN for an empty axis. Bool is accepted.
Array median(const Array& array, int axis, bool keepdims, const StreamRef& stream);

}  // namespace garray
