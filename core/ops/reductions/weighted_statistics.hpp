// Statistics built from several reductions: np.average (weighted), np.cov and np.corrcoef.
#pragma once

#include "core/array/array.hpp"
#include "core/ops/reductions/reductions.hpp"
#include "core/runtime/stream.hpp"

#include <optional>

namespace garray {

// np.average(a, axis, weights, keepdims=...). `weights`: nullptr, or a's shape, or 1-D along the
// one reduced axis. `request.dtype` and `request.ddof` must be unset. Weights summing to zero give
// inf/NaN (no host check here). Throws as reduce() and GA_ERROR_SHAPE_MISMATCH for weights that
// fit neither form.
Array average(const Array& a, const Array* weights, const ReduceRequest& request, const std::optional<Array>& out,
              const StreamRef& stream);

// np.cov(m, y, rowvar, ddof=divisor_offset): float64 or complex128, (n, n) or 0-d for one variable.
// Throws GA_ERROR_INVALID_ARGUMENT for inputs of more than 2 dimensions and
// GA_ERROR_SHAPE_MISMATCH for differing observation counts.
Array covariance(const Array& m, const Array* y, bool rowvar, int divisor_offset, const StreamRef& stream);

// np.corrcoef(x, y, rowvar).
Array correlation(const Array& x, const Array* y, bool rowvar, const StreamRef& stream);

}  // namespace garray
