// Device bandwidth of ufunc calls through the C API, beside the device's own copy bandwidth in the
// same run: add on float32 (2^28 elements; new output, then into a given one) and add.reduce over
// every element. Bytes count what the operation must move: two reads and one write for add, one
// read for the sum. CUDA events around batches of calls after a warm-up, median of several
// batches, results checked against the host. Exits 1 without a GPU.
#include "bench_support.hpp"

#include <garray/ufunc.h>

#include <cmath>
#include <cstdio>
#include <vector>

using bench::check;
using bench::median_milliseconds;

const char* const bench::kProgram = "bench_ufunc";

int main() {
  const ga_device_properties_t properties = bench::require_gpu();
  const size_t n = size_t{1} << 28;
  std::vector<float> x(n), y(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = static_cast<float>((i * 2654435761u) % 1000) * 0.001f;
    y[i] = static_cast<float>((i * 40503u) % 777) * 0.01f;
  }
  ga_array_t dx = bench::upload(x, GA_FLOAT32), dy = bench::upload(y, GA_FLOAT32);
  ga_array_t out = bench::upload(std::vector<float>(n, 0.f), GA_FLOAT32);
  ga_ufunc_t add = nullptr;
  check(ga_ufunc_find("add", &add), "ga_ufunc_find");
  ga_operand_t operands[2] = {};
  operands[0].kind = operands[1].kind = GA_OPERAND_ARRAY;
  operands[0].array = dx;
  operands[1].array = dy;

  const double bytes = 4.0 * n;
  const double copy = bench::copy_milliseconds(dx, out, bytes);
  const double ceiling = bench::gigabytes_per_second(2 * bytes, copy);

  const double add_new = median_milliseconds([&] {
    ga_array_t result[1] = {nullptr};
    check(ga_ufunc_call(add, operands, 2, nullptr, result, 1, nullptr, result), "ga_ufunc_call");
    check(ga_array_release(result[0]), "ga_array_release");
  });
  const double add_into = median_milliseconds([&] {
    const ga_array_t given[1] = {out};
    ga_array_t result[1] = {nullptr};
    check(ga_ufunc_call(add, operands, 2, nullptr, given, 1, nullptr, result), "ga_ufunc_call");
    check(ga_array_release(result[0]), "ga_array_release");  // `out` with one more reference
  });
  const std::vector<float> sums = bench::download<float>(out, n);
  for (size_t i = 0; i < n; i += 4099) {
    if (sums[i] != x[i] + y[i]) {
      std::fprintf(stderr, "bench_ufunc: add is wrong at %zu\n", i);
      return 1;
    }
  }

  ga_array_t total = nullptr;
  const double sum = median_milliseconds([&] {
    if (total) check(ga_array_release(total), "ga_array_release");
    total = nullptr;
    check(ga_ufunc_reduce(add, dx, nullptr, -1, 0, GA_DTYPE_SAME, nullptr, nullptr, nullptr, &total), "ga_ufunc_reduce");
  });
  float device_sum = 0;
  check(ga_array_to_host(total, &device_sum, sizeof(device_sum), nullptr), "ga_array_to_host");
  double host_sum = 0;
  for (float value : x) host_sum += value;
  const double relative_error = std::fabs(device_sum - host_sum) / host_sum;

  std::printf("bench_ufunc: %s; float32, 2^28 elements; copy ceiling %.0f GB/s (D2D memcpy, read + write)\n\n",
              properties.name, ceiling);
  const bench::BandwidthTable table(36, ceiling);
  table.print_header();
  table.print_row("D2D memcpy (ceiling)", copy, 2 * bytes);
  table.print_row("add, new output", add_new, 3 * bytes);
  table.print_row("add, out= given", add_into, 3 * bytes);
  table.print_row("add.reduce (sum), all elements", sum, bytes);
  std::printf("\nsum relative error against a float64 host sum: %.2e\n", relative_error);
  for (ga_array_t array : {dx, dy, out, total}) check(ga_array_release(array), "ga_array_release");
  return 0;
}
