// Packs a user kernel's arguments (arrays, typed scalars, raw pointers) into the pointer array
// cudaLaunchKernel takes.
#pragma once

#include <garray/kernel.h>

#include "core/array/array.hpp"
#include "core/array/scalar.hpp"

#include <cstddef>
#include <span>
#include <vector>

namespace garray::jit {

class KernelArguments {
 public:
  // `arrays[i]` is the array of args[i] when it is GA_KERNEL_ARG_ARRAY (resolved by the caller);
  // arrays must be on `device`. Throws GA_ERROR_INVALID_ARGUMENT naming the argument otherwise.
  KernelArguments(std::span<const ga_kernel_arg_t> args, std::span<const Array* const> arrays, int device);

  void** pointers() noexcept { return pointers_.data(); }

 private:
  std::vector<ElementBytes> values_;  // one slot per argument, so the pointers below stay valid
  std::vector<void*> pointers_;
};

}  // namespace garray::jit
