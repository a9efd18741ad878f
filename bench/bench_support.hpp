// What the C++ benchmarks share: failing loudly on an error, and host time per call.
#pragma once

#include <garray/garray.h>

#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace bench {

inline constexpr int kRepetitions = 9;

// The benchmark's name, for messages; each benchmark defines it.
extern const char* const kProgram;

inline void check(ga_status_t status, const char* call) {
  if (status == GA_OK) return;
  std::fprintf(stderr, "%s: %s failed: %s: %s\n", kProgram, call, ga_status_string(status), ga_last_error());
  std::exit(1);
}

inline void check(cudaError_t code, const char* call) {
  if (code == cudaSuccess) return;
  std::fprintf(stderr, "%s: %s failed: %s\n", kProgram, call, cudaGetErrorString(code));
  std::exit(1);
}

// Exits 1, saying so, on a machine without a GPU; returns device 0's name otherwise.
inline ga_device_properties_t require_gpu() {
  int count = 0;
  check(ga_device_count(&count), "ga_device_count");
  if (count == 0) {
    std::fprintf(stderr, "%s: no CUDA device on this machine; nothing to measure\n", kProgram);
    std::exit(1);
  }
  ga_device_properties_t properties = {sizeof(properties)};
  check(ga_device_get_properties(0, &properties), "ga_device_get_properties");
  return properties;
}

// Host microseconds per call of `body`: the median over kRepetitions runs of `iterations` calls,
// after a warm-up of a tenth as many.
template <class Body>
double median_microseconds(int iterations, Body&& body) {
  for (int i = 0; i < iterations / 10 + 1; ++i) body();
  std::vector<double> per_call;
  for (int repetition = 0; repetition < kRepetitions; ++repetition) {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < iterations; ++i) body();
    const std::chrono::duration<double, std::micro> elapsed = std::chrono::steady_clock::now() - start;
    per_call.push_back(elapsed.count() / iterations);
  }
  std::nth_element(per_call.begin(), per_call.begin() + kRepetitions / 2, per_call.end());
  return per_call[kRepetitions / 2];
}

}  // namespace bench
