#include "core/common/error.hpp"
#include "core/linalg/batched_small.hpp"
#include "core/linalg/factorizations.hpp"
#include "core/linalg/linalg_errors.hpp"
#include "core/linalg/linalg_support.hpp"
#include "core/linalg/solver_handle.hpp"
#include "core/runtime/device.hpp"

namespace garray {

EigenResult eigh(const Array& a, ga_linalg_uplo_t uplo, bool compute_v, const StreamRef& stream) {
  const char* function = compute_v ? "eigh" : "eigvalsh";
  require_matrices(a, function, "a", true);
  GA_REQUIRE_ARGUMENT(
      uplo == GA_LINALG_LOWER || uplo == GA_LINALG_UPPER,
      std::string(function) + ": uplo " + std::to_string(static_cast<int>(uplo)) + " is not a ga_linalg_uplo_t");
  const std::int64_t n = a.shape()[a.ndim() - 1];
  const Dims batch = batch_shape(a);
  const std::int64_t count = count_of(batch);
  const Array factored = column_major_copy(a, linalg_dtype(a.dtype(), function), stream);
  const Array w = Array::empty(joined(batch, {n}), real_dtype(factored.dtype()), GA_ORDER_C, stream);
  const Array info = info_words(count, stream);
  const cublasFillMode_t fill = uplo == GA_LINALG_LOWER ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
  if (prefers_batched_eigh(count, n)) {
    batched_eigh_in_place(factored, w, compute_v, fill, info, stream);
  } else if (count > 0 && n > 0) {
    DeviceGuard guard(stream->device());
    cusolverDnHandle_t handle = solver_handle(stream);
    const cudaDataType type = cuda_data_type(factored.dtype());
    const cudaDataType value_type = cuda_data_type(w.dtype());
    const cusolverEigMode_t job = compute_v ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
    std::size_t device_bytes = 0;
    std::size_t host_bytes = 0;
    check_cusolver(cusolverDnXsyevd_bufferSize(handle, solver_params(), job, fill, n, type, factored.data(), n,
                                               value_type, w.data(), type, &device_bytes, &host_bytes),
                   "cusolverDnXsyevd_bufferSize");
    SolverWorkspace workspace = solver_workspace(device_bytes, host_bytes, stream);
    const std::int64_t value_bytes = n * static_cast<std::int64_t>(w.itemsize());
    for (std::int64_t index = 0; index < count; ++index) {
      check_cusolver(cusolverDnXsyevd(handle, solver_params(), job, fill, n, type, matrix_at(factored, index), n,
                                      value_type, w.data() + index * value_bytes, type, workspace.device.data(),
                                      device_bytes, workspace.host.data(), host_bytes, info_at(info, index)),
                     "cusolverDnXsyevd");
    }
  }
  report_linalg_info(info, function, LinalgFailure::no_convergence, batch, stream);
  if (!compute_v) return {w, std::nullopt};
  return {w, from_column_major(factored, stream)};
}

EigenResult eig(const Array& a, bool compute_v, const StreamRef& stream) {
  const char* function = compute_v ? "eig" : "eigvals";
  require_matrices(a, function, "a", true);
  const std::int64_t n = a.shape()[a.ndim() - 1];
  const Dims batch = batch_shape(a);
  const std::int64_t count = count_of(batch);
  // Real input is factored as complex: cuSOLVER's real geev packs conjugate pairs into real columns, which would need
  // unpacking; the complex routine returns NumPy's layout directly.
  const ga_dtype_t dtype = real_dtype(linalg_dtype(a.dtype(), function)) == GA_FLOAT32 ? GA_COMPLEX64 : GA_COMPLEX128;
  const Array factored = column_major_copy(a, dtype, stream);
  const Array w = Array::empty(joined(batch, {n}), dtype, GA_ORDER_C, stream);
  const Array vectors = Array::empty(compute_v ? factored.shape() : Dims{0}, dtype, GA_ORDER_C, stream);
  const Array info = info_words(count, stream);
  if (count > 0 && n > 0) {
    DeviceGuard guard(stream->device());
    cusolverDnHandle_t handle = solver_handle(stream);
    const cudaDataType type = cuda_data_type(dtype);
    const cusolverEigMode_t right = compute_v ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
    const std::int64_t ldvr = compute_v ? n : 1;
    std::size_t device_bytes = 0;
    std::size_t host_bytes = 0;
    check_cusolver(cusolverDnXgeev_bufferSize(handle, solver_params(), CUSOLVER_EIG_MODE_NOVECTOR, right, n, type,
                                              factored.data(), n, type, w.data(), type, nullptr, 1, type,
                                              vectors.data(), ldvr, type, &device_bytes, &host_bytes),
                   "cusolverDnXgeev_bufferSize");
    SolverWorkspace workspace = solver_workspace(device_bytes, host_bytes, stream);
    const std::int64_t value_bytes = n * static_cast<std::int64_t>(w.itemsize());
    for (std::int64_t index = 0; index < count; ++index) {
      check_cusolver(
          cusolverDnXgeev(handle, solver_params(), CUSOLVER_EIG_MODE_NOVECTOR, right, n, type,
                          matrix_at(factored, index), n, type, w.data() + index * value_bytes, type, nullptr, 1, type,
                          compute_v ? matrix_at(vectors, index) : nullptr, ldvr, type, workspace.device.data(),
                          device_bytes, workspace.host.data(), host_bytes, info_at(info, index)),
          "cusolverDnXgeev");
    }
  }
  report_linalg_info(info, function, LinalgFailure::no_convergence, batch, stream);
  if (!compute_v) return {w, std::nullopt};
  return {w, from_column_major(vectors, stream)};
}

}  // namespace garray
