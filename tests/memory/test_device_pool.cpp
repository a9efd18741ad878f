// The device pool through the C API: allocation, statistics, stream-ordered reuse, running out,
// limits, returning the cache, threads.
#include "memory_test.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <thread>
#include <vector>

namespace {

constexpr size_t MiB = size_t{1} << 20;

TEST_F(DevicePoolTest, AllocatedMemoryCanBeWrittenAndRead) {
  void* block = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(3 * MiB + 7, nullptr, &block));
  ASSERT_NE(block, nullptr);
  cudaPointerAttributes attributes{};
  ASSERT_EQ(cudaPointerGetAttributes(&attributes, block), cudaSuccess);
  EXPECT_EQ(attributes.type, cudaMemoryTypeDevice);
  EXPECT_EQ(attributes.device, 0);
  EXPECT_TRUE(round_trips(block, 3 * MiB + 7, 0xC3, nullptr));
  GA_ASSERT_OK(ga_memory_free(block, nullptr));
}

TEST_F(DevicePoolTest, StatisticsFollowUseAndPeakResets) {
  GA_ASSERT_OK(ga_memory_pool_reset_peak(0));
  const ga_memory_stats_t before = device_pool_stats();
  EXPECT_EQ(before.peak_used_bytes, 0u);
  void* small = nullptr;
  void* large = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(1000, nullptr, &small));
  GA_ASSERT_OK(ga_memory_allocate(3 * MiB, nullptr, &large));
  ga_memory_stats_t stats = device_pool_stats();
  EXPECT_EQ(stats.used_bytes, 1024 + 3 * MiB);
  EXPECT_EQ(stats.total_bytes, 2 * MiB + 4 * MiB);
  EXPECT_EQ(stats.cached_bytes, stats.total_bytes - stats.used_bytes);
  EXPECT_EQ(stats.allocations, 2u);
  EXPECT_EQ(stats.allocations_total - before.allocations_total, 2u);
  EXPECT_EQ(stats.upstream_allocations - before.upstream_allocations, 2u);
  EXPECT_EQ(stats.limit_bytes, 0u);

  GA_ASSERT_OK(ga_memory_free(large, nullptr));
  stats = device_pool_stats();
  EXPECT_EQ(stats.used_bytes, 1024u);
  EXPECT_EQ(stats.peak_used_bytes, 1024 + 3 * MiB);
  GA_ASSERT_OK(ga_memory_pool_reset_peak(0));
  EXPECT_EQ(device_pool_stats().peak_used_bytes, 1024u);
  GA_ASSERT_OK(ga_memory_free(small, nullptr));
}

TEST_F(DevicePoolTest, OlderSmallerStatsStructIsFilledOnlyAsFarAsItReaches) {
  ga_memory_stats_t stats;
  std::memset(&stats, 0xAB, sizeof(stats));
  stats.struct_size = offsetof(ga_memory_stats_t, cached_bytes);
  GA_ASSERT_OK(ga_memory_pool_stats(0, &stats));
  EXPECT_EQ(stats.used_bytes, 0u);
  unsigned char untouched = 0;
  std::memcpy(&untouched, &stats.cached_bytes, 1);
  EXPECT_EQ(untouched, 0xAB);
}

TEST_F(DevicePoolTest, ZeroBytesGivesNull) {
  void* block = &block;
  GA_ASSERT_OK(ga_memory_allocate(0, nullptr, &block));
  EXPECT_EQ(block, nullptr);
  GA_ASSERT_OK(ga_memory_free(nullptr, nullptr));
}

TEST_F(DevicePoolTest, BlockFreedOnAStreamIsReusedByThatStreamWithoutDriverCalls) {
  ga_stream_t stream = nullptr;
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &stream));
  void* block = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(4 * MiB, stream, &block));
  const uint64_t upstream_before = device_pool_stats().upstream_allocations;
  for (int round = 0; round < 50; ++round) {
    ASSERT_EQ(cudaMemsetAsync(block, round, 4 * MiB, native_of(stream)), cudaSuccess);
    GA_ASSERT_OK(ga_memory_free(block, stream));
    void* again = nullptr;
    GA_ASSERT_OK(ga_memory_allocate(4 * MiB, stream, &again));
    ASSERT_EQ(again, block);
  }
  EXPECT_EQ(device_pool_stats().upstream_allocations, upstream_before);
  GA_ASSERT_OK(ga_memory_free(block, stream));
  GA_ASSERT_OK(ga_stream_release(stream));
}

TEST_F(DevicePoolTest, AnotherStreamGetsTheBlockOnlyAfterTheFreeingStreamHasPassedTheFree) {
  ga_stream_t producer = nullptr, consumer = nullptr;
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &producer));
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &consumer));
  const size_t bytes = 64 * MiB;
  void* block = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(bytes, producer, &block));
  for (int pass = 0; pass < 20; ++pass) {  // keeps the producer busy for a while
    ASSERT_EQ(cudaMemsetAsync(block, pass, bytes, native_of(producer)), cudaSuccess);
  }
  GA_ASSERT_OK(ga_memory_free(block, producer));

  void* first = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(bytes, consumer, &first));
  EXPECT_NE(first, block) << "the consumer got a block the producer may still be writing";
  EXPECT_TRUE(round_trips(first, bytes, 0x11, native_of(consumer)));

  GA_ASSERT_OK(ga_stream_synchronize(producer));
  void* second = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(bytes, consumer, &second));
  EXPECT_EQ(second, block) << "once the producer has passed the free, the block is everyone's";
  EXPECT_TRUE(round_trips(second, bytes, 0x22, native_of(consumer)));

  GA_ASSERT_OK(ga_memory_free(first, consumer));
  GA_ASSERT_OK(ga_memory_free(second, consumer));
  GA_ASSERT_OK(ga_stream_release(producer));
  GA_ASSERT_OK(ga_stream_release(consumer));
}

TEST_F(DevicePoolTest, StreamReleasedWhileItsFreedBlocksWaitStaysUsableByThePool) {
  ga_stream_t stream = nullptr;
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &stream));
  void* block = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(8 * MiB, stream, &block));
  ASSERT_EQ(cudaMemsetAsync(block, 1, 8 * MiB, native_of(stream)), cudaSuccess);
  GA_ASSERT_OK(ga_memory_free(block, stream));
  GA_ASSERT_OK(ga_stream_release(stream));  // the pool still holds the stream for the block

  void* other = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(8 * MiB, nullptr, &other));  // records a marker on that stream
  GA_ASSERT_OK(ga_device_synchronize());
  void* reused = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(8 * MiB, nullptr, &reused));
  EXPECT_EQ(reused, block);
  GA_ASSERT_OK(ga_memory_free(other, nullptr));
  GA_ASSERT_OK(ga_memory_free(reused, nullptr));
}

TEST_F(DevicePoolTest, WrappedStreamMayBeDestroyedRightAfterTheFree) {
  cudaStream_t external = nullptr;
  ASSERT_EQ(cudaStreamCreateWithFlags(&external, cudaStreamNonBlocking), cudaSuccess);
  ga_stream_t wrapped = nullptr;
  GA_ASSERT_OK(ga_stream_wrap(external, 0, &wrapped));
  void* block = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(8 * MiB, wrapped, &block));
  ASSERT_EQ(cudaMemsetAsync(block, 1, 8 * MiB, external), cudaSuccess);
  GA_ASSERT_OK(ga_memory_free(block, wrapped));
  GA_ASSERT_OK(ga_stream_release(wrapped));
  ASSERT_EQ(cudaStreamSynchronize(external), cudaSuccess);
  ASSERT_EQ(cudaStreamDestroy(external), cudaSuccess);

  void* reused = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(8 * MiB, nullptr, &reused));
  EXPECT_EQ(reused, block) << "the marker recorded at the free has passed";
  GA_ASSERT_OK(ga_memory_free(reused, nullptr));
}

TEST_F(DevicePoolTest, MoreThanTheDeviceHoldsIsOutOfMemoryAndThePoolKeepsWorking) {
  ga_device_properties_t properties = {sizeof(properties)};
  GA_ASSERT_OK(ga_device_get_properties(0, &properties));
  void* cached = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(16 * MiB, nullptr, &cached));
  GA_ASSERT_OK(ga_memory_free(cached, nullptr));

  void* block = &block;
  GA_EXPECT_STATUS(ga_memory_allocate(2 * properties.total_memory, nullptr, &block),
                   GA_ERROR_OUT_OF_MEMORY);
  EXPECT_EQ(block, &block) << "the out-parameter was written on failure";
  const std::string message = ga_last_error();
  EXPECT_NE(message.find(std::to_string(2 * properties.total_memory)), std::string::npos)
      << message;
  EXPECT_NE(message.find("in use"), std::string::npos) << message;
  EXPECT_NE(message.find("cached"), std::string::npos) << message;
  EXPECT_EQ(device_pool_stats().cached_bytes, 0u) << "the cache was returned before giving up";

  GA_EXPECT_STATUS(ga_memory_allocate(std::numeric_limits<size_t>::max(), nullptr, &block),
                   GA_ERROR_OUT_OF_MEMORY);
  GA_ASSERT_OK(ga_memory_allocate(MiB, nullptr, &block));
  EXPECT_TRUE(round_trips(block, MiB, 0x5A, nullptr));
  GA_ASSERT_OK(ga_memory_free(block, nullptr));
}

TEST_F(DevicePoolTest, LimitCapsThePoolAndCanBeLiftedAgain) {
  size_t limit = 1;
  GA_ASSERT_OK(ga_memory_pool_get_limit(0, &limit));
  EXPECT_EQ(limit, 0u);
  GA_ASSERT_OK(ga_memory_pool_set_limit(0, 8 * MiB));
  GA_ASSERT_OK(ga_memory_pool_get_limit(0, &limit));
  EXPECT_EQ(limit, 8 * MiB);
  EXPECT_EQ(device_pool_stats().limit_bytes, 8 * MiB);

  void* first = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(4 * MiB, nullptr, &first));
  void* second = nullptr;
  GA_EXPECT_STATUS(ga_memory_allocate(6 * MiB, nullptr, &second), GA_ERROR_OUT_OF_MEMORY);
  EXPECT_NE(std::string(ga_last_error()).find("limit"), std::string::npos) << ga_last_error();
  GA_ASSERT_OK(ga_memory_allocate(4 * MiB, nullptr, &second));

  GA_ASSERT_OK(ga_memory_pool_set_limit(0, MiB));  // below what is in use: never fails
  GA_ASSERT_OK(ga_memory_pool_set_limit(0, 0));
  void* third = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(6 * MiB, nullptr, &third));
  for (void* block : {first, second, third}) GA_ASSERT_OK(ga_memory_free(block, nullptr));
}

TEST_F(DevicePoolTest, FreeAllBlocksReturnsTheCacheAndKeepsBlocksInUse) {
  void* kept = nullptr;
  void* freed = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(4 * MiB, nullptr, &kept));
  GA_ASSERT_OK(ga_memory_allocate(4 * MiB, nullptr, &freed));
  ASSERT_EQ(cudaMemsetAsync(kept, 0x3C, 4 * MiB, nullptr), cudaSuccess);
  GA_ASSERT_OK(ga_memory_free(freed, nullptr));
  EXPECT_EQ(device_pool_stats().cached_bytes, 4 * MiB);
  GA_ASSERT_OK(ga_memory_pool_free_all_blocks(0));
  const ga_memory_stats_t stats = device_pool_stats();
  EXPECT_EQ(stats.cached_bytes, 0u);
  EXPECT_EQ(stats.total_bytes, 4 * MiB);
  EXPECT_TRUE(round_trips(kept, 4 * MiB, 0x3C, nullptr));
  GA_ASSERT_OK(ga_memory_free(kept, nullptr));
}

TEST_F(DevicePoolTest, AllocationFollowsTheStreamsDevice) {
  int count = 0;
  GA_ASSERT_OK(ga_device_count(&count));
  if (count < 2) GTEST_SKIP() << "needs two devices";
  GA_ASSERT_OK(ga_device_set_current(1));
  ga_stream_t on_second = nullptr;
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &on_second));
  GA_ASSERT_OK(ga_device_set_current(0));
  void* block = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(MiB, on_second, &block));
  cudaPointerAttributes attributes{};
  ASSERT_EQ(cudaPointerGetAttributes(&attributes, block), cudaSuccess);
  EXPECT_EQ(attributes.device, 1);
  ga_stream_t on_first = nullptr;
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &on_first));
  GA_EXPECT_STATUS(ga_memory_free(block, on_first), GA_ERROR_INVALID_ARGUMENT);
  GA_ASSERT_OK(ga_memory_free(block, nullptr));  // the current stream of the block's device
  GA_ASSERT_OK(ga_stream_release(on_first));
  GA_ASSERT_OK(ga_stream_release(on_second));
}

TEST_F(DevicePoolTest, ManyThreadsAllocateAndFreeConcurrently) {
  constexpr int kThreads = 8;
  std::vector<std::thread> threads;
  std::vector<int> failures(kThreads, 0);
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&failures, t] {
      int& failed = failures[static_cast<size_t>(t)];
      ga_stream_t stream = nullptr;
      if (ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &stream) != GA_OK) {
        ++failed;
        return;
      }
      for (int round = 0; round < 200; ++round) {
        const size_t bytes = (round % 3 == 0 ? 2 * MiB : 4096) + static_cast<size_t>(t) * 512;
        void* block = nullptr;
        if (ga_memory_allocate(bytes, stream, &block) != GA_OK) {
          ++failed;
          continue;
        }
        if (round % 50 == 0 &&
            !round_trips(block, bytes, static_cast<unsigned char>(t), native_of(stream))) {
          ++failed;
        }
        // Now and then free on the legacy default stream, so blocks cross between streams.
        if (ga_memory_free(block, round % 7 == 0 ? nullptr : stream) != GA_OK) ++failed;
      }
      if (ga_stream_release(stream) != GA_OK) ++failed;
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(failures[static_cast<size_t>(t)], 0) << t;
}

// The example of docs/memory.md: the region between the markers, which scripts/snippets.py keeps
// equal to the page.
TEST_F(DevicePoolTest, DocumentationExample) {
  // [snippet:pool-round-trip]
  ga_stream_t stream = NULL;
  void *block = NULL;
  ga_memory_stats_t stats = {sizeof(ga_memory_stats_t)};
  if (ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &stream) != GA_OK ||
      ga_memory_allocate(1 << 20, stream, &block) != GA_OK) {
    fprintf(stderr, "%s\n", ga_last_error());
    return;
  }
  /* ... queue work that uses `block` on `stream` ... */
  ga_memory_free(block, stream);   /* `stream` may take it again at once */
  ga_memory_pool_stats(0, &stats); /* used_bytes 0, cached_bytes 2 MiB: one segment */
  ga_stream_release(stream);       /* the pool holds the stream while it holds its blocks */
  // [snippet-end]
  EXPECT_EQ(stats.used_bytes, 0u);
  EXPECT_EQ(stats.cached_bytes, 2 * MiB);
  EXPECT_NE(block, nullptr);
}

}  // namespace
