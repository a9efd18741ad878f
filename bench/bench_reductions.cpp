// Device bandwidth of the named reductions (garray/reductions.h) through the C API, beside the
// device's copy bandwidth measured in the same run: sum and argmax over 2^28 float32 elements,
// mean and std over axis 0 and sum over axis 1 of a 4096 x 4096 float32 matrix, and the host cost
// of a 1-element sum. Bytes count what the reduction must read (the outputs are negligible). CUDA
// events around batches of calls after a warm-up, median of several batches, fresh random data,
// results checked against float64 host references. bench/bench_reductions_cupy.py times CuPy on
// the same workloads. Exits 1 without a GPU.
#include "bench_support.hpp"

#include <garray/reductions.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

using bench::check;
using bench::download;
using bench::median_milliseconds;
using bench::require;

const char* const bench::kProgram = "bench_reductions";

namespace {

constexpr int64_t kSide = 4096;

// Uniform values in [0, 1), fresh in every run.
std::vector<float> random_values(size_t count) {
  bench::RandomValues random;
  std::vector<float> values(count);
  for (float& value : values) value = random.unit();
  return values;
}

using Reduce = ga_status_t (*)(ga_array_t, const ga_reduce_options_t*, ga_array_t, ga_stream_t, ga_array_t*);

// Times `function` on `input` with `options`, each call allocating its result (the usual call);
// returns the milliseconds and leaves the last result in `result`.
double time_reduction(Reduce function, ga_array_t input, const ga_reduce_options_t* options, ga_array_t& result) {
  return median_milliseconds([&] {
    if (result) check(ga_array_release(result), "ga_array_release");
    result = nullptr;
    check(function(input, options, nullptr, nullptr, &result), "reduction");
  });
}

ga_reduce_options_t along(const int* axis) {
  ga_reduce_options_t options = {sizeof(options)};
  options.axes = axis;
  options.axis_count = 1;
  options.dtype = GA_DTYPE_SAME;
  return options;
}

}  // namespace

int main() {
  const ga_device_properties_t properties = bench::require_gpu();
  const size_t n = size_t{1} << 28;
  const std::vector<float> x = random_values(n);
  const std::vector<float> m = random_values(static_cast<size_t>(kSide * kSide));
  ga_array_t dx = bench::upload(x, GA_FLOAT32);
  ga_array_t scratch = bench::upload(std::vector<float>(n, 0.f), GA_FLOAT32);
  ga_array_t dm = bench::upload(m, GA_FLOAT32, {kSide, kSide});

  const double bytes = 4.0 * static_cast<double>(n);
  const double copy = bench::copy_milliseconds(dx, scratch, bytes);
  const double ceiling = bench::gigabytes_per_second(2 * bytes, copy);
  const double matrix_bytes = 4.0 * static_cast<double>(kSide * kSide);

  ga_array_t total = nullptr;
  const double sum_all = time_reduction(ga_array_sum, dx, nullptr, total);
  double host_sum = 0;
  for (float value : x) host_sum += value;
  const double sum_error = std::fabs(download<float>(total, 1)[0] - host_sum) / host_sum;
  require(sum_error < 1e-5, "sum over 2^28");

  ga_array_t position = nullptr;
  const double argmax_all = time_reduction(ga_array_argmax, dx, nullptr, position);
  const int64_t expected_position = std::max_element(x.begin(), x.end()) - x.begin();
  require(download<int64_t>(position, 1)[0] == expected_position, "argmax over 2^28");

  const int axis0 = 0;
  const int axis1 = 1;
  const ga_reduce_options_t over_rows = along(&axis0);
  const ga_reduce_options_t over_columns = along(&axis1);
  ga_array_t means = nullptr;
  ga_array_t row_sums = nullptr;
  ga_array_t deviations = nullptr;
  const double mean_axis0 = time_reduction(ga_array_mean, dm, &over_rows, means);
  const double sum_axis1 = time_reduction(ga_array_sum, dm, &over_columns, row_sums);
  const double std_axis0 = time_reduction(ga_array_std, dm, &over_rows, deviations);
  const std::vector<float> got_means = download<float>(means, kSide);
  const std::vector<float> got_sums = download<float>(row_sums, kSide);
  const std::vector<float> got_std = download<float>(deviations, kSide);
  for (int64_t k = 0; k < kSide; k += 257) {
    double column = 0, row = 0;
    for (int64_t i = 0; i < kSide; ++i) {
      column += m[static_cast<size_t>(i * kSide + k)];
      row += m[static_cast<size_t>(k * kSide + i)];
    }
    const double mean = column / kSide;
    double m2 = 0;
    for (int64_t i = 0; i < kSide; ++i) {
      const double d = m[static_cast<size_t>(i * kSide + k)] - mean;
      m2 += d * d;
    }
    require(std::fabs(got_means[static_cast<size_t>(k)] - mean) < 1e-5, "mean over axis 0");
    require(std::fabs(got_sums[static_cast<size_t>(k)] - row) < 1e-5 * row, "sum over axis 1");
    require(std::fabs(got_std[static_cast<size_t>(k)] - std::sqrt(m2 / kSide)) < 1e-5, "std over axis 0");
  }

  // Host cost per call: the device is synchronised every 256 calls so that the launch queue never fills.
  ga_array_t tiny = bench::upload(std::vector<float>{1.5f}, GA_FLOAT32);
  ga_array_t tiny_out = nullptr;  // a 0-d float32 array, as a full reduction returns
  check(ga_array_sum(tiny, nullptr, nullptr, nullptr, &tiny_out), "ga_array_sum");
  // host_cost's pointer holds NULL (allocate) or tiny_out (the destination): pass it as out.
  const bench::HostCost overhead = bench::host_cost(tiny_out, [&](ga_array_t* result) {
    const ga_array_t out = *result;
    check(ga_array_sum(tiny, nullptr, out, nullptr, result), "ga_array_sum");
    if (out) check(ga_array_release(*result), "ga_array_release");  // the destination's extra reference
  });
  require(download<float>(tiny_out, 1)[0] == 1.5f, "1-element sum");

  std::printf("bench_reductions: %s; float32; copy ceiling %.0f GB/s (D2D memcpy of 2^28 elements, read + write)\n\n",
              properties.name, ceiling);
  const bench::BandwidthTable table(36, ceiling);
  table.print_header();
  table.print_row("D2D memcpy (ceiling)", copy, 2 * bytes);
  table.print_row("sum, 2^28 (goal >= 90%)", sum_all, bytes);
  table.print_row("argmax, 2^28 (goal >= 90%)", argmax_all, bytes);
  table.print_row("mean axis 0, 4096^2 (goal >= 85%)", mean_axis0, matrix_bytes);
  table.print_row("sum axis 1, 4096^2 (goal >= 90%)", sum_axis1, matrix_bytes);
  table.print_row("std axis 0, 4096^2 (goal >= 80%)", std_axis0, matrix_bytes);
  std::printf("\n%-36s %10s\n", "host cost per call", "us");
  std::printf("%-36s %10.2f   (goal <= 4)\n", "ga_array_sum, 1 element, result allocated", overhead.allocating);
  std::printf("%-36s %10.2f\n", "ga_array_sum, 1 element, out given", overhead.given);
  std::printf("\nsum relative error against a float64 host sum: %.2e\n", sum_error);
  for (ga_array_t array : {dx, scratch, dm, total, position, means, row_sums, deviations, tiny, tiny_out}) {
    check(ga_array_release(array), "ga_array_release");
  }
  return 0;
}
