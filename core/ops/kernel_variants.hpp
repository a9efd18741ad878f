// The compiled variants of one user kernel (ElementwiseKernel, ReductionKernel): one per call
// signature (argument dtypes and kinds, loop rank, index width) and device, found by a short byte
// key without a lock, so that a repeated call neither generates nor hashes source.
#pragma once

#include "core/common/insert_only_map.hpp"
#include "core/jit/kernel.hpp"

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace garray {

// The kernels one generated source defines, in the order their names were asked for.
using KernelVariant = std::array<jit::KernelRef, 2>;

class KernelVariants {
 public:
  // `kernel_names` (one or two) are the kernels to take from the source; options are the NVRTC
  // options for its compilation.
  KernelVariants(std::vector<std::string> kernel_names, std::vector<std::string> options);

  // The kernels for `key` (the call signature; the device is appended) on `device`; the first
  // request generates the source with `generate()` (without the engine preamble) and compiles it.
  // The reference stays valid for the life of this object. Thread-safe. A template, so that the
  // call on the hot path builds no std::function.
  template <class Generate>
  const KernelVariant& get(std::string key, int device, Generate&& generate) const {
    key.append(reinterpret_cast<const char*>(&device), sizeof(device));
    if (const KernelVariant* found = kernels_.find(key)) return *found;
    return add(key, device, generate());
  }

 private:
  // Compiles `source` and keeps its kernels under `key` (another thread may have been first).
  const KernelVariant& add(const std::string& key, int device, const std::string& source) const;

  std::vector<std::string> kernel_names_;
  std::vector<std::string> options_;
  mutable InsertOnlyMap<std::string, KernelVariant> kernels_;
};

}  // namespace garray
