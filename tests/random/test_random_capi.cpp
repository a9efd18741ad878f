// Random numbers through the C API (garray/random.h) on the GPU: reproducibility across calls,
// generators, streams and bit generators; ranges, moments and orderings; out filling; the legacy
// functions. test_random_errors.cpp has every error status; tests/python/test_random.py runs the
// statistical tests against SciPy.
#include "random/random_test_support.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <set>
#include <vector>

namespace {

constexpr int64_t kCount = 1 << 20;
const int64_t kShape[] = {kCount};

class RandomTest : public GpuTest {
 protected:
  Generators generators;
};

std::vector<float> uniform_f32(ga_rng_t rng, ga_stream_t stream = nullptr) {
  return drawn<float>(GA_FLOAT32, [&](ga_array_t* result) {
    return ga_rng_uniform(rng, 0, 1, 1, kShape, GA_FLOAT32, nullptr, stream, result);
  });
}

TEST_F(RandomTest, SameSeedSameNumbersForEveryBitGenerator) {
  for (ga_bitgen_t bitgen : kBitGenerators) {
    ga_rng_t a = generators.make(bitgen, 1234);
    ga_rng_t b = generators.make(bitgen, 1234);
    const std::vector<float> first = uniform_f32(a);
    EXPECT_EQ(first, uniform_f32(b)) << "bit generator " << bitgen;
    const std::vector<float> second = uniform_f32(a);
    EXPECT_NE(first, second) << "a second call repeats the first, bit generator " << bitgen;
    EXPECT_EQ(second, uniform_f32(b));
  }
}

// Philox4x32-10 on the host, from its published definition (Salmon et al., "Parallel random
// numbers: as easy as 1, 2, 3", 2011): ten rounds of two 32 x 32 -> 64-bit products, the key
// bumped by the Weyl constants between rounds.
std::array<uint32_t, 4> philox4x32_10(std::array<uint32_t, 4> counter, std::array<uint32_t, 2> key) {
  for (int round = 0; round < 10; ++round) {
    if (round > 0) {
      key[0] += 0x9E3779B9u;
      key[1] += 0xBB67AE85u;
    }
    const uint64_t product0 = uint64_t{0xD2511F53u} * counter[0];
    const uint64_t product1 = uint64_t{0xCD9E8D57u} * counter[2];
    counter = {static_cast<uint32_t>(product1 >> 32) ^ counter[1] ^ key[0], static_cast<uint32_t>(product1),
               static_cast<uint32_t>(product0 >> 32) ^ counter[3] ^ key[1], static_cast<uint32_t>(product0)};
  }
  return counter;
}

// docs/random.md's layout, computed on the host, for 4-byte values: value i of the `call`-th call
// (from 0) of a Philox generator seeded with `seed` takes output i % 4 of the Philox block of group
// i / 4: stream (i / 4) % 131072, block call * 2^30 + (i / 4) / 131072 of that stream (counter
// word 3 is 0). Side block j of value i, where its rejected draws are replaced, has counter word 3
// (1 + i % 4) * 2^24 + j instead.
std::array<uint32_t, 4> philox_block_of(uint64_t seed, uint64_t call, int64_t i, uint32_t side = 0) {
  constexpr uint64_t kStreams = 131072;
  const uint64_t group = static_cast<uint64_t>(i) / 4;
  const uint64_t stream = group % kStreams;
  const uint64_t block = (call << 30) + group / kStreams;
  return philox4x32_10({static_cast<uint32_t>(block), static_cast<uint32_t>(block >> 32),
                        static_cast<uint32_t>(stream), static_cast<uint32_t>(stream >> 32) + side},
                       {static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32)});
}

float philox_uniform_f32(uint64_t seed, uint64_t call, int64_t i) {
  return static_cast<float>(philox_block_of(seed, call, i)[static_cast<size_t>(i % 4)] >> 8) * 0x1p-24f;
}

// uint32 integers in [0, bound): Lemire's multiply-shift on the value's own output, its rejected
// products replaced from its side blocks in order.
uint32_t philox_bounded_u32(uint64_t seed, uint64_t call, int64_t i, uint32_t bound) {
  uint64_t product = uint64_t{philox_block_of(seed, call, i)[static_cast<size_t>(i % 4)]} * bound;
  const uint32_t threshold = (0u - bound) % bound;
  const uint32_t element = static_cast<uint32_t>(i % 4);
  for (uint32_t side_block = 0; static_cast<uint32_t>(product) < threshold; ++side_block) {
    for (uint32_t output : philox_block_of(seed, call, i, ((1u + element) << 24) + side_block)) {
      product = uint64_t{output} * bound;
      if (static_cast<uint32_t>(product) >= threshold) break;
    }
  }
  return static_cast<uint32_t>(product >> 32);
}

TEST_F(RandomTest, PhiloxNumbersAreTheDocumentedStreams) {
  constexpr uint64_t kSeed = 0x0123456789ABCDEFull;
  ga_rng_t rng = generators.make(GA_BITGEN_PHILOX4_32_10, kSeed);
  // Three rounds of every stream and a partial group; the second call starts 2^32 outputs on.
  const int64_t shape[] = {3 * 131072 * 4 + 7};
  for (uint64_t call = 0; call < 2; ++call) {
    const std::vector<float> values = drawn<float>(GA_FLOAT32, [&](ga_array_t* result) {
      return ga_rng_random(rng, 1, shape, GA_FLOAT32, nullptr, nullptr, result);
    });
    ASSERT_EQ(values.size(), static_cast<size_t>(shape[0]));
    int64_t mismatches = 0;
    for (int64_t i = 0; i < shape[0]; ++i) mismatches += values[static_cast<size_t>(i)] != philox_uniform_f32(kSeed, call, i);
    EXPECT_EQ(mismatches, 0) << "call " << call << ", first value " << values[0] << " against "
                             << philox_uniform_f32(kSeed, call, 0);
  }
}

TEST_F(RandomTest, PhiloxIntegersReplaceRejectionsFromSideBlocks) {
  constexpr uint64_t kSeed = 77;
  ga_rng_t rng = generators.make(GA_BITGEN_PHILOX4_32_10, kSeed);
  // [0, 3 * 2^30): a quarter of the draws are rejected, so that some values need several side blocks.
  constexpr uint32_t kBound = 3u << 30;
  const int64_t shape[] = {2 * 131072 * 4 + 5};
  const std::vector<uint32_t> values = drawn<uint32_t>(GA_UINT32, [&](ga_array_t* result) {
    return ga_rng_integers(rng, 0, kBound, 0, 1, shape, GA_UINT32, nullptr, nullptr, result);
  });
  ASSERT_EQ(values.size(), static_cast<size_t>(shape[0]));
  int64_t mismatches = 0;
  for (int64_t i = 0; i < shape[0]; ++i) {
    mismatches += values[static_cast<size_t>(i)] != philox_bounded_u32(kSeed, 0, i, kBound);
  }
  EXPECT_EQ(mismatches, 0);
}

TEST_F(RandomTest, DifferentSeedsAndBitGeneratorsDiffer) {
  const std::vector<float> xorwow = uniform_f32(generators.make(GA_BITGEN_XORWOW, 1));
  EXPECT_NE(xorwow, uniform_f32(generators.make(GA_BITGEN_XORWOW, 2)));
  EXPECT_NE(xorwow, uniform_f32(generators.make(GA_BITGEN_PHILOX4_32_10, 1)));
  EXPECT_NE(xorwow, uniform_f32(generators.make(GA_BITGEN_MRG32K3A, 1)));
}

TEST_F(RandomTest, StreamsDoNotChangeTheNumbers) {
  ga_stream_t side = nullptr;
  GA_ASSERT_OK(ga_stream_create(0, 0, &side));
  for (ga_bitgen_t bitgen : kBitGenerators) {
    ga_rng_t a = generators.make(bitgen, 99);
    ga_rng_t b = generators.make(bitgen, 99);
    const std::vector<float> a1 = uniform_f32(a, side);
    const std::vector<float> a2 = uniform_f32(a, nullptr);
    const std::vector<float> a3 = uniform_f32(a, side);
    EXPECT_EQ(a1, uniform_f32(b, nullptr));
    EXPECT_EQ(a2, uniform_f32(b, side));
    EXPECT_EQ(a3, uniform_f32(b, nullptr));
  }
  GA_ASSERT_OK(ga_stream_release(side));
}

TEST_F(RandomTest, UniformStaysInItsInterval) {
  for (ga_bitgen_t bitgen : kBitGenerators) {
    ga_rng_t rng = generators.make(bitgen, 7);
    const std::vector<double> values = drawn<double>(GA_FLOAT64, [&](ga_array_t* result) {
      return ga_rng_uniform(rng, -2, 3, 1, kShape, GA_FLOAT64, nullptr, nullptr, result);
    });
    ASSERT_EQ(values.size(), static_cast<size_t>(kCount));
    EXPECT_GE(*std::min_element(values.begin(), values.end()), -2.0);
    EXPECT_LT(*std::max_element(values.begin(), values.end()), 3.0);
    EXPECT_NEAR(mean_of(values), 0.5, 0.02);
    EXPECT_NEAR(variance_of(values), 25.0 / 12, 0.05);
    const std::vector<float> unit = drawn<float>(GA_FLOAT32, [&](ga_array_t* result) {
      return ga_rng_random(rng, 1, kShape, GA_FLOAT32, nullptr, nullptr, result);
    });
    EXPECT_GE(*std::min_element(unit.begin(), unit.end()), 0.0f);
    EXPECT_LT(*std::max_element(unit.begin(), unit.end()), 1.0f);
  }
}

// Mean and variance of every distribution, for a sample of 2^20: the bounds are about six
// standard errors.
TEST_F(RandomTest, MomentsOfEachDistribution) {
  for (ga_bitgen_t bitgen : kBitGenerators) {
    ga_rng_t rng = generators.make(bitgen, 2024);
    const auto reals = [&](auto call) {
      return drawn<double>(GA_FLOAT64, [&](ga_array_t* result) { return call(result); });
    };
    const auto counts = [&](auto call) {
      return drawn<int64_t>(GA_INT64, [&](ga_array_t* result) { return call(result); });
    };
    std::vector<double> x = reals(
        [&](ga_array_t* result) { return ga_rng_normal(rng, 3, 2, 1, kShape, GA_FLOAT64, nullptr, nullptr, result); });
    EXPECT_NEAR(mean_of(x), 3, 0.012);
    EXPECT_NEAR(variance_of(x), 4, 0.04);
    x = reals([&](ga_array_t* result) {
      return ga_rng_exponential(rng, 2, 1, kShape, GA_FLOAT64, nullptr, nullptr, result);
    });
    EXPECT_NEAR(mean_of(x), 2, 0.012);
    EXPECT_NEAR(variance_of(x), 4, 0.1);
    x = reals([&](ga_array_t* result) {
      return ga_rng_gamma(rng, 2.5, 1.5, 1, kShape, GA_FLOAT64, nullptr, nullptr, result);
    });
    EXPECT_NEAR(mean_of(x), 3.75, 0.02);
    EXPECT_NEAR(variance_of(x), 5.625, 0.1);
    x = reals([&](ga_array_t* result) {
      return ga_rng_standard_gamma(rng, 0.3, 1, kShape, GA_FLOAT64, nullptr, nullptr, result);
    });
    EXPECT_NEAR(mean_of(x), 0.3, 0.005);
    EXPECT_NEAR(variance_of(x), 0.3, 0.01);
    x = reals(
        [&](ga_array_t* result) { return ga_rng_beta(rng, 2, 5, 1, kShape, GA_FLOAT64, nullptr, nullptr, result); });
    EXPECT_NEAR(mean_of(x), 2.0 / 7, 0.002);
    x = reals([&](ga_array_t* result) {
      return ga_rng_beta(rng, 0.5, 0.5, 1, kShape, GA_FLOAT64, nullptr, nullptr, result);
    });
    EXPECT_NEAR(mean_of(x), 0.5, 0.003);
    EXPECT_NEAR(variance_of(x), 0.125, 0.002);
    x = reals(
        [&](ga_array_t* result) { return ga_rng_chisquare(rng, 3, 1, kShape, GA_FLOAT64, nullptr, nullptr, result); });
    EXPECT_NEAR(mean_of(x), 3, 0.02);
    EXPECT_NEAR(variance_of(x), 6, 0.1);
    x = reals([&](ga_array_t* result) {
      return ga_rng_lognormal(rng, 0, 0.5, 1, kShape, GA_FLOAT64, nullptr, nullptr, result);
    });
    EXPECT_NEAR(mean_of(x), std::exp(0.125), 0.005);
    for (double lam : {0.5, 7.0, 250.0}) {
      const std::vector<int64_t> k =
          counts([&](ga_array_t* result) { return ga_rng_poisson(rng, lam, 1, kShape, nullptr, nullptr, result); });
      EXPECT_NEAR(mean_of(k), lam, 6 * std::sqrt(lam / kCount)) << "lam " << lam;
      EXPECT_NEAR(variance_of(k), lam, 0.02 * lam + 0.01) << "lam " << lam;
      EXPECT_GE(*std::min_element(k.begin(), k.end()), 0);
    }
    for (auto [n, p] : {std::pair<int64_t, double>{10, 0.3}, {1000, 0.9}, {100000, 0.01}}) {
      const std::vector<int64_t> k =
          counts([&](ga_array_t* result) { return ga_rng_binomial(rng, n, p, 1, kShape, nullptr, nullptr, result); });
      const double variance = static_cast<double>(n) * p * (1 - p);
      EXPECT_NEAR(mean_of(k), static_cast<double>(n) * p, 6 * std::sqrt(variance / kCount)) << n << " " << p;
      EXPECT_NEAR(variance_of(k), variance, 0.02 * variance) << n << " " << p;
      EXPECT_GE(*std::min_element(k.begin(), k.end()), 0);
      EXPECT_LE(*std::max_element(k.begin(), k.end()), n);
    }
    const std::vector<int64_t> g =
        counts([&](ga_array_t* result) { return ga_rng_geometric(rng, 0.25, 1, kShape, nullptr, nullptr, result); });
    EXPECT_NEAR(mean_of(g), 4, 0.04);
    EXPECT_GE(*std::min_element(g.begin(), g.end()), 1);
  }
}

TEST_F(RandomTest, IntegersCoverTheirRangeOfEveryDtype) {
  ga_rng_t rng = generators.make(GA_BITGEN_PHILOX4_32_10, 5);
  const std::vector<int8_t> bytes = drawn<int8_t>(GA_INT8, [&](ga_array_t* result) {
    return ga_rng_integers(rng, -128, 127, 1, 1, kShape, GA_INT8, nullptr, nullptr, result);
  });
  const std::set<int8_t> seen(bytes.begin(), bytes.end());
  EXPECT_EQ(seen.size(), 256u);
  const std::vector<int32_t> dice = drawn<int32_t>(GA_INT32, [&](ga_array_t* result) {
    return ga_rng_integers(rng, -3, 3, 0, 1, kShape, GA_INT32, nullptr, nullptr, result);
  });
  std::vector<int64_t> histogram(6);
  for (int32_t value : dice) {
    ASSERT_TRUE(value >= -3 && value < 3) << value;
    ++histogram[static_cast<size_t>(value + 3)];
  }
  for (int64_t count : histogram) EXPECT_NEAR(static_cast<double>(count), kCount / 6.0, 6 * std::sqrt(kCount / 6.0));
  const std::vector<int64_t> wide = drawn<int64_t>(GA_INT64, [&](ga_array_t* result) {
    return ga_rng_integers(rng, INT64_MIN, INT64_MAX, 1, 1, kShape, GA_INT64, nullptr, nullptr, result);
  });
  EXPECT_LT(*std::min_element(wide.begin(), wide.end()), INT64_MIN / 2);
  EXPECT_GT(*std::max_element(wide.begin(), wide.end()), INT64_MAX / 2);
  const std::vector<uint8_t> flags = drawn<uint8_t>(GA_BOOL, [&](ga_array_t* result) {
    return ga_rng_integers(rng, 0, 2, 0, 1, kShape, GA_BOOL, nullptr, nullptr, result);
  });
  EXPECT_NEAR(mean_of(flags), 0.5, 0.006);
  EXPECT_LE(*std::max_element(flags.begin(), flags.end()), 1);
  // A range of 3 * 2^30 in 32 bits: modulo reduction would make the low third twice as likely.
  const std::vector<int64_t> biased = drawn<int64_t>(GA_INT64, [&](ga_array_t* result) {
    return ga_rng_integers(rng, 0, int64_t{3} << 30, 0, 1, kShape, GA_INT64, nullptr, nullptr, result);
  });
  int64_t low_third = 0;
  for (int64_t value : biased) low_third += value < (int64_t{1} << 30);
  EXPECT_NEAR(static_cast<double>(low_third) / kCount, 1.0 / 3, 0.003);
}

TEST_F(RandomTest, OutIsFilledAndCast) {
  ga_rng_t a = generators.make(GA_BITGEN_XORWOW, 11);
  ga_rng_t b = generators.make(GA_BITGEN_XORWOW, 11);
  Handles owned;
  const int64_t shape[] = {64, 33};
  ga_array_t out = owned(upload_shaped(std::vector<double>(64 * 33, -1.0), {64, 33}));
  ga_array_t given = nullptr;
  GA_ASSERT_OK(ga_rng_standard_normal(a, 2, shape, GA_FLOAT32, out, nullptr, &given));
  EXPECT_EQ(given, out);  // the destination itself, with one more reference
  owned(given);
  const std::vector<float> expected = drawn<float>(GA_FLOAT32, [&](ga_array_t* fresh) {
    return ga_rng_standard_normal(b, 2, shape, GA_FLOAT32, nullptr, nullptr, fresh);
  });
  const std::vector<double> written = fetch<double>(out);
  ASSERT_EQ(written.size(), expected.size());
  for (size_t i = 0; i < written.size(); ++i) EXPECT_EQ(written[i], static_cast<double>(expected[i])) << i;
  // An out of exactly the sample's dtype is written directly, with the same numbers.
  ga_array_t exact = owned(upload_shaped(std::vector<int64_t>(64 * 33, 0), {64, 33}));
  ga_array_t exact_given = nullptr;
  GA_ASSERT_OK(ga_rng_poisson(a, 3, 2, shape, exact, nullptr, &exact_given));
  EXPECT_EQ(exact_given, exact);
  owned(exact_given);
  const std::vector<int64_t> counts = drawn<int64_t>(
      GA_INT64, [&](ga_array_t* fresh) { return ga_rng_poisson(b, 3, 2, shape, nullptr, nullptr, fresh); });
  EXPECT_EQ(fetch<int64_t>(exact), counts);
  // Signed integers are drawn as the unsigned bits of their width, straight into an out of their
  // own dtype, with the numbers of a fresh result; an int64 out takes the int32 sample cast.
  ga_array_t signed_out = owned(upload_shaped(std::vector<int32_t>(64 * 33, 7), {64, 33}));
  ga_array_t signed_given = nullptr;
  GA_ASSERT_OK(ga_rng_integers(a, -5, 5, 1, 2, shape, GA_INT32, signed_out, nullptr, &signed_given));
  EXPECT_EQ(signed_given, signed_out);
  owned(signed_given);
  const std::vector<int32_t> fresh_integers = drawn<int32_t>(GA_INT32, [&](ga_array_t* fresh) {
    return ga_rng_integers(b, -5, 5, 1, 2, shape, GA_INT32, nullptr, nullptr, fresh);
  });
  EXPECT_EQ(fetch<int32_t>(signed_out), fresh_integers);
  ga_array_t wide_out = owned(upload_shaped(std::vector<int64_t>(64 * 33, 7), {64, 33}));
  ga_array_t wide_given = nullptr;
  GA_ASSERT_OK(ga_rng_integers(a, -5, 5, 1, 2, shape, GA_INT32, wide_out, nullptr, &wide_given));
  EXPECT_EQ(wide_given, wide_out);
  owned(wide_given);
  const std::vector<int32_t> next_integers = drawn<int32_t>(GA_INT32, [&](ga_array_t* fresh) {
    return ga_rng_integers(b, -5, 5, 1, 2, shape, GA_INT32, nullptr, nullptr, fresh);
  });
  EXPECT_EQ(fetch<int64_t>(wide_out), std::vector<int64_t>(next_integers.begin(), next_integers.end()));
}

TEST_F(RandomTest, Float16IsTheFloat32SampleRounded) {
  ga_rng_t a = generators.make(GA_BITGEN_MRG32K3A, 3);
  ga_rng_t b = generators.make(GA_BITGEN_MRG32K3A, 3);
  ga_array_t half = nullptr;
  GA_ASSERT_OK(ga_rng_random(a, 1, kShape, GA_FLOAT16, nullptr, nullptr, &half));
  EXPECT_EQ(dtype_of_array(half), GA_FLOAT16);
  ga_array_t widened = nullptr;
  GA_ASSERT_OK(ga_array_astype(half, GA_FLOAT32, GA_ORDER_C, nullptr, &widened));
  const std::vector<float> single = uniform_f32(b);
  const std::vector<float> rounded = fetch<float>(widened);
  ASSERT_EQ(rounded.size(), single.size());
  for (size_t i = 0; i < rounded.size(); i += 997) EXPECT_NEAR(rounded[i], single[i], 1e-3) << i;
  ga_array_release(widened);
  ga_array_release(half);
}

TEST_F(RandomTest, PermutationShuffleAndChoice) {
  ga_rng_t rng = generators.make(GA_BITGEN_PHILOX4_32_10, 8);
  const int64_t n = 100003;
  std::vector<int64_t> order = drawn<int64_t>(
      GA_INT64, [&](ga_array_t* result) { return ga_rng_permutation(rng, n, nullptr, nullptr, result); });
  std::vector<int64_t> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  for (int64_t i = 0; i < n; ++i) ASSERT_EQ(sorted[static_cast<size_t>(i)], i);
  EXPECT_NE(order, sorted);

  Handles owned;
  std::vector<double> rows(static_cast<size_t>(1000 * 3));
  for (size_t i = 0; i < rows.size(); ++i) rows[i] = static_cast<double>(i / 3);
  ga_array_t matrix = owned(upload_shaped(rows, {1000, 3}));
  GA_ASSERT_OK(ga_rng_shuffle(rng, matrix, nullptr));
  const std::vector<double> shuffled = fetch<double>(matrix);
  std::vector<double> firsts;
  for (size_t r = 0; r < 1000; ++r) {
    EXPECT_EQ(shuffled[3 * r], shuffled[3 * r + 1]);  // rows move whole
    EXPECT_EQ(shuffled[3 * r], shuffled[3 * r + 2]);
    firsts.push_back(shuffled[3 * r]);
  }
  std::sort(firsts.begin(), firsts.end());
  for (size_t r = 0; r < 1000; ++r) EXPECT_EQ(firsts[r], static_cast<double>(r));

  const int64_t picks[] = {500};
  const std::vector<int64_t> distinct = drawn<int64_t>(GA_INT64, [&](ga_array_t* result) {
    return ga_rng_choice(rng, nullptr, 1000, 0, nullptr, 1, picks, nullptr, nullptr, result);
  });
  EXPECT_EQ(std::set<int64_t>(distinct.begin(), distinct.end()).size(), 500u);

  std::vector<double> weights(10, 0.0);
  weights[2] = 0.25;
  weights[7] = 0.75;
  ga_array_t p = owned(upload(weights));
  const std::vector<int64_t> weighted = drawn<int64_t>(GA_INT64, [&](ga_array_t* result) {
    return ga_rng_choice(rng, nullptr, 10, 1, p, 1, kShape, nullptr, nullptr, result);
  });
  int64_t sevens = 0;
  for (int64_t value : weighted) {
    ASSERT_TRUE(value == 2 || value == 7) << value;
    sevens += value == 7;
  }
  EXPECT_NEAR(static_cast<double>(sevens) / kCount, 0.75, 0.003);
  const int64_t two[] = {2};
  const std::vector<int64_t> both = drawn<int64_t>(GA_INT64, [&](ga_array_t* result) {
    return ga_rng_choice(rng, nullptr, 10, 0, p, 1, two, nullptr, nullptr, result);
  });
  EXPECT_EQ(std::set<int64_t>(both.begin(), both.end()), (std::set<int64_t>{2, 7}));

  ga_array_t population = owned(upload(std::vector<double>{1.5, 2.5, 3.5}));
  const int64_t grid[] = {4, 5};
  const std::vector<double> items = drawn<double>(GA_FLOAT64, [&](ga_array_t* result) {
    return ga_rng_choice(rng, population, 0, 1, nullptr, 2, grid, nullptr, nullptr, result);
  });
  ASSERT_EQ(items.size(), 20u);
  for (double item : items) EXPECT_TRUE(item == 1.5 || item == 2.5 || item == 3.5) << item;

  const std::vector<uint8_t> bytes =
      drawn<uint8_t>(GA_UINT8, [&](ga_array_t* result) { return ga_rng_bytes(rng, 4096, nullptr, nullptr, result); });
  EXPECT_EQ(bytes.size(), 4096u);
  EXPECT_NEAR(mean_of(bytes), 127.5, 6);
}

TEST_F(RandomTest, EmptyAndZeroDimensionalSamples) {
  ga_rng_t rng = generators.make(GA_BITGEN_XORWOW, 1);
  const int64_t empty[] = {0, 4};
  ga_array_t result = nullptr;
  GA_ASSERT_OK(ga_rng_gamma(rng, 2, 1, 2, empty, GA_FLOAT32, nullptr, nullptr, &result));
  EXPECT_EQ(size_of(result), 0);
  ga_array_release(result);
  result = nullptr;
  GA_ASSERT_OK(ga_rng_normal(rng, 0, 1, 0, nullptr, GA_FLOAT64, nullptr, nullptr, &result));
  EXPECT_EQ(shape_of(result).size(), 0u);
  EXPECT_EQ(size_of(result), 1);
  ga_array_release(result);
}

TEST_F(RandomTest, LegacyFunctionsFollowTheSeed) {
  const auto rand = [] {
    return drawn<double>(
        GA_FLOAT64, [](ga_array_t* result) { return ga_random_rand(1, kShape, GA_FLOAT64, nullptr, nullptr, result); });
  };
  GA_ASSERT_OK(ga_random_seed(42));
  const std::vector<double> first = rand();
  GA_ASSERT_OK(ga_random_seed(42));
  EXPECT_EQ(first, rand());
  EXPECT_NE(first, rand());
  // The global generator is Philox4x32-10 with that seed.
  GA_ASSERT_OK(ga_random_seed(42));
  ga_rng_t own = generators.make(GA_BITGEN_PHILOX4_32_10, 42);
  EXPECT_EQ(first, drawn<double>(GA_FLOAT64, [&](ga_array_t* result) {
              return ga_rng_random(own, 1, kShape, GA_FLOAT64, nullptr, nullptr, result);
            }));
  // ga_random_get_rng() hands out that generator itself: its first call gives the same numbers.
  ga_rng_t global = nullptr;
  GA_ASSERT_OK(ga_random_get_rng(&global));
  EXPECT_EQ(first, drawn<double>(GA_FLOAT64, [&](ga_array_t* result) {
              return ga_rng_random(global, 1, kShape, GA_FLOAT64, nullptr, nullptr, result);
            }));
  GA_ASSERT_OK(ga_rng_release(global));
  const std::vector<float> normals = drawn<float>(GA_FLOAT32, [](ga_array_t* result) {
    return ga_random_normal(1, 2, 1, kShape, GA_FLOAT32, nullptr, nullptr, result);
  });
  EXPECT_NEAR(mean_of(normals), 1, 0.012);
  const std::vector<double> standard = drawn<double>(
      GA_FLOAT64, [](ga_array_t* result) { return ga_random_randn(1, kShape, GA_FLOAT64, nullptr, nullptr, result); });
  EXPECT_NEAR(variance_of(standard), 1, 0.01);
  const std::vector<double> spread = drawn<double>(GA_FLOAT64, [](ga_array_t* result) {
    return ga_random_uniform(5, 6, 1, kShape, GA_FLOAT64, nullptr, nullptr, result);
  });
  EXPECT_NEAR(mean_of(spread), 5.5, 0.002);
  const std::vector<int32_t> ints = drawn<int32_t>(GA_INT32, [](ga_array_t* result) {
    return ga_random_randint(10, 20, 1, kShape, GA_INT32, nullptr, nullptr, result);
  });
  EXPECT_EQ(*std::min_element(ints.begin(), ints.end()), 10);
  EXPECT_EQ(*std::max_element(ints.begin(), ints.end()), 19);
}

}  // namespace
