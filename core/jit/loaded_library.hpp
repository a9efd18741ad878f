// A binary loaded by the CUDA runtime (cudaLibrary_t), for the kernels of one device.
//
// Only the runtime API is used (cudaLibraryLoadData and friends), never the driver API, so that
// libgarray does not link libcuda.so and still loads on a machine without a driver.
#pragma once

#include "core/jit/compiler.hpp"

#include <cuda_runtime_api.h>

#include <memory>
#include <string_view>

namespace garray::jit {

class LoadedLibrary {
 public:
  // Loads `binary` (CUBIN, or PTX the driver compiles now) for `device`. Throws
  // Error(GA_ERROR_CUDA) with the runtime's reason, e.g. when a driver older than NVRTC cannot read
  // the PTX.
  LoadedLibrary(BinaryRef binary, int device);
  // Waits for `device` before unloading: work queued earlier may still run the library's kernels.
  ~LoadedLibrary();
  LoadedLibrary(const LoadedLibrary&) = delete;
  LoadedLibrary& operator=(const LoadedLibrary&) = delete;

  int device() const noexcept { return device_; }

  // The kernel named `name` (its symbol: extern "C" names are the plain name). Throws
  // Error(GA_ERROR_INVALID_ARGUMENT) when the binary has no such kernel.
  cudaKernel_t kernel(std::string_view name) const;

 private:
  // Kept while loaded: the runtime is not documented to copy the image it loads lazily.
  BinaryRef binary_;
  int device_;
  cudaLibrary_t library_ = nullptr;
};

using LoadedLibraryRef = std::shared_ptr<const LoadedLibrary>;

}  // namespace garray::jit
