// Sorting through the C API beside CUB's radix sort called directly on the same keys (the floor:
// garray adds its key mapping, which makes NaN sort last and ties -0.0 with 0.0, and the inverse
// mapping): sort float32 2^26, argsort float32 2^24, sort float32 rows (many short, few long),
// sort float64 2^26, unique and searchsorted. CUDA events around batches of calls after a warm-up,
// median of several batches; the results are spot-checked. bench/bench_sorting_cupy.py times the
// same workloads with CuPy. Exits 1 without a GPU.
#include "bench_sorting_cub.hpp"
#include "bench_support.hpp"

#include <garray/sorting.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <vector>

using bench::check;
using bench::upload;

const char* const bench::kProgram = "bench_sorting";

namespace {

constexpr bench::Batches kBatches{.count = 11, .calls = 5, .warm_up = 2};

template <class Body>
double median_milliseconds(Body&& body) {
  return bench::median_milliseconds(body, kBatches);
}

std::vector<float> random_floats(size_t count) {
  std::vector<float> values(count);
  uint32_t state = 12345;
  for (float& value : values) {
    state = state * 1664525u + 1013904223u;
    value = static_cast<float>(static_cast<int32_t>(state)) * 1e-6f;
  }
  return values;
}

// Runs `call` (which returns a new array) and releases its result.
template <class Call>
auto releasing(Call call) {
  return [call] {
    ga_array_t result = nullptr;
    check(call(&result), "garray call");
    ga_array_release(result);
  };
}

void print_row(const char* what, double garray_ms, double floor_ms) {
  if (floor_ms > 0) {
    std::printf("%-40s %10.3f %10.3f %8.2fx\n", what, garray_ms, floor_ms, garray_ms / floor_ms);
  } else {
    std::printf("%-40s %10.3f %10s %9s\n", what, garray_ms, "-", "-");
  }
}

// Checks that a float32 result is ascending (a spot check of what is timed).
void require_ascending(ga_array_t array, const char* what) {
  const std::vector<float> host = bench::download<float>(array);
  if (!std::is_sorted(host.begin(), host.end())) {
    std::fprintf(stderr, "%s: %s is not sorted\n", bench::kProgram, what);
    std::exit(1);
  }
}

double cub_floor_sort(const float* keys, int64_t count, bool pairs) {
  float* keys_out = nullptr;
  int64_t *values_in = nullptr, *values_out = nullptr;
  check(cudaMalloc(reinterpret_cast<void**>(&keys_out), count * sizeof(float)), "cudaMalloc");
  if (pairs) {
    check(cudaMalloc(reinterpret_cast<void**>(&values_in), count * sizeof(int64_t)), "cudaMalloc");
    check(cudaMalloc(reinterpret_cast<void**>(&values_out), count * sizeof(int64_t)), "cudaMalloc");
    std::vector<int64_t> iota(static_cast<size_t>(count));
    std::iota(iota.begin(), iota.end(), 0);
    check(cudaMemcpy(values_in, iota.data(), count * sizeof(int64_t), cudaMemcpyHostToDevice), "cudaMemcpy");
  }
  size_t temp_bytes = 0;
  void* temp = nullptr;
  auto sort = [&] {
    check(pairs ? bench::cub_sort_float_pairs(keys, keys_out, values_in, values_out, count, temp, temp_bytes)
                : bench::cub_sort_floats(keys, keys_out, count, temp, temp_bytes),
          "cub::DeviceRadixSort");
  };
  sort();
  check(cudaMalloc(&temp, temp_bytes), "cudaMalloc");
  const double milliseconds = median_milliseconds(sort);
  cudaFree(temp);
  cudaFree(keys_out);
  cudaFree(values_in);
  cudaFree(values_out);
  return milliseconds;
}

}  // namespace

int main() {
  const ga_device_properties_t properties = bench::require_gpu();
  std::printf("%s on %s: milliseconds per call (garray, CUB on the same keys)\n", bench::kProgram, properties.name);
  std::printf("%-40s %10s %10s %9s\n", "workload", "garray", "CUB", "ratio");

  const int64_t big = int64_t{1} << 26;
  const std::vector<float> values = random_floats(static_cast<size_t>(big));
  ga_array_t floats = upload(values, GA_FLOAT32, {big});
  void* keys = nullptr;
  check(ga_array_data(floats, &keys), "ga_array_data");

  ga_array_t sorted = nullptr;
  check(ga_array_sort(floats, 0, 1, nullptr, &sorted), "ga_array_sort");
  require_ascending(sorted, "sort f32 2^26");
  ga_array_release(sorted);
  print_row("sort f32 2^26",
            median_milliseconds(releasing([&](ga_array_t* result) { return ga_array_sort(floats, 0, 1, nullptr, result); })),
            cub_floor_sort(static_cast<const float*>(keys), big, false));

  const int64_t medium = int64_t{1} << 24;
  ga_array_t first_quarter = upload(std::vector<float>(values.begin(), values.begin() + medium), GA_FLOAT32, {medium});
  void* medium_keys = nullptr;
  check(ga_array_data(first_quarter, &medium_keys), "ga_array_data");
  print_row("argsort f32 2^24",
            median_milliseconds(releasing([&](ga_array_t* result) {
              return ga_array_argsort(first_quarter, 0, 1, nullptr, result);
            })),
            cub_floor_sort(static_cast<const float*>(medium_keys), medium, true));

  ga_array_t short_rows = upload(values, GA_FLOAT32, {big / 1024, 1024});
  print_row("sort f32 65536 rows x 1024",
            median_milliseconds(releasing([&](ga_array_t* result) { return ga_array_sort(short_rows, -1, 1, nullptr, result); })), 0);
  ga_array_t long_rows = upload(values, GA_FLOAT32, {4, big / 4});
  print_row("sort f32 4 rows x 2^24",
            median_milliseconds(releasing([&](ga_array_t* result) { return ga_array_sort(long_rows, -1, 1, nullptr, result); })), 0);

  const std::vector<double> doubles(values.begin(), values.end());
  ga_array_t wide = upload(doubles, GA_FLOAT64, {big});
  print_row("sort f64 2^26",
            median_milliseconds(releasing([&](ga_array_t* result) { return ga_array_sort(wide, 0, 1, nullptr, result); })), 0);

  std::vector<int32_t> repeated(static_cast<size_t>(medium));
  for (size_t i = 0; i < repeated.size(); ++i) repeated[i] = static_cast<int32_t>((i * 2654435761u) % 100000);
  ga_array_t integers = upload(repeated, GA_INT32, {medium});
  print_row("unique i32 2^24 (1e5 values)", median_milliseconds([&] {
              ga_array_t unique_values = nullptr;
              check(ga_array_unique(integers, 0, nullptr, &unique_values, nullptr, nullptr, nullptr), "ga_array_unique");
              ga_array_release(unique_values);
            }),
            0);

  ga_array_t haystack = nullptr;
  check(ga_array_sort(first_quarter, 0, 1, nullptr, &haystack), "ga_array_sort");
  print_row("searchsorted 2^26 f32 into 2^24", median_milliseconds(releasing([&](ga_array_t* result) {
              return ga_array_searchsorted(haystack, floats, GA_SEARCH_LEFT, nullptr, nullptr, result);
            })),
            0);

  for (ga_array_t array : {floats, first_quarter, short_rows, long_rows, wide, integers, haystack}) {
    ga_array_release(array);
  }
  return 0;
}
