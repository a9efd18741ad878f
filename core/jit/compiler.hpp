// NVRTC: CUDA C++ source to CUBIN (or PTX) for one target. No caching here; see kernel_cache.hpp.
#pragma once

#include "core/jit/lowered_name.hpp"
#include "core/jit/target.hpp"

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace garray::jit {

struct Binary {
  Target target;
  std::vector<char> bytes;  // CUBIN (an ELF image), or PTX text with its terminating NUL
  // One per name expression the source was compiled with, in their order.
  std::vector<LoweredName> lowered_names;
};

using BinaryRef = std::shared_ptr<const Binary>;

// The name NVRTC gives the source in its log: "garray_kernel.cu(12): error: ...". Code after a
// `#line` directive is reported under the name that directive gives instead (see preamble.hpp).
inline constexpr std::string_view kProgramName = "garray_kernel.cu";

// The options every compilation gets, before the caller's: C++17, functions are device functions
// unless marked otherwise, and the target's architecture. Fast math is left to callers who ask.
std::vector<std::string> default_options(const Target& target);

// Compiles `source` with default_options(target) followed by `options`, which must not choose an
// architecture (Error(GA_ERROR_INVALID_ARGUMENT)): the engine chooses it and keys its cache on it.
// A source that does not compile throws Error(GA_ERROR_COMPILE) carrying NVRTC's log (and, if
// GA_DUMP_FAILED_SOURCE asks, the path of a file holding the source and log). Thread-safe; needs
// no GPU.
//
// Each of `name_expressions` ("my_func<float, 4>", "&scale<double>") names a __global__ function
// or an instantiation of a __global__ template, which NVRTC instantiates and whose symbol it
// reports in Binary::lowered_names. An expression that names no such function is a compile error
// like any other, with NVRTC's log.
Binary compile_with_nvrtc(std::string_view source, std::span<const std::string> options,
                          const Target& target,
                          std::span<const std::string> name_expressions = {});

// NVRTC's version as major * 1000 + minor * 10, as CUDA_VERSION counts.
int nvrtc_version();

}  // namespace garray::jit
