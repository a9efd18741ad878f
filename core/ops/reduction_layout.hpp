// The shape algebra and launch plan of a reduction: which axes are reduced, the output's shape,
// the two collapsed loops (over output elements and over reduced elements) and how threads are
// spread over them.
#pragma once

#include "core/array/array.hpp"
#include "core/ops/strided_loop.hpp"

#include <cuda_runtime_api.h>

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace garray {

struct ReductionShape {
  Dims shape;                 // the inputs' broadcast shape
  std::vector<bool> reduced;  // per axis of `shape`
  Dims output_shape;          // without the reduced axes, or with extent 1 there (keepdims)
  bool keepdims;
  std::int64_t output_count;
  std::int64_t reduced_count;
};

// Throws GA_ERROR_SHAPE_MISMATCH when the inputs do not broadcast, GA_ERROR_INDEX for an axis out
// of range and GA_ERROR_INVALID_ARGUMENT for a repeated one. `axes`: nullopt reduces every axis.
ReductionShape reduction_shape(std::span<const Array> inputs, const std::optional<std::vector<int>>& axes,
                               bool keepdims);

struct ReductionLoops {
  StridedLoop<kMaxLoopOperands> kept;     // operands: the inputs, then the outputs
  StridedLoop<kMaxLoopOperands> reduced;  // operands: the inputs
};

// `reduced_order`: LoopOrder::c_order keeps the reduced loop's linear index the C-order position
// among the reduced elements (a kernel that reads `_J` needs it).
ReductionLoops reduction_loops(const ReductionShape& reduction, std::span<const Array> inputs,
                               std::span<const Array> outputs, LoopOrder reduced_order = LoopOrder::any);

struct ReductionLaunch {
  dim3 grid;
  dim3 block;               // block.y is a power of two
  std::int64_t chunks = 1;  // gridDim.y: how many partials each output gets
  bool wide = false;        // 64-bit indexing
};

// Threads along the reduction when it is the inputs' unit-stride direction (or the outputs are
// not), else 32 outputs per warp so that reads stay coalesced along the output; the reduction is
// split into chunks when the outputs alone would not fill the device. `deep_blocks`: column
// blocks may have up to 1024 threads, which spares a split when the columns nearly cover the
// device (the caller plans again without where the kernel allows fewer threads). `vector_width`:
// elements a thread loads at once along a unit-stride reduction (reduction_source.hpp), so that the
// block's depth and the split count vectors.
ReductionLaunch plan_reduction_launch(const ReductionLoops& loops, int multiprocessors, bool deep_blocks = false,
                                      int vector_width = 1);

// More than the grid.x of any split launch plan_reduction_launch makes: the arrival counters a
// split reduction's blocks count themselves on, one per grid.x.
std::int64_t split_column_blocks_bound(int multiprocessors);

// The launch of the combine kernel over `chunks` partials per output.
ReductionLaunch plan_combine_launch(std::int64_t output_count, std::int64_t chunks);

}  // namespace garray
