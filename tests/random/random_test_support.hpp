// What the random C API tests share: owned generators, samples fetched to the host, and their
// mean.
#pragma once

#include "gpu_test.hpp"
#include "ops/user_kernel_support.hpp"

#include <garray/garray.h>

#include <cstdint>
#include <numeric>
#include <vector>

// Releases the generators it holds when the test ends.
class Generators {
 public:
  ~Generators() {
    for (ga_rng_t rng : generators_) ga_rng_release(rng);
  }
  ga_rng_t make(ga_bitgen_t bitgen, uint64_t seed) {
    ga_rng_t rng = nullptr;
    EXPECT_EQ(ga_rng_create(bitgen, seed, &rng), GA_OK) << ga_last_error();
    generators_.push_back(rng);
    return rng;
  }

 private:
  std::vector<ga_rng_t> generators_;
};

inline constexpr ga_bitgen_t kBitGenerators[] = {GA_BITGEN_XORWOW, GA_BITGEN_PHILOX4_32_10, GA_BITGEN_MRG32K3A};

// The values of a call that returns a new array of `dtype`, fetched as T (of that size).
template <class T, class Call>
std::vector<T> drawn(ga_dtype_t dtype, Call&& call) {
  ga_array_t result = nullptr;
  const ga_status_t status = call(&result);
  EXPECT_EQ(status, GA_OK) << ga_last_error();
  if (status != GA_OK) return {};
  EXPECT_EQ(dtype_of_array(result), dtype);
  std::vector<T> values = fetch<T>(result);
  ga_array_release(result);
  return values;
}

template <class T>
double mean_of(const std::vector<T>& values) {
  double sum = 0;
  for (T value : values) sum += static_cast<double>(value);
  return values.empty() ? 0 : sum / static_cast<double>(values.size());
}

template <class T>
double variance_of(const std::vector<T>& values) {
  const double mean = mean_of(values);
  double sum = 0;
  for (T value : values) sum += (static_cast<double>(value) - mean) * (static_cast<double>(value) - mean);
  return values.empty() ? 0 : sum / static_cast<double>(values.size());
}
