#include "core/memory/cuda_upstreams.hpp"

#include "core/common/cuda_check.hpp"
#include "core/runtime/device.hpp"

#include <cuda_runtime_api.h>

namespace garray {

namespace {

// The memory, or nullptr when CUDA reports it exhausted; other failures throw. Callers make the
// CUDA call before this one: as arguments of one call, its order against reading `memory` would be
// unspecified.
void* exhausted_or_checked(cudaError_t code, void* memory, const char* what) {
  if (code == cudaErrorMemoryAllocation) {
    cudaGetLastError();
    return nullptr;
  }
  check_cuda(code, what);
  return memory;
}

}  // namespace

void* DeviceUpstream::allocate(std::size_t bytes) {
  DeviceGuard guard(device_);
  void* memory = nullptr;
  const cudaError_t code = cudaMalloc(&memory, bytes);
  return exhausted_or_checked(code, memory, "cudaMalloc");
}

void DeviceUpstream::release(void* ptr, std::size_t) noexcept {
  try {
    DeviceGuard guard(device_);
    cudaFree(ptr);
  } catch (...) {
    // Only a device that is already lost gets here; the memory goes with its context.
  }
  cudaGetLastError();
}

void* PinnedUpstream::allocate(std::size_t bytes) {
  void* memory = nullptr;
  const cudaError_t code = cudaHostAlloc(&memory, bytes, cudaHostAllocPortable);
  return exhausted_or_checked(code, memory, "cudaHostAlloc");
}

void PinnedUpstream::release(void* ptr, std::size_t) noexcept {
  cudaFreeHost(ptr);
  cudaGetLastError();
}

}  // namespace garray
