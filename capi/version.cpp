#include <garray/base.h>

#include "capi/guard.hpp"

extern "C" {

GA_API const char* ga_version(void) { return GA_VERSION_STRING; }

GA_API ga_status_t ga_version_numbers(int* major, int* minor, int* patch, int* abi) {
  if (major) *major = GA_VERSION_MAJOR;
  if (minor) *minor = GA_VERSION_MINOR;
  if (patch) *patch = GA_VERSION_PATCH;
  if (abi) *abi = GA_ABI_VERSION;
  garray::capi::clear_last_error();
  return GA_OK;
}

GA_API const char* ga_status_string(ga_status_t status) {
  switch (status) {
    case GA_OK: return "GA_OK";
    case GA_ERROR_INVALID_ARGUMENT: return "GA_ERROR_INVALID_ARGUMENT";
    case GA_ERROR_INVALID_HANDLE: return "GA_ERROR_INVALID_HANDLE";
    case GA_ERROR_OUT_OF_MEMORY: return "GA_ERROR_OUT_OF_MEMORY";
    case GA_ERROR_NO_DEVICE: return "GA_ERROR_NO_DEVICE";
    case GA_ERROR_CUDA: return "GA_ERROR_CUDA";
    case GA_ERROR_COMPILE: return "GA_ERROR_COMPILE";
    case GA_ERROR_SHAPE_MISMATCH: return "GA_ERROR_SHAPE_MISMATCH";
    case GA_ERROR_DTYPE: return "GA_ERROR_DTYPE";
    case GA_ERROR_INDEX: return "GA_ERROR_INDEX";
    case GA_ERROR_UNSUPPORTED: return "GA_ERROR_UNSUPPORTED";
    case GA_ERROR_LINALG: return "GA_ERROR_LINALG";
    case GA_ERROR_HOST_OUT_OF_MEMORY: return "GA_ERROR_HOST_OUT_OF_MEMORY";
    case GA_ERROR_BUFFER_TOO_SMALL: return "GA_ERROR_BUFFER_TOO_SMALL";
    case GA_ERROR_VERSION_MISMATCH: return "GA_ERROR_VERSION_MISMATCH";
    case GA_ERROR_INTERNAL: return "GA_ERROR_INTERNAL";
  }
  return "unknown status";
}

}  // extern "C"
