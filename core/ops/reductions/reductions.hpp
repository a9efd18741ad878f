// NumPy's named reductions (np.sum, np.argmax, np.var, np.nanmax, ...) over any axes of any strided
// array, with NumPy 2's dtype rules, empty-slice rules and NaN handling. One table says how each is
// computed: a ufunc fold (reduce_ufunc), an accumulation with a wider accumulator or NaN skipped,
// one-pass moments (Welford/Chan), a (value, index) pair fold, or max - min.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <garray/base.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace garray {

enum class Reduction : std::uint8_t {
  sum,
  prod,
  max,
  min,
  any,
  all,
  argmax,
  argmin,
  mean,
  var,
  std,
  count_nonzero,
  ptp,
  nansum,
  nanprod,
  nanmin,
  nanmax,
  nanargmin,
  nanargmax,
  nanmean,
  nanvar,
  nanstd,
};

struct ReduceRequest {
  // nullopt: every axis (the flattened array for argmax/argmin, which take at most one axis).
  std::optional<std::vector<int>> axes;
  bool keepdims = false;
  std::optional<ga_dtype_t> dtype;  // NumPy's dtype=; only the reductions that take one
  double ddof = 0;                  // var/std only; anything else refuses a nonzero value
};

// NumPy's function name ("nanargmax").
const char* reduction_name(Reduction reduction);

// The dtype NumPy gives the result of `reduction` over `input` with `dtype` (nullopt: none given).
ga_dtype_t reduction_result_dtype(Reduction reduction, ga_dtype_t input, std::optional<ga_dtype_t> dtype);

// `reduction` of `array` on `stream`, into `out` (the reduced shape; its dtype one the result casts
// to: same_kind, or safe for the arg reductions) or a new C-contiguous array, 0-d for a full
// reduction. Throws GA_ERROR_INDEX / GA_ERROR_INVALID_ARGUMENT for bad or repeated axes, several
// axes for argmax/argmin, a dtype or ddof the reduction does not take, an empty argmax/max/min
// (no identity); as require_destination() (core/ops/destination.hpp) for `out`, before any work;
// GA_ERROR_DTYPE where NumPy has no loop (ptp of bool).
Array reduce(Reduction reduction, const Array& array, const ReduceRequest& request, const std::optional<Array>& out,
             const StreamRef& stream);

}  // namespace garray
