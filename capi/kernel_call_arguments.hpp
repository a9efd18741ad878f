// What the user-kernel entry points share: the caller's kernel arguments (ga_kernel_arg_t) as the
// core's. Their destinations (`const ga_array_t *out`) are read by converters.hpp's
// caller_destination_list().
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

}  // namespace garray::capi
