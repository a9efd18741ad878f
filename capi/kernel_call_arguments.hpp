// What the user-kernel entry points share: the caller's string lists (NVRTC options, name
// expressions), and its kernel arguments
// (ga_kernel_arg_t) and output slots turned into the core's types; and the out of calls with one result.
#pragma once

#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/common/error.hpp"
#include "core/ops/kernel_argument.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace garray::capi {

// The `count` strings of the C argument `argument` (options, name expressions), copied.
inline std::vector<std::string> caller_strings(const char* const* strings, size_t count, const char* argument) {
  GA_REQUIRE_ARGUMENT(count == 0 || strings != nullptr, std::string("argument '") + argument + "' is NULL");
  std::vector<std::string> copied;
  copied.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    GA_REQUIRE_ARGUMENT(strings[i] != nullptr, argument + ("[" + std::to_string(i) + "] is NULL"));
    copied.emplace_back(strings[i]);
  }
  return copied;
}

inline std::vector<std::string> caller_options(const char* const* options, size_t option_count) {
  return caller_strings(options, option_count, "options");
}

// The array of a live handle in a list, named as `what[i]<suffix>` only when it is not: these
// lists are read on every kernel call, so the name is not built on the way.
inline const Array& deref_entry(ga_array_t handle, const char* what, size_t i, const char* suffix) {
  if (!is_live(handle)) [[unlikely]] {
    deref(handle, (std::string(what) + "[" + std::to_string(i) + "]" + suffix).c_str());
  }
  return *handle->payload;
}

// Arrays and typed scalars; raw pointers are refused, as these kernels need to know the dtype.
inline std::vector<KernelArgument> caller_kernel_arguments(const ga_kernel_arg_t* args, size_t count,
                                                           const char* what) {
  GA_REQUIRE_ARGUMENT(count == 0 || args != nullptr, std::string("argument '") + what + "' is NULL");
  std::vector<KernelArgument> converted(count);
  for (size_t i = 0; i < count; ++i) {
    switch (args[i].kind) {
      case GA_KERNEL_ARG_ARRAY:
        converted[i].array = &deref_entry(args[i].array, what, i, ".array");
        break;
      case GA_KERNEL_ARG_SCALAR:
        converted[i].scalar = args[i].scalar;
        break;
      default:
        throw Error(GA_ERROR_INVALID_ARGUMENT,
                    std::string(what) + "[" + std::to_string(i) + "] must be an array or a scalar (GA_KERNEL_ARG_ARRAY or GA_KERNEL_ARG_SCALAR)");
    }
  }
  return converted;
}

// Output slots: a given array, or empty where the caller passed NULL.
inline std::vector<std::optional<Array>> caller_output_slots(const ga_array_t* outputs, size_t count) {
  GA_REQUIRE_ARGUMENT(count == 0 || outputs != nullptr, "argument 'outputs' is NULL");
  std::vector<std::optional<Array>> slots(count);
  for (size_t i = 0; i < count; ++i) {
    if (outputs[i]) slots[i] = deref_entry(outputs[i], "outputs", i, "");
  }
  return slots;
}

// Writes handles for the results whose slot was empty; nothing is written if one cannot be made.
inline void return_allocated_outputs(std::vector<Array> results, ga_array_t* outputs) {
  std::vector<Array> allocated;
  for (size_t i = 0; i < results.size(); ++i) {
    if (!outputs[i]) allocated.push_back(std::move(results[i]));
  }
  const std::vector<ga_array_t> handles = make_array_handles(std::move(allocated));
  size_t next = 0;
  for (size_t i = 0; i < results.size(); ++i) {
    if (!outputs[i]) outputs[i] = handles[next++];
  }
}

// The out of a call with one result: the array to write into, or nothing to allocate (return_result then hands over a
// new handle). Checked before the work.
inline std::optional<Array> caller_out(ga_array_t* out) {
  require_out(out, "out");
  if (!*out) return std::nullopt;
  return deref(*out, "*out");
}

// Hands over a handle for `result` unless it was written into the caller's out.
inline void return_result(Array result, ga_array_t* out) {
  std::vector<Array> results;
  results.push_back(std::move(result));
  return_allocated_outputs(std::move(results), out);
}

// Reduction axes: nullopt for every axis (axis_count -1 with axes NULL), else the list.
inline std::optional<std::vector<int>> caller_axes(const int* axes, int axis_count) {
  if (axis_count == -1 && axes == nullptr) return std::nullopt;
  GA_REQUIRE_ARGUMENT(axis_count >= 0, "axis_count is " + std::to_string(axis_count) +
                                           "; use -1 with axes NULL to reduce every axis");
  GA_REQUIRE_ARGUMENT(axis_count == 0 || axes != nullptr, "argument 'axes' is NULL but axis_count is " +
                                                              std::to_string(axis_count));
  return std::vector<int>(axes, axes + axis_count);
}

}  // namespace garray::capi
