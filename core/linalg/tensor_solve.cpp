#include "core/array/axes.hpp"
#include "core/array/layout.hpp"
#include "core/array/reshape.hpp"
#include "core/common/error.hpp"
#include "core/linalg/composites.hpp"
#include "core/linalg/linalg_support.hpp"
#include "core/linalg/lu.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace garray {

Array tensorsolve(const Array& a, const Array& b, const std::optional<std::vector<int>>& axes,
                  const StreamRef& stream) {
  Array coefficients = a;
  if (axes) {
    // NumPy moves the named axes of a to the end, in the order given.
    const Dims moved = normalize_axes(*axes, a.ndim(), "axes");
    std::vector<int> order;
    for (int axis = 0; axis < a.ndim(); ++axis) {
      if (std::find(moved.begin(), moved.end(), axis) == moved.end()) order.push_back(axis);
    }
    for (std::int64_t axis : moved) order.push_back(static_cast<int>(axis));
    coefficients = transpose(a, order);
  }
  GA_REQUIRE(coefficients.ndim() >= b.ndim(), GA_ERROR_SHAPE_MISMATCH, "tensorsolve: a has fewer dimensions than b");
  Dims unknown_shape;
  for (int axis = b.ndim(); axis < coefficients.ndim(); ++axis) unknown_shape.push_back(coefficients.shape()[axis]);
  const std::int64_t unknowns = count_of(unknown_shape);
  GA_REQUIRE(coefficients.size() == unknowns * unknowns && b.size() == unknowns, GA_ERROR_SHAPE_MISMATCH,
             "tensorsolve: input arrays must satisfy prod(a.shape[b.ndim:]) == "
             "prod(a.shape[:b.ndim]), got a " +
                 format_shape(a.shape()) + " and b " + format_shape(b.shape()));
  const Array square = reshape(coefficients, {unknowns, unknowns}, GA_ORDER_C, stream);
  const Array solution = solve(square, reshape(b, {unknowns}, GA_ORDER_C, stream), stream);
  return reshape(solution, unknown_shape, GA_ORDER_C, stream);
}

Array tensorinv(const Array& a, int ind, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(ind > 0 && ind <= a.ndim(),
                      "tensorinv: ind must be a positive integer at most a.ndim, got " + std::to_string(ind));
  Dims leading;
  Dims trailing;
  for (int axis = 0; axis < a.ndim(); ++axis) (axis < ind ? leading : trailing).push_back(a.shape()[axis]);
  const std::int64_t rows = count_of(leading);
  GA_REQUIRE(count_of(trailing) == rows, GA_ERROR_SHAPE_MISMATCH,
             "tensorinv: prod(a.shape[:ind]) must equal prod(a.shape[ind:]), got " + format_shape(a.shape()));
  const Array inverse = inv(reshape(a, {rows, rows}, GA_ORDER_C, stream), stream);
  Dims result_shape = trailing;
  for (std::int64_t extent : leading) result_shape.push_back(extent);
  return reshape(inverse, result_shape, GA_ORDER_C, stream);
}

}  // namespace garray
