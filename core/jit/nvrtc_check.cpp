#include "core/jit/nvrtc_check.hpp"

#include "core/common/error.hpp"

#include <string>

namespace garray::jit {

void check_nvrtc(nvrtcResult status, const char* what) {
  if (status == NVRTC_SUCCESS) return;
  const ga_status_t mapped =
      status == NVRTC_ERROR_OUT_OF_MEMORY ? GA_ERROR_HOST_OUT_OF_MEMORY : GA_ERROR_COMPILE;
  throw Error(mapped, std::string(what) + " failed: " + nvrtcGetErrorString(status));
}

}  // namespace garray::jit
