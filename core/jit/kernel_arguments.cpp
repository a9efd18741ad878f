#include "core/jit/kernel_arguments.hpp"

#include "core/common/error.hpp"

#include <cstring>
#include <string>

namespace garray::jit {

KernelArguments::KernelArguments(std::span<const ga_kernel_arg_t> args,
                                 std::span<const Array* const> arrays, int device)
    : values_(args.size()), pointers_(args.size()) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    void* address = nullptr;
    switch (args[i].kind) {
      case GA_KERNEL_ARG_ARRAY:
        GA_REQUIRE_ARGUMENT(arrays[i]->device() == device,
                            "args[" + std::to_string(i) + "] is on device " + std::to_string(arrays[i]->device()) +
                                " but the kernel on device " + std::to_string(device));
        address = arrays[i]->data();
        std::memcpy(values_[i].data(), &address, sizeof address);
        break;
      case GA_KERNEL_ARG_SCALAR:
        values_[i] = scalar_to_element(args[i].scalar, args[i].scalar.dtype);
        break;
      case GA_KERNEL_ARG_POINTER:
        address = args[i].pointer;
        std::memcpy(values_[i].data(), &address, sizeof address);
        break;
      default:
        throw Error(GA_ERROR_INVALID_ARGUMENT, "args[" + std::to_string(i) + "] has kind " + std::to_string(static_cast<int>(args[i].kind)) +
                                                   ", which is not a ga_kernel_arg_kind_t value");
    }
    pointers_[i] = values_[i].data();
  }
}

}  // namespace garray::jit
