#include "core/array/broadcast.hpp"
#include "core/array/layout.hpp"
#include "core/array/reshape.hpp"
#include "core/common/error.hpp"
#include "core/linalg/composites.hpp"
#include "core/linalg/linalg_support.hpp"
#include "core/linalg/lu.hpp"
#include "core/linalg/matmul.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/creation.hpp"

#include <limits>
#include <string>
#include <vector>

namespace garray {

Array matrix_power(const Array& a, std::int64_t n, const StreamRef& stream) {
  require_matrices(a, "matrix_power", "a", true);
  const std::int64_t size = a.shape()[a.ndim() - 1];
  if (n == 0) {
    const Array identity = eye(size, size, 0, a.dtype(), GA_ORDER_C, stream);
    return copy_as(broadcast_to(identity, a.shape()), a.dtype(), GA_ORDER_C, stream);
  }
  Array base = n < 0 ? inv(a, stream) : a;
  std::uint64_t remaining = n < 0 ? 0 - static_cast<std::uint64_t>(n) : static_cast<std::uint64_t>(n);
  // Binary powering: log2(n) squarings and at most as many products.
  std::optional<Array> result;
  while (true) {
    if (remaining & 1) result = result ? matmul(*result, base, std::nullopt, stream) : base;
    remaining >>= 1;
    if (!remaining) break;
    base = matmul(base, base, std::nullopt, stream);
  }
  // n = ±1 returns a fresh array, never the input itself.
  if (result->buffer() == a.buffer()) return copy_as(*result, result->dtype(), GA_ORDER_C, stream);
  return *result;
}

namespace {

// NumPy's _multi_dot_matrix_chain_order: split[i][j] is where the cheapest product of matrices i..j splits.
std::vector<std::vector<std::size_t>> chain_order(const std::vector<Array>& matrices) {
  const std::size_t count = matrices.size();
  std::vector<double> extents;
  for (const Array& matrix : matrices) extents.push_back(static_cast<double>(matrix.shape()[0]));
  extents.push_back(static_cast<double>(matrices.back().shape()[1]));
  std::vector<std::vector<double>> cost(count, std::vector<double>(count, 0));
  std::vector<std::vector<std::size_t>> split(count, std::vector<std::size_t>(count, 0));
  for (std::size_t length = 1; length < count; ++length) {
    for (std::size_t i = 0; i + length < count; ++i) {
      const std::size_t j = i + length;
      cost[i][j] = std::numeric_limits<double>::infinity();
      for (std::size_t k = i; k < j; ++k) {
        const double candidate = cost[i][k] + cost[k + 1][j] + extents[i] * extents[k + 1] * extents[j + 1];
        if (candidate < cost[i][j]) {
          cost[i][j] = candidate;
          split[i][j] = k;
        }
      }
    }
  }
  return split;
}

Array chain_product(const std::vector<Array>& matrices, const std::vector<std::vector<std::size_t>>& split,
                    std::size_t i, std::size_t j, const StreamRef& stream) {
  if (i == j) return matrices[i];
  return matmul(chain_product(matrices, split, i, split[i][j], stream),
                chain_product(matrices, split, split[i][j] + 1, j, stream), std::nullopt, stream);
}

}  // namespace

Array multi_dot(std::span<const Array> arrays, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(arrays.size() >= 2, "multi_dot: expecting at least two arrays");
  std::vector<Array> matrices(arrays.begin(), arrays.end());
  const bool first_vector = matrices.front().ndim() == 1;
  const bool last_vector = matrices.back().ndim() == 1;
  if (first_vector) matrices.front() = reshape(matrices.front(), {1, matrices.front().shape()[0]}, GA_ORDER_C, stream);
  if (last_vector) matrices.back() = reshape(matrices.back(), {matrices.back().shape()[0], 1}, GA_ORDER_C, stream);
  for (std::size_t index = 0; index < matrices.size(); ++index) {
    GA_REQUIRE(matrices[index].ndim() == 2, GA_ERROR_SHAPE_MISMATCH,
               "multi_dot: array " + std::to_string(index) + " has " + std::to_string(arrays[index].ndim()) +
                   " dimensions; it must have two (the first and last may have one)");
  }
  const Array product = chain_product(matrices, chain_order(matrices), 0, matrices.size() - 1, stream);
  if (first_vector && last_vector) return reshape(product, {}, GA_ORDER_C, stream);
  if (first_vector || last_vector) return reshape(product, {product.size()}, GA_ORDER_C, stream);
  return product;
}

}  // namespace garray
