// Several arrays walked together over one shape, with the dimensions simplified first: extents of 1
// dropped, dimensions ordered by the first operand's strides (largest first) and neighbours merged
// where every operand is contiguous across them. A strided 4-D copy often becomes 1-D this way.
// Loops whose linear index means something to the kernel (a user kernel's `i`) keep C order and
// only merge neighbours.
#pragma once

#include "core/array/dims.hpp"

#include <array>
#include <cstdint>

namespace garray {

template <int Operands>
struct StridedLoop {
  Dims shape;                              // collapsed extents; empty for a single element
  std::array<Dims, Operands> strides;      // per operand, in elements
  std::int64_t size = 1;                   // number of elements; 0 for an empty loop
};

// Operand capacity of the loops of generated elementwise kernels; operands past the ones in use
// keep zero strides, which never stop a merge and cost nothing in the kernel (it declares only the
// operands it has, a prefix of the packed parameters).
inline constexpr int kMaxLoopOperands = 16;

enum class LoopOrder {
  any,      // dimensions may be reordered for the first operand's benefit
  c_order,  // the linear index stays the C-order index of `shape`
};

// `strides[k]` are operand k's strides over `shape` (all the same length).
template <int Operands>
StridedLoop<Operands> collapse_loop(const Dims& shape, const std::array<Dims, Operands>& strides,
                                    LoopOrder order = LoopOrder::any);

// Whether 32-bit signed arithmetic suffices for the element count and every operand's offsets.
template <int Operands>
bool fits_32bit_indexing(const StridedLoop<Operands>& loop);

}  // namespace garray
