// On a machine without a GPU every memory call answers GA_ERROR_NO_DEVICE and leaves outputs alone.
#include "gpu_test.hpp"

#include <string>

namespace {

class MemoryNoDeviceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (gpu_available()) GTEST_SKIP() << "a CUDA device is present; these tests need its absence";
  }
};

TEST_F(MemoryNoDeviceTest, DeviceMemoryCallsReturnNoDevice) {
  void* block = &block;
  GA_EXPECT_STATUS(ga_memory_allocate(16, nullptr, &block), GA_ERROR_NO_DEVICE);
  EXPECT_EQ(block, &block);
  EXPECT_NE(std::string(ga_last_error()).find("no CUDA device"), std::string::npos)
      << ga_last_error();
  GA_EXPECT_STATUS(ga_memory_allocate(0, nullptr, &block), GA_ERROR_NO_DEVICE);
  GA_EXPECT_STATUS(ga_memory_free(block, nullptr), GA_ERROR_NO_DEVICE);
  GA_EXPECT_STATUS(ga_memory_free(nullptr, nullptr), GA_ERROR_NO_DEVICE);
  ga_memory_stats_t stats = {sizeof(stats)};
  stats.used_bytes = 99;
  GA_EXPECT_STATUS(ga_memory_pool_stats(0, &stats), GA_ERROR_NO_DEVICE);
  EXPECT_EQ(stats.used_bytes, 99u);
  // The struct is checked before the device: a NULL or too small one is the caller's error.
  GA_EXPECT_STATUS(ga_memory_pool_stats(0, nullptr), GA_ERROR_INVALID_ARGUMENT);
  ga_memory_stats_t small = {2};
  GA_EXPECT_STATUS(ga_memory_pool_stats(0, &small), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("struct_size"), std::string::npos) << ga_last_error();
  GA_EXPECT_STATUS(ga_memory_pool_reset_peak(0), GA_ERROR_NO_DEVICE);
  GA_EXPECT_STATUS(ga_memory_pool_free_all_blocks(0), GA_ERROR_NO_DEVICE);
  GA_EXPECT_STATUS(ga_memory_pool_set_limit(0, 1 << 20), GA_ERROR_NO_DEVICE);
  size_t limit = 7;
  GA_EXPECT_STATUS(ga_memory_pool_get_limit(0, &limit), GA_ERROR_NO_DEVICE);
  EXPECT_EQ(limit, 7u);
  GA_EXPECT_STATUS(ga_memory_pool_set_backend(0, GA_MEMORY_BACKEND_ASYNC), GA_ERROR_NO_DEVICE);
  ga_memory_backend_t backend = GA_MEMORY_BACKEND_CUSTOM;
  GA_EXPECT_STATUS(ga_memory_pool_get_backend(0, &backend), GA_ERROR_NO_DEVICE);
  EXPECT_EQ(backend, GA_MEMORY_BACKEND_CUSTOM);
  GA_EXPECT_STATUS(ga_memory_set_allocator(0, nullptr), GA_ERROR_NO_DEVICE);
}

TEST_F(MemoryNoDeviceTest, PinnedMemoryCallsReturnNoDevice) {
  void* block = &block;
  GA_EXPECT_STATUS(ga_pinned_allocate(16, &block), GA_ERROR_NO_DEVICE);
  EXPECT_EQ(block, &block);
  GA_EXPECT_STATUS(ga_pinned_free(block, nullptr), GA_ERROR_NO_DEVICE);
  ga_memory_stats_t stats = {sizeof(stats)};
  stats.cached_bytes = 99;
  GA_EXPECT_STATUS(ga_pinned_pool_stats(&stats), GA_ERROR_NO_DEVICE);
  EXPECT_EQ(stats.cached_bytes, 99u);
  GA_EXPECT_STATUS(ga_pinned_pool_stats(nullptr), GA_ERROR_INVALID_ARGUMENT);
  ga_memory_stats_t small = {2};
  GA_EXPECT_STATUS(ga_pinned_pool_stats(&small), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_pinned_pool_free_all_blocks(), GA_ERROR_NO_DEVICE);
}

}  // namespace
