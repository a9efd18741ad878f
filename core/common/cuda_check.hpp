// Turns a CUDA runtime error code into an Error with the status that fits it.
#pragma once

#include <cuda_runtime_api.h>

namespace garray {

// Throws for any code but cudaSuccess. `what` names the CUDA call or the operation.
// Clears CUDA's sticky per-thread last error so that one failure does not leak into the next call.
void check_cuda(cudaError_t code, const char* what);

}  // namespace garray
