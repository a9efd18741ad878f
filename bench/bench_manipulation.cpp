// Device bandwidth of the manipulation routines through the C API, beside the device's copy
// bandwidth measured in the same run (D2D memcpy, read + write): concatenate of two 2^27 float32
// arrays (1-D, and as 8192 x 16384 halves along the second axis), stack of the same (new first and
// new last axis), pad of an 8192^2 float32 array by 16 on every side (constant and reflect), and roll
// of 2^28 float32 (1-D, and 16384^2 along the second axis). Bytes count what the result needs: every
// input element read once and every output element written once. The goal: >= 80% of the copy rate.
// CUDA events around batches of calls after a warm-up, median of the batches; each result is spot
// checked against its source. Exits 1 without a GPU.
#include "bench_support.hpp"

#include <garray/manipulation.h>

#include <cstdio>
#include <vector>

using bench::check;

const char* const bench::kProgram = "bench_manipulation";

namespace {

constexpr bench::Batches kBatches{.count = 11, .calls = 5, .warm_up = 2};
constexpr int kNameWidth = 44;

// 0, 1, 2, ... in float32 (exact below 2^24, then NumPy's arange rounding), reshaped to `shape`.
ga_array_t sequence(std::vector<int64_t> shape, double first) {
  int64_t count = 1;
  for (int64_t extent : shape) count *= extent;
  const ga_scalar_t start{GA_FLOAT64, 0, 0, first, 0};
  const ga_scalar_t stop{GA_FLOAT64, 0, 0, first + static_cast<double>(count), 0};
  const ga_scalar_t step{GA_FLOAT64, 0, 0, 1.0, 0};
  ga_array_t flat = nullptr;
  check(ga_array_arange(start, stop, step, GA_FLOAT32, nullptr, &flat), "ga_array_arange");
  ga_array_t shaped = nullptr;
  check(ga_array_reshape(flat, static_cast<int>(shape.size()), shape.data(), GA_ORDER_C, nullptr, &shaped), "ga_array_reshape");
  check(ga_array_release(flat), "ga_array_release");
  return shaped;
}

double element(ga_array_t array, std::vector<int64_t> index) {
  ga_scalar_t value{};
  check(ga_array_item(array, index.data(), nullptr, &value), "ga_array_item");
  return value.as_real;
}

// Times `make` (which returns a new array), keeps its last result for the spot check, and prints
// the row.
template <class Make, class Verify>
void measure(const char* what, double bytes, double ceiling, Make&& make, Verify&& verify) {
  ga_array_t result = nullptr;
  const double milliseconds = bench::median_milliseconds(
      [&] {
        if (result) check(ga_array_release(result), "ga_array_release");
        result = make();
      },
      kBatches);
  if (!verify(result)) {
    std::fprintf(stderr, "bench_manipulation: %s gave a wrong result\n", what);
    std::exit(1);
  }
  check(ga_array_release(result), "ga_array_release");
  bench::BandwidthTable(kNameWidth, ceiling).print_row(what, milliseconds, bytes);
}

}  // namespace

int main() {
  const ga_device_properties_t properties = bench::require_gpu();
  const int64_t half = int64_t{1} << 27;
  const double half_bytes = 4.0 * static_cast<double>(half);

  ga_array_t a = sequence({half}, 0), b = sequence({half}, 1e6);
  ga_array_t a2 = sequence({8192, 16384}, 0), b2 = sequence({8192, 16384}, 1e6);
  ga_array_t copy_target = sequence({half}, 0);
  const double copy = bench::copy_milliseconds(a, copy_target, half_bytes, kBatches);
  const double ceiling = bench::gigabytes_per_second(2 * half_bytes, copy);

  std::printf("bench_manipulation: %s; float32; copy ceiling %.0f GB/s (D2D memcpy of 2^27 float32, read + write)\n\n",
              properties.name, ceiling);
  bench::BandwidthTable(kNameWidth, ceiling).print_header();

  const ga_array_t pair[] = {a, b};
  const ga_array_t pair2[] = {a2, b2};
  const auto join = [&](auto function, const ga_array_t* arrays, int axis) {
    return [=] {
      ga_array_t result = nullptr;
      check(function(arrays, 2, axis, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, nullptr, nullptr, &result), "join");
      return result;
    };
  };
  measure("concatenate 2 x 2^27, axis 0", 4 * half_bytes, ceiling, join(ga_array_concatenate, pair, 0),
          [&](ga_array_t r) { return element(r, {half + 5}) == element(b, {5}); });
  measure("concatenate 2 x (8192, 16384), axis 1", 4 * half_bytes, ceiling, join(ga_array_concatenate, pair2, 1),
          [&](ga_array_t r) { return element(r, {7, 16384 + 3}) == element(b2, {7, 3}); });
  measure("stack 2 x 2^27, axis 0", 4 * half_bytes, ceiling, join(ga_array_stack, pair, 0),
          [&](ga_array_t r) { return element(r, {1, 9}) == element(b, {9}); });
  measure("stack 2 x 2^27, axis -1 (interleaved)", 4 * half_bytes, ceiling, join(ga_array_stack, pair, -1),
          [&](ga_array_t r) { return element(r, {9, 1}) == element(b, {9}); });

  ga_array_t image = sequence({8192, 8192}, 0);
  const int64_t widths[] = {16, 16, 16, 16};
  const double pad_bytes = 4.0 * (8192.0 * 8192.0 + 8224.0 * 8224.0);
  measure("pad 8192^2 by 16, constant", pad_bytes, ceiling, [&] {
    ga_array_t result = nullptr;
    check(ga_array_pad(image, widths, 4, GA_PAD_CONSTANT, nullptr, 0, nullptr, &result), "ga_array_pad");
    return result;
  }, [&](ga_array_t r) { return element(r, {16 + 5, 16 + 6}) == element(image, {5, 6}) && element(r, {3, 3}) == 0; });
  measure("pad 8192^2 by 16, reflect", pad_bytes, ceiling, [&] {
    ga_array_t result = nullptr;
    check(ga_array_pad(image, widths, 4, GA_PAD_REFLECT, nullptr, 0, nullptr, &result), "ga_array_pad");
    return result;
  }, [&](ga_array_t r) { return element(r, {16 + 5, 15}) == element(image, {5, 1}); });

  ga_array_t long_array = sequence({2 * half}, 0);
  ga_array_t square = sequence({16384, 16384}, 0);
  const int64_t shift[] = {12345};
  const int last_axis[] = {1};
  measure("roll 2^28 by 12345", 4 * half_bytes, ceiling, [&] {
    ga_array_t result = nullptr;
    check(ga_array_roll(long_array, shift, 1, nullptr, -1, nullptr, &result), "ga_array_roll");
    return result;
  }, [&](ga_array_t r) { return element(r, {12345 + 7}) == element(long_array, {7}); });
  measure("roll 16384^2 by 12345 along axis 1", 4 * half_bytes, ceiling, [&] {
    ga_array_t result = nullptr;
    check(ga_array_roll(square, shift, 1, last_axis, 1, nullptr, &result), "ga_array_roll");
    return result;
  }, [&](ga_array_t r) { return element(r, {3, 12345 + 7}) == element(square, {3, 7}); });

  for (ga_array_t array : {a, b, a2, b2, copy_target, image, long_array, square}) {
    check(ga_array_release(array), "ga_array_release");
  }
  return 0;
}
