// The CUDA source of a user elementwise kernel (CuPy's ElementwiseKernel) for one call signature:
// the resolved type of each parameter, how each argument is passed, and the loop's rank and index
// width. Each thread reads every input of its kElementwisePerThread elements before running the
// user's operation on them, so that many loads are in flight per thread, and makes one pass: the
// launch covers every element (single_pass_blocks), which both compiles faster than a grid-stride
// loop and ran 5-10% closer to the copy bandwidth on the H100.
//
// Kernel parameters, in order:
//   ga_loop_params _loop   (only when the loop is strided; operands are the array arguments)
//   Index _size            (the number of elements; 32-bit unless the loop needs 64)
//   then one per user parameter, inputs then outputs:
//     array   → Storage* _p_<name>   (Storage: the array's own dtype)
//     scalar  → Type <name>          (the host converts the scalar to the parameter's type)
//     raw     → ga_raw_array<Type, rank, contiguous> <name>
// In the user's operation, each array parameter is a variable of its type (inputs: a const copy,
// outputs: a reference into the array, or a copy written back when the dtypes differ), `i` is the
// element's C-order index, `_ind.size()` the element count.
#pragma once

#include "core/ops/kernel_params.hpp"

#include <garray/base.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace garray {

inline constexpr int kElementwisePerThread = 8;

// The tiled variant (ElementwiseSignature::tiled): blocks of kTileSide × kTileRowsPerPass threads,
// each over a kTileSide² tile of a rows × cols loop, the grid's x over column tiles and y over row
// tiles (a block strides over row tiles beyond kMaxTileRowsPerLaunch). Each staged input is read
// into a [kTileSide][kTileSide + 1] shared array (the padding keeps the transposed reads free of
// bank conflicts) along its own rows, then read back transposed.
inline constexpr int kTileSide = 32;
inline constexpr int kTileRowsPerPass = 8;
inline constexpr std::int64_t kMaxTileRowsPerLaunch = 65535;
inline constexpr std::size_t kTileBytesPerElement = kTileSide * (kTileSide + 1);
inline constexpr std::size_t kTileSharedBytes = 32 * 1024;

enum class ArgumentKind : std::uint8_t { array, scalar, raw };

struct ElementwiseOperand {
  const KernelParam* param;
  bool is_output;
  ArgumentKind kind;
  ga_dtype_t type;     // the parameter's type in the user's code
  ga_dtype_t storage;  // the array's dtype; equal to `type` for scalars and raw arrays
  int raw_rank = 0;
  bool raw_contiguous = false;
};

struct ElementwiseSignature {
  std::string_view kernel_name;
  std::string_view operation;
  std::string_view preamble;
  std::span<const ElementwiseOperand> operands;  // inputs then outputs
  std::span<const std::pair<std::string, ga_dtype_t>> placeholders;
  int rank;         // of the collapsed loop over the array operands
  bool contiguous;  // every array operand is unit-stride over a rank ≤ 1 loop
  bool wide;        // 64-bit indexing
  bool tiled = false;  // the tiled variant of a rank-2 strided loop
  // Of a tiled loop: bit k set for array operand k (counting array operands only, inputs first)
  // staged through a shared-memory tile.
  std::uint32_t staged = 0;
};

std::string elementwise_kernel_source(const ElementwiseSignature& signature);

// The device-side struct behind `raw` parameters: a pointer, the element count, and the shape and
// strides (in elements) of rank `rank`. z[k] addresses element k in C order; z.size() and
// z.shape()[d] describe the array.
std::string raw_array_declaration();

// The typedef of each placeholder and the user's preamble, each under a #line directive naming it
// so that compiler messages point into the caller's own text. Shared with reduction kernels.
std::string user_declarations(std::span<const std::pair<std::string, ga_dtype_t>> placeholders,
                              std::string_view preamble);

// `code` under `#line 1 "<label>"`; what follows it is reported as "generated" code.
std::string with_line_label(std::string_view code, std::string_view label);

}  // namespace garray
