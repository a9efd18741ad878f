// Generated sources of the copy/cast kernels. Three shapes of loop cover every layout:
//  - contiguous: both operands walk one unit-stride dimension (a cast, or a copy cudaMemcpy
//    cannot do because the dtypes differ);
//  - strided: any collapsed loop, each thread decomposing its linear index into offsets;
//  - transpose: the destination's unit-stride dimension is not the source's, so a 32×32 tile goes
//    through shared memory and both global reads and writes stay coalesced.
#pragma once

#include <garray/base.h>

#include <string>

namespace garray {

inline constexpr int kTransposeTile = 32;
inline constexpr int kTransposeRowsPerPass = 8;

struct GeneratedKernel {
  std::string source;  // without the engine's preamble
  std::string name;
};

// dst[i] = cast(src[i]) for i < n.  Arguments: (Dst* dst, const Src* src, Index n).
GeneratedKernel contiguous_copy_kernel(ga_dtype_t source, ga_dtype_t destination, bool wide);

// Arguments: (Dst* dst, const Src* src, Index n, ga_loop_params params); operand 0 is the
// destination, operand 1 the source.
GeneratedKernel strided_copy_kernel(ga_dtype_t source, ga_dtype_t destination, int rank, bool wide);

// Arguments: (Dst* dst, const Src* src, ga_loop_params batch, long long rows, long long columns,
// long long batch_count, long long dst_row_stride, long long src_column_stride). Within a tile,
// the source is unit-stride along rows and the destination along columns; `batch` walks the
// remaining dimensions (rank `batch_rank`) with operand 0 the destination.
GeneratedKernel transpose_copy_kernel(ga_dtype_t source, ga_dtype_t destination, int batch_rank,
                                      bool wide);

}  // namespace garray
