// The first failure of a run of cuBLAS calls, for routines that queue several and report one status.
#pragma once

#include <cublas_v2.h>

namespace garray {

// Runs cuBLAS calls in turn (status << cublasSgemm(...)) and keeps the first failure.
class BlasStatus {
 public:
  BlasStatus& operator<<(cublasStatus_t status) {
    if (status_ == CUBLAS_STATUS_SUCCESS) status_ = status;
    return *this;
  }
  cublasStatus_t value() const { return status_; }

 private:
  cublasStatus_t status_ = CUBLAS_STATUS_SUCCESS;
};

}  // namespace garray
