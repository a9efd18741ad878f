#include "core/linalg/products.hpp"

#include "core/array/axes.hpp"
#include "core/array/layout.hpp"
#include "core/array/promotion.hpp"
#include "core/common/error.hpp"
#include "core/linalg/matmul.hpp"
#include "core/linalg/product_output.hpp"
#include "core/ops/destination.hpp"
#include "core/ops/device_check.hpp"
#include "core/ops/ufunc/ufunc_call.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace garray {

namespace {

// The operands on the stream's device; `out` is checked with require_destination() once the
// result's shape is known, before any work.
void require_operands(const Array& a, const Array& b, const StreamRef& stream) {
  require_on_stream_device(a, stream, "a");
  require_on_stream_device(b, stream, "b");
}

// a · b element by element, broadcast into `product`.
void multiply_into(const Array& a, const Array& b, const Array& product, const StreamRef& stream) {
  UfuncOperand inputs[2];
  inputs[0].array = &a;
  inputs[1].array = &b;
  const std::optional<Array> outputs[] = {product};
  call_ufunc(find_ufunc("multiply"), inputs, outputs, UfuncOptions{}, stream);
}

// The broadcast product a · b, for the products that meet a 0-d operand.
Array broadcast_multiply(const Array& a, const Array& b, const std::optional<Array>& out, const StreamRef& stream) {
  const Array inputs[] = {a, b};
  return write_product(
      broadcast_shapes(a.shape(), b.shape()), promote_types(a.dtype(), b.dtype()), out, inputs,
      [&](const Array& product) { multiply_into(a, b, product, stream); }, stream);
}

// The sum over the paired (normalised, distinct, equal-extent) axes: a's free axes then its
// contracted ones as an (M, K) matrix, b's contracted then free ones as (K, N), one matmul.
Array contract(const Array& a, const Array& b, const Dims& a_axes, const Dims& b_axes,
               const std::optional<Array>& out, const char* name, const StreamRef& stream) {
  std::vector<int> a_order;
  std::vector<int> b_order;
  Dims result_shape;
  std::int64_t m = 1;
  std::int64_t n = 1;
  std::int64_t k = 1;
  for (int d = 0; d < a.ndim(); ++d) {
    if (std::find(a_axes.begin(), a_axes.end(), d) != a_axes.end()) continue;
    a_order.push_back(d);
    result_shape.push_back(a.shape()[d]);
    m *= a.shape()[d];
  }
  for (std::int64_t axis : a_axes) {
    a_order.push_back(static_cast<int>(axis));
    k *= a.shape()[static_cast<int>(axis)];
  }
  for (std::int64_t axis : b_axes) b_order.push_back(static_cast<int>(axis));
  for (int d = 0; d < b.ndim(); ++d) {
    if (std::find(b_axes.begin(), b_axes.end(), d) != b_axes.end()) continue;
    b_order.push_back(d);
    result_shape.push_back(b.shape()[d]);
    n *= b.shape()[d];
  }
  const ga_dtype_t result = promote_types(a.dtype(), b.dtype());
  require_destination(out, {result_shape, result}, stream);  // before the reshapes' copies
  const Array a_matrix = reshaped(transpose(a, a_order), Dims{m, k}, stream);
  const Array b_matrix = reshaped(transpose(b, b_order), Dims{k, n}, stream);
  const MatmulShape shape = matmul_shape(a_matrix.shape(), b_matrix.shape(), name);
  const Array inputs[] = {a, b};
  return write_product(
      result_shape, result, out, inputs,
      [&](const Array& product) {
        matmul_into(a_matrix, b_matrix, shape, false, compact_view(product, shape.result), stream);
      },
      stream);
}

// NumPy's "shapes (2, 3) and (4, 5) not aligned: 3 (dim 1) != 4 (dim 0)" for dot and inner.
void require_aligned(const Array& a, int a_axis, const Array& b, int b_axis, const char* name) {
  GA_REQUIRE(a.shape()[a_axis] == b.shape()[b_axis], GA_ERROR_SHAPE_MISMATCH,
             std::string(name) + ": shapes " + format_shape(a.shape()) + " and " + format_shape(b.shape()) +
                 " not aligned: " + std::to_string(a.shape()[a_axis]) + " (dim " + std::to_string(a_axis) +
                 ") != " + std::to_string(b.shape()[b_axis]) + " (dim " + std::to_string(b_axis) + ")");
}

// dot and inner: the sum over a's last axis and b's `b_axis`.
Array contract_one(const Array& a, const Array& b, int b_axis, const std::optional<Array>& out, const char* name,
                   const StreamRef& stream) {
  require_operands(a, b, stream);
  if (a.ndim() == 0 || b.ndim() == 0) return broadcast_multiply(a, b, out, stream);
  require_aligned(a, a.ndim() - 1, b, b_axis, name);
  return contract(a, b, Dims{a.ndim() - 1}, Dims{b_axis}, out, name, stream);
}

}  // namespace

Array dot(const Array& a, const Array& b, const std::optional<Array>& out, const StreamRef& stream) {
  return contract_one(a, b, std::max(b.ndim() - 2, 0), out, "dot", stream);
}

Array inner(const Array& a, const Array& b, const std::optional<Array>& out, const StreamRef& stream) {
  return contract_one(a, b, std::max(b.ndim() - 1, 0), out, "inner", stream);
}

Array vdot(const Array& a, const Array& b, const std::optional<Array>& out, const StreamRef& stream) {
  require_operands(a, b, stream);
  GA_REQUIRE(a.size() == b.size(), GA_ERROR_SHAPE_MISMATCH,
             "vdot: vectors have different lengths (" + std::to_string(a.size()) + " and " +
                 std::to_string(b.size()) + " elements)");
  const ga_dtype_t result = promote_types(a.dtype(), b.dtype());
  require_destination(out, {Dims{}, result}, stream);  // before the reshapes' copies
  const Array a_vector = reshaped(a, Dims{a.size()}, stream);
  const Array b_vector = reshaped(b, Dims{b.size()}, stream);
  const MatmulShape shape = matmul_shape(a_vector.shape(), b_vector.shape(), "vdot");
  const Array inputs[] = {a, b};
  return write_product(
      Dims{}, result, out, inputs,
      [&](const Array& product) { matmul_into(a_vector, b_vector, shape, true, product, stream); }, stream);
}

Array outer(const Array& a, const Array& b, const std::optional<Array>& out, const StreamRef& stream) {
  require_operands(a, b, stream);
  require_destination(out, {Dims{a.size(), b.size()}, promote_types(a.dtype(), b.dtype())}, stream);
  const Array column = reshaped(a, Dims{a.size(), 1}, stream);
  const Array row = reshaped(b, Dims{1, b.size()}, stream);
  return broadcast_multiply(column, row, out, stream);
}

Array tensordot(const Array& a, const Array& b, std::span<const int> a_axes, std::span<const int> b_axes,
                const std::optional<Array>& out, const StreamRef& stream) {
  require_operands(a, b, stream);
  GA_REQUIRE_ARGUMENT(a_axes.size() == b_axes.size(),
                      "tensordot: the axes lists have different lengths (" + std::to_string(a_axes.size()) +
                          " and " + std::to_string(b_axes.size()) + ")");
  const Dims a_normalized = normalize_axes(a_axes, a.ndim(), "a_axes");
  const Dims b_normalized = normalize_axes(b_axes, b.ndim(), "b_axes");
  for (int i = 0; i < a_normalized.size(); ++i) {
    const std::int64_t a_extent = a.shape()[static_cast<int>(a_normalized[i])];
    const std::int64_t b_extent = b.shape()[static_cast<int>(b_normalized[i])];
    GA_REQUIRE(a_extent == b_extent, GA_ERROR_SHAPE_MISMATCH,
               "tensordot: shape-mismatch for sum: a_axes[" + std::to_string(i) + "] has extent " +
                   std::to_string(a_extent) + " but b_axes[" + std::to_string(i) + "] has " +
                   std::to_string(b_extent) + " (shapes " + format_shape(a.shape()) + " and " +
                   format_shape(b.shape()) + ")");
  }
  return contract(a, b, a_normalized, b_normalized, out, "tensordot", stream);
}

Array tensordot(const Array& a, const Array& b, int count, const std::optional<Array>& out, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(count >= 0, "tensordot: axes=" + std::to_string(count) + " is negative");
  // NumPy indexes the shapes with the count and so raises IndexError for one above either rank.
  GA_REQUIRE(count <= a.ndim() && count <= b.ndim(), GA_ERROR_INDEX,
             "tensordot: axes=" + std::to_string(count) + " exceeds the rank of shapes " + format_shape(a.shape()) +
                 " and " + format_shape(b.shape()));
  std::vector<int> a_axes;
  std::vector<int> b_axes;
  for (int i = 0; i < count; ++i) {
    a_axes.push_back(a.ndim() - count + i);
    b_axes.push_back(i);
  }
  return tensordot(a, b, a_axes, b_axes, out, stream);
}

Array kron(const Array& a, const Array& b, const std::optional<Array>& out, const StreamRef& stream) {
  require_operands(a, b, stream);
  if (a.ndim() == 0 || b.ndim() == 0) return broadcast_multiply(a, b, out, stream);
  const int ndim = std::max(a.ndim(), b.ndim());
  // a as (a0, 1, a1, 1, ...) and b as (1, b0, 1, b1, ...): their product, laid out in C order,
  // is the Kronecker product of shape (a0·b0, a1·b1, ...).
  Dims a_shape;
  Dims a_strides;
  Dims b_shape;
  Dims b_strides;
  Dims interleaved;
  Dims result_shape;
  for (int d = 0; d < ndim; ++d) {
    const int a_axis = d - (ndim - a.ndim());
    const int b_axis = d - (ndim - b.ndim());
    const std::int64_t a_extent = a_axis >= 0 ? a.shape()[a_axis] : 1;
    const std::int64_t b_extent = b_axis >= 0 ? b.shape()[b_axis] : 1;
    a_shape.push_back(a_extent);
    a_shape.push_back(1);
    a_strides.push_back(a_axis >= 0 ? a.strides()[a_axis] : 0);
    a_strides.push_back(0);
    b_shape.push_back(1);
    b_shape.push_back(b_extent);
    b_strides.push_back(0);
    b_strides.push_back(b_axis >= 0 ? b.strides()[b_axis] : 0);
    interleaved.push_back(a_extent);
    interleaved.push_back(b_extent);
    result_shape.push_back(a_extent * b_extent);
  }
  const Array a_view = a.view(a_shape, a_strides, a.byte_offset());
  const Array b_view = b.view(b_shape, b_strides, b.byte_offset());
  const Array inputs[] = {a, b};
  return write_product(
      result_shape, promote_types(a.dtype(), b.dtype()), out, inputs,
      [&](const Array& product) { multiply_into(a_view, b_view, compact_view(product, interleaved), stream); },
      stream);
}

}  // namespace garray
