#include "core/linalg/matmul_plan.hpp"

#include "core/array/layout.hpp"
#include "core/common/error.hpp"

#include <algorithm>
#include <climits>
#include <string>

namespace garray {

namespace {

bool fits_int(std::int64_t value) { return value >= 0 && value <= INT_MAX; }

// The batch dimensions as one stride, when every dimension of extent above 1 steps by the
// product of the inner ones (0 throughout for a broadcast operand).
std::optional<std::int64_t> collapsed_batch_stride(const Dims& shape, const Dims& strides, int batch_ndim) {
  std::optional<std::int64_t> inner_stride;
  std::int64_t inner_extent = 1;
  for (int d = batch_ndim - 1; d >= 0; --d) {
    if (shape[d] == 1) continue;
    if (strides[d] < 0) return std::nullopt;
    if (inner_stride && strides[d] != *inner_stride * inner_extent) return std::nullopt;
    if (!inner_stride) inner_stride = strides[d];
    inner_extent *= shape[d];
  }
  return inner_stride.value_or(0);
}

}  // namespace

std::int64_t MatmulShape::batch_count() const {
  std::int64_t count = 1;
  for (std::int64_t extent : batch) count *= extent;
  return count;
}

MatmulShape matmul_shape(const Dims& a, const Dims& b, const char* name) {
  GA_REQUIRE_ARGUMENT(!a.empty() && !b.empty(), std::string(name) + ": Input operand " + (a.empty() ? "0" : "1") +
                                                    " does not have enough dimensions (has 0, gufunc core with "
                                                    "signature (n?,k),(k,m?)->(n?,m?) requires 1)");
  MatmulShape shape;
  const int a_batch = std::max(a.size() - 2, 0);
  const int b_batch = std::max(b.size() - 2, 0);
  shape.m = a.size() == 1 ? 1 : a[a.size() - 2];
  shape.k = a[a.size() - 1];
  const std::int64_t b_k = b.size() == 1 ? b[0] : b[b.size() - 2];
  shape.n = b.size() == 1 ? 1 : b[b.size() - 1];
  GA_REQUIRE(b_k == shape.k, GA_ERROR_SHAPE_MISMATCH,
             std::string(name) + ": Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                                 "(n?,k),(k,m?)->(n?,m?) (size " +
                 std::to_string(b_k) + " is different from " + std::to_string(shape.k) + "; shapes " +
                 format_shape(a) + " and " + format_shape(b) + ")");
  Dims a_batch_shape;
  Dims b_batch_shape;
  for (int d = 0; d < a_batch; ++d) a_batch_shape.push_back(a[d]);
  for (int d = 0; d < b_batch; ++d) b_batch_shape.push_back(b[d]);
  GA_REQUIRE(
      [&] {
        for (int d = 1; d <= std::min(a_batch, b_batch); ++d) {
          const std::int64_t x = a_batch_shape[a_batch - d];
          const std::int64_t y = b_batch_shape[b_batch - d];
          if (x != y && x != 1 && y != 1) return false;
        }
        return true;
      }(),
      GA_ERROR_SHAPE_MISMATCH,
      std::string(name) + ": operands could not be broadcast together with shapes " + format_shape(a) + " and " +
          format_shape(b) + " (batch dimensions " + format_shape(a_batch_shape) + " and " +
          format_shape(b_batch_shape) + ")");
  shape.batch = broadcast_shapes(a_batch_shape, b_batch_shape);
  shape.result = shape.batch;
  if (a.size() > 1) shape.result.push_back(shape.m);
  if (b.size() > 1) shape.result.push_back(shape.n);
  return shape;
}

std::optional<GemmOperand> gemm_operand_layout(const Dims& shape, const Dims& strides, bool column_major_only) {
  const int ndim = shape.size();
  const std::int64_t rows = shape[ndim - 2];
  const std::int64_t cols = shape[ndim - 1];
  const std::int64_t row_stride = strides[ndim - 2];
  const std::int64_t col_stride = strides[ndim - 1];
  std::optional<GemmOperand> layout;
  const bool row_major = (cols <= 1 || col_stride == 1) && (rows <= 1 || row_stride >= std::max<std::int64_t>(cols, 1));
  const bool column_major =
      (rows <= 1 || row_stride == 1) && (cols <= 1 || col_stride >= std::max<std::int64_t>(rows, 1));
  if (row_major && !column_major_only) {
    layout = GemmOperand{true, rows <= 1 ? std::max<std::int64_t>(cols, 1) : row_stride, 0};
  } else if (column_major) {
    layout = GemmOperand{false, cols <= 1 ? std::max<std::int64_t>(rows, 1) : col_stride, 0};
  } else {
    return std::nullopt;
  }
  const std::optional<std::int64_t> batch_stride = collapsed_batch_stride(shape, strides, ndim - 2);
  if (!batch_stride || !fits_int(layout->leading)) return std::nullopt;
  layout->batch_stride = *batch_stride;
  return layout;
}

}  // namespace garray
