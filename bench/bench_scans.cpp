// Scans and masks through the C API beside the device's copy bandwidth in the same run: cumsum of
// float32 over 1e7 and 2^28 elements (one pass with decoupled look-back), cumsum along each axis
// of a 2^14 × 2^14 matrix (segmented rows; a thread per column), and a[mask] on 2^28 float32 with
// half the elements selected (a counting pass over the mask, one 8-byte read of the count, then a
// compaction pass). Bytes count what the operation must move: a read and a write per element for
// a scan; for a[mask] the array and the mask read and the selected values written (the counting
// pass's second read of the mask is not counted). CUDA events around batches of calls after a
// warm-up, median of several batches; results checked against the host. Exits 1 without a GPU.
#include "bench_support.hpp"

#include <garray/masks.h>
#include <garray/scan.h>

#include <cstdio>
#include <vector>

using bench::check;
using bench::median_milliseconds;
using bench::require;
using bench::upload;

const char* const bench::kProgram = "bench_scans";

namespace {

// cumsum of `array` along `axis` into `out`, milliseconds per call.
double time_cumsum(ga_array_t array, int axis, ga_array_t out) {
  return median_milliseconds([&] {
    ga_array_t result = nullptr;
    check(ga_array_cumsum(array, axis, GA_DTYPE_SAME, out, nullptr, &result), "ga_array_cumsum");
    check(ga_array_release(result), "ga_array_release");
  });
}

}  // namespace

int main() {
  const ga_device_properties_t properties = bench::require_gpu();
  const size_t n = size_t{1} << 28;
  const size_t small = 10000000;
  // Small integers: every running sum below 2^24 is exact in float32, so the check is exact.
  std::vector<float> values(n);
  std::vector<unsigned char> mask(n);
  size_t selected = 0;
  for (size_t i = 0; i < n; ++i) {
    values[i] = static_cast<float>(static_cast<int>((i * 2654435761u >> 7) % 3) - 1);
    mask[i] = ((i * 40503u) >> 9) & 1;
    selected += mask[i];
  }
  ga_array_t data = upload(values, GA_FLOAT32);
  ga_array_t out = upload(std::vector<float>(n, 0.f), GA_FLOAT32);
  ga_array_t flags = upload(mask, GA_BOOL);
  ga_array_t small_data = upload(std::vector<float>(values.begin(), values.begin() + small), GA_FLOAT32);
  ga_array_t small_out = upload(std::vector<float>(small, 0.f), GA_FLOAT32);
  const int64_t square[2] = {1 << 14, 1 << 14};
  ga_array_t matrix = nullptr;
  check(ga_array_reshape(data, 2, square, GA_ORDER_C, nullptr, &matrix), "ga_array_reshape");
  ga_array_t matrix_out = nullptr;
  check(ga_array_reshape(out, 2, square, GA_ORDER_C, nullptr, &matrix_out), "ga_array_reshape");

  const double bytes = 4.0 * n;
  const double copy = bench::copy_milliseconds(data, out, bytes);
  const double ceiling = bench::gigabytes_per_second(2 * bytes, copy);

  const double small_scan = time_cumsum(small_data, 0, small_out);
  const std::vector<float> small_sums = bench::download<float>(small_out, small);
  const double large_scan = time_cumsum(data, GA_AXIS_NONE, out);
  const std::vector<float> sums = bench::download<float>(out, n);
  float running = 0;
  for (size_t i = 0; i < n; ++i) {
    running += values[i];
    if (i < small) require(small_sums[i] == running, "cumsum of 1e7");
    if (i % 4099 == 0 || i == n - 1) require(sums[i] == running, "cumsum of 2^28");
  }
  const double rows_scan = time_cumsum(matrix, 1, matrix_out);
  const double columns_scan = time_cumsum(matrix, 0, matrix_out);

  ga_array_t picked = nullptr;
  const double get_mask = median_milliseconds([&] {
    if (picked) check(ga_array_release(picked), "ga_array_release");
    picked = nullptr;
    check(ga_array_get_mask(data, flags, nullptr, &picked), "ga_array_get_mask");
  });
  int64_t picked_count = 0;
  check(ga_array_size(picked, &picked_count), "ga_array_size");
  require(static_cast<size_t>(picked_count) == selected, "the count of a[mask]");
  const std::vector<float> picked_values = bench::download<float>(picked, selected);
  for (size_t i = 0, k = 0; i < n; ++i) {
    if (mask[i] && k % 4099 == 0) require(picked_values[k] == values[i], "a[mask]");
    k += mask[i];
  }

  std::printf("bench_scans: %s; float32; copy ceiling %.0f GB/s (D2D memcpy of 2^28, read + write)\n\n",
              properties.name, ceiling);
  const bench::BandwidthTable table(44, ceiling);
  table.print_header();
  table.print_row("D2D memcpy (ceiling)", copy, 2 * bytes);
  table.print_row("cumsum, 1e7 (goal <= 50 us; CuPy 101 us)", small_scan, 8.0 * small);
  table.print_row("cumsum, 2^28 (goal >= 80% of copy)", large_scan, 2 * bytes);
  table.print_row("cumsum, 2^14 x 2^14 along axis 1 (rows)", rows_scan, 2 * bytes);
  table.print_row("cumsum, 2^14 x 2^14 along axis 0 (columns)", columns_scan, 2 * bytes);
  table.print_row("a[mask], 2^28, half selected (goal <= 1.7 ms)", get_mask, bytes + n + 4.0 * selected);
  for (ga_array_t array : {data, out, flags, small_data, small_out, matrix, matrix_out, picked}) {
    check(ga_array_release(array), "ga_array_release");
  }
  return 0;
}
