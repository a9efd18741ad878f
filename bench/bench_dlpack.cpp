// Host time of DLPack exchange through the C API: export, import and release of a device array,
// the path every zero-copy hand-off to PyTorch, CuPy or JAX takes. The goal is at most 1 µs for the
// whole round trip. Host time, not CUDA events: no device work is queued on these paths.
//
// Prints a table of nanoseconds per iteration (median, 10th and 90th percentile over batches) and
// exits non-zero, with a message, on a machine without a GPU.
#include <garray/garray.h>

#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr int kBatches = 201;
constexpr int kIterationsPerBatch = 1000;
constexpr int kWarmUpBatches = 5;

void require_ok(ga_status_t status, const char* what) {
  if (status == GA_OK) return;
  std::fprintf(stderr, "bench_dlpack: %s failed: %s: %s\n", what, ga_status_string(status), ga_last_error());
  std::exit(EXIT_FAILURE);
}

struct Percentiles {
  double p10;
  double median;
  double p90;
};

// Nanoseconds per call of `iteration`, over batches, after warm-up.
template <class Iteration>
Percentiles time_per_iteration(Iteration&& iteration) {
  std::vector<double> per_iteration;
  for (int batch = 0; batch < kWarmUpBatches + kBatches; ++batch) {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < kIterationsPerBatch; ++i) iteration();
    const std::chrono::duration<double, std::nano> elapsed = std::chrono::steady_clock::now() - start;
    if (batch >= kWarmUpBatches) per_iteration.push_back(elapsed.count() / kIterationsPerBatch);
  }
  std::sort(per_iteration.begin(), per_iteration.end());
  const auto at = [&](double fraction) {
    return per_iteration[static_cast<std::size_t>(fraction * (per_iteration.size() - 1))];
  };
  return {at(0.1), at(0.5), at(0.9)};
}

void print_row(const char* operation, const Percentiles& time) {
  std::printf("| %-60s | %9.0f | %9.0f | %9.0f |\n", operation, time.median, time.p10, time.p90);
}

ga_array_t versioned_round_trip(ga_array_t array, int64_t consumer_stream) {
  ga_dlpack_managed_tensor_versioned_t* tensor = nullptr;
  require_ok(ga_array_to_dlpack_versioned(array, consumer_stream, &tensor), "ga_array_to_dlpack_versioned");
  ga_array_t imported = nullptr;
  require_ok(ga_array_from_dlpack_versioned(tensor, nullptr, nullptr, &imported), "ga_array_from_dlpack_versioned");
  return imported;
}

}  // namespace

int main() {
  int devices = 0;
  require_ok(ga_device_count(&devices), "ga_device_count");
  if (devices == 0) {
    std::fprintf(stderr, "bench_dlpack: no CUDA device on this machine; nothing to measure\n");
    return EXIT_FAILURE;
  }

  const int64_t shape[] = {256, 1024};
  void* memory = nullptr;
  if (cudaMalloc(&memory, 256 * 1024 * sizeof(float)) != cudaSuccess) {
    std::fprintf(stderr, "bench_dlpack: cudaMalloc failed\n");
    return EXIT_FAILURE;
  }
  ga_array_t array = nullptr;
  require_ok(ga_array_from_device_pointer(memory, 0, 2, shape, nullptr, GA_FLOAT32, 0, nullptr, nullptr, &array),
             "ga_array_from_device_pointer");

  std::printf("garray DLPack exchange, host time per iteration in ns (%d batches of %d after warm-up)\n\n",
              kBatches, kIterationsPerBatch);
  std::printf("| %-60s | %9s | %9s | %9s |\n", "operation (2-D float32 device array)", "median", "p10", "p90");
  std::printf("|%s|%s|%s|%s|\n", "--------------------------------------------------------------", "-----------",
              "-----------", "-----------");

  print_row("export versioned + deleter", time_per_iteration([&] {
              ga_dlpack_managed_tensor_versioned_t* tensor = nullptr;
              require_ok(ga_array_to_dlpack_versioned(array, -1, &tensor), "ga_array_to_dlpack_versioned");
              tensor->deleter(tensor);
            }));
  print_row("round trip versioned: export + import + release (stream -1)", time_per_iteration([&] {
              require_ok(ga_array_release(versioned_round_trip(array, -1)), "ga_array_release");
            }));
  // The calling thread's current stream is the legacy default stream, which DLPack numbers 1.
  print_row("round trip versioned, consumer = producer stream (1)", time_per_iteration([&] {
              require_ok(ga_array_release(versioned_round_trip(array, 1)), "ga_array_release");
            }));
  print_row("round trip legacy: export + import + release (stream -1)", time_per_iteration([&] {
              ga_dlpack_managed_tensor_t* tensor = nullptr;
              require_ok(ga_array_to_dlpack(array, -1, &tensor), "ga_array_to_dlpack");
              ga_array_t imported = nullptr;
              require_ok(ga_array_from_dlpack(tensor, nullptr, nullptr, &imported), "ga_array_from_dlpack");
              require_ok(ga_array_release(imported), "ga_array_release");
            }));
  print_row("ga_array_from_device_pointer + release (asks CUDA the kind)", time_per_iteration([&] {
              ga_array_t wrapped = nullptr;
              require_ok(ga_array_from_device_pointer(memory, 0, 2, shape, nullptr, GA_FLOAT32, 0, nullptr, nullptr,
                                                      &wrapped),
                         "ga_array_from_device_pointer");
              require_ok(ga_array_release(wrapped), "ga_array_release");
            }));

  require_ok(ga_array_release(array), "ga_array_release");
  cudaFree(memory);
  return EXIT_SUCCESS;
}
