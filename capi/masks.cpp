#include <garray/masks.h>

#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/ops/mask/masks.hpp"

#include <optional>

using garray::Array;
using garray::StreamRef;
using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::make_handle;
using garray::capi::one_result;
using garray::capi::require_out;
using garray::capi::stream_or_current;

// Each entry point checks its handles and out-pointer before it asks for the current stream, so a
// bad argument is reported as such on a machine without a device too.

namespace {

// The body of an entry point that makes one new array from two: `first` and `second`, named so.
template <class Compute>
ga_status_t two_to_one(const char* function, ga_array_t first, const char* first_name, ga_array_t second,
                       const char* second_name, ga_stream_t stream, ga_array_t* result, Compute compute) {
  return guarded(function, [&] {
    const Array& first_array = deref(first, first_name);
    const Array& second_array = deref(second, second_name);
    require_out(result, "result");
    *result = make_handle<ga_array_s>(compute(first_array, second_array, stream_or_current(stream)));
  });
}

// The body of an entry point that writes the array `values` (named `values_name`) into `a` where
// `mask` selects.
template <class Write>
ga_status_t write_masked(const char* function, ga_array_t a, ga_array_t mask, ga_array_t values,
                         const char* values_name, ga_stream_t stream, Write write) {
  return guarded(function, [&] {
    const Array& array = deref(a, "a");
    const Array& selector = deref(mask, "mask");
    const Array& source = deref(values, values_name);
    write(array, selector, source, stream_or_current(stream));
  });
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_array_get_mask(ga_array_t a, ga_array_t mask, ga_stream_t stream, ga_array_t* result) {
  return two_to_one(__func__, a, "a", mask, "mask", stream, result, garray::get_mask);
}

GA_API ga_status_t ga_array_set_mask(ga_array_t a, ga_array_t mask, ga_array_t value, ga_stream_t stream) {
  return write_masked(__func__, a, mask, value, "value", stream, garray::set_mask);
}

GA_API ga_status_t ga_array_fill_mask(ga_array_t a, ga_array_t mask, ga_scalar_t value, ga_stream_t stream) {
  return guarded(__func__, [&] {
    const Array& array = deref(a, "a");
    const Array& selector = deref(mask, "mask");
    garray::fill_mask(array, selector, value, stream_or_current(stream));
  });
}

GA_API ga_status_t ga_array_nonzero(ga_array_t a, ga_stream_t stream, ga_array_t* result) {
  return one_result(__func__, a, "a", stream, result, garray::nonzero);
}

GA_API ga_status_t ga_array_flatnonzero(ga_array_t a, ga_stream_t stream, ga_array_t* result) {
  return one_result(__func__, a, "a", stream, result, garray::flatnonzero);
}

GA_API ga_status_t ga_array_argwhere(ga_array_t a, ga_stream_t stream, ga_array_t* result) {
  return one_result(__func__, a, "a", stream, result, garray::argwhere);
}

GA_API ga_status_t ga_array_compress(ga_array_t condition, ga_array_t a, int axis, ga_stream_t stream,
                                     ga_array_t* result) {
  const std::optional<int> along = garray::capi::optional_axis(axis);
  return two_to_one(__func__, condition, "condition", a, "a", stream, result,
                    [&](const Array& selector, const Array& array, const StreamRef& queue) {
                      return garray::compress(selector, array, along, queue);
                    });
}

GA_API ga_status_t ga_array_extract(ga_array_t condition, ga_array_t a, ga_stream_t stream, ga_array_t* result) {
  return two_to_one(__func__, condition, "condition", a, "a", stream, result, garray::extract);
}

GA_API ga_status_t ga_array_place(ga_array_t a, ga_array_t mask, ga_array_t values, ga_stream_t stream) {
  return write_masked(__func__, a, mask, values, "values", stream, garray::place);
}

GA_API ga_status_t ga_array_putmask(ga_array_t a, ga_array_t mask, ga_array_t values, ga_stream_t stream) {
  return write_masked(__func__, a, mask, values, "values", stream, garray::putmask);
}

}  // extern "C"
