#include "core/ops/reduction_layout.hpp"

#include "core/array/broadcast.hpp"
#include "core/array/layout.hpp"
#include "core/common/error.hpp"

#include <algorithm>
#include <bit>
#include <limits>

namespace garray {

namespace {

constexpr unsigned kThreads = 256;
// Blocks of kThreads per multiprocessor that a reduction aims to keep resident.
constexpr std::int64_t kBlocksPerMultiprocessor = 8;
// Reduced elements a thread folds at least before the reduction is split further.
constexpr std::int64_t kMinElementsPerThread = 16;
// Threads of a block that folds one whole row, when there are rows enough to fill the device
// unsplit: on an H100, sum along the rows of 4096² float32 took 25.9–26.1 µs with 256 threads a row,
// 26.4–26.6 with 128 and 27.2–27.4 with 512 (an H200 with an earlier loop preferred 128; bench/NOTES.md).
constexpr unsigned kRowThreads = 256;
// Splitting a column reduction costs a dependent fold of the partials at its end (~2 us on an
// H100, where 4096^2 float32 is read in 26 us): when the column blocks alone cover nearly every
// multiprocessor, they go unsplit, in deeper blocks, with up to this many threads per
// multiprocessor (half its residency, which still keeps enough loads in flight; bench/NOTES.md).
constexpr unsigned kDeepThreadsPerMultiprocessor = 1024;
constexpr unsigned kColumnWidth = 32;

unsigned power_of_two_at_least(std::int64_t value, unsigned cap) {
  unsigned result = 1;
  while (result < cap && result < value) result <<= 1;
  return result;
}

std::int64_t magnitude(std::int64_t value) { return value < 0 ? -value : value; }

bool innermost_unit_stride(const StridedLoop<kMaxLoopOperands>& loop) {
  const int rank = loop.shape.size();
  return rank > 0 && magnitude(loop.strides[0][rank - 1]) == 1;
}

std::int64_t reach(const StridedLoop<kMaxLoopOperands>& loop, int operand) {
  std::int64_t total = 0;
  for (int d = 0; d < loop.shape.size(); ++d) total += (loop.shape[d] - 1) * magnitude(loop.strides[operand][d]);
  return total;
}

// Whether every index and offset of the reduction fits 32-bit arithmetic.
bool needs_wide_indexing(const ReductionLoops& loops, std::int64_t chunks) {
  constexpr std::int64_t kLimit = std::numeric_limits<std::int32_t>::max();
  if (loops.kept.size > kLimit / std::max<std::int64_t>(chunks, 1) || loops.reduced.size > kLimit) return true;
  for (int k = 0; k < kMaxLoopOperands; ++k) {
    if (reach(loops.kept, k) + reach(loops.reduced, k) > kLimit) return true;
  }
  return false;
}

std::int64_t device_filling_blocks(int multiprocessors) { return kBlocksPerMultiprocessor * multiprocessors; }

}  // namespace

ReductionShape reduction_shape(std::span<const Array> inputs, const std::optional<std::vector<int>>& axes,
                               bool keepdims) {
  std::vector<Dims> shapes;
  for (const Array& input : inputs) shapes.push_back(input.shape());
  ReductionShape result;
  result.shape = broadcast_shapes(shapes, "inputs");
  result.keepdims = keepdims;
  const int ndim = result.shape.size();
  result.reduced.assign(static_cast<std::size_t>(ndim), !axes.has_value());
  if (axes) {
    for (std::int64_t axis : normalize_axes(*axes, ndim, "axes")) result.reduced[static_cast<std::size_t>(axis)] = true;
  }
  result.output_count = 1;
  result.reduced_count = 1;
  for (int d = 0; d < ndim; ++d) {
    if (result.reduced[static_cast<std::size_t>(d)]) {
      result.reduced_count *= result.shape[d];
      if (keepdims) result.output_shape.push_back(1);
    } else {
      result.output_count *= result.shape[d];
      result.output_shape.push_back(result.shape[d]);
    }
  }
  return result;
}

ReductionLoops reduction_loops(const ReductionShape& reduction, std::span<const Array> inputs,
                               std::span<const Array> outputs, LoopOrder reduced_order) {
  Dims kept_shape;
  Dims reduced_shape;
  const int ndim = reduction.shape.size();
  for (int d = 0; d < ndim; ++d) {
    (reduction.reduced[static_cast<std::size_t>(d)] ? reduced_shape : kept_shape).push_back(reduction.shape[d]);
  }
  std::array<Dims, kMaxLoopOperands> kept_strides{};
  std::array<Dims, kMaxLoopOperands> reduced_strides{};
  for (int k = 0; k < kMaxLoopOperands; ++k) {
    kept_strides[k] = Dims::filled(kept_shape.size(), 0);
    reduced_strides[k] = Dims::filled(reduced_shape.size(), 0);
  }
  int operand = 0;
  for (const Array& input : inputs) {
    const Dims strides = broadcast_strides(input.shape(), input.strides(), reduction.shape);
    int kept = 0;
    int reduced = 0;
    for (int d = 0; d < ndim; ++d) {
      if (reduction.reduced[static_cast<std::size_t>(d)]) {
        reduced_strides[operand][reduced++] = strides[d];
      } else {
        kept_strides[operand][kept++] = strides[d];
      }
    }
    ++operand;
  }
  for (const Array& output : outputs) {
    int kept = 0;
    for (int d = 0; d < output.ndim(); ++d) {
      if (!reduction.keepdims || !reduction.reduced[static_cast<std::size_t>(d)]) {
        kept_strides[operand][kept++] = output.strides()[d];
      }
    }
    ++operand;
  }
  return {collapse_loop<kMaxLoopOperands>(kept_shape, kept_strides),
          collapse_loop<kMaxLoopOperands>(reduced_shape, reduced_strides, reduced_order)};
}

namespace {

// The depth of unsplit column blocks of kColumnWidth outputs, deeper than kThreads allows; 0
// where the column blocks are too few to cover the device or too many for deep blocks to fit.
unsigned deep_column_depth(std::int64_t column_blocks, int multiprocessors) {
  if (column_blocks < multiprocessors - multiprocessors / 8) return 0;
  const std::int64_t blocks_per_multiprocessor = (column_blocks + multiprocessors - 1) / multiprocessors;
  const auto depth = static_cast<unsigned>(
      std::bit_floor(static_cast<std::uint64_t>(kDeepThreadsPerMultiprocessor / kColumnWidth / blocks_per_multiprocessor)));
  return depth > kThreads / kColumnWidth ? depth : 0;
}

}  // namespace

ReductionLaunch plan_reduction_launch(const ReductionLoops& loops, int multiprocessors, bool deep_blocks,
                                      int vector_width) {
  ReductionLaunch launch;
  const std::int64_t outputs = loops.kept.size;
  const std::int64_t reduced = std::max<std::int64_t>(loops.reduced.size / vector_width, 1);
  const bool along_outputs = innermost_unit_stride(loops.kept) && !innermost_unit_stride(loops.reduced);
  const std::int64_t wanted_blocks = device_filling_blocks(multiprocessors);
  if (along_outputs && deep_blocks) {
    const std::int64_t column_blocks = (outputs + kColumnWidth - 1) / kColumnWidth;
    if (const unsigned depth = deep_column_depth(column_blocks, multiprocessors)) {
      launch.block = dim3(kColumnWidth, depth, 1);
      launch.grid = dim3(static_cast<unsigned>(column_blocks), 1, 1);
      launch.wide = needs_wide_indexing(loops, 1);
      return launch;
    }
  }
  const unsigned threads = !along_outputs && outputs >= wanted_blocks ? kRowThreads : kThreads;
  const unsigned depth = along_outputs ? kThreads / kColumnWidth : power_of_two_at_least(reduced, threads);
  const unsigned width = threads / depth;
  launch.block = dim3(width, depth, 1);
  const std::int64_t column_blocks = (outputs + width - 1) / width;
  if (column_blocks < wanted_blocks) {
    const std::int64_t worth_splitting = reduced / (std::int64_t{depth} * kMinElementsPerThread);
    launch.chunks = std::clamp<std::int64_t>(std::min(wanted_blocks / column_blocks, worth_splitting), 1, 65535);
  }
  launch.grid = dim3(static_cast<unsigned>(column_blocks), static_cast<unsigned>(launch.chunks), 1);
  launch.wide = needs_wide_indexing(loops, launch.chunks);
  return launch;
}

// A launch splits only while its column blocks are fewer than this.
std::int64_t split_column_blocks_bound(int multiprocessors) { return device_filling_blocks(multiprocessors); }

ReductionLaunch plan_combine_launch(std::int64_t output_count, std::int64_t chunks) {
  ReductionLaunch launch;
  const unsigned depth = power_of_two_at_least(chunks, kThreads);
  const unsigned width = kThreads / depth;
  launch.block = dim3(width, depth, 1);
  launch.grid = dim3(static_cast<unsigned>((output_count + width - 1) / width), 1, 1);
  return launch;
}

}  // namespace garray
