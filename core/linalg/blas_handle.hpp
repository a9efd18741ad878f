// cuBLAS handles: one per device and per thread, created on first use, bound to the stream of each
// call and given a workspace from the device's memory pool for that call, as docs/design.md
// ("Ahead-of-time kernels and vendor libraries") asks of vendor handles.
#pragma once

#include "core/memory/device_allocation.hpp"
#include "core/runtime/stream.hpp"

#include <cublas_v2.h>

#include <cstddef>

namespace garray {

// cuBLAS asks for 32 MiB of workspace on Hopper and newer (4 MiB is enough before).
constexpr std::size_t kBlasWorkspaceBytes = std::size_t{32} << 20;

// Throws GA_ERROR_OUT_OF_MEMORY for CUBLAS_STATUS_ALLOC_FAILED, GA_ERROR_UNSUPPORTED for
// CUBLAS_STATUS_NOT_SUPPORTED / ARCH_MISMATCH, GA_ERROR_CUDA for anything else but success.
// `what` names the cuBLAS routine.
void check_cublas(cublasStatus_t status, const char* what);

// The calling thread's handle for the stream's device, set to work on `stream` with a workspace
// from the pool that is returned (stream-ordered) when the object goes. The caller keeps the
// stream's device current (a DeviceGuard) and queues its cuBLAS work while the object lives.
class BlasCall {
 public:
  explicit BlasCall(const StreamRef& stream);
  BlasCall(const BlasCall&) = delete;
  BlasCall& operator=(const BlasCall&) = delete;

  cublasHandle_t handle() const noexcept { return handle_; }
  void* workspace() const noexcept { return workspace_.data(); }
  std::size_t workspace_bytes() const noexcept { return workspace_.size(); }

 private:
  cublasHandle_t handle_;
  DeviceAllocation workspace_;
};

// Process-wide: whether float32 products may use TF32 tensor cores (CUBLAS_COMPUTE_32F_FAST_TF32).
// Off by default, as CuPy; the first read takes GA_TF32 from the environment ("1" turns it on),
// set_allow_tf32() overrides it from then on.
bool allow_tf32() noexcept;
void set_allow_tf32(bool allow) noexcept;

}  // namespace garray
