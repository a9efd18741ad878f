#include "core/ops/strided_loop.hpp"

#include <cstdlib>
#include <limits>

namespace garray {

namespace {

std::int64_t magnitude(std::int64_t value) { return value < 0 ? -value : value; }

}  // namespace

template <int Operands>
StridedLoop<Operands> collapse_loop(const Dims& shape, const std::array<Dims, Operands>& strides,
                                    LoopOrder order) {
  StridedLoop<Operands> loop;
  for (int d = 0; d < shape.size(); ++d) {
    if (shape[d] == 0) {
      loop.size = 0;
      return loop;
    }
    if (shape[d] == 1) continue;
    loop.shape.push_back(shape[d]);
    for (int k = 0; k < Operands; ++k) loop.strides[k].push_back(strides[k][d]);
  }
  // Insertion sort (at most 32 entries), stable so that ties keep NumPy's C order.
  const int rank = loop.shape.size();
  for (int i = 1; order == LoopOrder::any && i < rank; ++i) {
    for (int j = i; j > 0 && magnitude(loop.strides[0][j - 1]) < magnitude(loop.strides[0][j]); --j) {
      std::swap(loop.shape[j - 1], loop.shape[j]);
      for (int k = 0; k < Operands; ++k) std::swap(loop.strides[k][j - 1], loop.strides[k][j]);
    }
  }
  for (int d = rank - 2; d >= 0; --d) {
    bool mergeable = true;
    for (int k = 0; k < Operands; ++k) {
      mergeable = mergeable && loop.strides[k][d] == loop.strides[k][d + 1] * loop.shape[d + 1];
    }
    if (!mergeable) continue;
    // The merged dimension steps as the inner one did: keep d + 1's strides, drop d's.
    loop.shape[d + 1] *= loop.shape[d];
    loop.shape.erase(d);
    for (int k = 0; k < Operands; ++k) loop.strides[k].erase(d);
  }
  for (std::int64_t extent : loop.shape) loop.size *= extent;
  return loop;
}

template <int Operands>
bool fits_32bit_indexing(const StridedLoop<Operands>& loop) {
  constexpr std::int64_t kLimit = std::numeric_limits<std::int32_t>::max();
  if (loop.size > kLimit) return false;
  for (int k = 0; k < Operands; ++k) {
    std::int64_t reach = 0;
    for (int d = 0; d < loop.shape.size(); ++d) reach += (loop.shape[d] - 1) * magnitude(loop.strides[k][d]);
    if (reach > kLimit) return false;
  }
  return true;
}

template StridedLoop<1> collapse_loop<1>(const Dims&, const std::array<Dims, 1>&, LoopOrder);
template StridedLoop<2> collapse_loop<2>(const Dims&, const std::array<Dims, 2>&, LoopOrder);
template StridedLoop<kMaxLoopOperands> collapse_loop<kMaxLoopOperands>(
    const Dims&, const std::array<Dims, kMaxLoopOperands>&, LoopOrder);
template bool fits_32bit_indexing<1>(const StridedLoop<1>&);
template bool fits_32bit_indexing<2>(const StridedLoop<2>&);
template bool fits_32bit_indexing<kMaxLoopOperands>(const StridedLoop<kMaxLoopOperands>&);

}  // namespace garray
