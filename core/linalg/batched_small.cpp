#include "core/linalg/batched_small.hpp"

#include "core/common/error.hpp"
#include "core/linalg/batched_lu.hpp"
#include "core/linalg/linalg_support.hpp"
#include "core/linalg/solver_handle.hpp"
#include "core/runtime/device.hpp"

#include <cuComplex.h>

#include <climits>

namespace garray {

namespace {

// cuSOLVER's batched Cholesky and Jacobi eigensolver for one element type `T` with real type `R`.
template <class T, class R>
struct SmallRoutines {
  cusolverStatus_t (*cholesky)(cusolverDnHandle_t, cublasFillMode_t, int, T*[], int, int*, int);
  cusolverStatus_t (*eigen_buffer_size)(cusolverDnHandle_t, cusolverEigMode_t, cublasFillMode_t, int, const T*, int,
                                        const R*, int*, syevjInfo_t, int);
  cusolverStatus_t (*eigen)(cusolverDnHandle_t, cusolverEigMode_t, cublasFillMode_t, int, T*, int, R*, T*, int, int*,
                            syevjInfo_t, int);
};

const SmallRoutines<float, float> kFloat{cusolverDnSpotrfBatched, cusolverDnSsyevjBatched_bufferSize,
                                         cusolverDnSsyevjBatched};
const SmallRoutines<double, double> kDouble{cusolverDnDpotrfBatched, cusolverDnDsyevjBatched_bufferSize,
                                            cusolverDnDsyevjBatched};
const SmallRoutines<cuComplex, float> kComplex{cusolverDnCpotrfBatched, cusolverDnCheevjBatched_bufferSize,
                                               cusolverDnCheevjBatched};
const SmallRoutines<cuDoubleComplex, double> kDoubleComplex{cusolverDnZpotrfBatched, cusolverDnZheevjBatched_bufferSize,
                                                            cusolverDnZheevjBatched};

// Calls `body` with the routines of `dtype`'s element type.
template <class Body>
void with_routines(ga_dtype_t dtype, Body&& body) {
  with_dtype_routines(dtype, kFloat, kDouble, kComplex, kDoubleComplex, "batched linalg", body);
}

// A Jacobi parameter set that sorts the eigenvalues ascending, destroyed with the object.
class JacobiParameters {
 public:
  JacobiParameters() {
    check_cusolver(cusolverDnCreateSyevjInfo(&info_), "cusolverDnCreateSyevjInfo");
    check_cusolver(cusolverDnXsyevjSetSortEig(info_, 1), "cusolverDnXsyevjSetSortEig");
  }
  ~JacobiParameters() { cusolverDnDestroySyevjInfo(info_); }
  JacobiParameters(const JacobiParameters&) = delete;
  JacobiParameters& operator=(const JacobiParameters&) = delete;
  syevjInfo_t get() const noexcept { return info_; }

 private:
  syevjInfo_t info_ = nullptr;
};

}  // namespace

bool prefers_batched_cholesky(std::int64_t count, std::int64_t n) {
  return count > 1 && n > 0 && n <= 128 && count <= INT_MAX;
}

void batched_cholesky_in_place(const Array& stack, cublasFillMode_t fill, const Array& info, const StreamRef& stream) {
  const Array addresses = matrix_addresses(stack, stream);
  const int n = static_cast<int>(stack.shape()[stack.ndim() - 1]);
  const int count = static_cast<int>(addresses.size());
  DeviceGuard guard(stream->device());
  cusolverDnHandle_t handle = solver_handle(stream);
  with_routines(stack.dtype(), [&]<class T, class R>(const SmallRoutines<T, R>& routines) {
    check_cusolver(routines.cholesky(handle, fill, n, elements<T*>(addresses), n, elements<int>(info), count),
                   "cusolverDn<t>potrfBatched");
  });
}

bool prefers_batched_eigh(std::int64_t count, std::int64_t n) {
  return count > 1 && n > 0 && n <= 32 && count <= INT_MAX;
}

void batched_eigh_in_place(const Array& stack, const Array& w, bool compute_v, cublasFillMode_t fill, const Array& info,
                           const StreamRef& stream) {
  const int n = static_cast<int>(stack.shape()[stack.ndim() - 1]);
  const int count = static_cast<int>(count_of(batch_shape(stack)));
  const cusolverEigMode_t job = compute_v ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  DeviceGuard guard(stream->device());
  cusolverDnHandle_t handle = solver_handle(stream);
  const JacobiParameters parameters;
  with_routines(stack.dtype(), [&]<class T, class R>(const SmallRoutines<T, R>& routines) {
    int work_count = 0;
    check_cusolver(routines.eigen_buffer_size(handle, job, fill, n, elements<T>(stack), n, elements<R>(w), &work_count,
                                              parameters.get(), count),
                   "cusolverDn<t>syevjBatched_bufferSize");
    const Array work = device_workspace(static_cast<std::size_t>(work_count) * sizeof(T), stream);
    check_cusolver(routines.eigen(handle, job, fill, n, elements<T>(stack), n, elements<R>(w), elements<T>(work),
                                  work_count, elements<int>(info), parameters.get(), count),
                   "cusolverDn<t>syevjBatched");
  });
}

}  // namespace garray
