#include "core/jit/kernel_arguments.hpp"

#include "core/common/error.hpp"

#include <cstring>
#include <string>

namespace garray::jit {

void KernelArguments::reserve(std::size_t count) {
  if (count <= kInline) return;
  spilled_values_.resize(count);
  spilled_pointers_.resize(count);
  values_ = spilled_values_.data();
  pointers_ = spilled_pointers_.data();
}

void KernelArguments::pack(std::size_t i, const ga_kernel_arg_t& arg, const Array* array, int device) {
  void* address = nullptr;
  switch (arg.kind) {
    case GA_KERNEL_ARG_ARRAY:
      GA_REQUIRE_ARGUMENT(array->device() == device,
                          "args[" + std::to_string(i) + "] is on device " + std::to_string(array->device()) +
                              " but the kernel on device " + std::to_string(device));
      address = array->data();
      std::memcpy(values_[i].data(), &address, sizeof address);
      break;
    case GA_KERNEL_ARG_SCALAR:
      values_[i] = scalar_to_element(arg.scalar, arg.scalar.dtype);
      break;
    case GA_KERNEL_ARG_POINTER:
      address = arg.pointer;
      std::memcpy(values_[i].data(), &address, sizeof address);
      break;
    default:
      throw Error(GA_ERROR_INVALID_ARGUMENT, "args[" + std::to_string(i) + "] has kind " +
                                                 std::to_string(static_cast<int>(arg.kind)) +
                                                 ", which is not a ga_kernel_arg_kind_t value");
  }
  pointers_[i] = values_[i].data();
}

}  // namespace garray::jit
