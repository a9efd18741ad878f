// What the linalg entry points share: the caller's out (written into with same_kind casting, or allocated), and the
// all-or-none handing over of functions with several results.
#pragma once

#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "capi/kernel_call_arguments.hpp"
#include "core/array/layout.hpp"
#include "core/array/promotion.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/manipulation/axis_views.hpp"

#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace garray::capi::linalg {

// The array behind a caller's input handle (GA_ERROR_INVALID_HANDLE naming `name`).
inline const garray::Array& input(ga_array_t handle, const char* name) { return garray::capi::deref(handle, name); }

// Writes `result` into the caller's array (same shape, same_kind casting) or hands it over.
inline void deliver(const garray::Array& result, const std::optional<garray::Array>& given, ga_array_t* out,
                    const garray::StreamRef& stream) {
  if (!given) {
    *out = garray::capi::make_array_handles({result}).front();
    return;
  }
  GA_REQUIRE(given->shape() == result.shape(), GA_ERROR_SHAPE_MISMATCH,
             "out has shape " + garray::format_shape(given->shape()) + " but the result has shape " +
                 garray::format_shape(result.shape()));
  given->require_writeable("out");
  garray::require_castable(result.dtype(), given->dtype(), garray::Casting::same_kind);
  garray::copy_into(result, *given, stream);
}

// Result pointers of a function with several results: each non-NULL and holding NULL.
inline void require_empty_results(std::initializer_list<std::pair<ga_array_t*, const char*>> results) {
  for (const auto& [pointer, name] : results) {
    garray::capi::require_out(pointer, name);
    GA_REQUIRE_ARGUMENT(*pointer == nullptr, std::string(name) + " holds an array: in-place outputs are not supported");
  }
}

// Hands over every result that exists, all or none.
inline void hand_over(std::initializer_list<std::pair<ga_array_t*, const std::optional<garray::Array>*>> results) {
  std::vector<garray::Array> arrays;
  for (const auto& [pointer, result] : results) {
    if (*result) arrays.push_back(**result);
  }
  const std::vector<ga_array_t> handles = garray::capi::make_array_handles(std::move(arrays));
  std::size_t next = 0;
  for (const auto& [pointer, result] : results) {
    if (*result) *pointer = handles[next++];
  }
}

// The body of an entry point with one result: checks the caller's out, runs `compute` on the stream and delivers.
template <class Compute>
ga_status_t single_result(const char* function, ga_array_t* out, ga_stream_t stream, Compute&& compute) {
  return garray::capi::guarded(function, [&] {
    const std::optional<garray::Array> given = garray::capi::caller_out(out);
    const garray::StreamRef& queue = garray::capi::stream_or_current(stream);
    deliver(compute(queue), given, out, queue);
  });
}

}  // namespace garray::capi::linalg
