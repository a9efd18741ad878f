#include "core/array/axes.hpp"
#include "core/array/reshape.hpp"
#include "core/array/scalar.hpp"
#include "core/array/transfer.hpp"
#include "core/common/error.hpp"
#include "core/linalg/composites.hpp"
#include "core/linalg/factorizations.hpp"
#include "core/linalg/linalg_support.hpp"
#include "core/linalg/matmul.hpp"
#include "core/ops/creation.hpp"
#include "core/ops/reductions/reductions.hpp"

#include <array>
#include <string>

namespace garray {

namespace {

Array conjugate_transpose(const Array& a, const StreamRef& stream) {
  const Array transposed = swap_last_axes(a);
  return is_complex_dtype(a.dtype()) ? ufunc1("conjugate", transposed, stream) : transposed;
}

// The thin SVD of `a` with the reciprocals of the singular values above rcond * max(s) (zero for the others), and which
// those are.
struct CutSvd {
  SvdResult factors;
  Array reciprocals;
  Array kept;  // bool, per singular value
};

CutSvd thin_svd_with_cutoff(const Array& a, double rcond, const StreamRef& stream) {
  SvdResult factors = svd(a, false, true, stream, SvdRoutine::accurate);
  const Array& s = factors.s;
  ReduceRequest request;
  request.axes = std::vector<int>{-1};
  request.keepdims = true;
  const Array largest = reduce(Reduction::max, s, request, std::nullopt, stream);
  const Array kept = ufunc2("greater", s, ufunc2("multiply", largest, rcond, stream), stream);
  const Array reciprocals = select(kept, ufunc1("reciprocal", s, stream), 0.0, stream);
  return {std::move(factors), reciprocals, kept};
}

// V diag(reciprocals) Uᴴ, applied to `right` when given (else the pseudo-inverse itself).
Array apply_pseudo_inverse(const CutSvd& cut, const std::optional<Array>& right, const StreamRef& stream) {
  const Array uh = conjugate_transpose(*cut.factors.u, stream);
  const Array projected = right ? matmul(uh, *right, std::nullopt, stream) : uh;
  const std::array<int, 1> last{-1};
  const Array scaled = ufunc2("multiply", projected, expand_dims(cut.reciprocals, last), stream);
  return matmul(conjugate_transpose(*cut.factors.vh, stream), scaled, std::nullopt, stream);
}

}  // namespace

Array pinv(const Array& a, double rcond, const StreamRef& stream) {
  require_matrices(a, "pinv", "a", false);
  const std::int64_t m = a.shape()[a.ndim() - 2];
  const std::int64_t n = a.shape()[a.ndim() - 1];
  const ga_dtype_t dtype = linalg_dtype(a.dtype(), "pinv");
  if (m == 0 || n == 0) {
    return full(joined(batch_shape(a), {n, m}), make_real_scalar(0.0, dtype), dtype, GA_ORDER_C, stream);
  }
  return apply_pseudo_inverse(thin_svd_with_cutoff(a, rcond, stream), std::nullopt, stream);
}

LstsqResult lstsq(const Array& a, const Array& b, std::optional<double> rcond, const StreamRef& stream) {
  GA_REQUIRE(a.ndim() == 2, GA_ERROR_SHAPE_MISMATCH,
             "lstsq: a has " + std::to_string(a.ndim()) + " dimensions; it must have two");
  GA_REQUIRE(b.ndim() == 1 || b.ndim() == 2, GA_ERROR_SHAPE_MISMATCH,
             "lstsq: b has " + std::to_string(b.ndim()) + " dimensions; it must have one or two");
  const std::int64_t m = a.shape()[0];
  const std::int64_t n = a.shape()[1];
  GA_REQUIRE(b.shape()[0] == m, GA_ERROR_SHAPE_MISMATCH, "lstsq: incompatible dimensions of a and b");
  const ga_dtype_t dtype = linalg_dtype(a.dtype(), b.dtype(), "lstsq");
  const ga_dtype_t real = real_dtype(dtype);
  const bool vector = b.ndim() == 1;
  const std::int64_t k = vector ? 1 : b.shape()[1];
  const Array matrix = as_dtype(a, dtype, stream);
  const Array right = as_dtype(vector ? reshape(b, {m, 1}, GA_ORDER_C, stream) : b, dtype, stream);
  const double cutoff = rcond ? *rcond : machine_epsilon(dtype) * static_cast<double>(std::max(m, n));
  LstsqResult result{Array::empty({}, dtype, GA_ORDER_C, stream), Array::empty({0}, real, GA_ORDER_C, stream),
                     full({}, make_int_scalar(0, GA_INT64), GA_INT64, GA_ORDER_C, stream),
                     Array::empty({0}, real, GA_ORDER_C, stream)};
  std::optional<Array> solved;
  if (m > 0 && n > 0) {
    const CutSvd cut = thin_svd_with_cutoff(matrix, cutoff, stream);
    solved = apply_pseudo_inverse(cut, right, stream);
    result.rank = reduce(Reduction::count_nonzero, cut.kept, {}, std::nullopt, stream);
    result.s = cut.factors.s;
  }
  const Array x = solved ? *solved : full({n, k}, make_real_scalar(0.0, dtype), dtype, GA_ORDER_C, stream);
  // NumPy returns residuals only for a full-rank, overdetermined system: that needs the rank here.
  const std::int64_t rank = read_element(result.rank, nullptr, stream).as_int;
  if (rank == n && m > n) {
    const Array error = ufunc2("subtract", right, matmul(matrix, x, std::nullopt, stream), stream);
    const Array magnitude = ufunc1("absolute", error, stream);
    ReduceRequest request;
    request.axes = std::vector<int>{0};
    result.residuals =
        reduce(Reduction::sum, ufunc2("multiply", magnitude, magnitude, stream), request, std::nullopt, stream);
  }
  result.x = vector ? reshape(x, {n}, GA_ORDER_C, stream) : x;
  return result;
}

}  // namespace garray
