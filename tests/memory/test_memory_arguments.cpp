// Every device memory entry point refuses bad input with the right status and changes nothing.
#include "memory_test.hpp"

#include <string>

namespace {

using MemoryArgumentTest = DevicePoolTest;

TEST_F(MemoryArgumentTest, NullOutPointersAreRefused) {
  GA_EXPECT_STATUS(ga_memory_allocate(16, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("ptr"), std::string::npos) << ga_last_error();
  GA_EXPECT_STATUS(ga_memory_pool_stats(0, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_memory_pool_get_limit(0, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_memory_pool_get_backend(0, nullptr), GA_ERROR_INVALID_ARGUMENT);
  ga_memory_stats_t stats = {2};
  GA_EXPECT_STATUS(ga_memory_pool_stats(0, &stats), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("struct_size"), std::string::npos) << ga_last_error();
}

TEST_F(MemoryArgumentTest, ReleasedStreamIsAnInvalidHandle) {
  ga_stream_t stream = nullptr;
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &stream));
  void* block = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(16, stream, &block));
  GA_ASSERT_OK(ga_stream_release(stream));
  void* untouched = &untouched;
  GA_EXPECT_STATUS(ga_memory_allocate(16, stream, &untouched), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(untouched, &untouched);
  GA_EXPECT_STATUS(ga_memory_free(block, stream), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(device_pool_stats().allocations, 1u) << "the block is still in use";
  GA_ASSERT_OK(ga_memory_free(block, nullptr));
}

TEST_F(MemoryArgumentTest, BadDeviceOrdinalIsNoDevice) {
  for (int device : {-1, 1 << 20}) {
    ga_memory_stats_t stats = {sizeof(stats)};
    GA_EXPECT_STATUS(ga_memory_pool_stats(device, &stats), GA_ERROR_NO_DEVICE);
    GA_EXPECT_STATUS(ga_memory_pool_stats(device, nullptr), GA_ERROR_INVALID_ARGUMENT);  // before the ordinal
    GA_EXPECT_STATUS(ga_memory_pool_reset_peak(device), GA_ERROR_NO_DEVICE);
    GA_EXPECT_STATUS(ga_memory_pool_free_all_blocks(device), GA_ERROR_NO_DEVICE);
    GA_EXPECT_STATUS(ga_memory_pool_set_limit(device, 0), GA_ERROR_NO_DEVICE);
    size_t limit = 7;
    GA_EXPECT_STATUS(ga_memory_pool_get_limit(device, &limit), GA_ERROR_NO_DEVICE);
    EXPECT_EQ(limit, 7u);
    GA_EXPECT_STATUS(ga_memory_pool_set_backend(device, GA_MEMORY_BACKEND_POOL),
                     GA_ERROR_NO_DEVICE);
    ga_memory_backend_t backend = GA_MEMORY_BACKEND_CUSTOM;
    GA_EXPECT_STATUS(ga_memory_pool_get_backend(device, &backend), GA_ERROR_NO_DEVICE);
    EXPECT_EQ(backend, GA_MEMORY_BACKEND_CUSTOM);
    GA_EXPECT_STATUS(ga_memory_set_allocator(device, nullptr), GA_ERROR_NO_DEVICE);
  }
}

TEST_F(MemoryArgumentTest, BadBackendValueIsRefused) {
  GA_EXPECT_STATUS(ga_memory_pool_set_backend(0, static_cast<ga_memory_backend_t>(-1)),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_memory_pool_set_backend(0, static_cast<ga_memory_backend_t>(3)),
                   GA_ERROR_INVALID_ARGUMENT);
}

TEST_F(MemoryArgumentTest, UnknownOrTwiceFreedPointerIsRefusedAndChangesNothing) {
  void* block = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(4096, nullptr, &block));
  const ga_memory_stats_t before = device_pool_stats();
  int local = 0;
  GA_EXPECT_STATUS(ga_memory_free(&local, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("ga_memory_allocate"), std::string::npos)
      << ga_last_error();
  GA_EXPECT_STATUS(ga_memory_free(static_cast<char*>(block) + 512, nullptr),
                   GA_ERROR_INVALID_ARGUMENT);
  void* pinned = nullptr;
  GA_ASSERT_OK(ga_pinned_allocate(64, &pinned));
  GA_EXPECT_STATUS(ga_memory_free(pinned, nullptr), GA_ERROR_INVALID_ARGUMENT);  // pinned memory
  GA_ASSERT_OK(ga_pinned_free(pinned, nullptr));
  const ga_memory_stats_t after = device_pool_stats();
  EXPECT_EQ(after.used_bytes, before.used_bytes);
  EXPECT_EQ(after.allocations, before.allocations);
  GA_ASSERT_OK(ga_memory_free(block, nullptr));
  GA_EXPECT_STATUS(ga_memory_free(block, nullptr), GA_ERROR_INVALID_ARGUMENT);
}

}  // namespace
