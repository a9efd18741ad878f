// The row-major LUs' host side (tournament_lu.hpp, panel_lu.hpp), without a GPU: which systems solve sends to them,
// and the scratch they ask for; with one, which devices take the cluster-panel LU.
#include "expect_error.hpp"
#include "gpu_test.hpp"

#include "core/linalg/panel_lu.hpp"
#include "core/linalg/tournament_lu.hpp"
#include "core/runtime/device.hpp"

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>

namespace lu = garray::tournament_lu;

TEST(TournamentLu, TakesLargeRealSystemsOnly) {
  for (ga_dtype_t dtype : {GA_FLOAT32, GA_FLOAT64}) {
    EXPECT_TRUE(lu::prefers(dtype, 512));
    EXPECT_TRUE(lu::prefers(dtype, 4097));
    EXPECT_FALSE(lu::prefers(dtype, 511));
    EXPECT_FALSE(lu::prefers(dtype, 0));
  }
  for (ga_dtype_t dtype : {GA_COMPLEX64, GA_COMPLEX128, GA_FLOAT16, GA_INT32}) EXPECT_FALSE(lu::prefers(dtype, 4096));
}

TEST(TournamentLu, ScratchHoldsTheRoundsAndTheDiagonalBlock) {
  // float32: panels of 64 columns, 8 groups of 512 rows at 4096; float64: panels of 32.
  EXPECT_GE(lu::workspace_bytes(GA_FLOAT32, 4096), sizeof(int) * 2 * 8 * 64 + sizeof(float) * 64 * 64);
  EXPECT_GE(lu::workspace_bytes(GA_FLOAT64, 4096), sizeof(int) * 2 * 8 * 32 + sizeof(double) * 32 * 32);
  EXPECT_GT(lu::workspace_bytes(GA_FLOAT32, 8192), lu::workspace_bytes(GA_FLOAT32, 4096));
  expect_error_containing(GA_ERROR_INTERNAL, "tournament LU", [] { lu::workspace_bytes(GA_COMPLEX64, 4096); });
}

// The cluster-panel LU: float32 of order 512 to 4096 only (the device's clusters are asked about last), a panel's
// moves and L11 kept for each panel.
TEST(PanelLu, TakesFloat32UpToTheRowsAClusterHolds) {
  for (ga_dtype_t dtype : {GA_FLOAT64, GA_COMPLEX64, GA_FLOAT16, GA_INT32})
    EXPECT_FALSE(garray::panel_lu::prefers(dtype, 1024, 0));
  EXPECT_FALSE(garray::panel_lu::prefers(GA_FLOAT32, 511, 0));
  EXPECT_FALSE(garray::panel_lu::prefers(GA_FLOAT32, 4097, 0));
}

using PanelLuDevice = GpuTest;

// Its orders exactly on devices with thread-block clusters (compute capability 9.0 and newer), asked on every call
// and answered from a cache.
TEST_F(PanelLuDevice, TakesItsOrdersWhereTheDeviceHasClusters) {
  int major = 0;
  ASSERT_EQ(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0), cudaSuccess);
  for (int call = 0; call < 2; ++call) {
    EXPECT_EQ(garray::has_thread_block_clusters(0), major >= 9);
    EXPECT_EQ(garray::panel_lu::prefers(GA_FLOAT32, 512, 0), major >= 9);
    EXPECT_EQ(garray::panel_lu::prefers(GA_FLOAT32, 4096, 0), major >= 9);
  }
}

// Every panel's moves and L11, the staged panel, the multipliers a panel hands its next columns (two, for panels of
// either parity: 4096 rows of 64 and L11's rows each), and a word a panel for its bulk and for its staged rows.
TEST(PanelLu, ScratchHoldsEveryPanelsMovesTheStagedPanelAndTheHandOffs) {
  constexpr std::size_t kPanels = 64, kWidth = 64, kOrder = 4096;
  const std::size_t moves = kPanels * (sizeof(int) * 2 * kWidth + sizeof(float) * kWidth * kWidth);
  const std::size_t staged = sizeof(float) * kOrder * kWidth;
  const std::size_t hand_offs = 2 * sizeof(float) * (kOrder * kWidth + kWidth * kWidth);
  const std::size_t words = 2 * kPanels * sizeof(int);
  EXPECT_GE(garray::panel_lu::workspace_bytes(kOrder), moves + staged + hand_offs + words);
  EXPECT_EQ(garray::panel_lu::workspace_bytes(kOrder - 63), garray::panel_lu::workspace_bytes(kOrder));
  EXPECT_GT(garray::panel_lu::workspace_bytes(kOrder), garray::panel_lu::workspace_bytes(kOrder - 64));
}

// A solve's scratch adds to the factorization's the spare right-hand side (n floats) and the upper substitution's
// published words (one 64-bit word a row for its one right-hand side).
TEST(PanelLu, SolveScratchAddsTheSpareRightHandSideAndTheUpperWords) {
  for (std::int64_t n : {512, 1100, 4096}) {
    const std::size_t rows = static_cast<std::size_t>(n);
    EXPECT_GE(garray::panel_lu::solve_workspace_bytes(n),
              garray::panel_lu::workspace_bytes(n) + rows * sizeof(float) + rows * sizeof(unsigned long long))
        << "n = " << n;
  }
}
