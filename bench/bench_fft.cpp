// FFT timings through the C API beside cuFFT called directly in the same program: a C2C transform
// of 2^24 complex64 values and fft2 of a 4096 x 4096 complex64 matrix (goals: CuPy's 0.335 ms and
// 0.266 ms on an H100, and at least 95% of cuFFT's speed), and the host time of a transform whose
// plan is cached (goal <= 5 us). CUDA events around batches of calls after a warm-up, median of
// several batches; garray's results are checked against cuFFT's. bench/bench_fft_cupy.py times
// CuPy on the same workloads. Exits 1 without a GPU.
#include "bench_support.hpp"

#include <garray/fft.h>

#include <cufft.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <complex>
#include <cstdio>
#include <vector>

using bench::check;
using bench::check_library;
using bench::median_milliseconds;
using bench::require;

const char* const bench::kProgram = "bench_fft";

namespace {

using cf = std::complex<float>;

// Values in [-1, 1) from a seed taken from the clock, so that no run reuses another's data.
std::vector<cf> random_values(size_t count) {
  bench::RandomValues random;
  std::vector<cf> values(count);
  for (cf& value : values) {
    const float real = random.symmetric();
    value = {real, random.symmetric()};
  }
  return values;
}

// The largest difference between garray's result and cuFFT's, relative to cuFFT's largest value.
double relative_difference(ga_array_t result, void* reference, size_t count) {
  const std::vector<cf> got = bench::download<cf>(result);
  std::vector<cf> expected(count);
  check(cudaMemcpy(expected.data(), reference, count * sizeof(cf), cudaMemcpyDeviceToHost), "cudaMemcpy");
  double difference = 0, largest = 0;
  for (size_t i = 0; i < count; ++i) {
    difference = std::max(difference, static_cast<double>(std::abs(got[i] - expected[i])));
    largest = std::max(largest, static_cast<double>(std::abs(expected[i])));
  }
  return difference / largest;
}

struct Row {
  double garray_ms;
  double garray_out_ms;
  double cufft_ms;
  double difference;
};

// Times ga_fft_execute over `axes` of `input` (result allocated per call, and written into a given
// out) beside cuFFT's `plan` from the same input into a buffer of its own.
Row time_workload(ga_array_t input, const int* axes, int axis_count, cufftHandle plan, size_t count) {
  Row row{};
  ga_array_t result = nullptr;
  row.garray_ms = median_milliseconds([&] {
    if (result) check(ga_array_release(result), "ga_array_release");
    result = nullptr;
    check(ga_fft_execute(GA_FFT_FORWARD, input, nullptr, axes, axis_count, GA_FFT_NORM_BACKWARD, nullptr, nullptr,
                         &result),
          "ga_fft_execute");
  });
  row.garray_out_ms = median_milliseconds([&] {  // into the last result: out given
    ga_array_t given = nullptr;
    check(ga_fft_execute(GA_FFT_FORWARD, input, nullptr, axes, axis_count, GA_FFT_NORM_BACKWARD, result, nullptr,
                         &given),
          "ga_fft_execute");
    check(ga_array_release(given), "ga_array_release");  // the destination's extra reference
  });
  void* data = nullptr;
  check(ga_array_data(input, &data), "ga_array_data");
  void* output = nullptr;
  check(cudaMalloc(&output, count * sizeof(cf)), "cudaMalloc");
  row.cufft_ms = median_milliseconds([&] {
    check_library(
        cufftExecC2C(plan, static_cast<cufftComplex*>(data), static_cast<cufftComplex*>(output), CUFFT_FORWARD),
        "cufftExecC2C");
  });
  check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  row.difference = relative_difference(result, output, count);
  check(cudaFree(output), "cudaFree");
  check(ga_array_release(result), "ga_array_release");
  return row;
}

void print_row(const char* name, const Row& row, double cupy_goal_ms) {
  std::printf("%-34s %10.3f %10.3f %10.3f %9.1f%%   (goal <= %.3f ms, >= 95%% of cuFFT)\n", name, row.garray_ms,
              row.garray_out_ms, row.cufft_ms, 100.0 * row.cufft_ms / row.garray_ms, cupy_goal_ms);
}

}  // namespace

int main() {
  const ga_device_properties_t properties = bench::require_gpu();
  const int64_t long_count = int64_t{1} << 24;
  const int64_t side = 4096;
  ga_array_t long_signal = bench::upload(random_values(static_cast<size_t>(long_count)), GA_COMPLEX64);
  ga_array_t matrix = bench::upload(random_values(static_cast<size_t>(side * side)), GA_COMPLEX64, {side, side});

  cufftHandle long_plan = 0, matrix_plan = 0;
  check_library(cufftPlan1d(&long_plan, static_cast<int>(long_count), CUFFT_C2C, 1), "cufftPlan1d");
  check_library(cufftPlan2d(&matrix_plan, static_cast<int>(side), static_cast<int>(side), CUFFT_C2C), "cufftPlan2d");

  const int last = -1;
  const int both[2] = {-2, -1};
  const Row long_row = time_workload(long_signal, &last, 1, long_plan, static_cast<size_t>(long_count));
  const Row matrix_row = time_workload(matrix, both, 2, matrix_plan, static_cast<size_t>(side * side));
  require(long_row.difference < 1e-5, "the 2^24 transform");
  require(matrix_row.difference < 1e-5, "the 4096^2 fft2");

  // Host cost per call of a cached-plan transform of 64 values: the device is synchronised every
  // 256 calls so that the launch queue never fills; cuFFT's own exec beside it.
  ga_array_t small = bench::upload(random_values(64), GA_COMPLEX64);
  ga_array_t small_out = nullptr;
  check(ga_fft_execute(GA_FFT_FORWARD, small, nullptr, &last, 1, GA_FFT_NORM_BACKWARD, nullptr, nullptr, &small_out),
        "ga_fft_execute");
  int calls = 0;
  const auto paced = [&] {
    if (++calls % 256 == 0) check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  };
  const double host_allocating = bench::median_microseconds(20000, [&] {
    ga_array_t result = nullptr;
    check(ga_fft_execute(GA_FFT_FORWARD, small, nullptr, &last, 1, GA_FFT_NORM_BACKWARD, nullptr, nullptr, &result),
          "ga_fft_execute");
    check(ga_array_release(result), "ga_array_release");
    paced();
  });
  const double host_given = bench::median_microseconds(20000, [&] {
    ga_array_t given = nullptr;
    check(ga_fft_execute(GA_FFT_FORWARD, small, nullptr, &last, 1, GA_FFT_NORM_BACKWARD, small_out, nullptr, &given),
          "ga_fft_execute");
    check(ga_array_release(given), "ga_array_release");  // the destination's extra reference
    paced();
  });
  cufftHandle small_plan = 0;
  check_library(cufftPlan1d(&small_plan, 64, CUFFT_C2C, 1), "cufftPlan1d");
  void* small_data = nullptr;
  void* small_result = nullptr;
  check(ga_array_data(small, &small_data), "ga_array_data");
  check(ga_array_data(small_out, &small_result), "ga_array_data");
  const double host_cufft = bench::median_microseconds(20000, [&] {
    check_library(cufftExecC2C(small_plan, static_cast<cufftComplex*>(small_data),
                               static_cast<cufftComplex*>(small_result), CUFFT_FORWARD),
                  "cufftExecC2C");
    paced();
  });
  check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  ga_fft_plan_cache_info_t info = {sizeof(info)};
  check(ga_fft_plan_cache_get_info(-1, &info), "ga_fft_plan_cache_get_info");

  std::printf("bench_fft: %s; complex64, forward, norm backward\n\n", properties.name);
  std::printf("%-34s %10s %10s %10s %10s\n", "workload", "garray ms", "out ms", "cuFFT ms", "% cuFFT");
  print_row("c2c 2^24", long_row, 0.335);
  print_row("fft2 4096^2", matrix_row, 0.266);
  std::printf("\n%-34s %10s\n", "host cost per call (64 values)", "us");
  std::printf("%-34s %10.2f   (goal <= 5)\n", "ga_fft_execute, result allocated", host_allocating);
  std::printf("%-34s %10.2f\n", "ga_fft_execute, out given", host_given);
  std::printf("%-34s %10.2f\n", "cufftExecC2C alone", host_cufft);
  std::printf("\nplan cache: %lld plans, %llu hits, %llu misses; differences from cuFFT %.1e and %.1e\n",
              static_cast<long long>(info.size), static_cast<unsigned long long>(info.hits),
              static_cast<unsigned long long>(info.misses), long_row.difference, matrix_row.difference);
  for (cufftHandle plan : {long_plan, matrix_plan, small_plan}) cufftDestroy(plan);
  for (ga_array_t array : {long_signal, matrix, small, small_out}) check(ga_array_release(array), "ga_array_release");
  return 0;
}
