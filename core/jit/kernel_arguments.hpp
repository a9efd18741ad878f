// Packs a user kernel's arguments (arrays, typed scalars, raw pointers) into the pointer array
// cudaLaunchKernel takes.
#pragma once

#include <garray/kernel.h>

#include "core/array/array.hpp"
#include "core/array/scalar.hpp"

#include <array>
#include <cstddef>
#include <span>
#include <vector>

namespace garray::jit {

class KernelArguments {
 public:
  // `array_of(i)` gives the array of args[i] when it is GA_KERNEL_ARG_ARRAY (the caller resolves
  // handles); arrays must be on `device`. Throws GA_ERROR_INVALID_ARGUMENT naming the argument
  // otherwise.
  template <class ArrayOf>
  KernelArguments(std::span<const ga_kernel_arg_t> args, ArrayOf&& array_of, int device) {
    reserve(args.size());
    for (std::size_t i = 0; i < args.size(); ++i) {
      const Array* array = args[i].kind == GA_KERNEL_ARG_ARRAY ? &array_of(i) : nullptr;
      pack(i, args[i], array, device);
    }
  }
  KernelArguments(const KernelArguments&) = delete;
  KernelArguments& operator=(const KernelArguments&) = delete;

  void** pointers() noexcept { return pointers_; }

 private:
  // Launches with up to this many arguments touch no heap: this sits on every launch's path.
  static constexpr std::size_t kInline = 16;

  void reserve(std::size_t count);
  void pack(std::size_t i, const ga_kernel_arg_t& arg, const Array* array, int device);

  std::array<ElementBytes, kInline> inline_values_;
  std::array<void*, kInline> inline_pointers_;
  std::vector<ElementBytes> spilled_values_;
  std::vector<void*> spilled_pointers_;
  ElementBytes* values_ = inline_values_.data();  // one slot per argument
  void** pointers_ = inline_pointers_.data();
};

}  // namespace garray::jit
