#include "core/array/broadcast.hpp"
#include "core/common/error.hpp"
#include "core/linalg/factorizations.hpp"
#include "core/linalg/linalg_errors.hpp"
#include "core/linalg/linalg_support.hpp"
#include "core/linalg/solver_handle.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/creation.hpp"
#include "core/runtime/device.hpp"

#include <algorithm>

namespace garray {

namespace {

// What the SVD of a tall matrix computes, and with which routine.
enum class TallJob {
  values,      // Xgesvd without vectors
  full,        // Xgesvd: U (rows x rows), Vᴴ (columns x columns)
  thin_polar,  // Xgesvdp: U (rows x columns), V (columns x columns)
  thin_qr,     // Xgesvd: U (rows x columns), Vᴴ (columns x columns)
};

// The SVD of the tall problem M (rows >= columns) held column-major in `factored`: s, and the factors cuSOLVER gives,
// column-major.
struct TallSvd {
  Array s;
  Array u;
  Array v;  // Vᴴ, except for thin_polar, which gives V
  Array info;
};

TallSvd tall_svd(const Array& factored, std::int64_t rows, std::int64_t columns, TallJob job, const StreamRef& stream) {
  const Dims batch = batch_shape(factored);
  const std::int64_t count = count_of(batch);
  const ga_dtype_t dtype = factored.dtype();
  const bool vectors = job != TallJob::values;
  const std::int64_t u_columns = job == TallJob::full ? rows : columns;
  TallSvd result{Array::empty(joined(batch, {columns}), real_dtype(dtype), GA_ORDER_C, stream),
                 Array::empty(vectors ? joined(batch, {u_columns, rows}) : Dims{0}, dtype, GA_ORDER_C, stream),
                 Array::empty(vectors ? joined(batch, {columns, columns}) : Dims{0}, dtype, GA_ORDER_C, stream),
                 info_words(count, stream)};
  if (count == 0 || columns == 0) return result;
  DeviceGuard guard(stream->device());
  cusolverDnHandle_t handle = solver_handle(stream);
  const cudaDataType type = cuda_data_type(dtype);
  const cudaDataType value_type = cuda_data_type(result.s.dtype());
  const std::int64_t value_bytes = columns * static_cast<std::int64_t>(result.s.itemsize());
  // Leading dimensions are valid even where no vectors are asked for: some routines check them anyway.
  const std::int64_t ldu = rows;
  const std::int64_t ldv = columns;
  auto u_at = [&](std::int64_t index) { return vectors ? matrix_at(result.u, index) : nullptr; };
  auto v_at = [&](std::int64_t index) { return vectors ? matrix_at(result.v, index) : nullptr; };
  std::size_t device_bytes = 0;
  std::size_t host_bytes = 0;
  if (job != TallJob::thin_polar) {
    const signed char which = job == TallJob::full ? 'A' : job == TallJob::thin_qr ? 'S' : 'N';
    check_cusolver(cusolverDnXgesvd_bufferSize(handle, solver_params(), which, which, rows, columns, type,
                                               factored.data(), rows, value_type, result.s.data(), type, u_at(0), ldu,
                                               type, v_at(0), ldv, type, &device_bytes, &host_bytes),
                   "cusolverDnXgesvd_bufferSize");
    SolverWorkspace workspace = solver_workspace(device_bytes, host_bytes, stream);
    for (std::int64_t index = 0; index < count; ++index) {
      check_cusolver(
          cusolverDnXgesvd(handle, solver_params(), which, which, rows, columns, type, matrix_at(factored, index), rows,
                           value_type, result.s.data() + index * value_bytes, type, u_at(index), ldu, type, v_at(index),
                           ldv, type, workspace.device.data(), device_bytes, workspace.host.data(), host_bytes,
                           info_at(result.info, index)),
          "cusolverDnXgesvd");
    }
    return result;
  }
  check_cusolver(cusolverDnXgesvdp_bufferSize(handle, solver_params(), CUSOLVER_EIG_MODE_VECTOR, 1, rows, columns, type,
                                              factored.data(), rows, value_type, result.s.data(), type, u_at(0), ldu,
                                              type, v_at(0), ldv, type, &device_bytes, &host_bytes),
                 "cusolverDnXgesvdp_bufferSize");
  SolverWorkspace workspace = solver_workspace(device_bytes, host_bytes, stream);
  for (std::int64_t index = 0; index < count; ++index) {
    // gesvdp also reports an estimate of the error of the singular values on the host; garray does not expose it.
    double error_estimate = 0;
    check_cusolver(
        cusolverDnXgesvdp(handle, solver_params(), CUSOLVER_EIG_MODE_VECTOR, 1, rows, columns, type,
                          matrix_at(factored, index), rows, value_type, result.s.data() + index * value_bytes, type,
                          u_at(index), ldu, type, v_at(index), ldv, type, workspace.device.data(), device_bytes,
                          workspace.host.data(), host_bytes, info_at(result.info, index), &error_estimate),
        "cusolverDnXgesvdp");
  }
  return result;
}

Array conjugated(const Array& a, const StreamRef& stream) {
  return is_complex_dtype(a.dtype()) ? ufunc1("conjugate", a, stream) : a;
}

// The identity (full) or empty (thin) factors of a matrix without singular values.
SvdResult empty_svd(const Dims& batch, std::int64_t m, std::int64_t n, ga_dtype_t dtype, bool full, bool compute_uv,
                    const StreamRef& stream) {
  SvdResult result{std::nullopt, Array::empty(joined(batch, {0}), real_dtype(dtype), GA_ORDER_C, stream), std::nullopt};
  if (!compute_uv) return result;
  auto identity = [&](std::int64_t rows, std::int64_t columns) {
    const Array square = eye(rows, columns, 0, dtype, GA_ORDER_C, stream);
    return copy_as(broadcast_to(square, joined(batch, {rows, columns})), dtype, GA_ORDER_C, stream);
  };
  result.u = identity(m, full ? m : 0);
  result.vh = identity(full ? n : 0, n);
  return result;
}

}  // namespace

SvdResult svd(const Array& a, bool full_matrices, bool compute_uv, const StreamRef& stream, SvdRoutine routine) {
  require_matrices(a, "svd", "a", false);
  const std::int64_t m = a.shape()[a.ndim() - 2];
  const std::int64_t n = a.shape()[a.ndim() - 1];
  const ga_dtype_t dtype = linalg_dtype(a.dtype(), "svd");
  const Dims batch = batch_shape(a);
  if (std::min(m, n) == 0) return empty_svd(batch, m, n, dtype, full_matrices, compute_uv, stream);
  // cuSOLVER's routines want rows >= columns. A wide a is solved as aᵀ, whose column-major copy is a's plain C-order
  // copy: aᵀ = U' S V'ᴴ gives a = conj(V') S U'ᵀ.
  const bool transposed = m < n;
  const Array factored = transposed ? copy_as(a, dtype, GA_ORDER_C, stream) : column_major_copy(a, dtype, stream);
  const TallJob job = !compute_uv                      ? TallJob::values
                      : full_matrices                  ? TallJob::full
                      : routine == SvdRoutine::fastest ? TallJob::thin_polar
                                                       : TallJob::thin_qr;
  TallSvd tall = tall_svd(factored, std::max(m, n), std::min(m, n), job, stream);
  report_linalg_info(tall.info, "svd", LinalgFailure::no_convergence, batch, stream);
  if (!compute_uv) return {std::nullopt, tall.s, std::nullopt};
  // Held column-major, U' read in C order is U'ᵀ, V' read so is V'ᵀ, and V'ᴴ read so is conj(V').
  const bool adjoint = job != TallJob::thin_polar;
  if (!transposed) {
    Array u = from_column_major(tall.u, stream);
    Array vh = adjoint ? from_column_major(tall.v, stream) : conjugated(tall.v, stream);
    return {u, tall.s, vh};
  }
  Array u = adjoint ? tall.v : conjugated(from_column_major(tall.v, stream), stream);
  return {u, tall.s, tall.u};
}

}  // namespace garray
