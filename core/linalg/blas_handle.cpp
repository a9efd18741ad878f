#include "core/linalg/blas_handle.hpp"

#include "core/common/error.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_map>

namespace garray {

namespace {

// Handles live until the thread ends; cuBLAS handles bound to a stream are not shared between
// threads.
struct ThreadHandles {
  std::unordered_map<int, cublasHandle_t> handles;

  ThreadHandles() = default;
  ThreadHandles(const ThreadHandles&) = delete;
  ThreadHandles& operator=(const ThreadHandles&) = delete;
  ~ThreadHandles() {
    // At thread exit the driver may already be gone; errors are of no use here.
    for (auto& [device, handle] : handles) cublasDestroy(handle);
  }
};

cublasHandle_t thread_handle(int device) {
  thread_local ThreadHandles state;
  auto found = state.handles.find(device);
  if (found == state.handles.end()) {
    cublasHandle_t handle = nullptr;
    check_cublas(cublasCreate(&handle), "cublasCreate");
    found = state.handles.emplace(device, handle).first;
  }
  return found->second;
}

std::atomic<bool>& tf32_flag() {
  static std::atomic<bool> flag = [] {
    const char* value = std::getenv("GA_TF32");
    return value != nullptr && std::strcmp(value, "1") == 0;
  }();
  return flag;
}

}  // namespace

void check_cublas(cublasStatus_t status, const char* what) {
  switch (status) {
    case CUBLAS_STATUS_SUCCESS: return;
    case CUBLAS_STATUS_ALLOC_FAILED:
      throw Error(GA_ERROR_OUT_OF_MEMORY, std::string(what) + ": cuBLAS could not allocate memory");
    case CUBLAS_STATUS_NOT_SUPPORTED:
    case CUBLAS_STATUS_ARCH_MISMATCH:
      throw Error(GA_ERROR_UNSUPPORTED, std::string(what) + ": not supported by cuBLAS on this device");
    default:
      throw Error(GA_ERROR_CUDA, std::string(what) + " failed with " + cublasGetStatusName(status));
  }
}

BlasCall::BlasCall(const StreamRef& stream)
    : handle_(thread_handle(stream->device())), workspace_(allocate_device(kBlasWorkspaceBytes, stream)) {
  check_cublas(cublasSetStream(handle_, stream->native()), "cublasSetStream");
  check_cublas(cublasSetWorkspace(handle_, workspace_.data(), workspace_.size()), "cublasSetWorkspace");
}

bool allow_tf32() noexcept { return tf32_flag().load(std::memory_order_relaxed); }

void set_allow_tf32(bool allow) noexcept { tf32_flag().store(allow, std::memory_order_relaxed); }

}  // namespace garray
