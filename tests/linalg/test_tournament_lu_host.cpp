// The tournament LU's host side, without a GPU: which systems solve sends to it, and the scratch it
// asks for.
#include "expect_error.hpp"

#include "core/linalg/tournament_lu.hpp"

#include <gtest/gtest.h>

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
