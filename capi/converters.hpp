// The one place where C arguments become the core's types: dtypes, casting rules, optional axes,
// lists of array handles and strings, the caller's destination (`ga_array_t out`), and the result
// handed back through `ga_array_t *result`. Every capi file uses these; none writes its own.
#pragma once

#include <garray/garray.h>

#include "capi/caller_list.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/array/dtype.hpp"
#include "core/array/promotion.hpp"
#include "core/common/error.hpp"

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace garray::capi {

// A ga_casting_t as the core's rule; GA_ERROR_INVALID_ARGUMENT for any other value.
inline Casting casting_of(ga_casting_t casting) {
  GA_REQUIRE_ARGUMENT(casting >= GA_CASTING_NO && casting <= GA_CASTING_UNSAFE,
                      "casting " + std::to_string(static_cast<int>(casting)) + " is not a ga_casting_t value");
  return static_cast<Casting>(casting);
}

// GA_DTYPE_SAME means "not given"; anything else must be a defined dtype (GA_ERROR_DTYPE).
inline std::optional<ga_dtype_t> optional_dtype(ga_dtype_t dtype) {
  if (dtype == GA_DTYPE_SAME) return std::nullopt;
  return dtype_info(dtype).dtype;
}

// A single-axis argument: GA_AXIS_NONE means "the flattened array".
inline std::optional<int> optional_axis(int axis) {
  return axis == GA_AXIS_NONE ? std::nullopt : std::optional<int>(axis);
}

// Reduction axes: nullopt for every axis (axis_count -1 with axes NULL), else the list.
inline std::optional<std::vector<int>> caller_axes(const int* axes, int axis_count) {
  if (axis_count == -1 && axes == nullptr) return std::nullopt;
  GA_REQUIRE_ARGUMENT(axis_count >= 0, "axis_count is " + std::to_string(axis_count) +
                                           "; use -1 with axes NULL to reduce every axis");
  const std::span<const int> listed = caller_list(axes, axis_count, "axes");
  return std::vector<int>(listed.begin(), listed.end());
}

// The array of a live handle in a list, named as `what[i]<suffix>` only when it is not: these
// lists are read on every kernel call, so the name is not built on the way.
inline const Array& deref_entry(ga_array_t handle, const char* what, size_t i, const char* suffix = "") {
  if (!is_live(handle)) [[unlikely]] {
    deref(handle, (std::string(what) + "[" + std::to_string(i) + "]" + suffix).c_str());
  }
  return *handle->payload;
}

// The arrays of a caller's list of `count` handles, each checked.
template <class Count>
std::vector<Array> caller_arrays(const ga_array_t* handles, Count count, const char* what) {
  const std::span<const ga_array_t> listed = caller_list(handles, count, what);
  std::vector<Array> arrays;
  arrays.reserve(listed.size());
  for (std::size_t i = 0; i < listed.size(); ++i) arrays.push_back(deref_entry(listed[i], what, i));
  return arrays;
}

// The `count` strings of the C argument `what` (NVRTC options, name expressions), copied.
inline std::vector<std::string> caller_strings(const char* const* strings, size_t count, const char* what) {
  const std::span<const char* const> listed = caller_list(strings, count, what);
  std::vector<std::string> copied;
  copied.reserve(listed.size());
  for (std::size_t i = 0; i < listed.size(); ++i) {
    GA_REQUIRE_ARGUMENT(listed[i] != nullptr, what + ("[" + std::to_string(i) + "] is NULL"));
    copied.emplace_back(listed[i]);
  }
  return copied;
}

// An optional input array (a mask, weights, the caller's destination `out`): nullopt for NULL.
inline std::optional<Array> optional_array(ga_array_t handle, const char* what) {
  if (handle == nullptr) return std::nullopt;
  return deref(handle, what);
}

// A caller's list of destinations (`const ga_array_t *out`, `count` entries, each NULL for
// "allocate"): the arrays given, nullopt where NULL.
inline std::vector<std::optional<Array>> caller_destinations(const ga_array_t* out, size_t count) {
  const std::span<const ga_array_t> listed = caller_list(out, count, "out");
  std::vector<std::optional<Array>> destinations(listed.size());
  for (std::size_t i = 0; i < listed.size(); ++i) {
    if (listed[i]) destinations[i] = deref_entry(listed[i], "out", i);
  }
  return destinations;
}

// A caller's list of destinations read whole: the arrays for the core, and the caller's handles
// (NULL entries included) for hand_out_all(). Nothing of `out` is read afterwards, so that the call
// may write its `results` even when the caller passed the same C array for both.
struct CallerDestinations {
  std::vector<std::optional<Array>> arrays;
  std::vector<ga_array_t> handles;
};

inline CallerDestinations caller_destination_list(const ga_array_t* out, size_t count) {
  CallerDestinations destinations{caller_destinations(out, count), {}};
  destinations.handles.assign(out, out + count);
  return destinations;
}

// Handles for every array, or none: a failure part way releases the ones already made.
inline std::vector<ga_array_t> make_array_handles(std::vector<Array> arrays) {
  std::vector<ga_array_t> handles;
  handles.reserve(arrays.size());
  try {
    for (Array& array : arrays) handles.push_back(make_handle<ga_array_s>(std::move(array)));
  } catch (...) {
    for (ga_array_t handle : handles) release(handle, "result");
    throw;
  }
  return handles;
}

// The body of an entry point that makes one new array from one on the caller's stream: the handle
// `array` (named `name`) and the pointer `result` are checked before the stream is looked up, so
// that a bad argument is reported as such on a machine without a device too; then `*result`
// receives a new handle for `compute(input, stream)`.
template <class Compute>
ga_status_t one_result(const char* function, ga_array_t array, const char* name, ga_stream_t stream,
                       ga_array_t* result, Compute&& compute) {
  return guarded(function, [&] {
    const Array& input = deref(array, name);
    require_out(result, "result");
    *result = make_handle<ga_array_s>(compute(input, stream_or_current(stream)));
  });
}

// Writes `*result`: the caller's destination `out` with one more reference (the same handle) when it
// was given, else a new handle for `result`. Called last, after every step that can fail.
inline void hand_out(Array result, ga_array_t out, ga_array_t* result_pointer) {
  if (out != nullptr) {
    retain(out, "out");
    *result_pointer = out;
    return;
  }
  *result_pointer = make_handle<ga_array_s>(std::move(result));
}

// As hand_out() for a call with several results, `out` holding a destination or NULL for each:
// every pointer is written, or none.
inline void hand_out_all(std::vector<Array> results, const ga_array_t* out, ga_array_t* result_pointers) {
  std::vector<Array> allocated;
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (!out || !out[i]) allocated.push_back(std::move(results[i]));
  }
  const std::vector<ga_array_t> handles = make_array_handles(std::move(allocated));
  std::size_t next = 0;
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (out && out[i]) {
      retain(out[i], "out");
      result_pointers[i] = out[i];
    } else {
      result_pointers[i] = handles[next++];
    }
  }
}

}  // namespace garray::capi
