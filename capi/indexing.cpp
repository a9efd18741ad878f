#include <garray/indexing.h>

#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "capi/index_items.hpp"
#include "core/ops/indexing/advanced_index.hpp"
#include "core/ops/indexing/take_put.hpp"

#include <optional>
#include <string>
#include <vector>

using garray::Array;
using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::hand_out;
using garray::capi::make_handle;
using garray::capi::optional_array;
using garray::capi::require_out;
using garray::capi::stream_or_current;

namespace {

// An optional array as the core's nullable pointer into `kept`.
const Array* pointer_to(const std::optional<Array>& kept) { return kept ? &*kept : nullptr; }

}  // namespace

extern "C" {

GA_API ga_status_t ga_array_advanced_index(ga_array_t array, const ga_advanced_index_t* items, int count,
                                           ga_index_mode_t mode, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    const Array& input = deref(array, "array");
    const std::vector<garray::IndexItem> converted = garray::capi::caller_index_items(items, count);
    require_out(result, "result");
    *result = make_handle<ga_array_s>(garray::advanced_get(input, converted, mode, stream_or_current(stream)));
  });
}

GA_API ga_status_t ga_array_advanced_assign(ga_array_t array, const ga_advanced_index_t* items, int count,
                                            ga_array_t values, ga_index_mode_t mode, ga_stream_t stream) {
  return guarded(__func__, [&] {
    const Array& target = deref(array, "array");
    const std::vector<garray::IndexItem> converted = garray::capi::caller_index_items(items, count);
    const Array& source = deref(values, "values");
    garray::advanced_set(target, converted, source, mode, stream_or_current(stream));
  });
}

GA_API ga_status_t ga_array_take(ga_array_t array, ga_array_t indices, int axis, ga_index_mode_t mode,
                                 ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    const Array& input = deref(array, "array");
    const Array& positions = deref(indices, "indices");
    const std::optional<Array> destination = optional_array(out, "out");
    require_out(result, "result");
    hand_out(garray::take(input, positions, axis, mode, pointer_to(destination), stream_or_current(stream)), out,
             result);
  });
}

GA_API ga_status_t ga_array_put(ga_array_t array, ga_array_t indices, ga_array_t values, ga_index_mode_t mode,
                                ga_stream_t stream) {
  return guarded(__func__, [&] {
    const Array& target = deref(array, "array");
    const Array& positions = deref(indices, "indices");
    const Array& source = deref(values, "values");
    garray::put(target, positions, source, mode, stream_or_current(stream));
  });
}

GA_API ga_status_t ga_array_take_along_axis(ga_array_t array, ga_array_t indices, int axis,
                                            ga_index_mode_t mode, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    const Array& input = deref(array, "array");
    const Array& positions = deref(indices, "indices");
    require_out(result, "result");
    *result = make_handle<ga_array_s>(
        garray::take_along_axis(input, positions, axis, mode, stream_or_current(stream)));
  });
}

GA_API ga_status_t ga_array_put_along_axis(ga_array_t array, ga_array_t indices, ga_array_t values, int axis,
                                           ga_index_mode_t mode, ga_stream_t stream) {
  return guarded(__func__, [&] {
    const Array& target = deref(array, "array");
    const Array& positions = deref(indices, "indices");
    const Array& source = deref(values, "values");
    garray::put_along_axis(target, positions, source, axis, mode, stream_or_current(stream));
  });
}

GA_API ga_status_t ga_array_choose(ga_array_t array, const ga_array_t* choices, int count, ga_index_mode_t mode,
                                   ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    const Array& input = deref(array, "array");
    GA_REQUIRE_ARGUMENT(count >= 1, "choose needs at least one choice; count is " + std::to_string(count));
    const std::vector<Array> options = garray::capi::caller_arrays(choices, count, "choices");
    const std::optional<Array> destination = optional_array(out, "out");
    require_out(result, "result");
    hand_out(garray::choose(input, options, mode, pointer_to(destination), stream_or_current(stream)), out, result);
  });
}

}  // extern "C"
