#include "core/array/axes.hpp"
#include "core/array/layout.hpp"
#include "core/array/reshape.hpp"
#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/linalg/composites.hpp"
#include "core/linalg/factorizations.hpp"
#include "core/linalg/linalg_support.hpp"
#include "core/linalg/lu.hpp"
#include "core/ops/creation.hpp"
#include "core/ops/reductions/reductions.hpp"

#include <array>
#include <cmath>
#include <limits>

namespace garray {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

Array reduce_axes(Reduction reduction, const Array& a, std::vector<int> axes, bool keepdims, const StreamRef& stream) {
  ReduceRequest request;
  request.axes = std::move(axes);
  request.keepdims = keepdims;
  return reduce(reduction, a, request, std::nullopt, stream);
}

// sqrt(sum(|x|²)) over `axes` (nullopt: all).
Array euclidean(const Array& x, const std::optional<std::vector<int>>& axes, bool keepdims, const StreamRef& stream) {
  const Array magnitude = ufunc1("absolute", x, stream);
  ReduceRequest request;
  request.axes = axes;
  request.keepdims = keepdims;
  const Array squares =
      reduce(Reduction::sum, ufunc2("multiply", magnitude, magnitude, stream), request, std::nullopt, stream);
  return ufunc1("sqrt", squares, stream);
}

Array vector_norm(const Array& x, NormOrder ord, int axis, bool keepdims, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(ord.kind == GA_LINALG_NORM_DEFAULT || ord.kind == GA_LINALG_NORM_VALUE,
                      "norm: 'fro' and 'nuc' are matrix norms; a vector norm takes a number");
  const std::vector<int> axes{axis};
  if (ord.kind == GA_LINALG_NORM_DEFAULT || ord.value == 2) return euclidean(x, axes, keepdims, stream);
  const Array magnitude = ufunc1("absolute", x, stream);
  if (ord.value == kInfinity) return reduce_axes(Reduction::max, magnitude, axes, keepdims, stream);
  if (ord.value == -kInfinity) return reduce_axes(Reduction::min, magnitude, axes, keepdims, stream);
  if (ord.value == 0) {
    const Array count = reduce_axes(Reduction::count_nonzero, magnitude, axes, keepdims, stream);
    return as_dtype(count, magnitude.dtype(), stream);
  }
  if (ord.value == 1) return reduce_axes(Reduction::sum, magnitude, axes, keepdims, stream);
  const Array powered = ufunc2("power", magnitude, ord.value, stream);
  return ufunc2("power", reduce_axes(Reduction::sum, powered, axes, keepdims, stream), 1.0 / ord.value, stream);
}

// The singular values of the matrices over (row, column), moved last.
Array singular_values(const Array& x, int row, int column, const StreamRef& stream) {
  const std::array<int, 2> source{row, column};
  const std::array<int, 2> destination{-2, -1};
  return svd(moveaxis(x, source, destination), false, false, stream).s;
}

Array matrix_norm(const Array& x, NormOrder ord, int row, int column, bool keepdims, const StreamRef& stream) {
  Array result = [&] {
    if (ord.kind == GA_LINALG_NORM_DEFAULT || ord.kind == GA_LINALG_NORM_FRO) {
      return euclidean(x, std::vector<int>{row, column}, false, stream);
    }
    if (ord.kind == GA_LINALG_NORM_NUC) {
      return reduce_last(Reduction::sum, singular_values(x, row, column, stream), 1, stream);
    }
    if (ord.value == 2 || ord.value == -2) {
      return reduce_last(ord.value == 2 ? Reduction::max : Reduction::min, singular_values(x, row, column, stream), 1,
                         stream);
    }
    const bool columns = ord.value == 1 || ord.value == -1;
    GA_REQUIRE_ARGUMENT(columns || ord.value == kInfinity || ord.value == -kInfinity,
                        "norm: invalid norm order " + std::to_string(ord.value) + " for matrices");
    // 1: the largest column sum (sum over rows, then max over columns); inf: the largest row sum.
    int summed = columns ? row : column;
    int kept = columns ? column : row;
    if (kept > summed) --kept;
    const Array sums =
        reduce_axes(Reduction::sum, ufunc1("absolute", x, stream), std::vector<int>{summed}, false, stream);
    return reduce_axes(ord.value > 0 ? Reduction::max : Reduction::min, sums, std::vector<int>{kept}, false, stream);
  }();
  if (!keepdims) return result;
  Dims shape = x.shape();
  shape[row] = 1;
  shape[column] = 1;
  return reshape(result, shape, GA_ORDER_C, stream);
}

}  // namespace

Array norm(const Array& x, NormOrder ord, const std::optional<std::vector<int>>& axes, bool keepdims,
           const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(
      ord.kind >= GA_LINALG_NORM_DEFAULT && ord.kind <= GA_LINALG_NORM_NUC,
      "norm: ord kind " + std::to_string(static_cast<int>(ord.kind)) + " is not a ga_linalg_norm_ord_t");
  const Array values = as_dtype(x, linalg_dtype(x.dtype(), "norm"), stream);
  std::vector<int> chosen;
  if (!axes) {
    if (ord.kind == GA_LINALG_NORM_DEFAULT) return euclidean(values, std::nullopt, keepdims, stream);
    GA_REQUIRE_ARGUMENT(x.ndim() == 1 || x.ndim() == 2,
                        "norm: improper number of dimensions (" + std::to_string(x.ndim()) + ") for an order");
    chosen = x.ndim() == 1 ? std::vector<int>{0} : std::vector<int>{0, 1};
  } else {
    chosen = *axes;
  }
  GA_REQUIRE_ARGUMENT(chosen.size() == 1 || chosen.size() == 2,
                      "norm: improper number of axes (" + std::to_string(chosen.size()) + "); give one or two");
  const Dims normalized = normalize_axes(chosen, x.ndim(), "axis");
  if (normalized.size() == 1) return vector_norm(values, ord, normalized[0], keepdims, stream);
  GA_REQUIRE_ARGUMENT(normalized[0] != normalized[1], "norm: duplicate axes given");
  return matrix_norm(values, ord, normalized[0], normalized[1], keepdims, stream);
}

Array cond(const Array& x, NormOrder ord, const StreamRef& stream) {
  require_matrices(x, "cond", "x", false);
  const bool spectral =
      ord.kind == GA_LINALG_NORM_DEFAULT || (ord.kind == GA_LINALG_NORM_VALUE && (ord.value == 2 || ord.value == -2));
  if (spectral) {
    const Array s = svd(x, false, false, stream).s;
    const Array largest = reduce_last(Reduction::max, s, 1, stream);
    const Array smallest = reduce_last(Reduction::min, s, 1, stream);
    const bool inverse = ord.kind == GA_LINALG_NORM_VALUE && ord.value == -2;
    return ufunc2("divide", inverse ? smallest : largest, inverse ? largest : smallest, stream);
  }
  require_matrices(x, "cond", "x", true);
  const std::vector<int> last_two{-2, -1};
  return ufunc2("multiply", norm(x, ord, last_two, false, stream), norm(inv(x, stream), ord, last_two, false, stream),
                stream);
}

Array matrix_rank(const Array& a, std::optional<double> tol, bool hermitian, const StreamRef& stream) {
  if (a.ndim() < 2) {
    const Array nonzero = reduce(Reduction::any, ufunc2("not_equal", a, 0.0, stream), {}, std::nullopt, stream);
    return as_dtype(nonzero, GA_INT64, stream);
  }
  const Array s = hermitian ? ufunc1("absolute", eigh(a, GA_LINALG_LOWER, false, stream).w, stream)
                            : svd(a, false, false, stream).s;
  if (s.shape()[s.ndim() - 1] == 0)
    return as_dtype(reduce_last(Reduction::count_nonzero, s, 1, stream), GA_INT64, stream);
  const Array threshold = [&] {
    if (tol) return full({}, make_real_scalar(*tol, s.dtype()), s.dtype(), GA_ORDER_C, stream);
    const std::int64_t size = std::max(a.shape()[a.ndim() - 1], a.shape()[a.ndim() - 2]);
    ReduceRequest request;
    request.axes = std::vector<int>{-1};
    request.keepdims = true;
    const Array largest = reduce(Reduction::max, s, request, std::nullopt, stream);
    return ufunc2("multiply", largest, static_cast<double>(size) * machine_epsilon(s.dtype()), stream);
  }();
  const Array large = ufunc2("greater", s, threshold, stream);
  return reduce_last(Reduction::count_nonzero, large, 1, stream);
}

}  // namespace garray
