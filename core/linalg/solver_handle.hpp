// cuSOLVER dense handles: one per device and per thread, created on first use and bound to the stream of each call, as
// docs/design.md ("Ahead-of-time kernels and vendor libraries") asks of vendor handles.
#pragma once

#include "core/runtime/stream.hpp"

#include <cusolverDn.h>

namespace garray {

// Throws GA_ERROR_OUT_OF_MEMORY for CUSOLVER_STATUS_ALLOC_FAILED, GA_ERROR_UNSUPPORTED for
// CUSOLVER_STATUS_NOT_SUPPORTED / ARCH_MISMATCH, GA_ERROR_CUDA for anything else but success. `what` names the cuSOLVER
// routine.
void check_cusolver(cusolverStatus_t status, const char* what);

// The calling thread's handle for the stream's device, set to work on `stream`. The caller must keep the stream's
// device current while using it (a DeviceGuard).
cusolverDnHandle_t solver_handle(const StreamRef& stream);

// The calling thread's default cusolverDnParams_t (default algorithms), for the 64-bit X API.
cusolverDnParams_t solver_params();

}  // namespace garray
