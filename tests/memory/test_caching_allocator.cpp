// The caching allocator's algorithm on host memory: rounding, best fit, splitting, merging, stream
// ordering, running out, limits, statistics and threads.
#include "core/memory/caching_allocator.hpp"

#include "core/common/error.hpp"
#include "fake_memory_resources.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

using garray::CachingAllocator;
using garray::FreeingStream;
using garray::kNoStream;
using garray::StreamId;

constexpr std::size_t KiB = 1024;
constexpr std::size_t MiB = 1024 * KiB;
constexpr StreamId kFirstStream = 1;
constexpr StreamId kSecondStream = 2;
constexpr StreamId kThirdStream = 3;

class CachingAllocatorTest : public ::testing::Test {
 protected:
  // Frees `ptr` on `stream`, which may have markers recorded on it later.
  void free_on(void* ptr, StreamId stream) {
    ASSERT_TRUE(allocator.deallocate(ptr, {stream, {}, true}));
  }

  garray::MemoryStats stats() const { return allocator.stats(); }

  // The status and message of what `body` throws; GA_OK when it throws nothing.
  template <class Body>
  static std::pair<ga_status_t, std::string> thrown_by(Body&& body) {
    try {
      body();
    } catch (const garray::Error& error) {
      return {error.status(), error.what()};
    }
    return {GA_OK, ""};
  }

  FakeUpstream upstream{64 * MiB};
  FakeOrdering ordering;
  CachingAllocator allocator{upstream, ordering, "test pool"};
};

TEST_F(CachingAllocatorTest, RoundsTo512BytesAndCarvesSmallRequestsFromOneSegment) {
  char* first = static_cast<char*>(allocator.allocate(1, kFirstStream));
  char* second = static_cast<char*>(allocator.allocate(513, kFirstStream));
  char* third = static_cast<char*>(allocator.allocate(512, kFirstStream));
  EXPECT_EQ(second, first + 512);
  EXPECT_EQ(third, second + 1024);
  EXPECT_EQ(stats().used_bytes, 2048u);
  EXPECT_EQ(stats().total_bytes, CachingAllocator::kSegmentGranularity);
  EXPECT_EQ(stats().cached_bytes, CachingAllocator::kSegmentGranularity - 2048);
  EXPECT_EQ(upstream.allocations(), 1);
}

TEST_F(CachingAllocatorTest, LargeRequestsGetSegmentsRoundedTo2MiBAndKeepSmallOnesApart) {
  void* large = allocator.allocate(3 * MiB, kFirstStream);
  EXPECT_EQ(stats().total_bytes, 4 * MiB);
  // The 1 MiB left over is itself large enough for a large request, so the segment was split.
  char* rest = static_cast<char*>(allocator.allocate(1 * MiB, kFirstStream));
  EXPECT_EQ(rest, static_cast<char*>(large) + 3 * MiB);
  EXPECT_EQ(upstream.allocations(), 1);
  allocator.allocate(512, kFirstStream);
  EXPECT_EQ(upstream.allocations(), 2) << "a small request must not be carved from a large segment";
  EXPECT_EQ(stats().total_bytes, 4 * MiB + CachingAllocator::kSegmentGranularity);
}

TEST_F(CachingAllocatorTest, LargeBlockKeepsARemainderTooSmallForLargeRequests) {
  allocator.allocate(3 * MiB + 512, kFirstStream);
  EXPECT_EQ(stats().used_bytes, 4 * MiB);
}

TEST_F(CachingAllocatorTest, BestFitTakesTheSmallestFreeBlockThatFits) {
  std::vector<void*> blocks;
  for (std::size_t size : {8 * KiB, 512ul, 2 * KiB, 512ul, 4 * KiB, 512ul}) {
    blocks.push_back(allocator.allocate(size, kFirstStream));
  }
  free_on(blocks[0], kFirstStream);
  free_on(blocks[2], kFirstStream);
  free_on(blocks[4], kFirstStream);
  EXPECT_EQ(allocator.allocate(1536, kFirstStream), blocks[2]);
  EXPECT_EQ(allocator.allocate(3 * KiB, kFirstStream), blocks[4]);
  EXPECT_EQ(allocator.allocate(8 * KiB, kFirstStream), blocks[0]);
}

TEST_F(CachingAllocatorTest, SplitsBlocksAndMergesFreeNeighboursBackIntoTheSegment) {
  void* first = allocator.allocate(600 * KiB, kFirstStream);
  void* second = allocator.allocate(600 * KiB, kFirstStream);
  void* third = allocator.allocate(848 * KiB, kFirstStream);  // fills the 2 MiB segment
  EXPECT_EQ(stats().cached_bytes, 0u);
  free_on(first, kFirstStream);
  free_on(third, kFirstStream);
  EXPECT_EQ(allocator.allocate(700 * KiB, kFirstStream), third) << "split off the 848 KiB block";
  EXPECT_EQ(stats().cached_bytes, 600 * KiB + 148 * KiB);
  free_on(third, kFirstStream);
  free_on(second, kFirstStream);
  EXPECT_EQ(allocator.allocate(1000 * KiB, kFirstStream), first)
      << "all of it merged from the start";
  EXPECT_EQ(upstream.allocations(), 1);
}

TEST_F(CachingAllocatorTest, WhollyFreeSegmentGoesBackUpstreamOnlyOnceMerged) {
  void* first = allocator.allocate(64 * KiB, kFirstStream);
  void* second = allocator.allocate(64 * KiB, kFirstStream);
  free_on(first, kFirstStream);
  allocator.release_cached();
  EXPECT_EQ(upstream.releases(), 0) << "the segment still holds a block in use";
  free_on(second, kFirstStream);
  allocator.release_cached();
  EXPECT_EQ(upstream.releases(), 1);
  EXPECT_EQ(upstream.held(), 0u);
  EXPECT_EQ(stats().total_bytes, 0u);
}

TEST_F(CachingAllocatorTest, BlockFreedOnAStreamIsReusedAtOnceByThatStreamWithoutAMarker) {
  void* block = allocator.allocate(64 * KiB, kFirstStream);
  for (int round = 0; round < 100; ++round) {
    free_on(block, kFirstStream);
    void* again = allocator.allocate(64 * KiB, kFirstStream);
    ASSERT_EQ(again, block);
  }
  EXPECT_EQ(ordering.records(), 0) << "the common path must not record a marker per free";
  EXPECT_EQ(upstream.allocations(), 1);
}

TEST_F(CachingAllocatorTest, OtherStreamsWaitForTheMarkerThenReuse) {
  void* block = allocator.allocate(4 * MiB, kFirstStream);
  free_on(block, kFirstStream);
  EXPECT_EQ(ordering.records(), 0);

  void* other = allocator.allocate(4 * MiB, kSecondStream);
  EXPECT_NE(other, block) << "kSecondStream took a block kFirstStream may still be using";
  EXPECT_EQ(ordering.records(), 1) << "the miss records one marker on kFirstStream";
  void* another = allocator.allocate(4 * MiB, kThirdStream);
  EXPECT_NE(another, block);
  EXPECT_EQ(ordering.records(), 1) << "no second marker while the first is outstanding";

  ordering.pass(kFirstStream);
  EXPECT_EQ(allocator.allocate(4 * MiB, kThirdStream), block);
  EXPECT_EQ(ordering.outstanding(), 0u);
}

TEST_F(CachingAllocatorTest, MarkerCoversOnlyTheFreesBeforeIt) {
  void* early = allocator.allocate(4 * MiB, kFirstStream);
  void* late = allocator.allocate(4 * MiB, kFirstStream);
  free_on(early, kFirstStream);
  void* filler = allocator.allocate(4 * MiB, kSecondStream);  // records the marker covering `early`
  free_on(late, kFirstStream);
  ordering.pass(kFirstStream);
  EXPECT_EQ(allocator.allocate(4 * MiB, kSecondStream), early);
  EXPECT_EQ(ordering.records(), 2) << "the same miss recorded a marker covering `late`";
  void* fresh = allocator.allocate(4 * MiB, kSecondStream);
  EXPECT_NE(fresh, late) << "`late` was freed after the first marker and its own has not passed";
  EXPECT_EQ(ordering.records(), 2);
  ordering.pass(kFirstStream);
  EXPECT_EQ(allocator.allocate(4 * MiB, kThirdStream), late);
  free_on(filler, kSecondStream);
}

TEST_F(CachingAllocatorTest, BlocksFreeOnDifferentStreamsMergeOnlyOnceEveryStreamHasPassed) {
  void* first = allocator.allocate(1 * MiB, kFirstStream);
  void* second = allocator.allocate(1 * MiB, kFirstStream);
  EXPECT_EQ(second, static_cast<char*>(first) + 1 * MiB);
  free_on(first, kFirstStream);
  free_on(second, kSecondStream);
  void* fresh = allocator.allocate(2 * MiB, kThirdStream);
  EXPECT_NE(fresh, first) << "the halves are free on two streams and must stay apart";
  EXPECT_EQ(ordering.records(), 2);
  ordering.pass(kFirstStream);
  ordering.pass(kSecondStream);
  EXPECT_EQ(allocator.allocate(2 * MiB, kThirdStream), first) << "merged once handed over";
  EXPECT_EQ(upstream.allocations(), 2);
}

TEST_F(CachingAllocatorTest, HostAllocationsTakeOnlyBlocksEveryStreamHasPassed) {
  void* block = allocator.allocate(4 * MiB, kNoStream);
  free_on(block, kFirstStream);
  void* other = allocator.allocate(4 * MiB, kNoStream);
  EXPECT_NE(other, block);
  ordering.pass(kFirstStream);
  EXPECT_EQ(allocator.allocate(4 * MiB, kNoStream), block);
  ASSERT_TRUE(allocator.deallocate(other, {kNoStream, {}, true}));
  EXPECT_EQ(allocator.allocate(4 * MiB, kSecondStream), other)
      << "freed on no stream: free for all";
}

TEST_F(CachingAllocatorTest, StreamThatMayVanishIsMarkedAtEveryFreeAndNeverLater) {
  void* first = allocator.allocate(4 * MiB, kFirstStream);
  void* second = allocator.allocate(4 * MiB, kFirstStream);
  const FreeingStream foreign{kFirstStream, {}, false};
  ASSERT_TRUE(allocator.deallocate(first, foreign));
  ASSERT_TRUE(allocator.deallocate(second, foreign));
  EXPECT_EQ(ordering.records(), 2);
  EXPECT_EQ(ordering.outstanding(), 1u) << "each new marker replaces the one before";
  allocator.allocate(4 * MiB, kSecondStream);
  EXPECT_EQ(ordering.records(), 2) << "no marker may be recorded on it after the free returned";
  ordering.pass(kFirstStream);
  void* reused = allocator.allocate(4 * MiB, kSecondStream);
  EXPECT_TRUE(reused == first || reused == second);
}

TEST_F(CachingAllocatorTest, StreamIsKeptAliveOnlyWhileItsFreedBlocksWait) {
  auto stream = std::make_shared<int>(0);
  const FreeingStream freeing{reinterpret_cast<StreamId>(stream.get()), stream, true};
  void* block = allocator.allocate(64 * KiB, freeing.id);
  ASSERT_TRUE(allocator.deallocate(block, freeing));
  EXPECT_EQ(stream.use_count(), 3);  // here, in `freeing`, and in the allocator
  EXPECT_EQ(allocator.allocate(64 * KiB, freeing.id), block);
  EXPECT_EQ(stream.use_count(), 2);

  ASSERT_TRUE(allocator.deallocate(block, freeing));
  allocator.release_cached();  // waits for the stream, then the block is every stream's
  EXPECT_EQ(stream.use_count(), 2);
}

TEST_F(CachingAllocatorTest, ExhaustionWaitsReturnsTheCacheAndRetries) {
  upstream.set_capacity(8 * MiB);
  void* first = allocator.allocate(4 * MiB, kFirstStream);
  void* second = allocator.allocate(4 * MiB, kFirstStream);
  free_on(first, kFirstStream);
  free_on(second, kFirstStream);
  void* whole = allocator.allocate(8 * MiB, kSecondStream);
  ASSERT_NE(whole, nullptr);
  EXPECT_EQ(ordering.waits(), 1)
      << "the cached blocks were freed on a stream that had to be waited for";
  EXPECT_EQ(upstream.releases(), 2);
  EXPECT_EQ(stats().total_bytes, 8 * MiB);
  EXPECT_EQ(stats().used_bytes, 8 * MiB);
}

TEST_F(CachingAllocatorTest, OutOfMemoryReportsTheSizesAndLeavesThePoolUsable) {
  upstream.set_capacity(4 * MiB);
  void* held = allocator.allocate(3 * MiB, kFirstStream);
  const auto [status, message] = thrown_by([&] { allocator.allocate(3 * MiB, kFirstStream); });
  EXPECT_EQ(status, GA_ERROR_OUT_OF_MEMORY);
  EXPECT_NE(message.find("test pool"), std::string::npos) << message;
  EXPECT_NE(message.find("allocating " + std::to_string(3 * MiB) + " bytes"), std::string::npos)
      << message;
  EXPECT_NE(message.find(std::to_string(3 * MiB) + " bytes in use"), std::string::npos) << message;
  EXPECT_NE(message.find(std::to_string(1 * MiB) + " bytes cached"), std::string::npos) << message;
  EXPECT_EQ(stats().used_bytes, 3 * MiB);
  EXPECT_EQ(stats().allocations, 1u);

  free_on(held, kFirstStream);
  EXPECT_NE(allocator.allocate(3 * MiB, kSecondStream), nullptr);
}

TEST_F(CachingAllocatorTest, RequestTooLargeToRoundIsOutOfMemory) {
  const auto [status, message] =
      thrown_by([&] { allocator.allocate(std::numeric_limits<std::size_t>::max(), kFirstStream); });
  EXPECT_EQ(status, GA_ERROR_OUT_OF_MEMORY);
  EXPECT_EQ(upstream.allocations(), 0);
}

TEST_F(CachingAllocatorTest, LimitCapsWhatThePoolHoldsAndLoweringItFreesTheCache) {
  allocator.set_limit(4 * MiB);
  EXPECT_EQ(allocator.limit(), 4 * MiB);
  EXPECT_EQ(stats().limit_bytes, 4 * MiB);
  void* first = allocator.allocate(2 * MiB, kFirstStream);
  void* second = allocator.allocate(2 * MiB, kFirstStream);
  EXPECT_EQ(thrown_by([&] { allocator.allocate(512, kFirstStream); }).first,
            GA_ERROR_OUT_OF_MEMORY);

  free_on(second, kFirstStream);
  EXPECT_NE(allocator.allocate(512, kFirstStream), nullptr) << "the cached segment made room";
  EXPECT_EQ(stats().total_bytes, 4 * MiB);

  allocator.set_limit(0);
  free_on(allocator.allocate(8 * MiB, kFirstStream), kFirstStream);
  EXPECT_EQ(stats().total_bytes, 12 * MiB);
  allocator.set_limit(1 * MiB);  // below what is in use: frees what it can, never fails
  EXPECT_EQ(stats().total_bytes, 4 * MiB) << "both remaining segments hold a block in use";
  EXPECT_EQ(stats().cached_bytes, 2 * MiB - 512);
  free_on(first, kFirstStream);
}

TEST_F(CachingAllocatorTest, StatisticsCountBlocksBytesAndUpstreamCalls) {
  void* first = allocator.allocate(1000, kFirstStream);
  void* second = allocator.allocate(3 * MiB, kFirstStream);
  free_on(first, kFirstStream);
  allocator.allocate(1000, kFirstStream);
  garray::MemoryStats now = stats();
  EXPECT_EQ(now.used_bytes, 1024 + 3 * MiB);
  EXPECT_EQ(now.peak_used_bytes, 1024 + 3 * MiB);
  EXPECT_EQ(now.total_bytes, 2 * MiB + 4 * MiB);
  EXPECT_EQ(now.cached_bytes, now.total_bytes - now.used_bytes);
  EXPECT_EQ(now.allocations, 2u);
  EXPECT_EQ(now.allocations_total, 3u);
  EXPECT_EQ(now.upstream_allocations, 2u);
  EXPECT_EQ(now.limit_bytes, 0u);

  free_on(second, kFirstStream);
  EXPECT_EQ(stats().peak_used_bytes, 1024 + 3 * MiB);
  allocator.reset_peak();
  EXPECT_EQ(stats().peak_used_bytes, 1024u);
}

TEST_F(CachingAllocatorTest, ReleaseCachedWaitsForStreamsAndKeepsBlocksInUse) {
  char* kept = static_cast<char*>(allocator.allocate(4 * MiB, kFirstStream));
  void* freed = allocator.allocate(4 * MiB, kFirstStream);
  free_on(freed, kSecondStream);
  std::memset(kept, 0x5A, 4 * MiB);
  allocator.release_cached();
  EXPECT_EQ(ordering.waits(), 1);
  EXPECT_EQ(upstream.releases(), 1);
  EXPECT_EQ(stats().total_bytes, 4 * MiB);
  EXPECT_EQ(stats().cached_bytes, 0u);
  EXPECT_EQ(kept[4 * MiB - 1], 0x5A);
  EXPECT_TRUE(allocator.owns(kept));
}

TEST_F(CachingAllocatorTest, UnknownOrTwiceFreedPointerIsRefusedAndChangesNothing) {
  void* block = allocator.allocate(64 * KiB, kFirstStream);
  int local = 0;
  const garray::MemoryStats before = stats();
  EXPECT_FALSE(allocator.deallocate(&local, {kFirstStream, {}, true}));
  EXPECT_FALSE(allocator.deallocate(static_cast<char*>(block) + 512, {kFirstStream, {}, true}));
  EXPECT_EQ(stats().used_bytes, before.used_bytes);
  EXPECT_EQ(stats().allocations, before.allocations);
  EXPECT_TRUE(allocator.owns(block));
  free_on(block, kFirstStream);
  EXPECT_FALSE(allocator.owns(block));
  EXPECT_FALSE(allocator.deallocate(block, {kFirstStream, {}, true}));
  EXPECT_EQ(stats().used_bytes, 0u);
}

TEST_F(CachingAllocatorTest, ZeroBytesIsNullAndNullIsIgnored) {
  EXPECT_EQ(allocator.allocate(0, kFirstStream), nullptr);
  EXPECT_TRUE(allocator.deallocate(nullptr, {kFirstStream, {}, true}));
  EXPECT_EQ(stats().allocations_total, 0u);
  EXPECT_EQ(upstream.allocations(), 0);
}

TEST_F(CachingAllocatorTest, ManyThreadsAllocateAndFreeWithoutSharingBytes) {
  upstream.set_capacity(std::numeric_limits<std::size_t>::max());
  constexpr int kThreads = 8;
  constexpr int kRounds = 3000;
  std::vector<std::thread> threads;
  std::vector<int> failures(kThreads, 0);
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937 random(static_cast<unsigned>(t));
      std::uniform_int_distribution<std::size_t> small_size(1, 64 * KiB);
      std::uniform_int_distribution<std::size_t> large_size(1 * MiB, 3 * MiB);
      const auto pattern = static_cast<unsigned char>(t + 1);
      const StreamId own = static_cast<StreamId>(t + 1);
      std::vector<std::pair<unsigned char*, std::size_t>> held;
      for (int round = 0; round < kRounds; ++round) {
        if (held.size() < 8 && (held.empty() || random() % 2 == 0)) {
          const std::size_t size = random() % 4 == 0 ? large_size(random) : small_size(random);
          auto* block = static_cast<unsigned char*>(allocator.allocate(size, own));
          std::memset(block, pattern, size);
          held.emplace_back(block, size);
          continue;
        }
        const std::size_t pick = random() % held.size();
        auto [block, size] = held[pick];
        if (block[0] != pattern || block[size - 1] != pattern || block[size / 2] != pattern) {
          ++failures[static_cast<std::size_t>(t)];
        }
        // Now and then free on another thread's stream, so blocks cross between streams.
        const StreamId freeing =
            random() % 5 == 0 ? static_cast<StreamId>(random() % kThreads + 1) : own;
        if (!allocator.deallocate(block, {freeing, {}, true}))
          ++failures[static_cast<std::size_t>(t)];
        held.erase(held.begin() + static_cast<std::ptrdiff_t>(pick));
      }
      for (auto [block, size] : held) {
        if (!allocator.deallocate(block, {own, {}, true})) ++failures[static_cast<std::size_t>(t)];
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(failures[static_cast<std::size_t>(t)], 0) << t;
  EXPECT_EQ(stats().used_bytes, 0u);
  EXPECT_EQ(stats().allocations, 0u);
  allocator.release_cached();
  EXPECT_EQ(stats().total_bytes, 0u) << "every segment merged whole again";
  EXPECT_EQ(upstream.held(), 0u);
}

}  // namespace
