// NumPy's matmul on cuBLAS: 1-d operands promoted to matrices and the added axis removed afterwards,
// batch dimensions broadcast, any strides (a matrix with one unit stride goes to cuBLAS as N or T
// with its leading dimension, a batch with one constant stride as a strided-batched call; anything
// else is copied to C order first). Floating and complex dtypes run on cuBLAS (float16/bfloat16
// accumulate in float32; float32 in full FP32 unless TF32 is allowed); integers and bool run on a
// generated kernel that accumulates in the result dtype (bool: logical or of ands, as NumPy).
#pragma once

#include "core/array/array.hpp"
#include "core/linalg/matmul_plan.hpp"
#include "core/runtime/stream.hpp"

#include <optional>

namespace garray {

// a @ b on `stream`, into `out` (the result's shape; its dtype one the result casts to with
// same_kind) or a new C-contiguous array of NumPy's promoted dtype. Throws
// GA_ERROR_INVALID_ARGUMENT for a 0-d operand, GA_ERROR_SHAPE_MISMATCH when the core dimensions
// differ or the batch dimensions do not broadcast (or `out` has another shape), GA_ERROR_DTYPE for
// a dtype without a matmul loop or an `out` the result cannot be cast to.
Array matmul(const Array& a, const Array& b, const std::optional<Array>& out, const StreamRef& stream);

// The work of matmul for the other products: writes a @ b (conj(a) @ b with `conjugate_a`, which
// only complex dtypes notice) of `shape` (matmul_shape() of the operands) into `product`, a
// C-contiguous array of `shape.result` whose dtype both operands are cast to. `product` must not
// overlap the operands.
void matmul_into(const Array& a, const Array& b, const MatmulShape& shape, bool conjugate_a, const Array& product,
                 const StreamRef& stream);

}  // namespace garray
