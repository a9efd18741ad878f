#include "core/common/error.hpp"
#include "core/linalg/batched_small.hpp"
#include "core/linalg/factorizations.hpp"
#include "core/linalg/linalg_errors.hpp"
#include "core/linalg/linalg_support.hpp"
#include "core/linalg/solver_handle.hpp"
#include "core/ops/manipulation/diagonals.hpp"
#include "core/runtime/device.hpp"

namespace garray {

Array cholesky(const Array& a, bool upper, const StreamRef& stream) {
  require_matrices(a, "cholesky", "a", true);
  const std::int64_t n = a.shape()[a.ndim() - 1];
  const Dims batch = batch_shape(a);
  const std::int64_t count = count_of(batch);
  const Array factored = column_major_copy(a, linalg_dtype(a.dtype(), "cholesky"), stream);
  const Array info = info_words(count, stream);
  if (prefers_batched_cholesky(count, n)) {
    batched_cholesky_in_place(factored, upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER, info, stream);
  } else if (count > 0 && n > 0) {
    DeviceGuard guard(stream->device());
    cusolverDnHandle_t handle = solver_handle(stream);
    const cudaDataType type = cuda_data_type(factored.dtype());
    const cublasFillMode_t fill = upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
    std::size_t device_bytes = 0;
    std::size_t host_bytes = 0;
    check_cusolver(cusolverDnXpotrf_bufferSize(handle, solver_params(), fill, n, type, factored.data(), n, type,
                                               &device_bytes, &host_bytes),
                   "cusolverDnXpotrf_bufferSize");
    SolverWorkspace workspace = solver_workspace(device_bytes, host_bytes, stream);
    for (std::int64_t index = 0; index < count; ++index) {
      check_cusolver(cusolverDnXpotrf(handle, solver_params(), fill, n, type, matrix_at(factored, index), n, type,
                                      workspace.device.data(), device_bytes, workspace.host.data(), host_bytes,
                                      info_at(info, index)),
                     "cusolverDnXpotrf");
    }
  }
  report_linalg_info(info, "cholesky", LinalgFailure::not_positive_definite, batch, stream);
  // The other triangle still holds the input: the result is the factor's triangle alone, in C order.
  return triangle(swap_last_axes(factored), 0, upper, stream);
}

}  // namespace garray
