// What the C++ benchmarks share: failing loudly on an error, host time per call, CUDA-event time per
// call, random values, uploads and downloads of host vectors, and rows of a bandwidth table beside the copy ceiling.
#pragma once

#include <garray/garray.h>

#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdint>
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

// median_microseconds with the device synchronised every 256 calls, so that the launch queue never fills.
template <class Body>
double paced_microseconds(int iterations, Body&& body) {
  int calls = 0;
  const double microseconds = median_microseconds(iterations, [&] {
    body();
    if (++calls % 256 == 0) check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  });
  check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  return microseconds;
}

// Host microseconds per call of an entry point with one result, `call(ga_array_t* slot)`: with the result allocated
// (and released) by every call, and with `given` as the destination every call writes into. `*slot` holds NULL or
// `given` when `call` runs: `call` passes it as the function's `out` and `slot` as its `result`, and releases the
// extra reference a given destination comes back with (`if (out) ga_array_release(*slot)`).
struct HostCost {
  double allocating;
  double given;
};

template <class Call>
HostCost host_cost(ga_array_t given, Call&& call, int iterations = 20000) {
  HostCost cost{};
  cost.allocating = paced_microseconds(iterations, [&] {
    ga_array_t result = nullptr;
    call(&result);
    check(ga_array_release(result), "ga_array_release");
  });
  cost.given = paced_microseconds(iterations, [&] {
    ga_array_t result = given;
    call(&result);
  });
  return cost;
}

// How median_milliseconds times a body: `warm_up` calls, then `count` batches of `calls` calls each.
struct Batches {
  int count = 15;
  int calls = 10;
  int warm_up = 3;
};

// Milliseconds per call of `body` on the legacy stream, timed with CUDA events around each batch:
// the median over the batches.
template <class Body>
double median_milliseconds(Body&& body, Batches batches = {}) {
  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "cudaEventCreate");
  check(cudaEventCreate(&stop), "cudaEventCreate");
  for (int i = 0; i < batches.warm_up; ++i) body();
  std::vector<double> times;
  for (int batch = 0; batch < batches.count; ++batch) {
    // One call queued ahead of the start event keeps the device busy while the batch's first call is
    // issued: otherwise the device idles for that call's host time, a tenth of which lands on each call.
    body();
    check(cudaEventRecord(start, nullptr), "cudaEventRecord");
    for (int call = 0; call < batches.calls; ++call) body();
    check(cudaEventRecord(stop, nullptr), "cudaEventRecord");
    check(cudaEventSynchronize(stop), "cudaEventSynchronize");
    float milliseconds = 0;
    check(cudaEventElapsedTime(&milliseconds, start, stop), "cudaEventElapsedTime");
    times.push_back(milliseconds / batches.calls);
  }
  std::sort(times.begin(), times.end());
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return times[times.size() / 2];
}

// Milliseconds per device-to-device cudaMemcpyAsync of `bytes` from `from`'s data to `to`'s: the
// copy that the bandwidth rows are measured against.
inline double copy_milliseconds(ga_array_t from, ga_array_t to, double bytes, Batches batches = {}) {
  void* source = nullptr;
  void* destination = nullptr;
  check(ga_array_data(from, &source), "ga_array_data");
  check(ga_array_data(to, &destination), "ga_array_data");
  return median_milliseconds(
      [&] {
        check(cudaMemcpyAsync(destination, source, static_cast<size_t>(bytes), cudaMemcpyDeviceToDevice, nullptr),
              "cudaMemcpyAsync");
      },
      batches);
}

inline double gigabytes_per_second(double bytes, double milliseconds) { return bytes / (milliseconds * 1e6); }

// Values from a xorshift generator seeded from the clock, so that no run reuses another's data.
class RandomValues {
 public:
  RandomValues() : state_(static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) | 1u) {}

  // Uniform in [0, 1), with the 24 bits a float holds.
  float unit() {
    step();
    return static_cast<float>(state_ >> 40) * (1.0f / 16777216.0f);
  }
  // Uniform in [-1, 1), with the 24 bits a float holds.
  float symmetric() { return 2.0f * unit() - 1.0f; }
  // Uniform in [-1, 1), with the 53 bits a double holds.
  double symmetric_double() {
    step();
    return static_cast<double>(state_ >> 11) * (2.0 / 9007199254740992.0) - 1.0;
  }

 private:
  void step() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 7;
    state_ ^= state_ << 17;
  }
  uint64_t state_;
};

// The device address of `array`'s first element.
inline void* data_of(ga_array_t array) {
  void* data = nullptr;
  check(ga_array_data(array, &data), "ga_array_data");
  return data;
}

// A C-order device array of `shape` (1-D over every value when empty) holding `values` as `dtype`.
template <class T>
ga_array_t upload(const std::vector<T>& values, ga_dtype_t dtype, std::vector<int64_t> shape = {}) {
  if (shape.empty()) shape = {static_cast<int64_t>(values.size())};
  ga_array_t array = nullptr;
  check(ga_array_from_host(values.data(), static_cast<int>(shape.size()), shape.data(), nullptr, dtype, GA_ORDER_C,
                           nullptr, &array),
        "ga_array_from_host");
  return array;
}

// The first `count` elements of `array` (C order).
template <class T>
std::vector<T> download(ga_array_t array, size_t count) {
  std::vector<T> values(count);
  check(ga_array_to_host(array, values.data(), count * sizeof(T), nullptr), "ga_array_to_host");
  return values;
}

// Every element of `array` (C order).
template <class T>
std::vector<T> download(ga_array_t array) {
  int64_t size = 0;
  check(ga_array_size(array, &size), "ga_array_size");
  return download<T>(array, static_cast<size_t>(size));
}

// Exits 1, naming the call and its status, unless a vendor library's call succeeded: cuBLAS,
// cuSOLVER, cuFFT and cuRAND each have their own status enum, all with 0 for success.
template <class Status>
void check_library(Status status, const char* call) {
  if (static_cast<int>(status) == 0) return;
  std::fprintf(stderr, "%s: %s failed with status %d\n", kProgram, call, static_cast<int>(status));
  std::exit(1);
}

// Exits 1, naming what was wrong, unless `good`.
inline void require(bool good, const char* what) {
  if (good) return;
  std::fprintf(stderr, "%s: %s is wrong\n", kProgram, what);
  std::exit(1);
}

// A table of device timings beside the copy ceiling: microseconds per call, GB/s and the share of
// the ceiling's GB/s, the workload's name in a column `name_width` wide.
class BandwidthTable {
 public:
  BandwidthTable(int name_width, double ceiling) : name_width_(name_width), ceiling_(ceiling) {}

  void print_header() const { std::printf("%-*s %10s %10s %10s\n", name_width_, "workload", "us", "GB/s", "of copy"); }

  // One row: `bytes` moved per call in `milliseconds`.
  void print_row(const char* what, double milliseconds, double bytes) const {
    const double rate = gigabytes_per_second(bytes, milliseconds);
    std::printf("%-*s %10.1f %10.0f %9.0f%%\n", name_width_, what, milliseconds * 1e3, rate, 100 * rate / ceiling_);
  }

 private:
  int name_width_;
  double ceiling_;
};

}  // namespace bench
