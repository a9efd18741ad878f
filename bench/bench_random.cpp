// Random numbers through the C API beside the device's write and copy bandwidth and cuRAND's host
// API called directly, in the same run: uniform and standard_normal float32 over 2^26 elements
// (garray's goals: at least 90% of the write bandwidth; CuPy's legacy random took 429 GB/s and
// default_rng's standard_normal 1836 GB/s on an H100 when the goals were set) for each bit
// generator, their float64 forms, integers and the legacy rand. Each call writes into one
// preallocated out, so the figures are the kernels'. Bytes count the output written. CUDA events
// around batches of calls after a warm-up, median of several batches; samples are checked for
// their mean. Exits 1 without a GPU.
#include "bench_support.hpp"

#include <garray/random.h>

#include <curand.h>

#include <cmath>
#include <cstdio>
#include <vector>

using bench::check;
using bench::check_library;
using bench::median_milliseconds;
using bench::require;

const char* const bench::kProgram = "bench_random";

namespace {

constexpr int64_t kCount = int64_t{1} << 26;

template <class T>
double mean_of_first(ga_array_t array, size_t count) {
  const std::vector<T> values = bench::download<T>(array);
  double sum = 0;
  for (size_t k = 0; k < count; ++k) sum += static_cast<double>(values[k]);
  return sum / static_cast<double>(count);
}

// cuRAND's host API filling `data` with `count` float32 numbers: the vendor library's figure.
double curand_milliseconds(curandRngType_t type, bool normal, void* data) {
  curandGenerator_t generator = nullptr;
  check_library(curandCreateGenerator(&generator, type), "curandCreateGenerator");
  check_library(curandSetPseudoRandomGeneratorSeed(generator, 1), "curandSetPseudoRandomGeneratorSeed");
  const double milliseconds = median_milliseconds([&] {
    float* out = static_cast<float*>(data);
    check_library(normal ? curandGenerateNormal(generator, out, static_cast<size_t>(kCount), 0.0f, 1.0f)
                         : curandGenerateUniform(generator, out, static_cast<size_t>(kCount)),
                  "curandGenerate");
  });
  check_library(curandDestroyGenerator(generator), "curandDestroyGenerator");
  return milliseconds;
}

}  // namespace

int main() {
  const ga_device_properties_t properties = bench::require_gpu();
  const int64_t shape[] = {kCount};
  ga_array_t out32 = bench::upload(std::vector<float>(kCount, 0.f), GA_FLOAT32);
  ga_array_t source32 = bench::upload(std::vector<float>(kCount, 0.f), GA_FLOAT32);
  ga_array_t out64 = bench::upload(std::vector<double>(kCount, 0.0), GA_FLOAT64);
  ga_array_t out_int = bench::upload(std::vector<int32_t>(kCount, 0), GA_INT32);
  const double bytes32 = 4.0 * kCount;
  const double bytes64 = 8.0 * kCount;

  void* data32 = nullptr;
  check(ga_array_data(out32, &data32), "ga_array_data");
  const double write = median_milliseconds(
      [&] { check(cudaMemsetAsync(data32, 0, static_cast<size_t>(bytes32), nullptr), "cudaMemsetAsync"); });
  const double write_rate = bench::gigabytes_per_second(bytes32, write);
  const double copy = bench::copy_milliseconds(source32, out32, bytes32);

  std::printf("bench_random: %s; write (cudaMemsetAsync) %.0f GB/s, copy %.0f GB/s, 2^26 elements\n", properties.name,
              write_rate, bench::gigabytes_per_second(2 * bytes32, copy));
  const bench::BandwidthTable table(44, write_rate);
  std::printf("(the last column is the share of the write bandwidth)\n");
  table.print_header();

  const char* const names[] = {"XORWOW", "Philox4x32-10", "MRG32k3a"};
  const ga_bitgen_t kinds[] = {GA_BITGEN_XORWOW, GA_BITGEN_PHILOX4_32_10, GA_BITGEN_MRG32K3A};
  char label[96];
  for (int k = 0; k < 3; ++k) {
    ga_rng_t rng = nullptr;
    check(ga_rng_create(kinds[k], 1, &rng), "ga_rng_create");
    // Times `call(out, &result)`: the sample written into the preallocated `out`, which comes back in
    // result with one more reference, released in the timed body.
    const auto time_into = [&](ga_array_t out, auto call) {
      return median_milliseconds([&] {
        ga_array_t result = nullptr;
        check(call(out, &result), "ga_rng sample");
        check(ga_array_release(result), "ga_array_release");
      });
    };
    const double uniform = time_into(out32, [&](ga_array_t out, ga_array_t* result) {
      return ga_rng_random(rng, 1, shape, GA_FLOAT32, out, nullptr, result);
    });
    require(std::fabs(mean_of_first<float>(out32, 1 << 20) - 0.5) < 0.01, "uniform's mean");
    std::snprintf(label, sizeof label, "uniform f32, %s", names[k]);
    table.print_row(label, uniform, bytes32);
    const double normal = time_into(out32, [&](ga_array_t out, ga_array_t* result) {
      return ga_rng_standard_normal(rng, 1, shape, GA_FLOAT32, out, nullptr, result);
    });
    require(std::fabs(mean_of_first<float>(out32, 1 << 20)) < 0.01, "standard_normal's mean");
    std::snprintf(label, sizeof label, "standard_normal f32, %s", names[k]);
    table.print_row(label, normal, bytes32);
    const double uniform64 = time_into(out64, [&](ga_array_t out, ga_array_t* result) {
      return ga_rng_random(rng, 1, shape, GA_FLOAT64, out, nullptr, result);
    });
    std::snprintf(label, sizeof label, "uniform f64, %s", names[k]);
    table.print_row(label, uniform64, bytes64);
    const double normal64 = time_into(out64, [&](ga_array_t out, ga_array_t* result) {
      return ga_rng_standard_normal(rng, 1, shape, GA_FLOAT64, out, nullptr, result);
    });
    std::snprintf(label, sizeof label, "standard_normal f64, %s", names[k]);
    table.print_row(label, normal64, bytes64);
    const double integers = time_into(out_int, [&](ga_array_t out, ga_array_t* result) {
      return ga_rng_integers(rng, 0, 1000, 0, 1, shape, GA_INT32, out, nullptr, result);
    });
    require(std::fabs(mean_of_first<int32_t>(out_int, 1 << 20) - 499.5) < 5, "integers' mean");
    std::snprintf(label, sizeof label, "integers [0, 1000) i32, %s", names[k]);
    table.print_row(label, integers, bytes32);
    check(ga_rng_release(rng), "ga_rng_release");
  }
  check(ga_random_seed(1), "ga_random_seed");
  const double legacy = median_milliseconds([&] {
    ga_array_t result = nullptr;
    check(ga_random_rand(1, shape, GA_FLOAT32, out32, nullptr, &result), "ga_random_rand");
    check(ga_array_release(result), "ga_array_release");  // out32's extra reference
  });
  table.print_row("legacy rand f32 (Philox4x32-10)", legacy, bytes32);
  table.print_row("cuRAND host API uniform f32, XORWOW", curand_milliseconds(CURAND_RNG_PSEUDO_XORWOW, false, data32),
                  bytes32);
  table.print_row("cuRAND host API uniform f32, Philox",
                  curand_milliseconds(CURAND_RNG_PSEUDO_PHILOX4_32_10, false, data32), bytes32);
  table.print_row("cuRAND host API normal f32, Philox",
                  curand_milliseconds(CURAND_RNG_PSEUDO_PHILOX4_32_10, true, data32), bytes32);

  for (ga_array_t array : {out32, source32, out64, out_int}) check(ga_array_release(array), "ga_array_release");
  return 0;
}
