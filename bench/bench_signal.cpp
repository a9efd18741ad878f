// The signal module through the C API, with the goals: convolve2d of the case study
// (4096^2 float32 Dirac comb * 31x31 Hanning kernel, same, wrap: 32 GFLOP, 0.48 ms at the FP32 peak),
// fftconvolve of 2^22 * 4096 float32, and medfilt2d of 4096^2 float32 with a 5x5 window. CUDA events
// around batches of calls after a warm-up, median of several batches; every result checked against a
// host computation on sampled outputs. Exits 1 without a GPU. CuPy's figures come from
// bench_signal_cupy.py, which runs both in one process.
#include "bench_support.hpp"

#include <garray/signal.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

using bench::check;
using bench::median_milliseconds;
using bench::require;
using bench::upload;

const char* const bench::kProgram = "bench_signal";

namespace {

constexpr int64_t kSide = 4096;
constexpr int kTaps = 31;

std::vector<float> hanning_kernel() {
  std::vector<double> w(kTaps);
  for (int i = 0; i < kTaps; ++i) w[i] = 0.5 - 0.5 * std::cos(2.0 * M_PI * i / (kTaps - 1));
  std::vector<float> k(kTaps * kTaps);
  double total = 0;
  for (int i = 0; i < kTaps; ++i)
    for (int j = 0; j < kTaps; ++j) total += w[i] * w[j];
  for (int i = 0; i < kTaps; ++i)
    for (int j = 0; j < kTaps; ++j) k[i * kTaps + j] = static_cast<float>(w[i] * w[j] / total);
  return k;
}

// Milliseconds per call of `call(&result)`, each result released before the next.
template <class Call>
double time_call(Call&& call) {
  ga_array_t result = nullptr;
  const double milliseconds = median_milliseconds([&] {
    if (result) check(ga_array_release(result), "ga_array_release");
    result = nullptr;
    call(&result);
  });
  check(ga_array_release(result), "ga_array_release");
  return milliseconds;
}

}  // namespace

int main() {
  const ga_device_properties_t properties = bench::require_gpu();

  // convolve2d: the case study.
  std::vector<float> comb(kSide * kSide, 0.0f);
  for (int64_t r = 0; r < kSide; r += 64)
    for (int64_t c = 0; c < kSide; c += 64) comb[r * kSide + c] = 1.0f;
  const std::vector<float> kernel = hanning_kernel();
  ga_array_t image = upload(comb, GA_FLOAT32, {kSide, kSide});
  ga_array_t weights = upload(kernel, GA_FLOAT32, {kTaps, kTaps});
  ga_scalar_t no_fill{};
  no_fill.dtype = GA_FLOAT32;
  const auto convolve2d = [&](ga_array_t* result) {
    check(ga_signal_convolve2d(image, weights, GA_CONVOLVE_SAME, GA_BOUNDARY_WRAP, no_fill, nullptr, result),
          "ga_signal_convolve2d");
  };
  const double convolve2d_ms = time_call(convolve2d);
  {
    ga_array_t blurred = nullptr;
    convolve2d(&blurred);
    const std::vector<float> got = bench::download<float>(blurred);
    for (int64_t p = 0; p < kSide * kSide; p += 100003) {
      const int64_t row = p / kSide, col = p % kSide;
      double expected = 0;
      for (int i = 0; i < kTaps; ++i)
        for (int j = 0; j < kTaps; ++j) {
          const int64_t y = ((row + 15 - i) % kSide + kSide) % kSide, x = ((col + 15 - j) % kSide + kSide) % kSide;
          expected += comb[y * kSide + x] * kernel[i * kTaps + j];
        }
      require(std::fabs(got[p] - expected) < 1e-5, "convolve2d against the host sum");
    }
    check(ga_array_release(blurred), "ga_array_release");
  }

  // fftconvolve: 2^22 * 4096.
  const int64_t n = int64_t{1} << 22, taps = 4096;
  std::vector<float> signal(n), filter(taps);
  for (int64_t i = 0; i < n; ++i) signal[i] = static_cast<float>(((i * 2654435761u) >> 13) % 17) / 8.0f - 1.0f;
  for (int64_t i = 0; i < taps; ++i) filter[i] = static_cast<float>((i * 40503u) % 13) / 64.0f;
  ga_array_t x = upload(signal, GA_FLOAT32);
  ga_array_t h = upload(filter, GA_FLOAT32);
  const auto fftconvolve = [&](ga_array_t* result) {
    check(ga_signal_fftconvolve(x, h, GA_CONVOLVE_FULL, nullptr, 0, nullptr, result), "ga_signal_fftconvolve");
  };
  const double fftconvolve_ms = time_call(fftconvolve);
  {
    ga_array_t full = nullptr;
    fftconvolve(&full);
    const std::vector<float> got = bench::download<float>(full);
    require(got.size() == static_cast<size_t>(n + taps - 1), "fftconvolve's length");
    for (int64_t m = 0; m < n + taps - 1; m += 99991) {
      double expected = 0;
      for (int64_t k = std::max<int64_t>(0, m - n + 1); k <= std::min(m, taps - 1); ++k) expected += filter[k] * signal[m - k];
      require(std::fabs(got[m] - expected) < 2e-3 * (1 + std::fabs(expected)), "fftconvolve against the host sum");
    }
    check(ga_array_release(full), "ga_array_release");
  }

  // medfilt2d: 4096^2, 5x5.
  std::vector<float> noisy(kSide * kSide);
  for (int64_t i = 0; i < kSide * kSide; ++i) noisy[i] = static_cast<float>(((i * 2654435761u) >> 9) % 1000) / 999.0f;
  ga_array_t picture = upload(noisy, GA_FLOAT32, {kSide, kSide});
  const int64_t window[2] = {5, 5};
  const auto medfilt2d = [&](ga_array_t* result) {
    check(ga_signal_medfilt(picture, 2, window, nullptr, result), "ga_signal_medfilt");
  };
  const double medfilt_ms = time_call(medfilt2d);
  {
    ga_array_t median = nullptr;
    medfilt2d(&median);
    const std::vector<float> got = bench::download<float>(median);
    for (int64_t p = 0; p < kSide * kSide; p += 100019) {
      const int64_t row = p / kSide, col = p % kSide;
      std::vector<float> values;
      for (int i = -2; i <= 2; ++i)
        for (int j = -2; j <= 2; ++j) {
          const bool inside = row + i >= 0 && row + i < kSide && col + j >= 0 && col + j < kSide;
          values.push_back(inside ? noisy[(row + i) * kSide + col + j] : 0.0f);
        }
      std::nth_element(values.begin(), values.begin() + 12, values.end());
      require(got[p] == values[12], "medfilt2d against the host median");
    }
    check(ga_array_release(median), "ga_array_release");
  }

  std::printf("bench_signal: %s; float32; CUDA events, median of batches; results checked on the host\n\n",
              properties.name);
  std::printf("%-62s %10s %22s\n", "workload", "ms", "goal (CuPy 14.2, H200)");
  std::printf("%-62s %10.3f %22s\n", "convolve2d 4096^2 * 31x31, same, wrap (the case study)", convolve2d_ms,
              "<= 1.0 (47.0)");
  std::printf("%-62s %10.3f %22s\n", "  its FP32 rate (GFLOP/s, 2 flops a tap)", 2.0 * kSide * kSide * kTaps * kTaps / (convolve2d_ms * 1e6), "");
  std::printf("%-62s %10.3f %22s\n", "fftconvolve 2^22 * 4096, full", fftconvolve_ms, "<= 0.265 (0.331)");
  std::printf("%-62s %10.3f %22s\n", "medfilt2d 4096^2, 5x5", medfilt_ms, "<= 0.785 (1.57)");
  for (ga_array_t array : {image, weights, x, h, picture}) check(ga_array_release(array), "ga_array_release");
  return 0;
}
