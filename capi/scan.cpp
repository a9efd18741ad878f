#include <garray/scan.h>

#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "capi/ufunc_handle.hpp"
#include "core/ops/scan/cumulative.hpp"

#include <optional>

using garray::capi::guarded;
using garray::capi::hand_out;
using garray::capi::optional_array;
using garray::capi::optional_axis;
using garray::capi::optional_dtype;
using garray::capi::require_out;

namespace {

ga_status_t cumulative_entry(const char* function, garray::Cumulative kind, ga_array_t array, int axis,
                             ga_dtype_t dtype, ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  return guarded(function, [&] {
    const garray::Array& input = garray::capi::deref(array, "array");
    const std::optional<garray::Array> destination = optional_array(out, "out");
    require_out(result, "result");
    const std::optional<ga_dtype_t> scan_dtype = optional_dtype(dtype);
    const garray::StreamRef& queue = garray::capi::stream_or_current(stream);
    hand_out(garray::cumulative(kind, input, optional_axis(axis), scan_dtype, destination, queue), out, result);
  });
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_array_cumsum(ga_array_t array, int axis, ga_dtype_t dtype, ga_array_t out, ga_stream_t stream,
                                   ga_array_t* result) {
  return cumulative_entry(__func__, garray::Cumulative::sum, array, axis, dtype, out, stream, result);
}

GA_API ga_status_t ga_array_cumprod(ga_array_t array, int axis, ga_dtype_t dtype, ga_array_t out, ga_stream_t stream,
                                    ga_array_t* result) {
  return cumulative_entry(__func__, garray::Cumulative::product, array, axis, dtype, out, stream, result);
}

GA_API ga_status_t ga_array_nancumsum(ga_array_t array, int axis, ga_dtype_t dtype, ga_array_t out,
                                      ga_stream_t stream, ga_array_t* result) {
  return cumulative_entry(__func__, garray::Cumulative::nan_sum, array, axis, dtype, out, stream, result);
}

GA_API ga_status_t ga_array_nancumprod(ga_array_t array, int axis, ga_dtype_t dtype, ga_array_t out,
                                       ga_stream_t stream, ga_array_t* result) {
  return cumulative_entry(__func__, garray::Cumulative::nan_product, array, axis, dtype, out, stream, result);
}

GA_API ga_status_t ga_ufunc_accumulate(ga_ufunc_t ufunc, ga_array_t array, int axis, ga_dtype_t dtype,
                                       ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    const garray::Ufunc& accumulated = garray::capi::deref_ufunc(ufunc);
    const garray::Array& input = garray::capi::deref(array, "array");
    const std::optional<garray::Array> destination = optional_array(out, "out");
    require_out(result, "result");
    const std::optional<ga_dtype_t> scan_dtype = optional_dtype(dtype);
    const garray::StreamRef& queue = garray::capi::stream_or_current(stream);
    hand_out(garray::accumulate_ufunc(accumulated, input, optional_axis(axis), scan_dtype, destination, queue), out,
             result);
  });
}

}  // extern "C"
