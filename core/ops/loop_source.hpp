// Source fragments shared by generated elementwise kernels: the parameter block that carries a
// collapsed loop's extents and strides, and the code that turns a linear index into per-operand
// element offsets. Host side and device side agree on the layout through these two functions.
#pragma once

#include "core/ops/strided_loop.hpp"

#include <array>
#include <cstdint>
#include <string>

namespace garray {

// Integer types of a generated kernel: 32-bit when the loop allows it (faster division).
struct IndexTypes {
  const char* offset;     // signed: strides may be negative
  const char* unsigned_;  // for the linear index and its decomposition
};
IndexTypes index_types(bool wide);

// `struct <name> { long long shape[rank]; long long strides[operands][rank]; };`
std::string loop_params_declaration(int rank, int operands, const char* name = "ga_loop_params");

// Statements that declare `offset0 .. offset{operands-1}` for the linear index `linear`
// (an unsigned variable in scope) from `params`, a ga_loop_params.
std::string offsets_for_linear_index(int rank, int operands, bool wide, const std::string& linear,
                                     const std::string& params);

// The host image of ga_loop_params for `loop`: rank extents then each operand's strides.
template <int Operands>
struct LoopParams {
  std::array<std::int64_t, kMaxDims * (Operands + 1)> words{};
};
template <int Operands>
LoopParams<Operands> pack_loop_params(const StridedLoop<Operands>& loop);

}  // namespace garray
