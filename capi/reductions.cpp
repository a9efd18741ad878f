#include <garray/reductions.h>

#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/array/dtype.hpp"
#include "core/common/versioned_struct.hpp"
#include "core/ops/reductions/reductions.hpp"
#include "core/ops/reductions/weighted_statistics.hpp"

#include <optional>
#include <utility>
#include <vector>

using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::hand_out;
using garray::capi::optional_array;
using garray::capi::require_out;
using garray::capi::stream_or_current;

namespace {

// The caller's options over the defaults: every axis, no keepdims, NumPy's dtype, ddof 0.
garray::ReduceRequest caller_request(const ga_reduce_options_t* options, bool one_axis) {
  garray::ReduceRequest request;
  if (!options) return request;
  garray::require_versioned_struct(options, sizeof(size_t), "options", "ga_reduce_options_t");
  const ga_reduce_options_t known = garray::read_versioned_struct(
      *options, {sizeof(ga_reduce_options_t), nullptr, -1, 0, GA_DTYPE_SAME, 0.0});
  // argmax's axis=None may also be spelled as the one axis GA_AXIS_NONE.
  const bool flattened = one_axis && known.axis_count == 1 && known.axes && known.axes[0] == GA_AXIS_NONE;
  if (!flattened) request.axes = garray::capi::caller_axes(known.axes, known.axis_count);
  request.keepdims = known.keepdims != 0;
  if (known.dtype != GA_DTYPE_SAME) {
    garray::dtype_info(known.dtype);
    request.dtype = known.dtype;
  }
  request.ddof = known.ddof;
  return request;
}

ga_status_t named_reduction(const char* function, garray::Reduction reduction, ga_array_t a,
                            const ga_reduce_options_t* options, ga_array_t out, ga_stream_t stream,
                            ga_array_t* result) {
  return guarded(function, [&] {
    const garray::Array& input = deref(a, "a");
    const std::optional<garray::Array> given = optional_array(out, "out");
    require_out(result, "result");
    const bool one_axis = reduction == garray::Reduction::argmax || reduction == garray::Reduction::argmin ||
                          reduction == garray::Reduction::nanargmax || reduction == garray::Reduction::nanargmin;
    const garray::ReduceRequest request = caller_request(options, one_axis);
    const garray::StreamRef& queue = stream_or_current(stream);
    hand_out(garray::reduce(reduction, input, request, given, queue), out, result);
  });
}

}  // namespace

#define GA_NAMED_REDUCTION(function, reduction)                                                       \
  GA_API ga_status_t function(ga_array_t a, const ga_reduce_options_t* options, ga_array_t out,       \
                              ga_stream_t stream, ga_array_t* result) {                               \
    return named_reduction(#function, garray::Reduction::reduction, a, options, out, stream, result); \
  }

extern "C" {

GA_NAMED_REDUCTION(ga_array_sum, sum)
GA_NAMED_REDUCTION(ga_array_prod, prod)
GA_NAMED_REDUCTION(ga_array_max, max)
GA_NAMED_REDUCTION(ga_array_min, min)
GA_NAMED_REDUCTION(ga_array_any, any)
GA_NAMED_REDUCTION(ga_array_all, all)
GA_NAMED_REDUCTION(ga_array_argmax, argmax)
GA_NAMED_REDUCTION(ga_array_argmin, argmin)
GA_NAMED_REDUCTION(ga_array_mean, mean)
GA_NAMED_REDUCTION(ga_array_var, var)
GA_NAMED_REDUCTION(ga_array_std, std)
GA_NAMED_REDUCTION(ga_array_count_nonzero, count_nonzero)
GA_NAMED_REDUCTION(ga_array_ptp, ptp)
GA_NAMED_REDUCTION(ga_array_nansum, nansum)
GA_NAMED_REDUCTION(ga_array_nanprod, nanprod)
GA_NAMED_REDUCTION(ga_array_nanmin, nanmin)
GA_NAMED_REDUCTION(ga_array_nanmax, nanmax)
GA_NAMED_REDUCTION(ga_array_nanargmin, nanargmin)
GA_NAMED_REDUCTION(ga_array_nanargmax, nanargmax)
GA_NAMED_REDUCTION(ga_array_nanmean, nanmean)
GA_NAMED_REDUCTION(ga_array_nanvar, nanvar)
GA_NAMED_REDUCTION(ga_array_nanstd, nanstd)

GA_API ga_status_t ga_array_average(ga_array_t a, ga_array_t weights, const ga_reduce_options_t* options,
                                    ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    const garray::Array& input = deref(a, "a");
    const std::optional<garray::Array> weighting = optional_array(weights, "weights");
    const std::optional<garray::Array> given = optional_array(out, "out");
    require_out(result, "result");
    const garray::ReduceRequest request = caller_request(options, false);
    const garray::StreamRef& queue = stream_or_current(stream);
    hand_out(garray::average(input, weighting ? &*weighting : nullptr, request, given, queue), out, result);
  });
}

GA_API ga_status_t ga_array_cov(ga_array_t m, ga_array_t y, int rowvar, int bias, int ddof, ga_stream_t stream,
                                ga_array_t* result) {
  return guarded(__func__, [&] {
    const garray::Array& variables = deref(m, "m");
    const std::optional<garray::Array> more = optional_array(y, "y");
    require_out(result, "result");
    GA_REQUIRE_ARGUMENT(ddof >= -1, "ddof is " + std::to_string(ddof) + "; pass -1 for NumPy's default");
    const garray::StreamRef& queue = stream_or_current(stream);
    const int divisor_offset = ddof >= 0 ? ddof : (bias ? 0 : 1);
    hand_out(garray::covariance(variables, more ? &*more : nullptr, rowvar != 0, divisor_offset, queue), nullptr,
             result);
  });
}

GA_API ga_status_t ga_array_corrcoef(ga_array_t x, ga_array_t y, int rowvar, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    const garray::Array& variables = deref(x, "x");
    const std::optional<garray::Array> more = optional_array(y, "y");
    require_out(result, "result");
    const garray::StreamRef& queue = stream_or_current(stream);
    hand_out(garray::correlation(variables, more ? &*more : nullptr, rowvar != 0, queue), nullptr, result);
  });
}

}  // extern "C"
