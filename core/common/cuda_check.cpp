#include "core/common/cuda_check.hpp"

#include "core/common/error.hpp"

#include <string>

namespace garray {

namespace {

ga_status_t status_for(cudaError_t code) {
  switch (code) {
    case cudaErrorNoDevice:
    case cudaErrorInsufficientDriver:
    case cudaErrorInvalidDevice:
    case cudaErrorDevicesUnavailable:
    case cudaErrorStubLibrary:
    case cudaErrorSystemDriverMismatch:
    case cudaErrorCompatNotSupportedOnDevice:
      return GA_ERROR_NO_DEVICE;
    case cudaErrorMemoryAllocation:
      return GA_ERROR_OUT_OF_MEMORY;
    default:
      return GA_ERROR_CUDA;
  }
}

}  // namespace

void check_cuda(cudaError_t code, const char* what) {
  if (code == cudaSuccess) return;
  cudaGetLastError();
  throw Error(status_for(code), std::string(what) + " failed: " + cudaGetErrorName(code) + " (" +
                                    cudaGetErrorString(code) + ")");
}

}  // namespace garray
