// The signal module's convolutions and order filters through the C API. The host references below
// are SciPy's definitions, written out: out[m] = sum_k in2[k] * in1_ext[m + start - k] with the
// start and output shape of each mode (correlations: in2 reversed and conjugated; correlate2d's
// "same" start rounds up and its swapped "valid" result is reversed), checked against scipy.signal
// 1.10 on shapes with odd and even kernels. tests/python/test_signal_convolution.py compares with
// SciPy itself on many more cases.
#include "ops/user_kernel_support.hpp"

#include <garray/signal.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <string>
#include <vector>

namespace {

using cd = std::complex<double>;
using SignalTest = GpuTest;

ga_array_t untouched_marker() { return reinterpret_cast<ga_array_t>(std::uintptr_t{0x5A5A5A5A}); }

int64_t extend(int64_t i, int64_t n, ga_boundary_t boundary, bool& fill) {
  fill = false;
  if (i >= 0 && i < n) return i;
  if (boundary == GA_BOUNDARY_FILL) {
    fill = true;
    return 0;
  }
  if (boundary == GA_BOUNDARY_WRAP) return ((i % n) + n) % n;
  const int64_t p = ((i % (2 * n)) + 2 * n) % (2 * n);
  return p < n ? p : 2 * n - 1 - p;
}

struct Plane {
  std::vector<cd> values;
  int64_t rows, cols;
  cd at(int64_t r, int64_t c) const { return values[static_cast<size_t>(r * cols + c)]; }
};

Plane reversed(const Plane& p) {
  Plane r = p;
  std::reverse(r.values.begin(), r.values.end());
  return r;
}

Plane conjugated(const Plane& p) {
  Plane r = p;
  for (cd& v : r.values) v = std::conj(v);
  return r;
}

// scipy.signal.convolve2d / correlate2d (and convolve / correlate with fill 0 for 2-D).
Plane reference_2d(Plane a, Plane b, ga_convolve_mode_t mode, ga_boundary_t boundary, cd fill, bool correlate,
                   bool two_d) {
  if (correlate && !two_d) b = conjugated(reversed(b));  // correlate: a convolution, which commutes
  const bool swap = mode == GA_CONVOLVE_VALID && !(a.rows >= b.rows && a.cols >= b.cols);
  if (swap) std::swap(a, b);
  if (correlate && two_d) {  // correlate2d: in1 with conj(in2); swapped, in2 with conj(in1), reversed
    if (swap) {
      a = reversed(a);
      b = conjugated(b);
    } else {
      b = conjugated(reversed(b));
    }
  }
  const bool same_rounds_up = correlate && two_d;
  const int64_t kr = b.rows, kc = b.cols;
  Plane out;
  int64_t sr = 0, sc = 0;
  if (mode == GA_CONVOLVE_FULL) out.rows = a.rows + kr - 1, out.cols = a.cols + kc - 1;
  if (mode == GA_CONVOLVE_SAME) {
    out.rows = a.rows, out.cols = a.cols;
    sr = same_rounds_up ? kr / 2 : (kr - 1) / 2;
    sc = same_rounds_up ? kc / 2 : (kc - 1) / 2;
  }
  if (mode == GA_CONVOLVE_VALID) out.rows = a.rows - kr + 1, out.cols = a.cols - kc + 1, sr = kr - 1, sc = kc - 1;
  out.values.assign(static_cast<size_t>(out.rows * out.cols), 0.0);
  for (int64_t r = 0; r < out.rows; ++r) {
    for (int64_t c = 0; c < out.cols; ++c) {
      cd sum = 0;
      for (int64_t i = 0; i < kr; ++i) {
        for (int64_t j = 0; j < kc; ++j) {
          bool fill_r = false, fill_c = false;
          const int64_t y = extend(r + sr - i, a.rows, boundary, fill_r);
          const int64_t x = extend(c + sc - j, a.cols, boundary, fill_c);
          sum += b.at(i, j) * (fill_r || fill_c ? fill : a.at(y, x));
        }
      }
      out.values[static_cast<size_t>(r * out.cols + c)] = sum;
    }
  }
  return out;
}

Plane plane(int64_t rows, int64_t cols, int seed, bool complex) {
  Plane p{{}, rows, cols};
  for (int64_t i = 0; i < rows * cols; ++i) {
    const double t = static_cast<double>(i + 1 + 37 * seed);
    p.values.push_back({std::sin(1.3 * t) + 0.5 * std::cos(0.7 * t), complex ? std::cos(2.1 * t) : 0.0});
  }
  return p;
}

ga_array_t upload_plane(Handles& owned, const Plane& p, ga_dtype_t dtype) {
  if (dtype == GA_COMPLEX128) return owned(upload_as(p.values, {p.rows, p.cols}, GA_COMPLEX128));
  std::vector<double> real;
  for (const cd& v : p.values) real.push_back(v.real());
  ga_array_t wide = owned(upload_as(real, {p.rows, p.cols}, GA_FLOAT64));
  if (dtype == GA_FLOAT64) return wide;
  ga_array_t cast = nullptr;
  EXPECT_EQ(ga_array_astype(wide, dtype, GA_ORDER_C, nullptr, &cast), GA_OK) << ga_last_error();
  return owned(cast);
}

std::vector<cd> download_as_complex(ga_array_t array) {
  ga_array_t wide = nullptr;
  EXPECT_EQ(ga_array_astype(array, GA_COMPLEX128, GA_ORDER_C, nullptr, &wide), GA_OK) << ga_last_error();
  std::vector<cd> values = fetch<cd>(wide);
  ga_array_release(wide);
  return values;
}

void expect_close(const std::vector<cd>& got, const Plane& expected, double tolerance, const std::string& what) {
  ASSERT_EQ(got.size(), expected.values.size()) << what;
  for (size_t i = 0; i < got.size(); ++i) {
    ASSERT_LE(std::abs(got[i] - expected.values[i]), tolerance * (1.0 + std::abs(expected.values[i])))
        << what << " at " << i;
  }
}

std::vector<int64_t> shape_of_array(ga_array_t array) {
  int ndim = 0;
  EXPECT_EQ(ga_array_ndim(array, &ndim), GA_OK);
  std::vector<int64_t> shape(static_cast<size_t>(ndim));
  if (ndim > 0) {
    EXPECT_EQ(ga_array_shape(array, shape.data()), GA_OK);
  }
  return shape;
}

const ga_convolve_mode_t kModes[] = {GA_CONVOLVE_FULL, GA_CONVOLVE_SAME, GA_CONVOLVE_VALID};
const ga_boundary_t kBoundaries[] = {GA_BOUNDARY_FILL, GA_BOUNDARY_WRAP, GA_BOUNDARY_SYMM};

}  // namespace

TEST(SignalArguments, NullArgumentsAreRefusedWithoutADevice) {
  ga_array_t result = untouched_marker();
  GA_EXPECT_STATUS(ga_signal_convolve(nullptr, nullptr, GA_CONVOLVE_FULL, GA_CONVOLVE_METHOD_AUTO, nullptr, &result),
                   GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(result, untouched_marker());
  EXPECT_NE(std::string(ga_last_error()).find("'in1'"), std::string::npos) << ga_last_error();
  GA_EXPECT_STATUS(ga_signal_convolve(nullptr, nullptr, GA_CONVOLVE_FULL, GA_CONVOLVE_METHOD_AUTO, nullptr, nullptr),
                   GA_ERROR_INVALID_ARGUMENT);
  ga_scalar_t zero{};
  zero.dtype = GA_FLOAT64;
  GA_EXPECT_STATUS(ga_signal_convolve2d(nullptr, nullptr, GA_CONVOLVE_SAME, GA_BOUNDARY_WRAP, zero, nullptr, &result),
                   GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_signal_correlate2d(nullptr, nullptr, GA_CONVOLVE_SAME, GA_BOUNDARY_WRAP, zero, nullptr, nullptr),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_signal_fftconvolve(nullptr, nullptr, GA_CONVOLVE_FULL, nullptr, 0, nullptr, &result),
                   GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_signal_order_filter(nullptr, nullptr, 0, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  const int64_t window[] = {3};
  GA_EXPECT_STATUS(ga_signal_medfilt(nullptr, 1, window, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  ga_convolve_method_t method = GA_CONVOLVE_METHOD_AUTO;
  GA_EXPECT_STATUS(ga_signal_choose_conv_method(nullptr, nullptr, GA_CONVOLVE_FULL, &method), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(result, untouched_marker());
}

TEST_F(SignalTest, Convolve2dMatchesTheReferenceInEveryModeAndBoundary) {
  // (rows, cols) of in1 and in2: odd and even kernels, a kernel larger than the input, and sizes
  // spanning several tiles of the shared-memory path (tiles are 32 wide and 64-128 tall).
  const int64_t shapes[][4] = {{7, 6, 3, 4}, {5, 5, 2, 2}, {3, 3, 5, 4}, {1, 40, 1, 5}, {150, 70, 31, 31}, {130, 33, 4, 9}};
  for (const auto& s : shapes) {
    for (ga_dtype_t dtype : {GA_FLOAT32, GA_FLOAT64, GA_COMPLEX128, GA_INT32}) {
      const bool complex = dtype == GA_COMPLEX128;
      Plane a = plane(s[0], s[1], 1, complex), b = plane(s[2], s[3], 2, complex);
      if (dtype == GA_INT32) {
        for (cd& v : a.values) v = std::round(4.0 * v.real());
        for (cd& v : b.values) v = std::round(4.0 * v.real());
      }
      Handles owned;
      ga_array_t in1 = upload_plane(owned, a, dtype), in2 = upload_plane(owned, b, dtype);
      for (ga_convolve_mode_t mode : kModes) {
        for (ga_boundary_t boundary : kBoundaries) {
          for (bool correlate : {false, true}) {
            ga_scalar_t fill{};
            fill.dtype = GA_FLOAT64;
            fill.as_real = 0.5;
            const cd fill_value = dtype == GA_INT32 ? cd(0.0) : cd(0.5);  // int32(0.5) == 0
            ga_array_t result = nullptr;
            const auto call = correlate ? ga_signal_correlate2d : ga_signal_convolve2d;
            GA_ASSERT_OK(call(in1, in2, mode, boundary, fill, nullptr, &result));
            owned(result);
            EXPECT_EQ(dtype_of_array(result), dtype);
            const std::string what = std::to_string(s[0]) + "x" + std::to_string(s[1]) + " * " + std::to_string(s[2]) +
                                     "x" + std::to_string(s[3]) + " mode " + std::to_string(mode) + " boundary " +
                                     std::to_string(boundary) + (correlate ? " correlate" : " convolve") +
                                     " dtype " + std::to_string(dtype);
            const Plane expected = reference_2d(a, b, mode, boundary, fill_value, correlate, true);
            EXPECT_EQ(shape_of_array(result), (std::vector<int64_t>{expected.rows, expected.cols})) << what;
            expect_close(download_as_complex(result), expected, dtype == GA_FLOAT32 ? 1e-4 : 1e-10, what);
          }
        }
      }
    }
  }
}

TEST_F(SignalTest, ConvolveAndCorrelateMatchTheReferenceDirectAndByFft) {
  const int64_t shapes[][4] = {{7, 6, 3, 4}, {3, 3, 5, 4}, {64, 48, 9, 8}};
  for (const auto& s : shapes) {
    for (bool complex : {false, true}) {
      const Plane a = plane(s[0], s[1], 3, complex), b = plane(s[2], s[3], 4, complex);
      Handles owned;
      const ga_dtype_t dtype = complex ? GA_COMPLEX128 : GA_FLOAT64;
      ga_array_t in1 = upload_plane(owned, a, dtype), in2 = upload_plane(owned, b, dtype);
      for (ga_convolve_mode_t mode : kModes) {
        for (bool correlate : {false, true}) {
          const Plane expected = reference_2d(a, b, mode, GA_BOUNDARY_FILL, 0.0, correlate, false);
          for (ga_convolve_method_t method : {GA_CONVOLVE_METHOD_DIRECT, GA_CONVOLVE_METHOD_FFT, GA_CONVOLVE_METHOD_AUTO}) {
            ga_array_t result = nullptr;
            const auto call = correlate ? ga_signal_correlate : ga_signal_convolve;
            GA_ASSERT_OK(call(in1, in2, mode, method, nullptr, &result));
            owned(result);
            expect_close(download_as_complex(result), expected, 1e-9,
                         "mode " + std::to_string(mode) + " method " + std::to_string(method) +
                             (correlate ? " correlate" : " convolve") + (complex ? " complex" : " real"));
          }
        }
      }
    }
  }
}

TEST_F(SignalTest, ConvolveOneAndThreeDimensions) {
  // 1-D: np.convolve([1, 2, 3], [0, 1, 0.5]) = [0, 1, 2.5, 4, 1.5]; 3-D: a single 1 convolved
  // with a kernel reproduces the kernel at the 1's offset.
  Handles owned;
  ga_array_t a = owned(upload_as(std::vector<double>{1, 2, 3}, {3}, GA_FLOAT64));
  ga_array_t v = owned(upload_as(std::vector<double>{0, 1, 0.5}, {3}, GA_FLOAT64));
  ga_array_t result = nullptr;
  GA_ASSERT_OK(ga_signal_convolve(a, v, GA_CONVOLVE_FULL, GA_CONVOLVE_METHOD_DIRECT, nullptr, &result));
  owned(result);
  EXPECT_EQ(fetch<double>(result), (std::vector<double>{0, 1, 2.5, 4, 1.5}));
  std::vector<float> volume(4 * 5 * 6, 0.0f);
  volume[(1 * 5 + 2) * 6 + 3] = 1.0f;
  std::vector<float> kernel(2 * 3 * 2);
  for (size_t i = 0; i < kernel.size(); ++i) kernel[i] = static_cast<float>(i + 1);
  ga_array_t x = owned(upload_as(volume, {4, 5, 6}, GA_FLOAT32));
  ga_array_t k = owned(upload_as(kernel, {2, 3, 2}, GA_FLOAT32));
  GA_ASSERT_OK(ga_signal_convolve(x, k, GA_CONVOLVE_FULL, GA_CONVOLVE_METHOD_DIRECT, nullptr, &result));
  owned(result);
  EXPECT_EQ(shape_of_array(result), (std::vector<int64_t>{5, 7, 7}));
  const std::vector<float> full = fetch<float>(result);
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 3; ++j)
      for (int64_t l = 0; l < 2; ++l)
        EXPECT_EQ(full[static_cast<size_t>(((1 + i) * 7 + 2 + j) * 7 + 3 + l)], kernel[static_cast<size_t>((i * 3 + j) * 2 + l)]);
  ga_array_t by_fft = nullptr;
  const int axes[] = {0, 1, 2};
  GA_ASSERT_OK(ga_signal_fftconvolve(x, k, GA_CONVOLVE_FULL, axes, 3, nullptr, &by_fft));
  owned(by_fft);
  EXPECT_EQ(dtype_of_array(by_fft), GA_FLOAT32);
  const std::vector<float> spectral = fetch<float>(by_fft);
  ASSERT_EQ(spectral.size(), full.size());
  for (size_t i = 0; i < full.size(); ++i) EXPECT_NEAR(spectral[i], full[i], 1e-4);
}

TEST_F(SignalTest, MedfiltAndOrderFilterMatchTheReference) {
  for (int64_t window : {3, 5, 7, 9}) {
    const int64_t rows = 37, cols = 45;
    std::vector<float> image(static_cast<size_t>(rows * cols));
    for (size_t i = 0; i < image.size(); ++i) image[i] = static_cast<float>((i * 7919) % 101) - 50.0f;
    Handles owned;
    ga_array_t a = owned(upload_as(image, {rows, cols}, GA_FLOAT32));
    const int64_t shape[] = {window, window};
    ga_array_t result = nullptr;
    GA_ASSERT_OK(ga_signal_medfilt(a, 2, shape, nullptr, &result));
    owned(result);
    const std::vector<float> got = fetch<float>(result);
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t c = 0; c < cols; ++c) {
        std::vector<float> values;
        for (int64_t i = -window / 2; i <= window / 2; ++i)
          for (int64_t j = -window / 2; j <= window / 2; ++j) {
            const bool inside = r + i >= 0 && r + i < rows && c + j >= 0 && c + j < cols;
            values.push_back(inside ? image[static_cast<size_t>((r + i) * cols + c + j)] : 0.0f);
          }
        std::nth_element(values.begin(), values.begin() + static_cast<long>(values.size() / 2), values.end());
        ASSERT_EQ(got[static_cast<size_t>(r * cols + c)], values[values.size() / 2])
            << "window " << window << " at " << r << "," << c;
      }
    }
  }
  // order_filter with the identity domain, rank 0 and 2 (SciPy's docstring example on arange(25)).
  Handles owned;
  std::vector<int64_t> x(25);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<int64_t>(i);
  ga_array_t a = owned(upload_as(x, {5, 5}, GA_INT64));
  ga_array_t domain = owned(upload_as(std::vector<double>{1, 0, 0, 0, 1, 0, 0, 0, 1}, {3, 3}, GA_FLOAT64));
  ga_array_t low = nullptr, high = nullptr;
  GA_ASSERT_OK(ga_signal_order_filter(a, domain, 0, nullptr, &low));
  owned(low);
  GA_ASSERT_OK(ga_signal_order_filter(a, domain, 2, nullptr, &high));
  owned(high);
  EXPECT_EQ(fetch<int64_t>(low), (std::vector<int64_t>{0, 0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 5, 6, 7, 0, 0, 10, 11, 12, 0,
                                                       0, 0, 0, 0, 0}));
  EXPECT_EQ(fetch<int64_t>(high), (std::vector<int64_t>{6, 7, 8, 9, 4, 11, 12, 13, 14, 9, 16, 17, 18, 19, 14, 21, 22,
                                                        23, 24, 19, 20, 21, 22, 23, 24}));
}

TEST_F(SignalTest, BadInputIsRefusedWithItsStatusAndLeavesTheResultAlone) {
  Handles owned;
  ga_array_t small = owned(upload_as(std::vector<double>(6, 1.0), {2, 3}, GA_FLOAT64));
  ga_array_t tall = owned(upload_as(std::vector<double>(4, 1.0), {4, 1}, GA_FLOAT64));
  ga_array_t cube = owned(upload_as(std::vector<double>(8, 1.0), {2, 2, 2}, GA_FLOAT64));
  ga_array_t line = owned(upload_as(std::vector<double>(3, 1.0), {3}, GA_FLOAT64));
  ga_array_t empty = owned(upload_as(std::vector<double>{}, {0, 3}, GA_FLOAT64));
  ga_array_t complex = owned(upload_as(std::vector<cd>(6, 1.0), {2, 3}, GA_COMPLEX128));
  ga_scalar_t zero{};
  zero.dtype = GA_FLOAT64;
  ga_array_t result = untouched_marker();
  const auto expect = [&](ga_status_t status, ga_status_t expected, const char* fragment) {
    EXPECT_EQ(status, expected) << ga_last_error();
    EXPECT_EQ(result, untouched_marker());
    EXPECT_NE(std::string(ga_last_error()).find(fragment), std::string::npos) << ga_last_error();
  };
  // Valid mode: neither (2, 3) nor (4, 1) is at least as large as the other along both axes.
  expect(ga_signal_convolve(small, tall, GA_CONVOLVE_VALID, GA_CONVOLVE_METHOD_DIRECT, nullptr, &result),
         GA_ERROR_INVALID_ARGUMENT, "'valid' mode");
  expect(ga_signal_convolve2d(small, tall, GA_CONVOLVE_VALID, GA_BOUNDARY_FILL, zero, nullptr, &result),
         GA_ERROR_INVALID_ARGUMENT, "'valid' mode");
  expect(ga_signal_fftconvolve(small, tall, GA_CONVOLVE_VALID, nullptr, 0, nullptr, &result), GA_ERROR_INVALID_ARGUMENT,
         "'valid' mode");
  expect(ga_signal_convolve(small, empty, GA_CONVOLVE_FULL, GA_CONVOLVE_METHOD_AUTO, nullptr, &result),
         GA_ERROR_INVALID_ARGUMENT, "empty");
  expect(ga_signal_convolve2d(empty, small, GA_CONVOLVE_FULL, GA_BOUNDARY_FILL, zero, nullptr, &result),
         GA_ERROR_INVALID_ARGUMENT, "empty");
  expect(ga_signal_convolve(small, line, GA_CONVOLVE_FULL, GA_CONVOLVE_METHOD_AUTO, nullptr, &result),
         GA_ERROR_SHAPE_MISMATCH, "dimensionality");
  expect(ga_signal_convolve2d(cube, cube, GA_CONVOLVE_FULL, GA_BOUNDARY_FILL, zero, nullptr, &result),
         GA_ERROR_SHAPE_MISMATCH, "2-D");
  expect(ga_signal_convolve(small, small, static_cast<ga_convolve_mode_t>(7), GA_CONVOLVE_METHOD_AUTO, nullptr, &result),
         GA_ERROR_INVALID_ARGUMENT, "mode 7");
  expect(ga_signal_convolve(small, small, GA_CONVOLVE_FULL, static_cast<ga_convolve_method_t>(9), nullptr, &result),
         GA_ERROR_INVALID_ARGUMENT, "method 9");
  expect(ga_signal_convolve2d(small, small, GA_CONVOLVE_FULL, static_cast<ga_boundary_t>(5), zero, nullptr, &result),
         GA_ERROR_INVALID_ARGUMENT, "boundary 5");
  const int bad_axes[] = {0, 2};
  expect(ga_signal_fftconvolve(small, small, GA_CONVOLVE_FULL, bad_axes, 2, nullptr, &result), GA_ERROR_INVALID_ARGUMENT,
         "axis 2");
  const int64_t even[] = {3, 4};
  expect(ga_signal_medfilt(small, 2, even, nullptr, &result), GA_ERROR_INVALID_ARGUMENT, "odd");
  const int64_t one[] = {3};
  expect(ga_signal_medfilt(small, 1, one, nullptr, &result), GA_ERROR_SHAPE_MISMATCH, "kernel_size");
  const int64_t three[] = {3, 3};
  expect(ga_signal_medfilt(complex, 2, three, nullptr, &result), GA_ERROR_DTYPE, "complex");
  ga_array_t even_domain = owned(upload_as(std::vector<double>(4, 1.0), {2, 2}, GA_FLOAT64));
  expect(ga_signal_order_filter(small, even_domain, 0, nullptr, &result), GA_ERROR_INVALID_ARGUMENT, "odd");
  ga_array_t domain = owned(upload_as(std::vector<double>(9, 1.0), {3, 3}, GA_FLOAT64));
  expect(ga_signal_order_filter(small, domain, 9, nullptr, &result), GA_ERROR_INVALID_ARGUMENT, "rank 9");
  // The inputs are as they were.
  EXPECT_EQ(fetch<double>(small), std::vector<double>(6, 1.0));
  ga_convolve_method_t method = GA_CONVOLVE_METHOD_AUTO;
  GA_EXPECT_STATUS(ga_signal_choose_conv_method(small, small, static_cast<ga_convolve_mode_t>(3), &method),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(method, GA_CONVOLVE_METHOD_AUTO);
  GA_ASSERT_OK(ga_signal_choose_conv_method(small, small, GA_CONVOLVE_FULL, &method));
  EXPECT_EQ(method, GA_CONVOLVE_METHOD_DIRECT);
}
