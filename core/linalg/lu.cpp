#include "core/linalg/lu.hpp"

#include "core/array/broadcast.hpp"
#include "core/array/layout.hpp"
#include "core/array/reshape.hpp"
#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/linalg/batched_lu.hpp"
#include "core/linalg/blas_handle.hpp"
#include "core/linalg/linalg_errors.hpp"
#include "core/linalg/linalg_support.hpp"
#include "core/linalg/panel_lu.hpp"
#include "core/linalg/row_major_lu_solve.hpp"
#include "core/linalg/small_inverse.hpp"
#include "core/linalg/solver_handle.hpp"
#include "core/linalg/tournament_lu.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/creation.hpp"
#include "core/ops/manipulation/diagonals.hpp"
#include "core/runtime/device.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace garray {

LuFactors lu_factor_in_place(const Array& stack, const StreamRef& stream) {
  const Dims batch = batch_shape(stack);
  const std::int64_t count = count_of(batch);
  const std::int64_t n = stack.shape()[stack.ndim() - 1];
  if (prefers_batched_lu(count, n)) {
    LuFactors factors{Array::empty(joined(batch, {n}), GA_INT32, GA_ORDER_C, stream), info_words(count, stream),
                      matrix_addresses(stack, stream)};
    if (n > 0) batched_lu_factor(stack, *factors.addresses, factors.pivots, factors.info, stream);
    return factors;
  }
  LuFactors factors{Array::empty(joined(batch, {n}), GA_INT64, GA_ORDER_C, stream), info_words(count, stream),
                    std::nullopt};
  if (count == 0 || n == 0) return factors;
  DeviceGuard guard(stream->device());
  cusolverDnHandle_t handle = solver_handle(stream);
  const cudaDataType type = cuda_data_type(stack.dtype());
  std::size_t device_bytes = 0;
  std::size_t host_bytes = 0;
  check_cusolver(cusolverDnXgetrf_bufferSize(handle, solver_params(), n, n, type, stack.data(), n, type, &device_bytes,
                                             &host_bytes),
                 "cusolverDnXgetrf_bufferSize");
  const Array workspace = device_workspace(device_bytes, stream);
  std::vector<char> host_workspace(host_bytes);
  auto* pivots = elements<std::int64_t>(factors.pivots);
  auto* info = elements<int>(factors.info);
  for (std::int64_t index = 0; index < count; ++index) {
    check_cusolver(
        cusolverDnXgetrf(handle, solver_params(), n, n, type, matrix_at(stack, index), n, pivots + index * n, type,
                         workspace.data(), device_bytes, host_workspace.data(), host_bytes, info + index),
        "cusolverDnXgetrf");
  }
  return factors;
}

namespace {

// Solves op(A) X = B for every matrix of the factored `lu` stack in place of `rhs` (C-contiguous (..., k, n): each
// right-hand side block column-major).
void lu_solve_in_place(const Array& lu, const LuFactors& factors, const Array& rhs, cublasOperation_t operation,
                       const StreamRef& stream) {
  const std::int64_t count = count_of(batch_shape(lu));
  const std::int64_t n = lu.shape()[lu.ndim() - 1];
  const std::int64_t k = rhs.shape()[rhs.ndim() - 2];
  if (count == 0 || n == 0 || k == 0) return;
  if (factors.addresses) return batched_lu_solve(lu, *factors.addresses, factors.pivots, rhs, operation, stream);
  DeviceGuard guard(stream->device());
  cusolverDnHandle_t handle = solver_handle(stream);
  const cudaDataType type = cuda_data_type(lu.dtype());
  const auto* pivots = elements<const std::int64_t>(factors.pivots);
  // getrs reports only bad arguments, never a singular matrix: getrf's info words carry that.
  const Array solve_info = info_words(1, stream);
  for (std::int64_t index = 0; index < count; ++index) {
    check_cusolver(
        cusolverDnXgetrs(handle, solver_params(), operation, n, k, type, matrix_at(lu, index), n, pivots + index * n,
                         type, matrix_at(rhs, index), n, elements<int>(solve_info)),
        "cusolverDnXgetrs");
  }
}

// (-1) to the number of row interchanges, per matrix, in `dtype`.
Array pivot_sign(const LuFactors& factors, std::int64_t n, ga_dtype_t dtype, const StreamRef& stream) {
  const Array positions = arange(make_int_scalar(1, GA_INT64), make_int_scalar(n + 1, GA_INT64),
                                 make_int_scalar(1, GA_INT64), GA_INT64, stream);
  const Array moved = ufunc2("not_equal", factors.pivots, positions, stream);
  const Array swaps = reduce_last(Reduction::count_nonzero, moved, 1, stream);
  const Array odd = ufunc2("remainder", swaps, 2.0, stream);
  // 1 - 2 * odd, cast to the result dtype.
  const Array sign = ufunc2("add", ufunc2("multiply", odd, -2.0, stream), 1.0, stream);
  return as_dtype(sign, dtype, stream);
}

// X for every matrix of `lu`, the C-order copy of a, by getrf: read column-major, the copy is aᵀ, so the solve takes the
// transposed operation. `rhs` (..., k, n) holds each right-hand side contiguous and becomes X.
Array solve_by_getrf(const Array& lu, const Array& rhs, const Dims& batch, const StreamRef& stream) {
  const LuFactors factors = lu_factor_in_place(lu, stream);
  lu_solve_in_place(lu, factors, rhs, CUBLAS_OP_T, stream);
  report_linalg_info(factors.info, "solve", LinalgFailure::singular, batch, stream);
  return rhs;
}

// Whether solve_by_row_major_lu() takes n x n matrices of `dtype` with k right-hand sides by panel_lu::solve().
bool solves_by_panels(ga_dtype_t dtype, std::int64_t n, std::int64_t k, const StreamRef& stream) {
  return k == 1 && panel_lu::prefers(dtype, n, stream->device());
}

// X for every matrix of `lu`, a C-order stack of the matrices themselves (not read column-major), factored in that
// layout by the cluster-panel LU (panel_lu.hpp) where it takes them, else the tournament-pivoted LU
// (tournament_lu.hpp): `rhs` (..., k, n) holds each right-hand side contiguous; X comes back in the same layout.
// With `fused` (solves_by_panels()), `matrices` is `lu` or the matrices themselves (C-contiguous, of lu's dtype), which
// panel_lu::solve() copies to `lu` as it starts.
Array solve_by_row_major_lu(const Array& lu, const Array& matrices, const Array& rhs, const Dims& batch, bool fused,
                            const StreamRef& stream) {
  const std::int64_t count = count_of(batch);
  const std::int64_t n = lu.shape()[lu.ndim() - 1];
  const std::int64_t k = rhs.shape()[rhs.ndim() - 2];
  const ga_dtype_t dtype = lu.dtype();
  const bool by_panels = fused || panel_lu::prefers(dtype, n, stream->device());
  const Array permutations = Array::empty(joined(batch, {n}), GA_INT32, GA_ORDER_C, stream);
  const Array info = info_words(count, stream);
  // One scratch serves the factorization and then the solve, in turn on the stream.
  const Array workspace = device_workspace(
      fused ? panel_lu::solve_workspace_bytes(n)
            : std::max(by_panels ? panel_lu::workspace_bytes(n) : tournament_lu::workspace_bytes(dtype, n),
                       row_major_lu_solve::workspace_bytes(dtype, n)),
      stream);
  const Array x = Array::empty(rhs.shape(), dtype, GA_ORDER_C, stream);
  DeviceGuard guard(stream->device());
  BlasCall call(stream);
  for (std::int64_t index = 0; index < count; ++index) {
    char* matrix = matrix_at(lu, index);
    int* permutation = elements<int>(permutations) + index * n;
    if (fused) {
      check_cublas(panel_lu::solve(reinterpret_cast<const float*>(matrix_at(matrices, index)),
                                   reinterpret_cast<float*>(matrix), n, permutation, info_at(info, index),
                                   reinterpret_cast<float*>(matrix_at(rhs, index)),
                                   reinterpret_cast<float*>(matrix_at(x, index)), workspace.data(), call.handle(),
                                   stream->native()),
                   "panel LU solve");
      continue;
    }
    if (by_panels)
      check_cublas(panel_lu::factor(reinterpret_cast<float*>(matrix), n, permutation, info_at(info, index),
                                    workspace.data(), call.handle(), stream->native()),
                   "panel LU factorization");
    else
      check_cublas(tournament_lu::factor(dtype, matrix, n, permutation, info_at(info, index), workspace.data(),
                                         call.handle(), stream->native()),
                   "tournament LU factorization");
    if (k > 0)
      check_cublas(row_major_lu_solve::solve(dtype, matrix, n, permutation, matrix_at(rhs, index), matrix_at(x, index),
                                             k, workspace.data(), call.handle(), stream->native()),
                   "LU solve");
  }
  report_linalg_info(info, "solve", LinalgFailure::singular, batch, stream);
  return x;
}

}  // namespace

Array solve(const Array& a, const Array& b, const StreamRef& stream) {
  require_matrices(a, "solve", "a", true);
  const std::int64_t n = a.shape()[a.ndim() - 1];
  const bool vector = b.ndim() == 1;
  GA_REQUIRE(vector || b.ndim() >= 2, GA_ERROR_SHAPE_MISMATCH, "solve: b must be 1-D or at least 2-D");
  GA_REQUIRE(b.shape()[vector ? 0 : b.ndim() - 2] == n, GA_ERROR_SHAPE_MISMATCH,
             "solve: b " + format_shape(b.shape()) + " does not fit a " + format_shape(a.shape()));
  const ga_dtype_t dtype = linalg_dtype(a.dtype(), b.dtype(), "solve");
  const Dims b_batch = vector ? Dims{} : batch_shape(b);
  const std::array<Dims, 2> batches{batch_shape(a), b_batch};
  const Dims batch = broadcast_shapes(batches, "solve");
  const std::int64_t k = vector ? 1 : b.shape()[b.ndim() - 1];
  const Array matrices = broadcast_to(a, joined(batch, {n, n}));
  const bool by_row_major_lu = tournament_lu::prefers(dtype, n);
  const bool fused = by_row_major_lu && solves_by_panels(dtype, n, k, stream);
  // The panel LU's solve copies A itself, beside its first panel.
  const bool copied_later = fused && matrices.dtype() == dtype && matrices.is_c_contiguous();
  const Array lu = copied_later ? Array::empty(matrices.shape(), dtype, GA_ORDER_C, stream)
                                : copy_as(matrices, dtype, GA_ORDER_C, stream);
  const Array b_matrices = vector ? reshape(b, {n, 1}, GA_ORDER_C, stream) : b;
  const Array rhs = column_major_copy(broadcast_to(b_matrices, joined(batch, {n, k})), dtype, stream);
  const Array x = by_row_major_lu ? solve_by_row_major_lu(lu, copied_later ? matrices : lu, rhs, batch, fused, stream)
                                  : solve_by_getrf(lu, rhs, batch, stream);
  if (vector) return reshape(x, joined(batch, {n}), GA_ORDER_C, stream);
  return from_column_major(x, stream);
}

Array inv(const Array& a, const StreamRef& stream) {
  require_matrices(a, "inv", "a", true);
  const std::int64_t n = a.shape()[a.ndim() - 1];
  const ga_dtype_t dtype = linalg_dtype(a.dtype(), "inv");
  const Dims batch = batch_shape(a);
  const std::int64_t count = count_of(batch);
  if (small_inverse::prefers(dtype, n, count)) {
    const Array matrices = a.dtype() == dtype && a.is_c_contiguous() ? a : copy_as(a, dtype, GA_ORDER_C, stream);
    const Array result = Array::empty(a.shape(), dtype, GA_ORDER_C, stream);
    const Array info = Array::empty(batch, GA_INT32, GA_ORDER_C, stream);
    DeviceGuard guard(stream->device());
    small_inverse::invert(dtype, matrices.data(), result.data(), count, n, elements<int>(info),
                          stream->native());
    report_linalg_info(info, "inv", LinalgFailure::singular, batch, stream);
    return result;
  }
  // The C-order copy read column-major is aᵀ, and inv(aᵀ) column-major is inv(a) in C order.
  const Array lu = copy_as(a, dtype, GA_ORDER_C, stream);
  const LuFactors factors = lu_factor_in_place(lu, stream);
  if (factors.addresses) {
    const Array result = Array::empty(a.shape(), dtype, GA_ORDER_C, stream);
    if (n > 0) batched_lu_invert(lu, *factors.addresses, factors.pivots, result, factors.info, stream);
    report_linalg_info(factors.info, "inv", LinalgFailure::singular, batch, stream);
    return result;
  }
  const Array identity = eye(n, n, 0, dtype, GA_ORDER_C, stream);
  const Array result = copy_as(broadcast_to(identity, a.shape()), dtype, GA_ORDER_C, stream);
  lu_solve_in_place(lu, factors, result, CUBLAS_OP_N, stream);
  report_linalg_info(factors.info, "inv", LinalgFailure::singular, batch, stream);
  return result;
}

namespace {

// The factored copy (det(aᵀ) = det(a)), its diagonal and factors.
struct Determinant {
  Array lu;
  LuFactors factors;
  Array diagonal;
};

Determinant factor_for_determinant(const Array& a, const char* function, const StreamRef& stream) {
  require_matrices(a, function, "a", true);
  const Array lu = copy_as(a, linalg_dtype(a.dtype(), function), GA_ORDER_C, stream);
  LuFactors factors = lu_factor_in_place(lu, stream);
  return {lu, std::move(factors), diagonal(lu, 0, -2, -1)};
}

}  // namespace

Array det(const Array& a, const StreamRef& stream) {
  const Determinant factored = factor_for_determinant(a, "det", stream);
  const std::int64_t n = a.shape()[a.ndim() - 1];
  const Array product = reduce_last(Reduction::prod, factored.diagonal, 1, stream);
  return ufunc2("multiply", product, pivot_sign(factored.factors, n, product.dtype(), stream), stream);
}

std::pair<Array, Array> slogdet(const Array& a, const StreamRef& stream) {
  const Determinant factored = factor_for_determinant(a, "slogdet", stream);
  const std::int64_t n = a.shape()[a.ndim() - 1];
  // sign(0) is 0, so a singular matrix gets sign 0 and log|0| = -inf, as NumPy's.
  const Array signs = reduce_last(Reduction::prod, ufunc1("sign", factored.diagonal, stream), 1, stream);
  const Array sign = ufunc2("multiply", signs, pivot_sign(factored.factors, n, signs.dtype(), stream), stream);
  const Array logabsdet =
      reduce_last(Reduction::sum, ufunc1("log", ufunc1("absolute", factored.diagonal, stream), stream), 1, stream);
  return {sign, logabsdet};
}

}  // namespace garray
