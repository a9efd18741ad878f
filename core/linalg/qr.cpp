#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/linalg/blas_handle.hpp"
#include "core/linalg/factorizations.hpp"
#include "core/linalg/householder_qr.hpp"
#include "core/linalg/linalg_support.hpp"
#include "core/linalg/solver_handle.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/fill.hpp"
#include "core/ops/manipulation/axis_views.hpp"
#include "core/ops/manipulation/diagonals.hpp"
#include "core/runtime/device.hpp"

#include <cuComplex.h>

#include <climits>
#include <optional>

namespace garray {

namespace {

// cuSOLVER's orgqr/ungqr for one element type (there is no 64-bit X routine).
template <class T>
struct GenerateQ {
  cusolverStatus_t (*buffer_size)(cusolverDnHandle_t, int, int, int, const T*, int, const T*, int*);
  cusolverStatus_t (*generate)(cusolverDnHandle_t, int, int, int, T*, int, const T*, T*, int, int*);
};

template <class T>
void generate_q_typed(const GenerateQ<T>& routine, const Array& stack, int m, int columns, int reflectors,
                      const Array& tau, const StreamRef& stream) {
  const std::int64_t count = count_of(batch_shape(stack));
  DeviceGuard guard(stream->device());
  cusolverDnHandle_t handle = solver_handle(stream);
  auto* matrices = static_cast<T*>(static_cast<void*>(stack.data()));
  const auto* scalars = static_cast<const T*>(static_cast<const void*>(tau.data()));
  int work_count = 0;
  check_cusolver(routine.buffer_size(handle, m, columns, reflectors, matrices, m, scalars, &work_count),
                 "cusolverDn<t>orgqr_bufferSize");
  const Array work = device_workspace(static_cast<std::size_t>(work_count) * sizeof(T), stream);
  const Array info = info_words(1, stream);  // orgqr reports only bad arguments
  const std::int64_t matrix_elements = stack.shape()[stack.ndim() - 1] * stack.shape()[stack.ndim() - 2];
  for (std::int64_t index = 0; index < count; ++index) {
    check_cusolver(routine.generate(handle, m, columns, reflectors, matrices + index * matrix_elements, m,
                                    scalars + index * reflectors, static_cast<T*>(static_cast<void*>(work.data())),
                                    work_count, info_at(info, 0)),
                   "cusolverDn<t>orgqr");
  }
}

// Overwrites the first `columns` columns of each column-major m-row matrix of `stack` with those of Q, from the
// `reflectors` Householder vectors geqrf left there and their `tau`.
void generate_q(const Array& stack, std::int64_t m, std::int64_t columns, std::int64_t reflectors, const Array& tau,
                const StreamRef& stream) {
  GA_REQUIRE(m <= INT_MAX, GA_ERROR_UNSUPPORTED, "qr: q for more than 2^31 - 1 rows is not supported");
  const int rows = static_cast<int>(m);
  const int wanted = static_cast<int>(columns);
  const int used = static_cast<int>(reflectors);
  switch (stack.dtype()) {
    case GA_FLOAT32:
      return generate_q_typed<float>({cusolverDnSorgqr_bufferSize, cusolverDnSorgqr}, stack, rows, wanted, used, tau,
                                     stream);
    case GA_FLOAT64:
      return generate_q_typed<double>({cusolverDnDorgqr_bufferSize, cusolverDnDorgqr}, stack, rows, wanted, used, tau,
                                      stream);
    case GA_COMPLEX64:
      return generate_q_typed<cuComplex>({cusolverDnCungqr_bufferSize, cusolverDnCungqr}, stack, rows, wanted, used,
                                         tau, stream);
    default:
      return generate_q_typed<cuDoubleComplex>({cusolverDnZungqr_bufferSize, cusolverDnZungqr}, stack, rows, wanted,
                                               used, tau, stream);
  }
}

void factor_in_place(const Array& factored, std::int64_t m, std::int64_t n, const Array& tau, const StreamRef& stream) {
  const std::int64_t count = count_of(batch_shape(factored));
  const std::int64_t k = std::min(m, n);
  if (count == 0 || k == 0) return;
  DeviceGuard guard(stream->device());
  cusolverDnHandle_t handle = solver_handle(stream);
  const cudaDataType type = cuda_data_type(factored.dtype());
  std::size_t device_bytes = 0;
  std::size_t host_bytes = 0;
  check_cusolver(cusolverDnXgeqrf_bufferSize(handle, solver_params(), m, n, type, factored.data(), m, type, tau.data(),
                                             type, &device_bytes, &host_bytes),
                 "cusolverDnXgeqrf_bufferSize");
  SolverWorkspace workspace = solver_workspace(device_bytes, host_bytes, stream);
  // geqrf reports only bad arguments: no failure reaches the caller.
  const Array info = info_words(1, stream);
  const std::int64_t tau_bytes = k * static_cast<std::int64_t>(tau.itemsize());
  for (std::int64_t index = 0; index < count; ++index) {
    check_cusolver(cusolverDnXgeqrf(handle, solver_params(), m, n, type, matrix_at(factored, index), m, type,
                                    tau.data() + index * tau_bytes, type, workspace.device.data(), device_bytes,
                                    workspace.host.data(), host_bytes, info_at(info, 0)),
                   "cusolverDnXgeqrf");
  }
}

// factor_in_place() by householder_qr (float32), each matrix's Q of the mode's columns generated right after its
// factorization, while the workspace holds its block reflectors: the Q stack (..., columns, m), column-major, or none.
std::optional<Array> factor_by_panels(const Array& factored, std::int64_t m, std::int64_t n, const Array& tau,
                                      ga_linalg_qr_mode_t mode, const StreamRef& stream) {
  const Dims batch = batch_shape(factored);
  const std::int64_t count = count_of(batch);
  const std::int64_t k = std::min(m, n);
  const std::int64_t q_columns = mode == GA_LINALG_QR_REDUCED ? k : (mode == GA_LINALG_QR_COMPLETE ? m : 0);
  std::optional<Array> q;
  if (q_columns > 0) q = Array::empty(joined(batch, {q_columns, m}), GA_FLOAT32, GA_ORDER_C, stream);
  if (count == 0) return q;
  const Array workspace = device_workspace(householder_qr::workspace_bytes(m, n), stream);
  DeviceGuard guard(stream->device());
  BlasCall call(stream);
  const householder_qr::Blas blas{call.handle(), stream->native(), call.workspace(), call.workspace_bytes()};
  for (std::int64_t index = 0; index < count; ++index) {
    check_cublas(householder_qr::factor(reinterpret_cast<float*>(matrix_at(factored, index)), m, n,
                                        elements<float>(tau) + index * k, workspace.data(), blas),
                 "householder QR");
    if (q)
      check_cublas(householder_qr::generate_q(reinterpret_cast<float*>(matrix_at(*q, index)), m, n, q_columns,
                                              workspace.data(), blas),
                   "householder QR: Q");
  }
  return q;
}

}  // namespace

QrResult qr(const Array& a, ga_linalg_qr_mode_t mode, const StreamRef& stream) {
  require_matrices(a, "qr", "a", false);
  GA_REQUIRE_ARGUMENT(mode >= GA_LINALG_QR_REDUCED && mode <= GA_LINALG_QR_RAW,
                      "qr: mode " + std::to_string(static_cast<int>(mode)) + " is not a ga_linalg_qr_mode_t");
  const int rows_axis = a.ndim() - 2;
  const int columns_axis = a.ndim() - 1;
  const std::int64_t m = a.shape()[rows_axis];
  const std::int64_t n = a.shape()[columns_axis];
  const std::int64_t k = std::min(m, n);
  const Dims batch = batch_shape(a);
  // (..., n, m): each matrix column-major, as geqrf factors it and as NumPy's raw h is laid out.
  const Array factored = column_major_copy(a, linalg_dtype(a.dtype(), "qr"), stream);
  const Array tau = Array::empty(joined(batch, {k}), factored.dtype(), GA_ORDER_C, stream);
  std::optional<Array> q;
  if (householder_qr::prefers(factored.dtype(), m, n, stream->device())) {
    q = factor_by_panels(factored, m, n, tau, mode, stream);
  } else {
    factor_in_place(factored, m, n, tau, stream);
  }
  if (mode == GA_LINALG_QR_RAW) return {factored, tau};
  const Array logical = swap_last_axes(factored);
  // R is taken before orgqr overwrites the factored copy (the stream keeps the order).
  const Array r =
      triangle(mode == GA_LINALG_QR_COMPLETE ? logical : slice_axis(logical, rows_axis, 0, k), 0, true, stream);
  if (mode == GA_LINALG_QR_R) return {std::nullopt, r};
  if (q) return {from_column_major(*q, stream), r};
  const bool square_q_wider = mode == GA_LINALG_QR_COMPLETE && m > n;
  if (!square_q_wider) {
    // Q has k columns: the first k columns of the factored copy, generated in place.
    if (count_of(batch) > 0 && k > 0) generate_q(factored, m, k, k, tau, stream);
    return {copy_as(slice_axis(logical, columns_axis, 0, k), factored.dtype(), GA_ORDER_C, stream), r};
  }
  // Complete Q of a tall matrix is m x m: the n reflectors in a zeroed m x m copy.
  const Array square = Array::empty(joined(batch, {m, m}), factored.dtype(), GA_ORDER_C, stream);
  fill(square, make_int_scalar(0, GA_INT64), stream);
  copy_into(factored, slice_axis(square, rows_axis, 0, n), stream);
  if (count_of(batch) > 0) generate_q(square, m, m, n, tau, stream);
  return {from_column_major(square, stream), r};
}

}  // namespace garray
