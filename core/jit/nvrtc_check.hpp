// Turns an NVRTC status into an Error, as check_cuda() does for the CUDA runtime.
#pragma once

#include <nvrtc.h>

namespace garray::jit {

// Throws for any status but NVRTC_SUCCESS: GA_ERROR_HOST_OUT_OF_MEMORY when NVRTC ran out of
// memory, GA_ERROR_COMPILE otherwise. `what` names the NVRTC call.
void check_nvrtc(nvrtcResult status, const char* what);

}  // namespace garray::jit
