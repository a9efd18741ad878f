#include <garray/manipulation.h>

#include "capi/caller_list.hpp"
#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "capi/kernel_call_arguments.hpp"
#include "core/array/dtype.hpp"
#include "core/ops/manipulation/copyto.hpp"
#include "core/ops/manipulation/diagonals.hpp"
#include "core/ops/manipulation/joining.hpp"
#include "core/ops/manipulation/padding.hpp"
#include "core/ops/manipulation/rearranging.hpp"
#include "core/ops/manipulation/tiling.hpp"

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

using garray::Array;
using garray::capi::caller_list;
using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::make_handle;
using garray::capi::require_out;

namespace {

// Axes where NULL with count -1 means "every axis" (NumPy's axis=None).
std::optional<std::span<const int>> optional_axes(const int* axes, int axis_count) {
  if (axes == nullptr && axis_count == -1) return std::nullopt;
  return caller_list(axes, axis_count, "axes");
}

std::vector<Array> caller_arrays(const ga_array_t* arrays, int count) {
  const std::span<const ga_array_t> handles = caller_list(arrays, count, "arrays");
  std::vector<Array> converted;
  converted.reserve(handles.size());
  for (std::size_t i = 0; i < handles.size(); ++i) {
    converted.push_back(garray::capi::deref_entry(handles[i], "arrays", i, ""));
  }
  return converted;
}

garray::Casting casting_of(ga_casting_t casting) {
  GA_REQUIRE_ARGUMENT(casting >= GA_CASTING_NO && casting <= GA_CASTING_UNSAFE,
                      "casting " + std::to_string(static_cast<int>(casting)) + " is not a ga_casting_t value");
  return static_cast<garray::Casting>(casting);
}

std::optional<ga_dtype_t> optional_dtype(ga_dtype_t dtype) {
  if (dtype == GA_DTYPE_SAME) return std::nullopt;
  return garray::dtype_info(dtype).dtype;
}

std::optional<Array> optional_array(ga_array_t array, const char* what) {
  if (array == nullptr) return std::nullopt;
  return deref(array, what);
}

// The result handle: a new reference to the caller's `out` when one was given, else a new array.
ga_array_t hand_out(Array result, ga_array_t out) {
  if (out != nullptr) {
    garray::capi::retain(out, "out");
    return out;
  }
  return make_handle<ga_array_s>(std::move(result));
}

void hand_out_all(std::vector<Array> arrays, ga_array_t* parts) {
  const std::vector<ga_array_t> handles = garray::capi::make_array_handles(std::move(arrays));
  std::copy(handles.begin(), handles.end(), parts);
}

// The body of an entry point that turns one array into one new array.
template <class Transform>
ga_status_t map_array(const char* function, ga_array_t array, ga_array_t* result, Transform transform) {
  return guarded(function, [&] {
    const Array& input = deref(array, "array");
    require_out(result, "result");
    Array made = transform(input);
    *result = make_handle<ga_array_s>(std::move(made));
  });
}

template <class Join>
ga_status_t join(const char* function, const ga_array_t* arrays, int count, ga_dtype_t dtype, ga_casting_t casting,
                 ga_array_t out, ga_array_t* result, Join joiner) {
  return guarded(function, [&] {
    const std::vector<Array> inputs = caller_arrays(arrays, count);
    require_out(result, "result");
    garray::JoinOptions options;
    options.dtype = optional_dtype(dtype);
    options.casting = casting_of(casting);
    options.out = optional_array(out, "out");
    Array joined = joiner(inputs, options, garray::current_stream());
    *result = hand_out(std::move(joined), out);
  });
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_array_concatenate(const ga_array_t* arrays, int count, int axis, ga_dtype_t dtype,
                                        ga_casting_t casting, ga_array_t out, ga_array_t* result) {
  return join(__func__, arrays, count, dtype, casting, out, result, [&](auto& inputs, auto& options, auto& stream) {
    return garray::concatenate(inputs, axis, options, stream);
  });
}

GA_API ga_status_t ga_array_stack(const ga_array_t* arrays, int count, int axis, ga_dtype_t dtype,
                                  ga_casting_t casting, ga_array_t out, ga_array_t* result) {
  return join(__func__, arrays, count, dtype, casting, out, result, [&](auto& inputs, auto& options, auto& stream) {
    return garray::stack(inputs, axis, options, stream);
  });
}

GA_API ga_status_t ga_array_split(ga_array_t array, const int64_t* indices, int index_count, int axis,
                                  ga_array_t* parts) {
  return guarded(__func__, [&] {
    const Array& input = deref(array, "array");
    const std::span<const int64_t> points = caller_list(indices, index_count, "indices");
    require_out(parts, "parts");
    hand_out_all(garray::split(input, points, axis), parts);
  });
}

GA_API ga_status_t ga_array_split_sections(ga_array_t array, int64_t sections, int axis, int require_equal,
                                           ga_array_t* parts) {
  return guarded(__func__, [&] {
    const Array& input = deref(array, "array");
    require_out(parts, "parts");
    hand_out_all(garray::split_sections(input, sections, axis, require_equal != 0), parts);
  });
}

GA_API ga_status_t ga_array_tile(ga_array_t array, const int64_t* reps, int rep_count, ga_array_t* result) {
  return map_array(__func__, array, result, [&](const Array& input) {
    return garray::tile(input, caller_list(reps, rep_count, "reps"), garray::current_stream());
  });
}

GA_API ga_status_t ga_array_repeat(ga_array_t array, const int64_t* repeats, int64_t repeat_count, int axis,
                                   ga_array_t* result) {
  return map_array(__func__, array, result, [&](const Array& input) {
    return garray::repeat(input, caller_list(repeats, repeat_count, "repeats"), axis, garray::current_stream());
  });
}

GA_API ga_status_t ga_array_flip(ga_array_t array, const int* axes, int axis_count, ga_array_t* result) {
  return map_array(__func__, array, result,
                   [&](const Array& input) { return garray::flip(input, optional_axes(axes, axis_count)); });
}

GA_API ga_status_t ga_array_roll(ga_array_t array, const int64_t* shifts, int shift_count, const int* axes,
                                 int axis_count, ga_array_t* result) {
  return map_array(__func__, array, result, [&](const Array& input) {
    return garray::roll(input, caller_list(shifts, shift_count, "shifts"), optional_axes(axes, axis_count),
                        garray::current_stream());
  });
}

GA_API ga_status_t ga_array_rot90(ga_array_t array, int k, int axis1, int axis2, ga_array_t* result) {
  return map_array(__func__, array, result,
                   [&](const Array& input) { return garray::rot90(input, k, axis1, axis2); });
}

GA_API ga_status_t ga_array_pad(ga_array_t array, const int64_t* pad_width, int pad_count, ga_pad_mode_t mode,
                                const ga_scalar_t* constant_values, int constant_count, ga_array_t* result) {
  return map_array(__func__, array, result, [&](const Array& input) {
    return garray::pad(input, caller_list(pad_width, pad_count, "pad_width"), mode,
                       caller_list(constant_values, constant_count, "constant_values"), garray::current_stream());
  });
}

GA_API ga_status_t ga_array_tril(ga_array_t array, int64_t k, ga_array_t* result) {
  return map_array(__func__, array, result,
                   [&](const Array& input) { return garray::triangle(input, k, false, garray::current_stream()); });
}

GA_API ga_status_t ga_array_triu(ga_array_t array, int64_t k, ga_array_t* result) {
  return map_array(__func__, array, result,
                   [&](const Array& input) { return garray::triangle(input, k, true, garray::current_stream()); });
}

GA_API ga_status_t ga_array_diagonal(ga_array_t array, int64_t offset, int axis1, int axis2, ga_array_t* result) {
  return map_array(__func__, array, result,
                   [&](const Array& input) { return garray::diagonal(input, offset, axis1, axis2); });
}

GA_API ga_status_t ga_array_diag(ga_array_t array, int64_t k, ga_array_t* result) {
  return map_array(__func__, array, result,
                   [&](const Array& input) { return garray::diag(input, k, garray::current_stream()); });
}

GA_API ga_status_t ga_array_trace(ga_array_t array, int64_t offset, int axis1, int axis2, ga_dtype_t dtype,
                                  ga_array_t out, ga_array_t* result) {
  return guarded(__func__, [&] {
    const Array& input = deref(array, "array");
    require_out(result, "result");
    const std::optional<Array> destination = optional_array(out, "out");
    Array sums =
        garray::trace(input, offset, axis1, axis2, optional_dtype(dtype), destination, garray::current_stream());
    *result = hand_out(std::move(sums), out);
  });
}

GA_API ga_status_t ga_array_copyto(ga_array_t destination, ga_array_t source, ga_casting_t casting,
                                   ga_array_t where) {
  return guarded(__func__, [&] {
    const Array& written = deref(destination, "destination");
    const Array& read = deref(source, "source");
    const std::optional<Array> mask = optional_array(where, "where");
    garray::copyto(written, read, casting_of(casting), mask, garray::current_stream());
  });
}

}  // extern "C"
