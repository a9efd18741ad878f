// matmul of integer and bool operands, which cuBLAS does not multiply exactly: one generated
// elementwise kernel per result element, accumulating in the result dtype (wrapping as NumPy's
// integer loops do; bool gives the logical or of ands). Operands are read as C-contiguous
// matrices a constant batch stride apart, so the kernel's indexing is a multiply-add.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <cstdint>
#include <string_view>

namespace garray {

// The user-kernel parameters and operation of the product, for tests that compile the source.
extern const std::string_view kIntegerMatmulInParams;
extern const std::string_view kIntegerMatmulOutParams;
extern const std::string_view kIntegerMatmulOperation;

// One operand: C-contiguous matrices (rows × cols each, starting at `matrices`' first element),
// entry b of the batch `batch_stride` elements after entry 0 (0: one matrix for every entry).
struct IntegerMatmulOperand {
  Array matrices;
  std::int64_t batch_stride = 0;
};

// product[batch, i, j] = sum over p of a[batch, i, p] · b[batch, p, j], into `product`, a
// C-contiguous batch + (m, n) array of a bool or integer dtype; k is a's column count.
void integer_matmul(const IntegerMatmulOperand& a, const IntegerMatmulOperand& b, std::int64_t k,
                    const Array& product, const StreamRef& stream);

}  // namespace garray
