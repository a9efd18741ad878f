#include <garray/reductions.h>

#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "capi/kernel_call_arguments.hpp"
#include "core/array/dtype.hpp"
#include "core/common/versioned_struct.hpp"
#include "core/ops/reductions/reductions.hpp"
#include "core/ops/reductions/weighted_statistics.hpp"

#include <optional>
#include <utility>
#include <vector>

using garray::capi::caller_out;
using garray::capi::guarded;
using garray::capi::require_out;
using garray::capi::return_result;

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
                            const ga_reduce_options_t* options, ga_array_t* out, ga_stream_t stream) {
  return guarded(function, [&] {
    const garray::Array& input = garray::capi::deref(a, "a");
    const std::optional<garray::Array> given = caller_out(out);
    const bool one_axis = reduction == garray::Reduction::argmax || reduction == garray::Reduction::argmin ||
                          reduction == garray::Reduction::nanargmax || reduction == garray::Reduction::nanargmin;
    const garray::ReduceRequest request = caller_request(options, one_axis);
    const garray::StreamRef& queue = garray::capi::stream_or_current(stream);
    return_result(garray::reduce(reduction, input, request, given, queue), out);
  });
}

const garray::Array* optional_array(ga_array_t handle, const char* name) {
  return handle ? &garray::capi::deref(handle, name) : nullptr;
}

}  // namespace

#define GA_NAMED_REDUCTION(function, reduction)                                                                 \
  GA_API ga_status_t function(ga_array_t a, const ga_reduce_options_t* options, ga_array_t* out,               \
                              ga_stream_t stream) {                                                            \
    return named_reduction(#function, garray::Reduction::reduction, a, options, out, stream);                 \
  }

extern "C" {

GA_NAMED_REDUCTION(ga_sum, sum)
GA_NAMED_REDUCTION(ga_prod, prod)
GA_NAMED_REDUCTION(ga_max, max)
GA_NAMED_REDUCTION(ga_min, min)
GA_NAMED_REDUCTION(ga_any, any)
GA_NAMED_REDUCTION(ga_all, all)
GA_NAMED_REDUCTION(ga_argmax, argmax)
GA_NAMED_REDUCTION(ga_argmin, argmin)
GA_NAMED_REDUCTION(ga_mean, mean)
GA_NAMED_REDUCTION(ga_var, var)
GA_NAMED_REDUCTION(ga_std, std)
GA_NAMED_REDUCTION(ga_count_nonzero, count_nonzero)
GA_NAMED_REDUCTION(ga_ptp, ptp)
GA_NAMED_REDUCTION(ga_nansum, nansum)
GA_NAMED_REDUCTION(ga_nanprod, nanprod)
GA_NAMED_REDUCTION(ga_nanmin, nanmin)
GA_NAMED_REDUCTION(ga_nanmax, nanmax)
GA_NAMED_REDUCTION(ga_nanargmin, nanargmin)
GA_NAMED_REDUCTION(ga_nanargmax, nanargmax)
GA_NAMED_REDUCTION(ga_nanmean, nanmean)
GA_NAMED_REDUCTION(ga_nanvar, nanvar)
GA_NAMED_REDUCTION(ga_nanstd, nanstd)

GA_API ga_status_t ga_average(ga_array_t a, ga_array_t weights, const ga_reduce_options_t* options, ga_array_t* out,
                              ga_stream_t stream) {
  return guarded(__func__, [&] {
    const garray::Array& input = garray::capi::deref(a, "a");
    const garray::Array* weighting = optional_array(weights, "weights");
    const std::optional<garray::Array> given = caller_out(out);
    const garray::ReduceRequest request = caller_request(options, false);
    const garray::StreamRef& queue = garray::capi::stream_or_current(stream);
    return_result(garray::average(input, weighting, request, given, queue), out);
  });
}

GA_API ga_status_t ga_cov(ga_array_t m, ga_array_t y, int rowvar, int bias, int ddof, ga_array_t* out,
                          ga_stream_t stream) {
  return guarded(__func__, [&] {
    const garray::Array& variables = garray::capi::deref(m, "m");
    const garray::Array* more = optional_array(y, "y");
    require_out(out, "out");
    GA_REQUIRE_ARGUMENT(ddof >= -1, "ddof is " + std::to_string(ddof) + "; pass -1 for NumPy's default");
    const garray::StreamRef& queue = garray::capi::stream_or_current(stream);
    const int divisor_offset = ddof >= 0 ? ddof : (bias ? 0 : 1);
    garray::Array result = garray::covariance(variables, more, rowvar != 0, divisor_offset, queue);
    *out = garray::capi::make_array_handles({std::move(result)})[0];
  });
}

GA_API ga_status_t ga_corrcoef(ga_array_t x, ga_array_t y, int rowvar, ga_array_t* out, ga_stream_t stream) {
  return guarded(__func__, [&] {
    const garray::Array& variables = garray::capi::deref(x, "x");
    const garray::Array* more = optional_array(y, "y");
    require_out(out, "out");
    const garray::StreamRef& queue = garray::capi::stream_or_current(stream);
    *out = garray::capi::make_array_handles({garray::correlation(variables, more, rowvar != 0, queue)})[0];
  });
}

}  // extern "C"
