// Generated sources of the copy/cast kernels. Three shapes of loop cover every layout:
//  - contiguous: both operands walk one unit-stride dimension (a cast, or a copy cudaMemcpy
//    cannot do because the dtypes differ);
//  - strided: any collapsed loop, each thread decomposing its linear index into offsets;
//  - transpose: the destination's unit-stride dimension is not the source's, so a square tile goes
//    through shared memory and both global reads and writes stay coalesced.
#pragma once

#include <garray/base.h>

#include <string>

namespace garray {

// Threads per block of the transpose kernel; a tile is tile × tile elements and the block is
// tile × (kTransposeThreads / tile) threads.
inline constexpr int kTransposeThreads = 256;
// Elements each thread moves per pass of the contiguous and strided kernels: their loads are all
// issued before the first store, so more bytes are in flight per thread.
inline constexpr int kElementsPerThread = 4;
// The tile edge for a transpose between these dtypes: 64 while a tile of the wider element stays
// within 17 KiB of shared memory (a 64 × 64 tile keeps 16 loads per thread in flight), else 32.
int transpose_tile(ga_dtype_t source, ga_dtype_t destination);

// Generators return kernels memoized for the process (kernel_memo.hpp): the same parameters give
// the same object, whose address launch_generated() uses to find the kernel already loaded. Not
// copyable, so that no launch can pass a copy whose address means nothing.
struct GeneratedKernel {
  std::string source;  // without the engine's preamble
  std::string name;

  GeneratedKernel() = default;
  GeneratedKernel(GeneratedKernel&&) = default;
  GeneratedKernel& operator=(GeneratedKernel&&) = default;
  GeneratedKernel(const GeneratedKernel&) = delete;
  GeneratedKernel& operator=(const GeneratedKernel&) = delete;
};

// dst[i] = cast(src[i]) for i < n.  Arguments: (Dst* dst, const Src* src, Index n).
const GeneratedKernel& contiguous_copy_kernel(ga_dtype_t source, ga_dtype_t destination, bool wide);

// Arguments: (Dst* dst, const Src* src, Index n, ga_loop_params params); operand 0 is the
// destination, operand 1 the source.
const GeneratedKernel& strided_copy_kernel(ga_dtype_t source, ga_dtype_t destination, int rank, bool wide);

// Arguments: (Dst* dst, const Src* src, ga_loop_params batch, long long rows, long long columns,
// long long batch_count, long long dst_row_stride, long long src_column_stride). Within a tile,
// the source is unit-stride along rows and the destination along columns; `batch` walks the
// remaining dimensions (rank `batch_rank`) with operand 0 the destination.
const GeneratedKernel& transpose_copy_kernel(ga_dtype_t source, ga_dtype_t destination, int batch_rank,
                                      bool wide);

}  // namespace garray
