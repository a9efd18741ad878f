#include <garray/manipulation.h>

#include "capi/caller_list.hpp"
#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/ops/manipulation/copyto.hpp"
#include "core/ops/manipulation/diagonals.hpp"
#include "core/ops/manipulation/joining.hpp"
#include "core/ops/manipulation/padding.hpp"
#include "core/ops/manipulation/rearranging.hpp"
#include "core/ops/manipulation/tiling.hpp"

#include <algorithm>
#include <optional>
#include <span>
#include <utility>
#include <vector>

using garray::Array;
using garray::StreamRef;
using garray::capi::caller_list;
using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::hand_out;
using garray::capi::make_handle;
using garray::capi::one_result;
using garray::capi::optional_array;
using garray::capi::require_out;
using garray::capi::stream_or_current;

// Each entry point checks its handles and out-pointers before it asks for the current stream, so a
// bad argument is reported as such on a machine without a device too.

namespace {

// Axes where NULL with count -1 means "every axis" (NumPy's axis=None), kept as the caller's span.
std::optional<std::span<const int>> optional_axes(const int* axes, int axis_count) {
  if (axes == nullptr && axis_count == -1) return std::nullopt;
  return caller_list(axes, axis_count, "axes");
}

// The views of a split written to the caller's `parts`, all or none.
void hand_out_parts(std::vector<Array> arrays, ga_array_t* parts) {
  const std::vector<ga_array_t> handles = garray::capi::make_array_handles(std::move(arrays));
  std::copy(handles.begin(), handles.end(), parts);
}

// The body of an entry point that turns one array into one new array (or view) without a stream.
template <class Transform>
ga_status_t view_array(const char* function, ga_array_t array, ga_array_t* result, Transform transform) {
  return guarded(function, [&] {
    const Array& input = deref(array, "array");
    require_out(result, "result");
    *result = make_handle<ga_array_s>(transform(input));
  });
}

template <class Join>
ga_status_t join(const char* function, const ga_array_t* arrays, int count, ga_dtype_t dtype, ga_casting_t casting,
                 ga_array_t out, ga_stream_t stream, ga_array_t* result, Join joiner) {
  return guarded(function, [&] {
    const std::vector<Array> inputs = garray::capi::caller_arrays(arrays, count, "arrays");
    require_out(result, "result");
    garray::JoinOptions options;
    options.dtype = garray::capi::optional_dtype(dtype);
    options.casting = garray::capi::casting_of(casting);
    options.out = optional_array(out, "out");
    hand_out(joiner(inputs, options, stream_or_current(stream)), out, result);
  });
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_array_concatenate(const ga_array_t* arrays, int count, int axis, ga_dtype_t dtype,
                                        ga_casting_t casting, ga_array_t out, ga_stream_t stream,
                                        ga_array_t* result) {
  return join(__func__, arrays, count, dtype, casting, out, stream, result,
              [&](const std::vector<Array>& inputs, const garray::JoinOptions& options, const StreamRef& queue) {
                return garray::concatenate(inputs, axis, options, queue);
              });
}

GA_API ga_status_t ga_array_stack(const ga_array_t* arrays, int count, int axis, ga_dtype_t dtype,
                                  ga_casting_t casting, ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  return join(__func__, arrays, count, dtype, casting, out, stream, result,
              [&](const std::vector<Array>& inputs, const garray::JoinOptions& options, const StreamRef& queue) {
                return garray::stack(inputs, axis, options, queue);
              });
}

GA_API ga_status_t ga_array_split(ga_array_t array, const int64_t* indices, int index_count, int axis,
                                  ga_array_t* parts) {
  return guarded(__func__, [&] {
    const Array& input = deref(array, "array");
    const std::span<const int64_t> points = caller_list(indices, index_count, "indices");
    require_out(parts, "parts");
    hand_out_parts(garray::split(input, points, axis), parts);
  });
}

GA_API ga_status_t ga_array_split_sections(ga_array_t array, int64_t sections, int axis, int require_equal,
                                           ga_array_t* parts) {
  return guarded(__func__, [&] {
    const Array& input = deref(array, "array");
    require_out(parts, "parts");
    hand_out_parts(garray::split_sections(input, sections, axis, require_equal != 0), parts);
  });
}

GA_API ga_status_t ga_array_tile(ga_array_t array, const int64_t* reps, int rep_count, ga_stream_t stream,
                                 ga_array_t* result) {
  return one_result(__func__, array, "array", stream, result, [&](const Array& input, const StreamRef& queue) {
    return garray::tile(input, caller_list(reps, rep_count, "reps"), queue);
  });
}

GA_API ga_status_t ga_array_repeat(ga_array_t array, const int64_t* repeats, int64_t repeat_count, int axis,
                                   ga_stream_t stream, ga_array_t* result) {
  return one_result(__func__, array, "array", stream, result, [&](const Array& input, const StreamRef& queue) {
    return garray::repeat(input, caller_list(repeats, repeat_count, "repeats"), axis, queue);
  });
}

GA_API ga_status_t ga_array_flip(ga_array_t array, const int* axes, int axis_count, ga_array_t* result) {
  return view_array(__func__, array, result,
                    [&](const Array& input) { return garray::flip(input, optional_axes(axes, axis_count)); });
}

GA_API ga_status_t ga_array_roll(ga_array_t array, const int64_t* shifts, int shift_count, const int* axes,
                                 int axis_count, ga_stream_t stream, ga_array_t* result) {
  return one_result(__func__, array, "array", stream, result, [&](const Array& input, const StreamRef& queue) {
    return garray::roll(input, caller_list(shifts, shift_count, "shifts"), optional_axes(axes, axis_count), queue);
  });
}

GA_API ga_status_t ga_array_rot90(ga_array_t array, int k, int axis1, int axis2, ga_array_t* result) {
  return view_array(__func__, array, result,
                    [&](const Array& input) { return garray::rot90(input, k, axis1, axis2); });
}

GA_API ga_status_t ga_array_pad(ga_array_t array, const int64_t* pad_width, int pad_count, ga_pad_mode_t mode,
                                const ga_scalar_t* constant_values, int constant_count, ga_stream_t stream,
                                ga_array_t* result) {
  return one_result(__func__, array, "array", stream, result, [&](const Array& input, const StreamRef& queue) {
    return garray::pad(input, caller_list(pad_width, pad_count, "pad_width"), mode,
                       caller_list(constant_values, constant_count, "constant_values"), queue);
  });
}

GA_API ga_status_t ga_array_tril(ga_array_t array, int64_t k, ga_stream_t stream, ga_array_t* result) {
  return one_result(__func__, array, "array", stream, result,
                    [&](const Array& input, const StreamRef& queue) {
                      return garray::triangle(input, k, false, queue);
                    });
}

GA_API ga_status_t ga_array_triu(ga_array_t array, int64_t k, ga_stream_t stream, ga_array_t* result) {
  return one_result(__func__, array, "array", stream, result,
                    [&](const Array& input, const StreamRef& queue) {
                      return garray::triangle(input, k, true, queue);
                    });
}

GA_API ga_status_t ga_array_diagonal(ga_array_t array, int64_t offset, int axis1, int axis2, ga_array_t* result) {
  return view_array(__func__, array, result,
                    [&](const Array& input) { return garray::diagonal(input, offset, axis1, axis2); });
}

GA_API ga_status_t ga_array_diag(ga_array_t array, int64_t k, ga_stream_t stream, ga_array_t* result) {
  return one_result(__func__, array, "array", stream, result,
                    [&](const Array& input, const StreamRef& queue) { return garray::diag(input, k, queue); });
}

GA_API ga_status_t ga_array_trace(ga_array_t array, int64_t offset, int axis1, int axis2, ga_dtype_t dtype,
                                  ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    const Array& input = deref(array, "array");
    const std::optional<Array> destination = optional_array(out, "out");
    require_out(result, "result");
    const std::optional<ga_dtype_t> accumulate = garray::capi::optional_dtype(dtype);
    hand_out(garray::trace(input, offset, axis1, axis2, accumulate, destination, stream_or_current(stream)), out,
             result);
  });
}

GA_API ga_status_t ga_array_copyto(ga_array_t destination, ga_array_t source, ga_casting_t casting,
                                   ga_array_t where, ga_stream_t stream) {
  return guarded(__func__, [&] {
    const Array& written = deref(destination, "destination");
    const Array& read = deref(source, "source");
    const std::optional<Array> mask = optional_array(where, "where");
    const garray::Casting rule = garray::capi::casting_of(casting);
    garray::copyto(written, read, rule, mask, stream_or_current(stream));
  });
}

}  // extern "C"
