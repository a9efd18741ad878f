// np.einsum's subscripts as labels: one label per dimension of each operand and of the output.
// Letters keep their character code; the dimensions an ellipsis covers are labelled by their
// position from the right (kEllipsisLabel + 0 for the last), so that they broadcast right-aligned
// across operands as NumPy's do. Host-only.
#pragma once

#include <span>
#include <string_view>
#include <vector>

namespace garray {

inline constexpr int kEllipsisLabel = 128;

struct EinsumLabels {
  std::vector<std::vector<int>> inputs;  // per operand, one label per dimension
  std::vector<int> output;
};

// Parses `subscripts` for operands of ranks `ndims`. Spaces are ignored. Without "->" the output is
// the ellipsis dimensions followed by the letters that occur exactly once, in character order
// (upper case first), as NumPy's. Throws GA_ERROR_INVALID_ARGUMENT for a character that is not a
// letter, a '.' outside "...", two ellipses in one term, a term count unlike the operand count, a
// term whose letters do not match its operand's rank, an output letter repeated or absent from
// the inputs, or ellipsis dimensions with an explicit output that has no "...".
EinsumLabels parse_einsum(std::string_view subscripts, std::span<const int> ndims);

}  // namespace garray
