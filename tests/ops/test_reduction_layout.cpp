// plan_reduction_launch on the host: which column reductions split into chunks and which go
// unsplit in deep blocks, and the bound that the arrival counters of a split launch rely on (its
// grid.x stays below split_column_blocks_bound, the number of counters a stream holds).
#include "core/ops/reduction_layout.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>

namespace {

using garray::Dims;
using garray::ReductionLaunch;
using garray::ReductionLoops;

// A reduction of a C-order rows x columns array with one output, along `axis` (0: down the
// columns, each output a column; 1: along the rows).
ReductionLoops loops_of(std::int64_t rows, std::int64_t columns, int axis) {
  ReductionLoops loops;
  for (auto& strides : loops.kept.strides) strides = Dims::filled(1, 0);
  for (auto& strides : loops.reduced.strides) strides = Dims::filled(1, 0);
  const std::int64_t kept = axis == 0 ? columns : rows;
  const std::int64_t reduced = axis == 0 ? rows : columns;
  loops.kept.shape = Dims{kept};
  loops.kept.size = kept;
  loops.kept.strides[0] = Dims{axis == 0 ? 1 : columns};  // the input
  loops.kept.strides[1] = Dims{1};                         // the output
  loops.reduced.shape = Dims{reduced};
  loops.reduced.size = reduced;
  loops.reduced.strides[0] = Dims{axis == 0 ? columns : 1};
  return loops;
}

// An unsplit launch of `blocks` blocks of width x depth threads.
void expect_unsplit(const ReductionLaunch& launch, unsigned blocks, unsigned width, unsigned depth) {
  EXPECT_EQ(launch.chunks, 1);
  EXPECT_EQ(launch.grid.x, blocks);
  EXPECT_EQ(launch.grid.y, 1u);
  EXPECT_EQ(launch.block.x, width);
  EXPECT_EQ(launch.block.y, depth);
}

}  // namespace

TEST(ReductionLayout, ColumnsCoveringTheDeviceGoUnsplitInDeepBlocks) {
  expect_unsplit(garray::plan_reduction_launch(loops_of(4096, 4096, 0), 132, true), 128, 32, 32);

  const ReductionLaunch two_per_multiprocessor = garray::plan_reduction_launch(loops_of(2048, 8192, 0), 132, true);
  EXPECT_EQ(two_per_multiprocessor.chunks, 1);
  EXPECT_EQ(two_per_multiprocessor.block.y, 16u);

  const ReductionLaunch shallow = garray::plan_reduction_launch(loops_of(4096, 4096, 0), 132, false);
  EXPECT_EQ(shallow.block.y, 8u);
  EXPECT_EQ(shallow.chunks, 8);
}

TEST(ReductionLayout, RowsEnoughToFillTheDeviceTakeABlockOf256ThreadsEach) {
  expect_unsplit(garray::plan_reduction_launch(loops_of(4096, 4096, 1), 132, true), 4096, 1, 256);
  // Short rows take as many threads as they have elements (a power of two), several rows a block.
  expect_unsplit(garray::plan_reduction_launch(loops_of(4096, 50, 1), 132, true), 1024, 4, 64);
  // Loaded as vectors of four, rows of 4096 count as 1024.
  expect_unsplit(garray::plan_reduction_launch(loops_of(4096, 4096, 1), 132, true, 4), 4096, 1, 256);
  expect_unsplit(garray::plan_reduction_launch(loops_of(4096, 200, 1), 132, true, 4), 4096 / 4, 4, 64);
}

TEST(ReductionLayout, FewOrManyColumnsKeepTheSplitPlan) {
  for (const std::int64_t columns : {std::int64_t{64}, std::int64_t{3000}, std::int64_t{12000}}) {
    EXPECT_EQ(garray::plan_reduction_launch(loops_of(4096, columns, 0), 132, true).block.y, 8u) << columns;
    EXPECT_GT(garray::plan_reduction_launch(loops_of(4096, columns, 0), 132, true).chunks, 1) << columns;
  }
}

TEST(ReductionLayout, SplitLaunchesStayWithinTheArrivalCounters) {
  for (const int multiprocessors : {1, 16, 80, 108, 132, 144}) {
    for (const std::int64_t rows : {1, 7, 100, 4096, 100000}) {
      for (const std::int64_t columns : {1, 31, 32, 33, 1000, 3700, 4096, 8192, 40000}) {
        for (const int axis : {0, 1}) {
          for (const bool deep : {false, true}) {
            const ReductionLaunch launch =
                garray::plan_reduction_launch(loops_of(rows, columns, axis), multiprocessors, deep);
            SCOPED_TRACE(testing::Message() << multiprocessors << " multiprocessors, " << rows << " x " << columns
                                            << " along " << axis << (deep ? ", deep" : ""));
            EXPECT_EQ(static_cast<std::int64_t>(launch.grid.y), launch.chunks);
            EXPECT_TRUE(std::has_single_bit(launch.block.y));
            EXPECT_LE(launch.block.x * launch.block.y, deep ? 1024u : 256u);
            if (launch.chunks > 1) {
              EXPECT_LT(static_cast<std::int64_t>(launch.grid.x), garray::split_column_blocks_bound(multiprocessors));
            }
          }
        }
      }
    }
  }
}
