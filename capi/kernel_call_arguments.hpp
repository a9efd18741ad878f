// What the user-kernel entry points share: the caller's string lists (NVRTC options, name
// expressions), and its kernel arguments
// (ga_kernel_arg_t) and output slots turned into the core's types; and the out of calls with one result.
#pragma once

#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/common/error.hpp"
#include "core/ops/kernel_argument.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace garray::capi {


inline std::vector<std::string> caller_options(const char* const* options, size_t option_count) {
  return caller_strings(options, option_count, "options");
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


}  // namespace garray::capi
