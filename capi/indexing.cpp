#include <garray/indexing.h>

#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "capi/index_items.hpp"
#include "core/ops/indexing/advanced_index.hpp"
#include "core/ops/indexing/take_put.hpp"

#include <string>
#include <vector>

using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::make_handle;
using garray::capi::require_out;

namespace {

// The caller's optional out array, or nullptr.
const garray::Array* optional_out(ga_array_t out) { return out ? &deref(out, "out") : nullptr; }

}  // namespace

extern "C" {

GA_API ga_status_t ga_array_advanced_index(ga_array_t array, const ga_advanced_index_t* items, int count,
                                           ga_index_mode_t mode, ga_array_t* out) {
  return guarded(__func__, [&] {
    const garray::Array& input = deref(array, "array");
    const std::vector<garray::IndexItem> converted = garray::capi::caller_index_items(items, count);
    require_out(out, "out");
    *out = make_handle<ga_array_s>(garray::advanced_get(input, converted, mode, garray::current_stream()));
  });
}

GA_API ga_status_t ga_array_advanced_assign(ga_array_t array, const ga_advanced_index_t* items, int count,
                                            ga_array_t values, ga_index_mode_t mode) {
  return guarded(__func__, [&] {
    const garray::Array& target = deref(array, "array");
    const std::vector<garray::IndexItem> converted = garray::capi::caller_index_items(items, count);
    garray::advanced_set(target, converted, deref(values, "values"), mode, garray::current_stream());
  });
}

GA_API ga_status_t ga_array_take(ga_array_t array, ga_array_t indices, int axis, ga_index_mode_t mode,
                                 ga_array_t out, ga_array_t* result) {
  return guarded(__func__, [&] {
    const garray::Array& input = deref(array, "array");
    const garray::Array& positions = deref(indices, "indices");
    const garray::Array* destination = optional_out(out);
    require_out(result, "result");
    *result = make_handle<ga_array_s>(
        garray::take(input, positions, axis, mode, destination, garray::current_stream()));
  });
}

GA_API ga_status_t ga_array_put(ga_array_t array, ga_array_t indices, ga_array_t values, ga_index_mode_t mode) {
  return guarded(__func__, [&] {
    garray::put(deref(array, "array"), deref(indices, "indices"), deref(values, "values"), mode,
                garray::current_stream());
  });
}

GA_API ga_status_t ga_array_take_along_axis(ga_array_t array, ga_array_t indices, int axis,
                                            ga_index_mode_t mode, ga_array_t* result) {
  return guarded(__func__, [&] {
    const garray::Array& input = deref(array, "array");
    const garray::Array& positions = deref(indices, "indices");
    require_out(result, "result");
    *result = make_handle<ga_array_s>(
        garray::take_along_axis(input, positions, axis, mode, garray::current_stream()));
  });
}

GA_API ga_status_t ga_array_put_along_axis(ga_array_t array, ga_array_t indices, ga_array_t values, int axis,
                                           ga_index_mode_t mode) {
  return guarded(__func__, [&] {
    garray::put_along_axis(deref(array, "array"), deref(indices, "indices"), deref(values, "values"), axis, mode,
                           garray::current_stream());
  });
}

GA_API ga_status_t ga_array_choose(ga_array_t array, const ga_array_t* choices, int count, ga_index_mode_t mode,
                                   ga_array_t out, ga_array_t* result) {
  return guarded(__func__, [&] {
    const garray::Array& input = deref(array, "array");
    GA_REQUIRE_ARGUMENT(count >= 1, "choose needs at least one choice; count is " + std::to_string(count));
    GA_REQUIRE_ARGUMENT(choices != nullptr, "argument 'choices' is NULL");
    std::vector<garray::Array> options;
    for (int k = 0; k < count; ++k) options.push_back(garray::capi::deref_entry(choices[k], "choices", k, ""));
    const garray::Array* destination = optional_out(out);
    require_out(result, "result");
    *result = make_handle<ga_array_s>(garray::choose(input, options, mode, destination, garray::current_stream()));
  });
}

}  // extern "C"
