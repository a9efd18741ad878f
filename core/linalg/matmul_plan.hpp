// The host side of matmul, free of cuBLAS and of the device: NumPy's shape rules (1-d promotion,
// broadcast batch dimensions, core dimension check) and how one operand's strided view can be
// handed to a column-major strided-batched GEMM without a copy.
#pragma once

#include "core/array/dims.hpp"

#include <cstdint>
#include <optional>

namespace garray {

struct MatmulShape {
  Dims batch;  // the broadcast batch dimensions
  std::int64_t m = 0;
  std::int64_t n = 0;
  std::int64_t k = 0;
  Dims result;  // NumPy's result shape: batch + (m, n) without the axes added to 1-d operands
  std::int64_t batch_count() const;
};

// The product of `a` and `b` under matmul's rules. `name` starts messages ("matmul"). Throws
// GA_ERROR_INVALID_ARGUMENT for a 0-d operand, GA_ERROR_SHAPE_MISMATCH for core dimensions that
// differ (NumPy's message) or batch dimensions that do not broadcast.
MatmulShape matmul_shape(const Dims& a, const Dims& b, const char* name);

// How a column-major GEMM reads one operand: a (rows × cols) matrix per batch entry.
struct GemmOperand {
  // Row-major in garray's view (unit column stride): the GEMM sees its transpose, stored with
  // leading dimension `leading` ≥ cols; otherwise column-major with `leading` ≥ rows.
  bool row_major = true;
  std::int64_t leading = 1;
  std::int64_t batch_stride = 0;  // elements between batch entries (0: one matrix for all)
};

// The GEMM layout of the view with `shape` = batch + (rows, cols) and `strides` (elements), or
// nullopt when only a copy can give one: a matrix without a unit stride, negative or overlapping
// strides, batch dimensions that do not collapse into one non-negative stride, or a leading
// dimension or stride beyond cuBLAS's 32-bit int. `column_major_only` asks for the column-major
// form (the one cuBLAS can conjugate). Extents of 1 leave their stride free.
std::optional<GemmOperand> gemm_operand_layout(const Dims& shape, const Dims& strides, bool column_major_only);

}  // namespace garray
