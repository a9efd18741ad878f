// The compiled variants of one user kernel (ElementwiseKernel, ReductionKernel): one per call
// signature (argument dtypes and kinds, loop rank, index width) and device, found by a short byte
// key under a shared lock, so that a repeated call neither generates nor hashes source.
#pragma once

#include "core/jit/kernel.hpp"

#include <array>
#include <functional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace garray {

// The kernels one generated source defines, in the order their names were asked for.
using KernelVariant = std::array<jit::KernelRef, 2>;

class KernelVariants {
 public:
  // `kernel_names` (one or two) are the kernels to take from the source; options are the NVRTC
  // options for its compilation.
  KernelVariants(std::vector<std::string> kernel_names, std::vector<std::string> options);

  // The kernels for `key` (the call signature; the device is appended) on `device`; the first request generates the source with `generate`
  // (without the engine preamble) and compiles it. The reference stays valid for the life of this
  // object. Thread-safe.
  const KernelVariant& get(std::string key, int device, const std::function<std::string()>& generate) const;

 private:
  std::vector<std::string> kernel_names_;
  std::vector<std::string> options_;
  mutable std::shared_mutex mutex_;
  mutable std::unordered_map<std::string, KernelVariant> kernels_;
};

}  // namespace garray
