#include "core/linalg/matmul.hpp"

#include "core/array/broadcast.hpp"
#include "core/array/dtype.hpp"
#include "core/array/layout.hpp"
#include "core/array/promotion.hpp"
#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/linalg/gemm.hpp"
#include "core/linalg/integer_matmul.hpp"
#include "core/linalg/product_output.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/device_check.hpp"
#include "core/ops/fill.hpp"
#include "core/runtime/device.hpp"

#include <algorithm>
#include <string>

namespace garray {

namespace {

// `operand` as batch + (rows, cols) of the product: a 1-d left operand becomes one row, a 1-d
// right operand one column, and the batch dimensions are broadcast (stride 0).
Array matrix_view(const Array& operand, bool left, const MatmulShape& shape) {
  Dims own_shape = operand.shape();
  Dims own_strides = operand.strides();
  if (operand.ndim() == 1) {
    own_shape.insert(left ? 0 : 1, 1);
    own_strides.insert(left ? 0 : 1, 0);
  }
  Dims target = shape.batch;
  target.push_back(left ? shape.m : shape.k);
  target.push_back(left ? shape.k : shape.n);
  return operand.view(target, broadcast_strides(own_shape, own_strides, target), operand.byte_offset());
}

// `view` in `dtype` with batch dimensions in C order and each matrix in C order, or in F order
// for `column_major` (the layout a conjugated operand needs).
Array compact_matrices(const Array& view, ga_dtype_t dtype, bool column_major, const StreamRef& stream) {
  if (!column_major) return copy_as(view, dtype, GA_ORDER_C, stream);
  const int ndim = view.ndim();
  const std::int64_t rows = view.shape()[ndim - 2];
  Dims strides = contiguous_strides(view.shape(), GA_ORDER_C);
  strides[ndim - 2] = 1;
  strides[ndim - 1] = rows;
  const Array compact = Array::empty_strided(view.shape(), dtype, strides, stream);
  copy_into(view, compact, stream);
  return compact;
}

// The operand as the GEMM reads it: its own view when the layout allows; else its own elements
// copied to C order (in the GEMM's dtype) before broadcasting, so a shared operand is copied once;
// else, when the broadcast batch still has no single stride (or the layout must be column-major),
// the broadcast view laid out compactly.
struct GemmInput {
  Array array;
  GemmOperand layout;
};

GemmInput gemm_input(const Array& operand, bool left, const MatmulShape& shape, ga_dtype_t dtype, bool column_major,
                     const StreamRef& stream) {
  const bool cast = operand.dtype() != dtype;
  const Array own = cast ? copy_as(operand, dtype, GA_ORDER_C, stream) : operand;
  Array view = matrix_view(own, left, shape);
  if (auto layout = gemm_operand_layout(view.shape(), view.strides(), column_major)) return {view, *layout};
  if (!cast) {
    view = matrix_view(copy_as(operand, dtype, GA_ORDER_C, stream), left, shape);
    if (auto layout = gemm_operand_layout(view.shape(), view.strides(), column_major)) return {view, *layout};
  }
  const Array compact = compact_matrices(view, dtype, column_major, stream);
  const auto layout = gemm_operand_layout(compact.shape(), compact.strides(), column_major);
  GA_REQUIRE(layout.has_value(), GA_ERROR_INTERNAL, "matmul: a compact operand has no GEMM layout");
  return {compact, *layout};
}

// The operand as the integer kernel reads it: C-contiguous matrices a constant batch stride apart;
// its own elements when they are so laid out (or once copied to C order), else the broadcast view
// copied out.
IntegerMatmulOperand integer_input(const Array& operand, bool left, const MatmulShape& shape,
                                   const StreamRef& stream) {
  const Array own = operand.is_c_contiguous() ? operand : copy_as(operand, operand.dtype(), GA_ORDER_C, stream);
  const Array view = matrix_view(own, left, shape);
  const std::int64_t cols = view.shape()[view.ndim() - 1];
  const auto layout = gemm_operand_layout(view.shape(), view.strides(), false);
  if (layout && layout->row_major && layout->leading == std::max<std::int64_t>(cols, 1)) {
    return {own, layout->batch_stride};
  }
  return {copy_as(view, operand.dtype(), GA_ORDER_C, stream), view.shape()[view.ndim() - 2] * cols};
}

}  // namespace

void matmul_into(const Array& a, const Array& b, const MatmulShape& shape, bool conjugate_a, const Array& product,
                 const StreamRef& stream) {
  if (product.size() == 0) return;
  const ga_dtype_t dtype = product.dtype();
  if (shape.k == 0) {
    fill(product, make_int_scalar(0, GA_INT64), stream);
    return;
  }
  if (!gemm_supports(dtype)) {
    Dims matrices = shape.batch;
    matrices.push_back(shape.m);
    matrices.push_back(shape.n);
    integer_matmul(integer_input(a, true, shape, stream), integer_input(b, false, shape, stream), shape.k,
                   product.view(matrices, contiguous_strides(matrices, GA_ORDER_C), product.byte_offset()), stream);
    return;
  }
  const bool conjugate = conjugate_a && dtype_info(dtype).kind == GA_KIND_COMPLEX;
  const GemmInput a_input = gemm_input(a, true, shape, dtype, conjugate, stream);
  const GemmInput b_input = gemm_input(b, false, shape, dtype, false, stream);
  GemmProblem problem;
  problem.dtype = dtype;
  problem.m = shape.m;
  problem.n = shape.n;
  problem.k = shape.k;
  problem.batch = shape.batch_count();
  problem.a = a_input.layout;
  problem.b = b_input.layout;
  problem.a_data = a_input.array.data();
  problem.b_data = b_input.array.data();
  problem.c_data = product.data();
  problem.conjugate_a = conjugate;
  const DeviceGuard guard(stream->device());
  run_gemm(problem, stream);
}

Array matmul(const Array& a, const Array& b, const std::optional<Array>& out, const StreamRef& stream) {
  require_on_stream_device(a, stream, "a");
  require_on_stream_device(b, stream, "b");
  const MatmulShape shape = matmul_shape(a.shape(), b.shape(), "matmul");
  const ga_dtype_t result = promote_types(a.dtype(), b.dtype());
  const Array inputs[] = {a, b};
  return write_product(
      shape.result, result, out, inputs,
      [&](const Array& product) { matmul_into(a, b, shape, false, product, stream); }, stream);
}

}  // namespace garray
