// The FFT internals that need no GPU: how strided arrays map onto cuFFT's advanced layout, plan
// keys, the least-recently-used plan cache (bounds, statistics, concurrency), and the generated
// frequency kernel, compiled with NVRTC to CUBIN for sm_90.
#include "jit/expect_compiles.hpp"
#include "jit/memory_only_engine_fixture.hpp"

#include "core/fft/fft_helpers.hpp"
#include "core/fft/plan_cache.hpp"
#include "core/fft/plan_key.hpp"
#include "core/jit/kernel_cache.hpp"
#include "core/jit/preamble.hpp"
#include "core/ops/elementwise_source.hpp"
#include "core/ops/kernel_params.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

using garray::Dims;
using garray::FftLayout;
using garray::PlanKey;

std::optional<FftLayout> layout_of(const Dims& shape, const Dims& strides, std::vector<int> axes, std::int64_t& batch) {
  return garray::fft_layout(shape, strides, axes, batch);
}

// The layout of `axes`, expected to exist: `batch` transforms `distance` elements apart, each walking its axes with the
// innermost `stride`.
std::optional<FftLayout> expect_layout(const Dims& shape, const Dims& strides, std::vector<int> axes,
                                       std::int64_t batch, std::int64_t stride, std::int64_t distance) {
  std::int64_t found_batch = -1;
  std::optional<FftLayout> layout = layout_of(shape, strides, std::move(axes), found_batch);
  EXPECT_TRUE(layout);
  if (!layout) return layout;
  EXPECT_EQ(found_batch, batch);
  EXPECT_EQ(layout->stride, stride);
  EXPECT_EQ(layout->distance, distance);
  return layout;
}

PlanKey key_of(std::int64_t n) {
  PlanKey key;
  key.rank = 1;
  key.n[0] = n;
  key.input.embed[0] = n;
  key.output.embed[0] = n;
  return key;
}

struct FakePlan {
  std::int64_t memory;
};

using FakeCache = garray::PlanCache<FakePlan>;

std::shared_ptr<FakePlan> get(FakeCache& cache, std::int64_t n, std::int64_t memory = 0) {
  return cache.get(
      key_of(n), [&] { return std::make_shared<FakePlan>(FakePlan{memory}); },
      [](const FakePlan& plan) { return plan.memory; });
}

}  // namespace

TEST(FftLayout, LastAxisOfACContiguousArrayBatchesOverTheRows) {
  const auto layout = expect_layout({4, 8}, {8, 1}, {1}, 4, 1, 8);
  ASSERT_TRUE(layout);
  EXPECT_EQ(layout->embed[0], 8);
}

TEST(FftLayout, FirstAxisBatchesOverTheColumnsWithinOneStride) { expect_layout({4, 8}, {8, 1}, {0}, 8, 8, 1); }

TEST(FftLayout, TwoAxesNestWithTheirEmbedding) {
  // (3, 4, 5) C-contiguous, axes 1 and 2: one rank-2 plan batched over axis 0.
  auto layout = expect_layout({3, 4, 5}, {20, 5, 1}, {1, 2}, 3, 1, 20);
  ASSERT_TRUE(layout);
  EXPECT_EQ(layout->embed[1], 5);
  // A padded row pitch (a view of every row of a (4, 7) buffer cut to 5 columns).
  std::int64_t batch = 0;
  layout = layout_of({4, 5}, {7, 1}, {0, 1}, batch);
  ASSERT_TRUE(layout);
  EXPECT_EQ(batch, 1);
  EXPECT_EQ(layout->embed[1], 7);
}

TEST(FftLayout, RefusesWhatCuFftCannotDescribe) {
  std::int64_t batch = 0;
  // The middle axis of (2, 3, 4): the batch axes 0 and 2 do not collapse.
  EXPECT_FALSE(layout_of({2, 3, 4}, {12, 4, 1}, {1}, batch));
  // A negative stride.
  EXPECT_FALSE(layout_of({4, 8}, {8, -1}, {1}, batch));
  // Axes that do not nest: the outer stride is not a multiple of the inner one.
  EXPECT_FALSE(layout_of({4, 6}, {3, 2}, {0, 1}, batch));
  // Transformed axes that interleave with the batch: (T0, B, T1) over axes 0 and 2.
  EXPECT_FALSE(layout_of({3, 2, 4}, {8, 4, 1}, {0, 2}, batch));
  // Axes in the wrong order for their strides (inner given first).
  EXPECT_FALSE(layout_of({4, 8}, {8, 1}, {1, 0}, batch));
}

TEST(FftLayout, ExtentOneAxesAreFree) {
  std::int64_t batch = 0;
  // An extent-1 transformed axis with a zero stride (a broadcast view) and extent-1 batch axes.
  auto layout = layout_of({1, 1, 8}, {0, 0, 1}, {1, 2}, batch);
  ASSERT_TRUE(layout);
  EXPECT_EQ(batch, 1);
  layout = layout_of({5, 1}, {1, 0}, {1}, batch);
  ASSERT_TRUE(layout);
  EXPECT_EQ(batch, 5);
  EXPECT_EQ(layout->stride, 1);
  // An empty batch.
  layout = layout_of({0, 8}, {8, 1}, {1}, batch);
  ASSERT_TRUE(layout);
  EXPECT_EQ(batch, 0);
}

TEST(FftLayout, FortranOrderTransformsTheInnermostAxis) { expect_layout({6, 5}, {1, 6}, {0}, 5, 1, 6); }

TEST(FftLayout, BatchAxesFollowTheStridesSoLayoutsPairTheirBatches) {
  const std::vector<int> axis{2};
  // C order walks the batch axes 0, 1; F order 1, 0: such an input and output do not pair up.
  EXPECT_EQ(garray::batch_axes({3, 4, 5}, {20, 5, 1}, axis), (std::vector<int>{0, 1}));
  EXPECT_EQ(garray::batch_axes({3, 4, 5}, {1, 3, 12}, axis), (std::vector<int>{1, 0}));
  // Extent-1 axes are no batch.
  EXPECT_EQ(garray::batch_axes({3, 1, 5}, {5, 5, 1}, axis), (std::vector<int>{0}));
}

TEST(PlanKey, EqualKeysHashAlikeAndEveryFieldCounts) {
  const garray::PlanKeyHash hash;
  EXPECT_EQ(key_of(8), key_of(8));
  EXPECT_EQ(hash(key_of(8)), hash(key_of(8)));
  PlanKey other = key_of(8);
  other.batch = 2;
  EXPECT_FALSE(other == key_of(8));
  other = key_of(8);
  other.double_precision = 1;
  EXPECT_FALSE(other == key_of(8));
  other = key_of(8);
  other.type = garray::FftType::r2c;
  EXPECT_FALSE(other == key_of(8));
  other = key_of(8);
  other.output.distance = 5;
  EXPECT_FALSE(other == key_of(8));
  EXPECT_NE(hash(key_of(8)), hash(key_of(9)));
}

TEST(PlanCache, CountsHitsAndMissesAndEvictsTheLeastRecentlyUsed) {
  FakeCache cache;
  cache.set_max_size(2);
  const auto first = get(cache, 1);
  get(cache, 2);
  EXPECT_EQ(get(cache, 1), first);  // a hit makes 1 the most recent
  get(cache, 3);                    // evicts 2
  EXPECT_TRUE(cache.contains(key_of(1)));
  EXPECT_FALSE(cache.contains(key_of(2)));
  EXPECT_TRUE(cache.contains(key_of(3)));
  const garray::PlanCacheInfo info = cache.info();
  EXPECT_EQ(info.size, 2);
  EXPECT_EQ(info.max_size, 2);
  EXPECT_EQ(info.hits, 1u);
  EXPECT_EQ(info.misses, 3u);
}

TEST(PlanCache, ShrinkingAndDisablingDropPlansButNotTheirUsers) {
  FakeCache cache;
  EXPECT_EQ(cache.info().max_size, FakeCache::kDefaultMaxSize);
  const auto held = get(cache, 1);
  get(cache, 2);
  get(cache, 3);
  cache.set_max_size(1);
  EXPECT_EQ(cache.info().size, 1);
  EXPECT_TRUE(cache.contains(key_of(3)));
  EXPECT_EQ(held.use_count(), 1);  // evicted, alive with its user
  cache.set_max_size(0);
  EXPECT_EQ(cache.info().size, 0);
  get(cache, 4);
  EXPECT_EQ(cache.info().size, 0);  // disabled: nothing is kept
  cache.set_max_size(-1);
  for (int n = 10; n < 60; ++n) get(cache, n);
  EXPECT_EQ(cache.info().size, 50);
}

TEST(PlanCache, MemoryLimitBoundsTheSumOfWorkAreas) {
  FakeCache cache;
  cache.set_max_size(-1);
  get(cache, 1, 100);
  get(cache, 2, 200);
  EXPECT_EQ(cache.info().memory, 300);
  cache.set_memory_limit(250);  // drops 1, the least recent
  EXPECT_EQ(cache.info().memory, 200);
  EXPECT_FALSE(cache.contains(key_of(1)));
  get(cache, 3, 100);  // 300 > 250: drops 2
  EXPECT_EQ(cache.info().memory, 100);
  EXPECT_TRUE(cache.contains(key_of(3)));
  get(cache, 4, 1000);  // alone above the limit: not kept, nothing dropped
  EXPECT_FALSE(cache.contains(key_of(4)));
  EXPECT_TRUE(cache.contains(key_of(3)));
  EXPECT_EQ(cache.info().memory_limit, 250);
}

TEST(PlanCache, ClearKeepsBoundsAndCounts) {
  FakeCache cache;
  get(cache, 1, 10);
  get(cache, 1, 10);
  cache.set_max_size(5);
  cache.clear();
  const garray::PlanCacheInfo info = cache.info();
  EXPECT_EQ(info.size, 0);
  EXPECT_EQ(info.memory, 0);
  EXPECT_EQ(info.max_size, 5);
  EXPECT_EQ(info.hits, 1u);
  EXPECT_EQ(info.misses, 1u);
}

TEST(PlanCache, ConcurrentUsersSeeOnePlanPerKeyOnceCached) {
  FakeCache cache;
  cache.set_max_size(4);
  constexpr int kThreads = 8;
  constexpr int kRounds = 2000;
  std::atomic<int> made{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int round = 0; round < kRounds; ++round) {
        const std::int64_t n = (round + t) % 6;
        const auto plan = cache.get(
            key_of(n),
            [&] {
              ++made;
              return std::make_shared<FakePlan>(FakePlan{n});
            },
            [](const FakePlan& plan) { return plan.memory; });
        ASSERT_EQ(plan->memory, n);
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  const garray::PlanCacheInfo info = cache.info();
  EXPECT_EQ(info.hits + info.misses, static_cast<std::uint64_t>(kThreads * kRounds));
  EXPECT_EQ(info.misses, static_cast<std::uint64_t>(made.load()));
  EXPECT_LE(info.size, 4);
}

using FftSources = MemoryOnlyEngineTest;

TEST_F(FftSources, FrequencyKernelCompilesForSm90) {
  const std::vector<garray::KernelParam> in = garray::parse_kernel_params(garray::kFrequencyInParams, "in");
  const std::vector<garray::KernelParam> out = garray::parse_kernel_params(garray::kFrequencyOutParams, "out");
  for (const ga_dtype_t type : {GA_FLOAT32, GA_FLOAT64}) {
    for (const bool wide : {false, true}) {
      const std::vector<garray::ElementwiseOperand> operands{
          {&in[0], false, garray::ArgumentKind::scalar, GA_INT64, GA_INT64},
          {&in[1], false, garray::ArgumentKind::scalar, GA_INT64, GA_INT64},
          {&in[2], false, garray::ArgumentKind::scalar, GA_FLOAT64, GA_FLOAT64},
          {&out[0], true, garray::ArgumentKind::array, type, type}};
      const std::vector<std::pair<std::string, ga_dtype_t>> placeholders{{"T", type}};
      const std::string name = "ga_fft_frequencies_" + std::to_string(type) + (wide ? "_i64" : "_i32");
      const std::string source = garray::elementwise_kernel_source(
          garray::ElementwiseSignature{name, garray::kFrequencyOperation, "", operands, placeholders, 1, true, wide});
      expect_compiles(source, name);
    }
  }
}
