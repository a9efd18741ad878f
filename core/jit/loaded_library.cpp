#include "core/jit/loaded_library.hpp"

#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/runtime/device.hpp"

#include <string>

namespace garray::jit {

LoadedLibrary::LoadedLibrary(BinaryRef binary, int device)
    : binary_(std::move(binary)), device_(device) {
  DeviceGuard guard(device_);
  check_cuda(cudaLibraryLoadData(&library_, binary_->bytes.data(), nullptr, nullptr, 0, nullptr,
                                 nullptr, 0),
             ("cudaLibraryLoadData (" + binary_->target.name() + " code on device " +
              std::to_string(device_) + ")")
                 .c_str());
}

LoadedLibrary::~LoadedLibrary() {
  try {
    DeviceGuard guard(device_);
    cudaDeviceSynchronize();
  } catch (...) {
    // No device left to wait for (process exit, lost device): nothing can still be running.
  }
  cudaLibraryUnload(library_);
  cudaGetLastError();  // a failure here must not surface as the next call's error
}

cudaKernel_t LoadedLibrary::kernel(std::string_view name) const {
  cudaKernel_t kernel = nullptr;
  const std::string symbol(name);
  const cudaError_t code = cudaLibraryGetKernel(&kernel, library_, symbol.c_str());
  if (code == cudaErrorSymbolNotFound) {
    cudaGetLastError();
    throw Error(GA_ERROR_INVALID_ARGUMENT,
                "the compiled source has no kernel named '" + symbol +
                    "' (a kernel is found by its symbol: declare it extern \"C\")");
  }
  check_cuda(code, "cudaLibraryGetKernel");
  return kernel;
}

}  // namespace garray::jit
