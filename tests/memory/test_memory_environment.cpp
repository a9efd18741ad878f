// GA_GPU_MEMORY_LIMIT and GA_MEMORY_BACKEND as the pools read them.
#include "core/memory/memory_environment.hpp"

#include "core/common/error.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

constexpr std::size_t kTotal = std::size_t{16} << 30;

ga_status_t status_of_limit(const char* text) {
  try {
    garray::parse_memory_limit(text, kTotal);
  } catch (const garray::Error& error) {
    EXPECT_NE(std::string(error.what()).find(text), std::string::npos) << error.what();
    return error.status();
  }
  return GA_OK;
}

TEST(MemoryEnvironment, LimitIsAByteCountOrAPercentageOfTotalMemory) {
  EXPECT_EQ(garray::parse_memory_limit("2147483648", kTotal), 2147483648u);
  EXPECT_EQ(garray::parse_memory_limit("0", kTotal), 0u);
  EXPECT_EQ(garray::parse_memory_limit("50%", kTotal), kTotal / 2);
  EXPECT_EQ(garray::parse_memory_limit("12.5%", kTotal), kTotal / 8);
  EXPECT_EQ(garray::parse_memory_limit("100%", kTotal), kTotal);
  EXPECT_EQ(garray::parse_memory_limit("0%", kTotal), 0u);
}

TEST(MemoryEnvironment, MalformedLimitIsRefusedQuotingTheText) {
  for (const char* text :
       {"", "abc", "-1", "12GB", "1e9", "150%", "-5%", "%", "5 %", " 5", "50%%"}) {
    EXPECT_EQ(status_of_limit(text), GA_ERROR_INVALID_ARGUMENT) << "'" << text << "'";
  }
}

TEST(MemoryEnvironment, BackendIsPoolOrAsync) {
  EXPECT_EQ(garray::parse_memory_backend("pool"), GA_MEMORY_BACKEND_POOL);
  EXPECT_EQ(garray::parse_memory_backend("async"), GA_MEMORY_BACKEND_ASYNC);
  for (const char* text : {"custom", "Pool", "", "cudaMallocAsync"}) {
    try {
      garray::parse_memory_backend(text);
      ADD_FAILURE() << "accepted '" << text << "'";
    } catch (const garray::Error& error) {
      EXPECT_EQ(error.status(), GA_ERROR_INVALID_ARGUMENT);
    }
  }
}

}  // namespace
