// The pinned host pool through the C API.
#include "memory_test.hpp"

#include <cstring>

namespace {

constexpr size_t MiB = size_t{1} << 20;

ga_memory_stats_t pinned_stats() {
  ga_memory_stats_t stats = {sizeof(stats)};
  EXPECT_EQ(ga_pinned_pool_stats(&stats), GA_OK) << ga_last_error();
  return stats;
}

using PinnedPoolTest = GpuTest;

TEST_F(PinnedPoolTest, PinnedMemoryCarriesAnAsynchronousRoundTrip) {
  ga_stream_t stream = nullptr;
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &stream));
  const size_t bytes = 3 * MiB + 100;
  unsigned char* source = nullptr;
  unsigned char* destination = nullptr;
  GA_ASSERT_OK(ga_pinned_allocate(bytes, reinterpret_cast<void**>(&source)));
  GA_ASSERT_OK(ga_pinned_allocate(bytes, reinterpret_cast<void**>(&destination)));
  cudaPointerAttributes attributes{};
  ASSERT_EQ(cudaPointerGetAttributes(&attributes, source), cudaSuccess);
  EXPECT_EQ(attributes.type, cudaMemoryTypeHost);

  for (size_t i = 0; i < bytes; ++i) source[i] = static_cast<unsigned char>(i * 7);
  void* device = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(bytes, stream, &device));
  const cudaStream_t native = native_of(stream);
  ASSERT_EQ(cudaMemcpyAsync(device, source, bytes, cudaMemcpyHostToDevice, native), cudaSuccess);
  ASSERT_EQ(cudaMemcpyAsync(destination, device, bytes, cudaMemcpyDeviceToHost, native),
            cudaSuccess);
  GA_ASSERT_OK(ga_pinned_free(source, stream));  // safe: reuse waits for the copy out of it
  GA_ASSERT_OK(ga_stream_synchronize(stream));
  EXPECT_EQ(std::memcmp(destination, source, bytes), 0);

  GA_ASSERT_OK(ga_pinned_free(destination, stream));
  GA_ASSERT_OK(ga_memory_free(device, stream));
  GA_ASSERT_OK(ga_stream_release(stream));
}

TEST_F(PinnedPoolTest, FreedBlockIsReusedOnceTheStreamHasPassedTheFree) {
  GA_ASSERT_OK(ga_device_synchronize());
  GA_ASSERT_OK(ga_pinned_pool_free_all_blocks());
  void* first = nullptr;
  GA_ASSERT_OK(ga_pinned_allocate(2 * MiB, &first));  // a whole segment, so nothing else is cached
  GA_ASSERT_OK(ga_pinned_free(first, nullptr));
  GA_ASSERT_OK(ga_stream_synchronize(nullptr));
  void* again = nullptr;
  GA_ASSERT_OK(ga_pinned_allocate(2 * MiB, &again));
  EXPECT_EQ(again, first);
  GA_ASSERT_OK(ga_pinned_free(again, nullptr));
}

TEST_F(PinnedPoolTest, StatisticsAndFreeAllBlocks) {
  GA_ASSERT_OK(ga_device_synchronize());
  GA_ASSERT_OK(ga_pinned_pool_free_all_blocks());
  const ga_memory_stats_t before = pinned_stats();
  void* block = nullptr;
  GA_ASSERT_OK(ga_pinned_allocate(1000, &block));
  ga_memory_stats_t stats = pinned_stats();
  EXPECT_EQ(stats.used_bytes - before.used_bytes, 1024u);
  EXPECT_EQ(stats.allocations - before.allocations, 1u);
  EXPECT_GE(stats.total_bytes, stats.used_bytes);
  GA_ASSERT_OK(ga_pinned_free(block, nullptr));
  GA_ASSERT_OK(ga_pinned_pool_free_all_blocks());
  stats = pinned_stats();
  EXPECT_EQ(stats.used_bytes, before.used_bytes);
  EXPECT_EQ(stats.cached_bytes, before.cached_bytes);
}

TEST_F(PinnedPoolTest, BadArgumentsAreRefused) {
  void* block = &block;
  GA_ASSERT_OK(ga_pinned_allocate(0, &block));
  EXPECT_EQ(block, nullptr);
  GA_ASSERT_OK(ga_pinned_free(nullptr, nullptr));
  GA_EXPECT_STATUS(ga_pinned_allocate(16, nullptr), GA_ERROR_INVALID_ARGUMENT);
  int local = 0;
  GA_EXPECT_STATUS(ga_pinned_free(&local, nullptr), GA_ERROR_INVALID_ARGUMENT);
  void* device = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(16, nullptr, &device));
  GA_EXPECT_STATUS(ga_pinned_free(device, nullptr), GA_ERROR_INVALID_ARGUMENT);  // device memory
  GA_ASSERT_OK(ga_memory_free(device, nullptr));
  GA_EXPECT_STATUS(ga_pinned_pool_stats(nullptr), GA_ERROR_INVALID_ARGUMENT);
  ga_memory_stats_t stats = {1};
  GA_EXPECT_STATUS(ga_pinned_pool_stats(&stats), GA_ERROR_INVALID_ARGUMENT);

  ga_stream_t released = nullptr;
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_DEFAULT, 0, &released));
  GA_ASSERT_OK(ga_pinned_allocate(16, &block));
  GA_ASSERT_OK(ga_stream_release(released));
  GA_EXPECT_STATUS(ga_pinned_free(block, released), GA_ERROR_INVALID_HANDLE);
  GA_ASSERT_OK(ga_pinned_free(block, nullptr));
}

}  // namespace
