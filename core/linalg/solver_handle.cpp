#include "core/linalg/solver_handle.hpp"

#include "core/common/error.hpp"

#include <string>
#include <unordered_map>

namespace garray {

namespace {

// Handles live until the thread ends; cuSOLVER handles are not thread-safe, so never shared.
struct ThreadHandles {
  std::unordered_map<int, cusolverDnHandle_t> handles;
  cusolverDnParams_t params = nullptr;

  ThreadHandles() = default;
  ThreadHandles(const ThreadHandles&) = delete;
  ThreadHandles& operator=(const ThreadHandles&) = delete;
  ~ThreadHandles() {
    // At thread exit the driver may already be gone; errors are of no use here.
    for (auto& [device, handle] : handles) cusolverDnDestroy(handle);
    if (params) cusolverDnDestroyParams(params);
  }
};

ThreadHandles& thread_handles() {
  thread_local ThreadHandles handles;
  return handles;
}

}  // namespace

void check_cusolver(cusolverStatus_t status, const char* what) {
  switch (status) {
    case CUSOLVER_STATUS_SUCCESS:
      return;
    case CUSOLVER_STATUS_ALLOC_FAILED:
      throw Error(GA_ERROR_OUT_OF_MEMORY, std::string(what) + ": cuSOLVER could not allocate memory");
    case CUSOLVER_STATUS_NOT_SUPPORTED:
    case CUSOLVER_STATUS_ARCH_MISMATCH:
      throw Error(GA_ERROR_UNSUPPORTED, std::string(what) + ": not supported by cuSOLVER on this device");
    default:
      throw Error(GA_ERROR_CUDA,
                  std::string(what) + " failed with cuSOLVER status " + std::to_string(static_cast<int>(status)));
  }
}

cusolverDnHandle_t solver_handle(const StreamRef& stream) {
  ThreadHandles& state = thread_handles();
  auto found = state.handles.find(stream->device());
  if (found == state.handles.end()) {
    cusolverDnHandle_t handle = nullptr;
    check_cusolver(cusolverDnCreate(&handle), "cusolverDnCreate");
    found = state.handles.emplace(stream->device(), handle).first;
  }
  check_cusolver(cusolverDnSetStream(found->second, stream->native()), "cusolverDnSetStream");
  return found->second;
}

cusolverDnParams_t solver_params() {
  ThreadHandles& state = thread_handles();
  if (!state.params) check_cusolver(cusolverDnCreateParams(&state.params), "cusolverDnCreateParams");
  return state.params;
}

}  // namespace garray
