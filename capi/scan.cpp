#include <garray/scan.h>

#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/array/dtype.hpp"
#include "core/ops/scan/cumulative.hpp"

#include <optional>
#include <string>

using garray::capi::guarded;
using garray::capi::make_handle;
using garray::capi::require_out;

namespace {

std::optional<int> optional_axis(int axis) { return axis == GA_AXIS_NONE ? std::nullopt : std::optional<int>(axis); }

std::optional<ga_dtype_t> optional_dtype(ga_dtype_t dtype) {
  if (dtype == GA_DTYPE_SAME) return std::nullopt;
  garray::dtype_info(dtype);
  return dtype;
}

std::optional<garray::Array> optional_out(ga_array_t out) {
  return out ? std::optional<garray::Array>(garray::capi::deref(out, "out")) : std::nullopt;
}

// The ufunc behind a handle, checked through the public query, which refuses anything but a live
// ufunc handle.
const garray::Ufunc& ufunc_of(ga_ufunc_t ufunc) {
  const char* name = nullptr;
  const ga_status_t status = ga_ufunc_name(ufunc, &name);
  GA_REQUIRE(status == GA_OK, status, "argument 'ufunc' is NULL or not a ufunc handle");
  return garray::find_ufunc(name);
}

ga_status_t cumulative_entry(const char* function, garray::Cumulative kind, ga_array_t array, int axis,
                             ga_dtype_t dtype, ga_array_t out, ga_array_t* result) {
  return guarded(function, [&] {
    const garray::Array& input = garray::capi::deref(array, "array");
    const std::optional<garray::Array> destination = optional_out(out);
    require_out(result, "result");
    const std::optional<ga_dtype_t> scan_dtype = optional_dtype(dtype);
    garray::Array scanned = garray::cumulative(kind, input, optional_axis(axis), scan_dtype, destination,
                                               garray::current_stream());
    *result = make_handle<ga_array_s>(std::move(scanned));
  });
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_array_cumsum(ga_array_t array, int axis, ga_dtype_t dtype, ga_array_t out, ga_array_t* result) {
  return cumulative_entry(__func__, garray::Cumulative::sum, array, axis, dtype, out, result);
}

GA_API ga_status_t ga_array_cumprod(ga_array_t array, int axis, ga_dtype_t dtype, ga_array_t out, ga_array_t* result) {
  return cumulative_entry(__func__, garray::Cumulative::product, array, axis, dtype, out, result);
}

GA_API ga_status_t ga_array_nancumsum(ga_array_t array, int axis, ga_dtype_t dtype, ga_array_t out,
                                      ga_array_t* result) {
  return cumulative_entry(__func__, garray::Cumulative::nan_sum, array, axis, dtype, out, result);
}

GA_API ga_status_t ga_array_nancumprod(ga_array_t array, int axis, ga_dtype_t dtype, ga_array_t out,
                                       ga_array_t* result) {
  return cumulative_entry(__func__, garray::Cumulative::nan_product, array, axis, dtype, out, result);
}

GA_API ga_status_t ga_ufunc_accumulate(ga_ufunc_t ufunc, ga_array_t array, int axis, ga_dtype_t dtype,
                                       ga_array_t out, ga_array_t* result) {
  return guarded(__func__, [&] {
    const garray::Ufunc& accumulated = ufunc_of(ufunc);
    const garray::Array& input = garray::capi::deref(array, "array");
    const std::optional<garray::Array> destination = optional_out(out);
    require_out(result, "result");
    const std::optional<ga_dtype_t> scan_dtype = optional_dtype(dtype);
    garray::Array scanned = garray::accumulate_ufunc(accumulated, input, optional_axis(axis), scan_dtype, destination,
                                                     garray::current_stream());
    *result = make_handle<ga_array_s>(std::move(scanned));
  });
}

}  // extern "C"
