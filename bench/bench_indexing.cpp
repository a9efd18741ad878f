// Integer-array indexing through the C API on the GPU, beside the device's copy bandwidth in the
// same run: take of 2^24 random int64 indices from 2^28 float32 (the goal: at most CuPy's 0.66 ms
// on an H100; bench_indexing_cupy.py measures CuPy's figure for the same workload), the same into a
// given output, put of 2^24 values at random positions, and add.at with those positions (atomics,
// repeated positions included). Effective bytes count what the operation must move: an 8-byte
// index, a 4-byte value read and a 4-byte value written per element (the random reads really move
// a 32-byte sector each). CUDA events around batches of calls after a warm-up, median of several
// batches, results checked against the host. Exits 1 without a GPU.
#include "bench_support.hpp"

#include <garray/indexing.h>
#include <garray/ufunc_at.h>

#include <cstdint>
#include <cstdio>
#include <vector>

using bench::check;
using bench::median_milliseconds;
using bench::upload;

const char* const bench::kProgram = "bench_indexing";

int main() {
  const ga_device_properties_t properties = bench::require_gpu();
  const size_t n = size_t{1} << 28;
  const size_t count = size_t{1} << 24;
  std::vector<float> x(n);
  for (size_t i = 0; i < n; ++i) x[i] = static_cast<float>(i % 1000003);
  std::vector<int64_t> positions(count);
  uint64_t state = 0x9E3779B97F4A7C15ull;
  for (int64_t& position : positions) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    position = static_cast<int64_t>((state >> 33) % n);
  }
  ga_array_t source = upload(x, GA_FLOAT32);
  ga_array_t indices = upload(positions, GA_INT64);
  ga_array_t out = upload(std::vector<float>(count, 0.f), GA_FLOAT32);
  ga_array_t values = upload(std::vector<float>(count, 1.f), GA_FLOAT32);

  const double copy_bytes = 4.0 * count;
  const double copy = bench::copy_milliseconds(source, out, copy_bytes);
  const double ceiling = bench::gigabytes_per_second(2 * copy_bytes, copy);

  const double take_new = median_milliseconds([&] {
    ga_array_t result = nullptr;
    check(ga_array_take(source, indices, 0, GA_INDEX_MODE_WRAP, nullptr, nullptr, &result), "ga_array_take");
    check(ga_array_release(result), "ga_array_release");
  });
  const double take_into = median_milliseconds([&] {
    ga_array_t result = nullptr;
    check(ga_array_take(source, indices, 0, GA_INDEX_MODE_WRAP, out, nullptr, &result), "ga_array_take");
    check(ga_array_release(result), "ga_array_release");
  });
  const std::vector<float> taken = bench::download<float>(out, count);
  for (size_t i = 0; i < count; i += 997) {
    if (taken[i] != x[static_cast<size_t>(positions[i])]) {
      std::fprintf(stderr, "bench_indexing: take is wrong at %zu\n", i);
      return 1;
    }
  }
  const double put = median_milliseconds([&] {
    check(ga_array_put(source, indices, values, GA_INDEX_MODE_WRAP, nullptr), "ga_array_put");
  });
  ga_ufunc_t add = nullptr;
  check(ga_ufunc_find("add", &add), "ga_ufunc_find");
  ga_advanced_index_t item = {};
  item.array = indices;
  ga_operand_t one = {};
  one.kind = GA_OPERAND_ARRAY;
  one.array = values;
  const double add_at = median_milliseconds([&] {
    check(ga_ufunc_at(add, source, &item, 1, &one, nullptr), "ga_ufunc_at");
  });

  std::printf("bench_indexing: %s; 2^24 random int64 indices into 2^28 float32; copy ceiling %.0f GB/s "
              "(D2D memcpy, read + write)\n\n", properties.name, ceiling);
  const bench::BandwidthTable table(40, ceiling);
  table.print_header();
  table.print_row("D2D memcpy 2^24 f32 (ceiling)", copy, 2 * copy_bytes);
  table.print_row("take, new output (goal <= 660 us)", take_new, 16.0 * count);
  table.print_row("take, out= given", take_into, 16.0 * count);
  table.print_row("put, wrap", put, 16.0 * count);
  table.print_row("add.at (atomicAdd)", add_at, 16.0 * count);
  for (ga_array_t array : {source, indices, out, values}) check(ga_array_release(array), "ga_array_release");
  return 0;
}
