// User source compiled as a whole (CuPy's RawModule): kernels are taken from it by name.
#pragma once

#include "core/jit/kernel.hpp"
#include "core/jit/lowered_name.hpp"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace garray::jit {

class RawModule {
 public:
  // Compiles `source` with `options` for `device` at once, so that a compile error surfaces here;
  // the binary stays in the engine's caches for get_function(). Each of `name_expressions`
  // ("my_func<float, 4>") names a __global__ function or template instantiation, which NVRTC
  // instantiates; one that names none (an empty one included) is a compile error
  // (Error(GA_ERROR_COMPILE) with NVRTC's log).
  RawModule(std::string source, std::vector<std::string> options, int device,
            std::vector<std::string> name_expressions = {});

  int device() const noexcept { return device_; }

  // `name` is one of the module's name expressions, spelt as given to the constructor, or the
  // symbol of a kernel (an extern "C" kernel's plain name). Throws Error(GA_ERROR_INVALID_ARGUMENT)
  // when it is neither, listing the module's name expressions.
  KernelRef get_function(std::string_view name) const;

 private:
  std::string source_;
  std::vector<std::string> options_;
  std::vector<std::string> name_expressions_;
  int device_;
  // From the binary, whether NVRTC or the disk cache produced it.
  std::vector<LoweredName> lowered_names_;
};

using RawModuleRef = std::shared_ptr<const RawModule>;

}  // namespace garray::jit
