// The preamble's 16-bit floats and complex numbers on a GPU, against host references written from
// the IEEE definitions: every 16-bit pattern decoded, conversions at and beside every rounding
// midpoint (so a double rounding would show), and arithmetic on random operands.
#include "core/jit/kernel_cache.hpp"
#include "core/jit/preamble.hpp"
#include "device_buffer.hpp"
#include "gpu_engine_fixture.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace {

// out[i] = expression(a[i], b[i]), evaluated on device 0.
template <class A, class B, class Out>
std::vector<Out> evaluate(const std::string& type_a, const std::string& type_b,
                          const std::string& type_out, const std::string& expression,
                          const std::vector<A>& a, const std::vector<B>& b) {
  const std::string source =
      garray::jit::with_preamble("extern \"C\" __global__ void evaluate(const " + type_a +
                                 "* as, const " + type_b + "* bs, " + type_out +
                                 "* out, int n) {\n"
                                 "  const int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                                 "  if (i >= n) return;\n"
                                 "  const " +
                                 type_a +
                                 " a = as[i];\n"
                                 "  const " +
                                 type_b +
                                 " b = bs[i];\n"
                                 "  out[i] = " +
                                 expression +
                                 ";\n"
                                 "}\n");
  const auto kernel = garray::jit::get_kernel(source, "evaluate", {}, 0);
  DeviceBuffer<A> device_a(a);
  DeviceBuffer<B> device_b(b);
  DeviceBuffer<Out> device_out(a.size());
  int count = static_cast<int>(a.size());
  void* arguments[] = {device_a.argument(), device_b.argument(), device_out.argument(), &count};
  kernel->launch({dim3((count + 255) / 256), dim3(256)}, arguments, nullptr);
  return device_out.to_host();
}

template <class A, class Out>
std::vector<Out> evaluate(const std::string& type_a, const std::string& type_out,
                          const std::string& expression, const std::vector<A>& a) {
  return evaluate<A, A, Out>(type_a, type_a, type_out, expression, a, a);
}

// A binary floating-point format: significand bits (the implicit one included), the exponent of
// the smallest normal number, the largest finite value, and how its bit patterns read.
struct Format {
  const char* type;
  int precision;
  int min_exponent;
  double max_finite;
  double (*value_of)(std::uint16_t bits);
};

double half_value(std::uint16_t bits) {
  const int exponent = (bits >> 10) & 0x1f;
  const int mantissa = bits & 0x3ff;
  double magnitude = exponent == 0    ? std::ldexp(mantissa, -24)
                     : exponent == 31 ? (mantissa ? std::nan("") : INFINITY)
                                      : std::ldexp(1024 + mantissa, exponent - 25);
  return (bits & 0x8000) ? -magnitude : magnitude;
}

double bfloat16_value(std::uint16_t bits) {
  const std::uint32_t word = std::uint32_t{bits} << 16;
  float value;
  std::memcpy(&value, &word, sizeof(value));
  return value;
}

const Format kHalf{"ga_half", 11, -14, 65504.0, half_value};
const Format kBfloat16{"ga_bfloat16", 8, -126, std::ldexp(255.0, 120), bfloat16_value};

// `x` rounded once, to nearest with ties to even, into `format`.
double round_into(const Format& format, double x) {
  if (std::isnan(x) || std::isinf(x) || x == 0) return x;
  int exponent = 0;
  std::frexp(std::fabs(x), &exponent);
  const int leading = std::max(exponent - 1, format.min_exponent);
  const double quantum = std::ldexp(1.0, leading - (format.precision - 1));
  const double rounded = std::nearbyint(std::fabs(x) / quantum) * quantum;
  return std::copysign(rounded > format.max_finite ? INFINITY : rounded, x);
}

bool same_value(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

std::vector<std::uint16_t> all_patterns() {
  std::vector<std::uint16_t> patterns(1 << 16);
  for (std::size_t i = 0; i < patterns.size(); ++i) patterns[i] = static_cast<std::uint16_t>(i);
  return patterns;
}

// Values where rounding decides: each midpoint between neighbouring finite values of `format`,
// the doubles just beside it, both signs, and the special values.
std::vector<double> rounding_cases(const Format& format) {
  std::vector<double> cases = {0.0,
                               -0.0,
                               INFINITY,
                               -INFINITY,
                               std::nan(""),
                               1e-300,
                               1e300,
                               format.max_finite,
                               2 * format.max_finite};
  for (std::uint32_t bits = 0; bits < 0x7fff; ++bits) {
    const double low = format.value_of(static_cast<std::uint16_t>(bits));
    const double high = format.value_of(static_cast<std::uint16_t>(bits + 1));
    if (std::isnan(low) || std::isinf(high) || std::isnan(high)) continue;
    const double middle = (low + high) / 2;
    const double nudge = std::ldexp(middle, -40);  // too small for a float to hold beside middle
    for (const double value : {middle, middle - nudge, middle + nudge}) {
      cases.push_back(value);
      cases.push_back(-value);
    }
  }
  return cases;
}

std::vector<float> as_floats(const std::vector<double>& values) {
  return std::vector<float>(values.begin(), values.end());
}

}  // namespace

class PreambleOnDeviceTest : public GpuEngineTest,
                             public ::testing::WithParamInterface<const Format*> {};

TEST_P(PreambleOnDeviceTest, EveryBitPatternConvertsToItsValue) {
  const Format& format = *GetParam();
  const auto patterns = all_patterns();
  const auto floats = evaluate<std::uint16_t, float>(
      "unsigned short", "float", "(float)" + std::string(format.type) + "::from_bits(a)", patterns);
  for (std::size_t i = 0; i < patterns.size(); ++i) {
    ASSERT_TRUE(same_value(floats[i], format.value_of(patterns[i]))) << std::hex << patterns[i];
  }
}

TEST_P(PreambleOnDeviceTest, FloatsAndDoublesRoundOnceToNearestEven) {
  const Format& format = *GetParam();
  const std::vector<double> doubles = rounding_cases(format);
  const std::vector<float> floats = as_floats(doubles);
  const std::string to_bits = std::string(format.type) + "(a).bits";
  const auto from_double =
      evaluate<double, std::uint16_t>("double", "unsigned short", to_bits, doubles);
  const auto from_float =
      evaluate<float, std::uint16_t>("float", "unsigned short", to_bits, floats);
  for (std::size_t i = 0; i < doubles.size(); ++i) {
    ASSERT_TRUE(same_value(format.value_of(from_double[i]), round_into(format, doubles[i])))
        << "double " << doubles[i] << " gave bits " << std::hex << from_double[i];
    ASSERT_TRUE(same_value(format.value_of(from_float[i]), round_into(format, floats[i])))
        << "float " << floats[i] << " gave bits " << std::hex << from_float[i];
  }
}

TEST_P(PreambleOnDeviceTest, IntegersConvertThroughTheirExactValue) {
  const Format& format = *GetParam();
  const std::vector<long long> integers = {
      0, 1, -1, 2049, -2051, 65504, 65519, 65520, 1 << 24, (1 << 24) + 1, 123456789, -987654321};
  const auto bits = evaluate<long long, std::uint16_t>(
      "long long", "unsigned short", std::string(format.type) + "(a).bits", integers);
  for (std::size_t i = 0; i < integers.size(); ++i) {
    EXPECT_TRUE(
        same_value(format.value_of(bits[i]), round_into(format, static_cast<double>(integers[i]))))
        << integers[i];
  }
}

TEST_P(PreambleOnDeviceTest, ArithmeticRoundsLikeTheFormatsOwnArithmetic) {
  const Format& format = *GetParam();
  std::mt19937 generator(12345);
  std::vector<std::uint16_t> a;
  std::vector<std::uint16_t> b;
  while (a.size() < 20000) {
    const auto x = static_cast<std::uint16_t>(generator());
    const auto y = static_cast<std::uint16_t>(generator());
    if (std::isfinite(format.value_of(x)) && std::isfinite(format.value_of(y))) {
      a.push_back(x);
      b.push_back(y);
    }
  }
  const std::string type = format.type;
  struct Operation {
    const char* symbol;
    double (*exact)(double, double);
  };
  const Operation operations[] = {
      {"+", [](double x, double y) { return x + y; }},
      {"-", [](double x, double y) { return x - y; }},
      {"*", [](double x, double y) { return x * y; }},
      {"/", [](double x, double y) { return x / y; }},
  };
  for (const Operation& operation : operations) {
    const std::string expression = type + "(" + type + "::from_bits(a) " + operation.symbol + " " +
                                   type + "::from_bits(b)).bits";
    const auto results = evaluate<std::uint16_t, std::uint16_t, std::uint16_t>(
        "unsigned short", "unsigned short", "unsigned short", expression, a, b);
    for (std::size_t i = 0; i < a.size(); ++i) {
      const double expected =
          round_into(format, operation.exact(format.value_of(a[i]), format.value_of(b[i])));
      ASSERT_TRUE(same_value(format.value_of(results[i]), expected))
          << format.value_of(a[i]) << " " << operation.symbol << " " << format.value_of(b[i]);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Formats, PreambleOnDeviceTest, ::testing::Values(&kHalf, &kBfloat16),
                         [](const auto& info) { return std::string(info.param->type); });

namespace {

template <class Real>
void check_complex_arithmetic(const char* type, double tolerance) {
  using Complex = std::complex<Real>;
  std::mt19937 generator(777);
  std::uniform_real_distribution<Real> part(-100, 100);
  std::vector<Complex> a;
  std::vector<Complex> b;
  for (int i = 0; i < 5000; ++i) {
    a.emplace_back(part(generator), part(generator));
    b.emplace_back(part(generator), part(generator));
  }
  // Where a textbook division overflows or divides by zero.
  const Real huge = std::sqrt(std::numeric_limits<Real>::max()) * 16;
  a.emplace_back(huge, huge);
  b.emplace_back(huge, huge);
  a.emplace_back(1, 1);
  b.emplace_back(0, 0);
  for (const char* symbol : {"+", "-", "*", "/"}) {
    const auto results = evaluate<Complex, Complex, Complex>(
        type, type, type, std::string("a ") + symbol + " b", a, b);
    for (std::size_t i = 0; i + 2 < a.size(); ++i) {
      const std::complex<double> x(a[i]);
      const std::complex<double> y(b[i]);
      const std::complex<double> exact = *symbol == '+'   ? x + y
                                         : *symbol == '-' ? x - y
                                         : *symbol == '*' ? x * y
                                                          : x / y;
      const double error = std::abs(std::complex<double>(results[i]) - exact);
      ASSERT_LE(error, tolerance * std::max(1.0, std::abs(exact)))
          << a[i] << " " << symbol << " " << b[i];
    }
  }
  const auto quotients = evaluate<Complex, Complex, Complex>(type, type, type, "a / b", a, b);
  EXPECT_NEAR(quotients[a.size() - 2].real(), 1, tolerance) << "scaled, not overflowed";
  EXPECT_EQ(quotients[a.size() - 2].imag(), 0);
  EXPECT_TRUE(std::isinf(quotients.back().real()) && std::isinf(quotients.back().imag()))
      << "x / 0 divides each part by zero, as NumPy does: " << quotients.back();
  const auto conjugates = evaluate<Complex, Complex>(type, type, "conj(a)", a);
  for (std::size_t i = 0; i < a.size(); ++i) ASSERT_EQ(conjugates[i], std::conj(a[i]));
}

}  // namespace

using ComplexOnDeviceTest = GpuEngineTest;

TEST_F(ComplexOnDeviceTest, Complex64ArithmeticMatchesTheHost) {
  check_complex_arithmetic<float>("ga_complex64", 1e-6);
}

TEST_F(ComplexOnDeviceTest, Complex128ArithmeticMatchesTheHost) {
  check_complex_arithmetic<double>("ga_complex128", 1e-14);
}
