// What the user-kernel entry points share: the caller's kernel arguments (ga_kernel_arg_t) as the
// core's, and the destinations of a kernel call (`const ga_array_t *out`) with the handles to hand
// back through `results`.
#pragma once

#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/common/error.hpp"
#include "core/ops/kernel_argument.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace garray::capi {

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

// The destinations of a kernel call: the arrays for the core, and the caller's handles (NULL
// entries included) for hand_out_all(). `out` is read whole here, so that the call may write
// `results` even when the caller passed the same array for both.
struct KernelDestinations {
  std::vector<std::optional<Array>> arrays;
  std::vector<ga_array_t> handles;
};

inline KernelDestinations caller_kernel_destinations(const ga_array_t* out, size_t out_count) {
  KernelDestinations destinations{caller_destinations(out, out_count), {}};
  destinations.handles.assign(out, out + out_count);
  return destinations;
}

}  // namespace garray::capi
