// np.einsum on the products' machinery: repeated letters within an operand become diagonal views,
// letters of one operand that nothing else names are summed (garray::reduce), and the operands are
// contracted pairwise from left to right, each pair as one batched matmul of its (batch, free,
// contracted) views. The result takes the operands' promoted dtype, as NumPy's einsum.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <optional>
#include <span>
#include <string_view>

namespace garray {

// np.einsum(subscripts, *operands, out=out) on `stream`. Throws as parse_einsum() for malformed
// subscripts, GA_ERROR_INVALID_ARGUMENT for no operands or an operand on another device,
// GA_ERROR_SHAPE_MISMATCH for one letter with different extents (extent 1 broadcasts) or a
// repeated letter whose dimensions differ, and as require_destination() (core/ops/destination.hpp)
// for `out`, before any work.
Array einsum(std::string_view subscripts, std::span<const Array> operands, const std::optional<Array>& out,
             const StreamRef& stream);

}  // namespace garray
