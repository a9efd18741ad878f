// User source compiled as a whole (CuPy's RawModule): kernels are taken from it by name.
#pragma once

#include "core/jit/kernel.hpp"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace garray::jit {

class RawModule {
 public:
  // Compiles `source` with `options` for `device` at once, so that a compile error surfaces here;
  // the binary stays in the engine's caches for get_function().
  RawModule(std::string source, std::vector<std::string> options, int device);

  int device() const noexcept { return device_; }
  // Throws Error(GA_ERROR_INVALID_ARGUMENT) when the module defines no kernel `name`.
  KernelRef get_function(std::string_view name) const;

 private:
  std::string source_;
  std::vector<std::string> options_;
  int device_;
};

using RawModuleRef = std::shared_ptr<const RawModule>;

}  // namespace garray::jit
