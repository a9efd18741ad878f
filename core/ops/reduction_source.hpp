// The CUDA source of a user reduction kernel (CuPy's ReductionKernel) for one call signature.
//
// The reduction is a grid of outputs × reduced elements. A block is blockDim.x outputs wide and
// blockDim.y (a power of two) threads deep along the reduction; blockIdx.y splits the reduction
// into gridDim.y chunks. Each thread folds its share with the user's map and reduce expressions,
// the block combines its threads in shared memory, and then either the post-map writes the
// outputs (one chunk) or each chunk's partial goes to a scratch array. Given `_arrivals` (one
// zeroed counter per blockIdx.x, left zeroed), the last block of each column to arrive folds the
// column's partials and post-maps them in the same launch; without, a second launch of the
// companion kernel `<name>_combine` does.
//
// Both kernels take the same parameters:
//   ga_kept_params _kept        operands: the array inputs, then the outputs
//   ga_reduced_params _reduced  operands: the array inputs
//   Index _out_count, Index _reduce_count, Index _partial_count
//   _type_reduce* _partials, bool* _partial_valid, unsigned* _arrivals
//   then one per user parameter as in elementwise_source.hpp (arrays and scalars only).
// Dynamic shared memory: blockDim.x * blockDim.y * (sizeof(_type_reduce) + 1) bytes.
// With `reduced_index`, the map expression sees `_J`, the linear index of the reduced loop (the
// element's C-order position among the reduced elements when that loop was collapsed in C order).
// With a `pass_map`, a thread folds one value per pass instead of one per element: the pass map
// sees `_pass_<input>` (the pass's bound values of each array input, kReducedPerPass of them) and
// `_pass_count` (how many lead the array, at least 1) and gives the pass's value of the reduce
// type; the map expression is then unused.
// With a `vector_width` V > 1 (one array input, a reduced loop of rank 1 with unit stride and a
// multiple of V elements, every row 16-byte aligned: the caller checks), a thread loads V elements
// at once as one 16-byte vector, kVectorsPerPass vectors a pass, and folds them lane by lane;
// blockDim.y and the grid then count vectors.
#pragma once

#include "core/ops/elementwise_source.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace garray {

// Elements a thread loads per pass before folding any: 8 rather than 4 took mean along axis 0 of
// 4096² float32 from 30.0 to 29.0 us, std from 32.7 to 31.6 and sum along axis 1 from 27.5 to
// 26.3 on an H100 (bench/NOTES.md).
inline constexpr int kReducedPerPass = 8;
// 16-byte vectors a thread loads per pass: sum along the rows of 4096² float32 (1024 vectors a
// row, 256 threads) took 25.2 us with 2 a pass, 24.8 with 4 and 24.9 with 8 on an H100.
inline constexpr int kVectorsPerPass = 4;

struct ReductionSignature {
  std::string_view kernel_name;
  std::string_view map_expression;
  std::string_view reduce_expression;
  std::string_view post_map;
  std::optional<std::string_view> identity;  // empty: the first mapped value starts each fold
  ga_dtype_t reduce_type;
  std::string_view preamble;
  std::span<const ElementwiseOperand> operands;  // inputs then outputs
  std::span<const std::pair<std::string, ga_dtype_t>> placeholders;
  int kept_rank;
  int reduced_rank;
  bool wide;
  std::string_view reduce_type_name = {};  // non-empty: a preamble type that replaces `reduce_type`
  bool reduced_index = false;              // declare `_J` for the map expression
  std::string_view pass_map = {};          // non-empty: fold a pass at a time (see above)
  int vector_width = 1;                     // elements loaded at once (see above)
};

std::string reduction_kernel_source(const ReductionSignature& signature);

// The name of the kernel that folds the partials of a split reduction.
std::string combine_kernel_name(std::string_view kernel_name);

}  // namespace garray
