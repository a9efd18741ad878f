// FFTs through the C API on the GPU: every kind against a direct DFT computed on the host (small
// sizes: powers of two, primes, products of small primes, 1), strided inputs, several axes with
// padding and truncation, the norms, out arrays, the dtype rules, fftfreq/fftshift, the plan
// cache's statistics and bounds, threads with their own streams sharing plans, and every refusal
// with its status. tests/python/test_fft.py compares many more cases with NumPy.
#include "destination_support.hpp"
#include "ops/user_kernel_support.hpp"

#include <garray/fft.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <functional>
#include <numbers>
#include <numeric>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

using cd = std::complex<double>;
using cf = std::complex<float>;
using FftTest = GpuTest;

int64_t count_of(const std::vector<int64_t>& shape) {
  return std::accumulate(shape.begin(), shape.end(), int64_t{1}, std::multiplies<>());
}

// Distinct, irregular values of both signs.
std::vector<cd> signal(int64_t count, int seed = 0) {
  std::vector<cd> values(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) {
    const double t = static_cast<double>(i + 1 + 31 * seed);
    values[static_cast<size_t>(i)] = {std::sin(1.7 * t) + 0.25 * std::cos(0.3 * t * t), std::cos(2.3 * t) - 0.5};
  }
  return values;
}

// The unscaled DFT of C-order `data` of `shape` along `axis` (exp(-2πi…) forward, + inverse).
std::vector<cd> dft_along(const std::vector<cd>& data, const std::vector<int64_t>& shape, int axis, bool inverse) {
  const int64_t n = shape[static_cast<size_t>(axis)];
  int64_t inner = 1;
  for (size_t d = static_cast<size_t>(axis) + 1; d < shape.size(); ++d) inner *= shape[d];
  const int64_t outer = count_of(shape) / (n * inner);
  const double sign = inverse ? 1.0 : -1.0;
  std::vector<cd> result(data.size());
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      for (int64_t k = 0; k < n; ++k) {
        cd sum = 0;
        for (int64_t t = 0; t < n; ++t) {
          const double angle =
              sign * 2.0 * std::numbers::pi * static_cast<double>((k * t) % n) / static_cast<double>(n);
          sum += data[static_cast<size_t>((o * n + t) * inner + i)] * cd(std::cos(angle), std::sin(angle));
        }
        result[static_cast<size_t>((o * n + k) * inner + i)] = sum;
      }
    }
  }
  return result;
}

// The C-order array of `shape` cut or zero-padded to `target`.
std::vector<cd> resized(const std::vector<cd>& data, const std::vector<int64_t>& shape,
                        const std::vector<int64_t>& target) {
  std::vector<cd> result(static_cast<size_t>(count_of(target)));
  for (int64_t flat = 0; flat < count_of(target); ++flat) {
    int64_t rest = flat, source = 0, scale = 1;
    bool inside = true;
    for (int d = static_cast<int>(target.size()) - 1; d >= 0; --d) {
      const int64_t index = rest % target[static_cast<size_t>(d)];
      rest /= target[static_cast<size_t>(d)];
      inside = inside && index < shape[static_cast<size_t>(d)];
      source += index * scale;
      scale *= shape[static_cast<size_t>(d)];
    }
    if (inside) result[static_cast<size_t>(flat)] = data[static_cast<size_t>(source)];
  }
  return result;
}

// irfft of one row: n real values from the n/2+1 (or more, cut) values of `spectrum`, NumPy's rule.
std::vector<double> irfft_reference(const std::vector<cd>& spectrum, int64_t n) {
  std::vector<cd> full(static_cast<size_t>(n));
  const int64_t half = n / 2 + 1;
  for (int64_t k = 0; k < half && k < static_cast<int64_t>(spectrum.size()); ++k)
    full[static_cast<size_t>(k)] = spectrum[static_cast<size_t>(k)];
  full[0] = full[0].real();
  if (n % 2 == 0) full[static_cast<size_t>(n / 2)] = full[static_cast<size_t>(n / 2)].real();
  for (int64_t k = half; k < n; ++k) full[static_cast<size_t>(k)] = std::conj(full[static_cast<size_t>(n - k)]);
  const std::vector<cd> values = dft_along(full, {n}, 0, true);
  std::vector<double> result;
  for (const cd& value : values) result.push_back(value.real() / static_cast<double>(n));
  return result;
}

template <class T, class U>
void expect_near_all(const std::vector<T>& actual, const std::vector<U>& expected, double tolerance,
                     const std::string& what) {
  ASSERT_EQ(actual.size(), expected.size()) << what;
  for (size_t i = 0; i < actual.size(); ++i) {
    EXPECT_LE(std::abs(cd(actual[i]) - cd(expected[i])), tolerance) << what << " at " << i;
  }
}

ga_array_t transform(ga_fft_kind_t kind, ga_array_t a, std::vector<int64_t> s, std::vector<int> axes,
                     ga_fft_norm_t norm = GA_FFT_NORM_BACKWARD) {
  ga_array_t result = nullptr;
  const int count = static_cast<int>(std::max(s.size(), axes.size()));
  EXPECT_EQ(ga_fft_execute(kind, a, s.empty() ? nullptr : s.data(), axes.empty() ? nullptr : axes.data(), count, norm,
                           nullptr, nullptr, &result),
            GA_OK)
      << ga_last_error();
  return result;
}

ga_fft_plan_cache_info_t cache_info() {
  ga_fft_plan_cache_info_t info{sizeof(info)};
  EXPECT_EQ(ga_fft_plan_cache_get_info(-1, &info), GA_OK) << ga_last_error();
  return info;
}

}  // namespace

TEST(FftHost, RefusalsThatNeedNoDevice) {
  ga_array_t result = garbage_handle();
  const int axis = -1;
  GA_EXPECT_STATUS(ga_fft_execute(GA_FFT_FORWARD, nullptr, nullptr, &axis, 1, GA_FFT_NORM_BACKWARD, nullptr, nullptr,
                                  &result),
                   GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_fft_shift(nullptr, nullptr, 0, 0, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(result, garbage_handle());
  GA_EXPECT_STATUS(ga_fft_plan_cache_set_size(0, -2), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_fft_plan_cache_set_memory_limit(0, -2), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_fft_plan_cache_get_info(0, nullptr), GA_ERROR_INVALID_ARGUMENT);
  ga_fft_plan_cache_info_t small{0};
  GA_EXPECT_STATUS(ga_fft_plan_cache_get_info(0, &small), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_fft_freq(8, 1.0, 0, GA_DTYPE_SAME, nullptr, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
}

TEST_F(FftTest, ComplexTransformsMatchTheDirectDftAlongTheLastAxis) {
  for (const int64_t n : {1, 2, 3, 5, 8, 12, 17, 30, 64}) {
    Handles owned;
    const std::vector<int64_t> shape{3, n};
    const std::vector<cd> values = signal(count_of(shape));
    ga_array_t a = make(owned, values, shape);
    ga_array_t forward = owned(transform(GA_FFT_FORWARD, a, {}, {-1}));
    EXPECT_EQ(dtype_of_array(forward), GA_COMPLEX128);
    EXPECT_EQ(shape_of(forward), shape);
    const double tolerance = 1e-10 * static_cast<double>(n);
    expect_near_all(fetch<cd>(forward), dft_along(values, shape, 1, false), tolerance, "fft n=" + std::to_string(n));
    ga_array_t inverse = owned(transform(GA_FFT_INVERSE, a, {}, {-1}));
    std::vector<cd> expected = dft_along(values, shape, 1, true);
    for (cd& value : expected) value /= static_cast<double>(n);
    expect_near_all(fetch<cd>(inverse), expected, tolerance, "ifft n=" + std::to_string(n));
  }
}

TEST_F(FftTest, SinglePrecisionStaysSingle) {
  for (const int64_t n : {4, 7, 16, 45}) {
    Handles owned;
    const std::vector<cd> values = signal(2 * n);
    std::vector<cf> single(values.begin(), values.end());
    std::vector<cd> rounded(single.begin(), single.end());
    ga_array_t a = owned(upload_as(single, {2, n}, GA_COMPLEX64));
    ga_array_t forward = owned(transform(GA_FFT_FORWARD, a, {}, {1}));
    EXPECT_EQ(dtype_of_array(forward), GA_COMPLEX64);
    expect_near_all(fetch<cf>(forward), dft_along(rounded, {2, n}, 1, false), 2e-5 * static_cast<double>(n), "c64");
    const std::vector<float> real(static_cast<size_t>(n), 1.5f);
    ga_array_t r = owned(upload_shaped(real, {n}));
    ga_array_t spectrum = owned(transform(GA_FFT_REAL_FORWARD, r, {}, {0}));
    EXPECT_EQ(dtype_of_array(spectrum), GA_COMPLEX64);
    ga_array_t back = owned(transform(GA_FFT_REAL_INVERSE, spectrum, {n}, {0}));
    EXPECT_EQ(dtype_of_array(back), GA_FLOAT32);
    expect_near_all(fetch<float>(back), real, 1e-5, "float32 round trip");
  }
}

TEST_F(FftTest, LeadingAndMiddleAxesAndStridedViews) {
  Handles owned;
  const std::vector<int64_t> shape{5, 6, 4};
  const std::vector<cd> values = signal(count_of(shape));
  ga_array_t a = make(owned, values, shape);
  for (const int axis : {0, 1, 2}) {
    ga_array_t result = owned(transform(GA_FFT_FORWARD, a, {}, {axis}));
    expect_near_all(fetch<cd>(result), dft_along(values, shape, axis, false), 1e-9, "axis " + std::to_string(axis));
  }
  // Every other column of a (5, 12) array: a strided view along the transformed axis.
  const std::vector<cd> wide = signal(5 * 12, 1);
  ga_array_t full = make(owned, wide, {5, 12});
  const ga_index_t items[2] = {{GA_INDEX_SLICE, 0, 0, 1, 0, 0}, {GA_INDEX_SLICE, 0, 0, 2, 0, 0}};
  ga_array_t view = nullptr;
  GA_ASSERT_OK(ga_array_index(full, items, 2, &view));
  owned(view);
  std::vector<cd> picked;
  for (int64_t row = 0; row < 5; ++row) {
    for (int64_t column = 0; column < 12; column += 2) picked.push_back(wide[static_cast<size_t>(row * 12 + column)]);
  }
  for (const int axis : {0, 1}) {
    ga_array_t result = owned(transform(GA_FFT_FORWARD, view, {}, {axis}));
    EXPECT_EQ(shape_of(result), (std::vector<int64_t>{5, 6}));
    expect_near_all(fetch<cd>(result), dft_along(picked, {5, 6}, axis, false), 1e-9,
                    "strided axis " + std::to_string(axis));
  }
  // The transpose (F-order) over both axes.
  ga_array_t transposed = nullptr;
  GA_ASSERT_OK(ga_array_transpose(view, nullptr, 0, &transposed));
  owned(transposed);
  ga_array_t both = owned(transform(GA_FFT_FORWARD, transposed, {}, {}));
  std::vector<cd> flipped(30);
  for (int64_t i = 0; i < 6; ++i) {
    for (int64_t j = 0; j < 5; ++j) flipped[static_cast<size_t>(i * 5 + j)] = picked[static_cast<size_t>(j * 6 + i)];
  }
  expect_near_all(fetch<cd>(both), dft_along(dft_along(flipped, {6, 5}, 0, false), {6, 5}, 1, false), 1e-9,
                  "transposed");
}

TEST_F(FftTest, SeveralAxesWithPaddingAndTruncation) {
  Handles owned;
  const std::vector<int64_t> shape{3, 4, 5};
  const std::vector<cd> values = signal(count_of(shape), 2);
  ga_array_t a = make(owned, values, shape);
  for (const std::vector<int64_t>& s :
       {std::vector<int64_t>{4, 7}, std::vector<int64_t>{2, 3}, std::vector<int64_t>{-1, 1}}) {
    const std::vector<int64_t> target{s[0] == -1 ? 3 : s[0], 4, s[1]};
    ga_array_t result = owned(transform(GA_FFT_INVERSE, a, s, {0, 2}, GA_FFT_NORM_FORWARD));
    EXPECT_EQ(shape_of(result), target);
    const std::vector<cd> expected =
        dft_along(dft_along(resized(values, shape, target), target, 0, true), target, 2, true);
    expect_near_all(fetch<cd>(result), expected, 1e-9, "ifftn s=" + std::to_string(s[0]) + "," + std::to_string(s[1]));
  }
  // Every axis (axes and s NULL), and the last two through s alone.
  ga_array_t all = owned(transform(GA_FFT_FORWARD, a, {}, {}));
  expect_near_all(fetch<cd>(all),
                  dft_along(dft_along(dft_along(values, shape, 0, false), shape, 1, false), shape, 2, false), 1e-9,
                  "fftn");
  ga_array_t last_two = owned(transform(GA_FFT_FORWARD, a, {4, 6}, {}));
  const std::vector<int64_t> target{3, 4, 6};
  expect_near_all(fetch<cd>(last_two),
                  dft_along(dft_along(resized(values, shape, target), target, 1, false), target, 2, false), 1e-9,
                  "s without axes");
}

TEST_F(FftTest, RealAndHermitianTransformsForOddAndEvenLengths) {
  for (const int64_t n : {1, 2, 5, 8, 9, 12}) {
    Handles owned;
    std::vector<double> real(static_cast<size_t>(2 * n));
    const std::vector<cd> values = signal(2 * n, 3);
    for (size_t i = 0; i < real.size(); ++i) real[i] = values[i].real();
    ga_array_t a = make(owned, real, {2, n});
    const int64_t half = n / 2 + 1;
    std::vector<cd> as_complex(real.begin(), real.end());
    const std::vector<cd> full = dft_along(as_complex, {2, n}, 1, false);
    std::vector<cd> expected;
    for (int64_t row = 0; row < 2; ++row) {
      for (int64_t k = 0; k < half; ++k) expected.push_back(full[static_cast<size_t>(row * n + k)]);
    }
    ga_array_t spectrum = owned(transform(GA_FFT_REAL_FORWARD, a, {}, {1}));
    EXPECT_EQ(shape_of(spectrum), (std::vector<int64_t>{2, half}));
    expect_near_all(fetch<cd>(spectrum), expected, 1e-9 * static_cast<double>(n), "rfft n=" + std::to_string(n));

    // irfft back to n (explicit, as odd n needs), and hfft/ihfft as NumPy defines them.
    ga_array_t back = owned(transform(GA_FFT_REAL_INVERSE, spectrum, {n}, {1}));
    EXPECT_EQ(dtype_of_array(back), GA_FLOAT64);
    expect_near_all(fetch<double>(back), real, 1e-9, "irfft n=" + std::to_string(n));
    ga_array_t ihfft = owned(transform(GA_FFT_HERMITIAN_INVERSE, a, {}, {1}));
    std::vector<cd> conjugated = expected;
    for (cd& value : conjugated) value = std::conj(value) / static_cast<double>(n);
    expect_near_all(fetch<cd>(ihfft), conjugated, 1e-9, "ihfft n=" + std::to_string(n));
    ga_array_t hfft = owned(transform(GA_FFT_HERMITIAN_FORWARD, ihfft, {n}, {1}));
    expect_near_all(fetch<double>(hfft), real, 1e-9, "hfft n=" + std::to_string(n));
  }
}

TEST_F(FftTest, IrfftDefaultsToTwiceMMinusOneAndCutsOrPadsTheSpectrum) {
  Handles owned;
  // Imaginary parts in the zero-frequency and Nyquist terms too: NumPy reads their real parts only.
  const std::vector<cd> spectrum = signal(5, 4);
  ga_array_t a = make(owned, spectrum, {5});
  ga_array_t result = owned(transform(GA_FFT_REAL_INVERSE, a, {}, {0}));
  EXPECT_EQ(shape_of(result), (std::vector<int64_t>{8}));
  expect_near_all(fetch<double>(result), irfft_reference(spectrum, 8), 1e-12, "default n");
  for (const int64_t n : {3, 7, 11, 14}) {
    ga_array_t sized = owned(transform(GA_FFT_REAL_INVERSE, a, {n}, {0}, GA_FFT_NORM_ORTHO));
    std::vector<double> expected = irfft_reference(spectrum, n);
    for (double& value : expected) value *= std::sqrt(static_cast<double>(n));
    expect_near_all(fetch<double>(sized), expected, 1e-12, "n=" + std::to_string(n));
  }
}

TEST_F(FftTest, NormsScaleTheRightDirection) {
  Handles owned;
  const int64_t n = 6;
  const std::vector<cd> values = signal(n, 5);
  ga_array_t a = make(owned, values, {n});
  const std::vector<cd> plain = dft_along(values, {n}, 0, false);
  const struct {
    ga_fft_norm_t norm;
    double factor;
  } cases[] = {
      {GA_FFT_NORM_BACKWARD, 1.0}, {GA_FFT_NORM_ORTHO, 1.0 / std::sqrt(6.0)}, {GA_FFT_NORM_FORWARD, 1.0 / 6.0}};
  for (const auto& c : cases) {
    ga_array_t result = owned(transform(GA_FFT_FORWARD, a, {}, {0}, c.norm));
    std::vector<cd> expected = plain;
    for (cd& value : expected) value *= c.factor;
    expect_near_all(fetch<cd>(result), expected, 1e-12, "norm " + std::to_string(c.norm));
  }
}

TEST_F(FftTest, DtypesPromoteAsNumPy) {
  Handles owned;
  ga_array_t integers = make(owned, std::vector<int64_t>{1, 2, 3, 4}, {4});
  ga_array_t result = owned(transform(GA_FFT_FORWARD, integers, {}, {0}));
  EXPECT_EQ(dtype_of_array(result), GA_COMPLEX128);
  expect_near_all(fetch<cd>(result), std::vector<cd>{{10, 0}, {-2, 2}, {-2, 0}, {-2, -2}}, 1e-12, "int64");
  ga_array_t singles = make(owned, std::vector<float>{1, 2, 3, 4}, {4});
  EXPECT_EQ(dtype_of_array(owned(transform(GA_FFT_FORWARD, singles, {}, {0}))), GA_COMPLEX64);
  // float16 computes in float32: 1, 2, 3, 4 as half-precision bits.
  ga_array_t halves = owned(upload_as(std::vector<uint16_t>{0x3C00, 0x4000, 0x4200, 0x4400}, {4}, GA_FLOAT16));
  ga_array_t from_half = owned(transform(GA_FFT_REAL_FORWARD, halves, {}, {0}));
  EXPECT_EQ(dtype_of_array(from_half), GA_COMPLEX64);
  expect_near_all(fetch<cf>(from_half), std::vector<cd>{{10, 0}, {-2, 2}, {-2, 0}}, 1e-5, "float16");
}

TEST_F(FftTest, OutArraysAreWrittenWithSameKindCasting) {
  Handles owned;
  const std::vector<cd> values = signal(8, 6);
  ga_array_t a = make(owned, values, {8});
  ga_array_t out = owned(upload_as(std::vector<cf>(8), {8}, GA_COMPLEX64));
  ga_array_t returned = garbage_handle();
  const int axis = 0;
  GA_ASSERT_OK(ga_fft_execute(GA_FFT_FORWARD, a, nullptr, &axis, 1, GA_FFT_NORM_BACKWARD, out, nullptr, &returned));
  EXPECT_EQ(returned, out);  // the destination itself, with one more reference
  owned(returned);
  expect_near_all(fetch<cf>(out), dft_along(values, {8}, 0, false), 1e-5, "out complex64");

  ga_array_t wrong_dtype = make(owned, std::vector<double>(8), {8});
  ga_array_t given = garbage_handle();
  GA_EXPECT_STATUS(
      ga_fft_execute(GA_FFT_FORWARD, a, nullptr, &axis, 1, GA_FFT_NORM_BACKWARD, wrong_dtype, nullptr, &given),
      GA_ERROR_DTYPE);
  ga_array_t wrong_shape = make(owned, std::vector<cd>(9), {9});
  GA_EXPECT_STATUS(
      ga_fft_execute(GA_FFT_FORWARD, a, nullptr, &axis, 1, GA_FFT_NORM_BACKWARD, wrong_shape, nullptr, &given),
      GA_ERROR_SHAPE_MISMATCH);
  EXPECT_EQ(given, garbage_handle());
}

// NumPy's out= under the ABI 1.0 convention (docs/design.md, "Destinations"), for ga_fft_execute, ga_fft_freq and
// ga_fft_shift alike, by the shared rules (destination_support.hpp): garbage in the result pointer is never read; a
// destination of the result's shape and a dtype the result casts to (same_kind) is written and comes back as the same
// handle with one more reference; a wrong shape, an uncastable dtype or a read-only view is refused with
// require_destination()'s message naming `out`, the destination unchanged and the result pointer as it was.
TEST_F(FftTest, DestinationsFollowTheCallingConvention) {
  Handles owned;
  ga_array_t complex_input = make(owned, signal(8, 7), {8});
  std::vector<double> reals(8);
  std::iota(reals.begin(), reals.end(), 0.0);
  ga_array_t real_input = make(owned, reals, {8});
  const int axis = 0;
  // Each destination's dtype is one the result casts to under same_kind (not the result's own); it holds the allocated
  // result's values within float32 rounding.
  const auto of_eight = [](const char* name, DestinationCall call, ga_dtype_t castable, ga_dtype_t uncastable) {
    return DestinationCase{.name = name,
                           .call = std::move(call),
                           .shape = {8},
                           .dtype = castable,
                           .uncastable = uncastable,
                           .checked_messages = true,
                           .tolerance = 1e-5};
  };
  const DestinationCase cases[] = {
      of_eight("execute",
               [&](ga_array_t out, ga_array_t* result) {
                 return ga_fft_execute(GA_FFT_FORWARD, complex_input, nullptr, &axis, 1, GA_FFT_NORM_BACKWARD, out,
                                       nullptr, result);
               },
               GA_COMPLEX64, GA_FLOAT64),
      of_eight("freq",
               [](ga_array_t out, ga_array_t* result) {
                 return ga_fft_freq(8, 0.5, 0, GA_DTYPE_SAME, out, nullptr, result);
               },
               GA_FLOAT32, GA_INT32),
      of_eight("shift",
               [&](ga_array_t out, ga_array_t* result) {
                 return ga_fft_shift(real_input, nullptr, 0, 0, out, nullptr, result);
               },
               GA_FLOAT32, GA_INT32),
  };
  for (const DestinationCase& c : cases) expect_destination_rules(c);
}

TEST_F(FftTest, EveryRefusalHasItsStatus) {
  Handles owned;
  ga_array_t a = make(owned, signal(12), {3, 4});
  ga_array_t real = make(owned, std::vector<double>(12), {3, 4});
  ga_array_t result = garbage_handle();  // never read, and no failing call writes it
  const int axis = 1;
  const int repeated[2] = {1, -1};
  const int far[1] = {2};
  const int64_t zero[1] = {0};
  const int64_t three[3] = {2, 2, 2};
  GA_EXPECT_STATUS(ga_fft_execute(GA_FFT_FORWARD, a, nullptr, &axis, 1, GA_FFT_NORM_BACKWARD, nullptr, nullptr,
                                  nullptr),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_fft_execute(static_cast<ga_fft_kind_t>(9), a, nullptr, &axis, 1, GA_FFT_NORM_BACKWARD, nullptr,
                                  nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_fft_execute(GA_FFT_FORWARD, a, nullptr, &axis, 1, static_cast<ga_fft_norm_t>(3), nullptr,
                                  nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_fft_execute(GA_FFT_FORWARD, a, nullptr, &axis, -1, GA_FFT_NORM_BACKWARD, nullptr, nullptr,
                                  &result),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_fft_execute(GA_FFT_FORWARD, a, nullptr, repeated, 2, GA_FFT_NORM_BACKWARD, nullptr, nullptr,
                                  &result),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_fft_execute(GA_FFT_FORWARD, a, nullptr, far, 1, GA_FFT_NORM_BACKWARD, nullptr, nullptr, &result),
                   GA_ERROR_INDEX);
  GA_EXPECT_STATUS(ga_fft_execute(GA_FFT_FORWARD, a, zero, &axis, 1, GA_FFT_NORM_BACKWARD, nullptr, nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("Invalid number of FFT data points (0)"), std::string::npos);
  GA_EXPECT_STATUS(ga_fft_execute(GA_FFT_FORWARD, a, three, nullptr, 3, GA_FFT_NORM_BACKWARD, nullptr, nullptr,
                                  &result),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_fft_execute(GA_FFT_REAL_FORWARD, a, nullptr, &axis, 1, GA_FFT_NORM_BACKWARD, nullptr, nullptr,
                                  &result),
                   GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_fft_execute(GA_FFT_HERMITIAN_INVERSE, a, nullptr, &axis, 1, GA_FFT_NORM_BACKWARD, nullptr,
                                  nullptr, &result),
                   GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_fft_execute(GA_FFT_REAL_FORWARD, real, nullptr, &axis, 0, GA_FFT_NORM_BACKWARD, nullptr,
                                  nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  // irfft of one value: the default length 2(1-1) = 0.
  ga_array_t single = make(owned, signal(1), {1});
  const int first = 0;
  GA_EXPECT_STATUS(ga_fft_execute(GA_FFT_REAL_INVERSE, single, nullptr, &first, 1, GA_FFT_NORM_BACKWARD, nullptr,
                                  nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(result, garbage_handle());
  GA_EXPECT_STATUS(ga_fft_freq(0, 1.0, 0, GA_DTYPE_SAME, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_fft_freq(4, 0.0, 0, GA_DTYPE_SAME, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_fft_freq(4, 1.0, 0, GA_INT32, nullptr, nullptr, &result), GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_fft_shift(a, far, 1, 0, nullptr, nullptr, &result), GA_ERROR_INDEX);
  GA_EXPECT_STATUS(ga_fft_shift(a, far, -1, 0, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_fft_plan_cache_set_size(1 << 20, 4), GA_ERROR_NO_DEVICE);
  EXPECT_EQ(result, garbage_handle());
}

TEST_F(FftTest, FrequenciesAndShifts) {
  Handles owned;
  ga_array_t frequencies = nullptr;
  GA_ASSERT_OK(ga_fft_freq(5, 0.5, 0, GA_DTYPE_SAME, nullptr, nullptr, &frequencies));
  owned(frequencies);
  EXPECT_EQ(dtype_of_array(frequencies), GA_FLOAT64);
  expect_near_all(fetch<double>(frequencies), std::vector<double>{0, 0.4, 0.8, -0.8, -0.4}, 1e-15, "fftfreq");
  ga_array_t even = nullptr;
  GA_ASSERT_OK(ga_fft_freq(4, 1.0, 0, GA_FLOAT32, nullptr, nullptr, &even));
  owned(even);
  EXPECT_EQ(fetch<float>(even), (std::vector<float>{0, 0.25f, -0.5f, -0.25f}));
  ga_array_t real = nullptr;
  GA_ASSERT_OK(ga_fft_freq(5, 0.5, 1, GA_DTYPE_SAME, nullptr, nullptr, &real));
  owned(real);
  expect_near_all(fetch<double>(real), std::vector<double>{0, 0.4, 0.8}, 1e-15, "rfftfreq");

  std::vector<double> values(15);
  std::iota(values.begin(), values.end(), 0.0);
  ga_array_t a = make(owned, values, {3, 5});
  ga_array_t shifted = nullptr;
  GA_ASSERT_OK(ga_fft_shift(a, nullptr, 0, 0, nullptr, nullptr, &shifted));
  owned(shifted);
  // Rows roll by 1, columns by 2.
  EXPECT_EQ(fetch<double>(shifted), (std::vector<double>{13, 14, 10, 11, 12, 3, 4, 0, 1, 2, 8, 9, 5, 6, 7}));
  ga_array_t back = nullptr;
  GA_ASSERT_OK(ga_fft_shift(shifted, nullptr, 0, 1, nullptr, nullptr, &back));
  owned(back);
  EXPECT_EQ(fetch<double>(back), values);
  const int last = -1;
  ga_array_t columns = nullptr;
  GA_ASSERT_OK(ga_fft_shift(a, &last, 1, 1, nullptr, nullptr, &columns));
  owned(columns);
  // ifftshift of the columns alone: each row rolls by -2.
  EXPECT_EQ(fetch<double>(columns), (std::vector<double>{2, 3, 4, 0, 1, 7, 8, 9, 5, 6, 12, 13, 14, 10, 11}));
}

TEST_F(FftTest, PlanCacheCountsBoundsAndClears) {
  GA_ASSERT_OK(ga_fft_plan_cache_set_size(-1, 16));
  GA_ASSERT_OK(ga_fft_plan_cache_set_memory_limit(-1, -1));
  GA_ASSERT_OK(ga_fft_plan_cache_clear(-1));
  Handles owned;
  ga_array_t a = make(owned, signal(3 * 97), {3, 97});
  const ga_fft_plan_cache_info_t before = cache_info();
  EXPECT_EQ(before.size, 0);
  EXPECT_EQ(before.max_size, 16);
  EXPECT_EQ(before.memory_limit, -1);
  owned(transform(GA_FFT_FORWARD, a, {}, {1}));
  const ga_fft_plan_cache_info_t missed = cache_info();
  EXPECT_EQ(missed.misses, before.misses + 1);
  EXPECT_EQ(missed.size, 1);
  owned(transform(GA_FFT_INVERSE, a, {}, {1}));  // the same plan: C2C plans serve both directions
  const ga_fft_plan_cache_info_t hit = cache_info();
  EXPECT_EQ(hit.hits, missed.hits + 1);
  EXPECT_EQ(hit.misses, missed.misses);
  EXPECT_GE(hit.memory, 0);

  GA_ASSERT_OK(ga_fft_plan_cache_set_size(-1, 0));
  EXPECT_EQ(cache_info().size, 0);
  owned(transform(GA_FFT_FORWARD, a, {}, {1}));
  EXPECT_EQ(cache_info().size, 0);
  GA_ASSERT_OK(ga_fft_plan_cache_set_size(-1, 16));
  owned(transform(GA_FFT_FORWARD, a, {}, {1}));
  EXPECT_EQ(cache_info().size, 1);
  GA_ASSERT_OK(ga_fft_plan_cache_clear(-1));
  EXPECT_EQ(cache_info().size, 0);
  EXPECT_EQ(cache_info().memory, 0);
}

TEST_F(FftTest, ThreadsWithTheirOwnStreamsShareThePlans) {
  constexpr int kThreads = 4;
  constexpr int kRounds = 20;
  const std::vector<int64_t> sizes{64, 100, 128};
  std::vector<std::vector<cd>> inputs, expected;
  for (size_t i = 0; i < sizes.size(); ++i) {
    inputs.push_back(signal(4 * sizes[i], static_cast<int>(i)));
    expected.push_back(dft_along(inputs.back(), {4, sizes[i]}, 1, false));
  }
  std::vector<std::thread> threads;
  std::vector<int> failures(kThreads, 0);
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      ga_stream_t stream = nullptr;
      if (ga_stream_create(0, 0, &stream) != GA_OK) {
        ++failures[t];
        return;
      }
      for (int round = 0; round < kRounds; ++round) {
        const size_t which = static_cast<size_t>(round + t) % sizes.size();
        const int64_t shape[2] = {4, sizes[which]};
        ga_array_t a = nullptr, result = nullptr;
        const int axis = 1;
        const ga_status_t uploaded =
            ga_array_from_host(inputs[which].data(), 2, shape, nullptr, GA_COMPLEX128, GA_ORDER_C, stream, &a);
        if (uploaded != GA_OK ||
            ga_fft_execute(GA_FFT_FORWARD, a, nullptr, &axis, 1, GA_FFT_NORM_BACKWARD, nullptr, stream, &result) != GA_OK) {
          ++failures[t];
          ga_array_release(a);
          continue;
        }
        std::vector<cd> values(inputs[which].size());
        // ga_array_to_host queues the copy on `stream`, behind the transform, and waits for it.
        if (ga_array_to_host(result, values.data(), values.size() * sizeof(cd), stream) != GA_OK) {
          ++failures[t];
        } else {
          for (size_t i = 0; i < values.size(); ++i) {
            if (std::abs(values[i] - expected[which][i]) > 1e-9) {
              ++failures[t];
              break;
            }
          }
        }
        ga_array_release(result);
        ga_array_release(a);
      }
      ga_stream_release(stream);
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(failures[t], 0) << "thread " << t;
}
