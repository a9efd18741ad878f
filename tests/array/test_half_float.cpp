// The host's float16 and bfloat16 conversions, which must agree bit for bit with the device's
// round-to-nearest-even conversions: exhaustive over the 16-bit patterns, every midpoint between
// neighbours, and random inputs against a reference that searches the value table.
#include "core/array/half_float.hpp"

#include "array_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace {

using array_test::bfloat16_bits_to_double;
using array_test::half_bits_to_double;

bool is_half_nan(std::uint16_t bits) { return (bits & 0x7C00) == 0x7C00 && (bits & 0x03FF) != 0; }
bool is_bfloat16_nan(std::uint16_t bits) { return (bits & 0x7F80) == 0x7F80 && (bits & 0x007F) != 0; }

constexpr std::uint16_t kHalfInfinity = 0x7C00;
constexpr std::uint16_t kBfloat16Infinity = 0x7F80;

// Round to nearest, ties to the even pattern, by searching the table of the format's finite
// non-negative values (index == bit pattern); values at or past the midpoint between the largest
// finite value and the next power of two overflow to infinity (whose pattern is even).
class ReferenceRounding {
 public:
  ReferenceRounding(double (*decode)(std::uint16_t), std::uint16_t infinity) : infinity_(infinity) {
    for (std::uint32_t bits = 0; bits < infinity; ++bits)
      table_.push_back(decode(static_cast<std::uint16_t>(bits)));
    // Infinity's pattern stands for the value it would have if the exponent range went on (the
    // next power of two), so that values between the largest finite one and the threshold
    // round as any others.
    const double largest = table_.back();
    table_.push_back(std::exp2(std::ceil(std::log2(largest))));
    overflow_at_ = (largest + table_.back()) / 2;
  }

  std::uint16_t operator()(double value) const {
    const auto sign = static_cast<std::uint16_t>(std::signbit(value) ? 0x8000 : 0);
    const double magnitude = std::fabs(value);
    if (magnitude >= overflow_at_) return static_cast<std::uint16_t>(sign | infinity_);
    const auto above = std::lower_bound(table_.begin(), table_.end(), magnitude);
    auto index = static_cast<std::uint16_t>(above - table_.begin());
    if (table_[index] != magnitude) {
      const double low = table_[index - 1];
      const double high = table_[index];
      if (magnitude - low < high - magnitude ||
          (magnitude - low == high - magnitude && (index - 1) % 2 == 0)) {
        --index;
      }
    }
    return static_cast<std::uint16_t>(sign | index);
  }

 private:
  std::vector<double> table_;
  std::uint16_t infinity_;
  double overflow_at_ = 0;
};

const ReferenceRounding& half_reference() {
  static const ReferenceRounding reference(half_bits_to_double, kHalfInfinity);
  return reference;
}

const ReferenceRounding& bfloat16_reference() {
  static const ReferenceRounding reference(bfloat16_bits_to_double, kBfloat16Infinity);
  return reference;
}

float float_from_bits(std::uint32_t bits) { return std::bit_cast<float>(bits); }

}  // namespace

TEST(HalfFloat, EveryFloat16DecodesExactlyAndRoundTripsThroughFloat) {
  for (std::uint32_t pattern = 0; pattern <= 0xFFFF; ++pattern) {
    const auto bits = static_cast<std::uint16_t>(pattern);
    const float value = garray::half_bits_to_float(bits);
    if (is_half_nan(bits)) {
      EXPECT_TRUE(std::isnan(value)) << std::hex << pattern;
      const std::uint16_t back = garray::float_to_half_bits(value);
      EXPECT_TRUE(is_half_nan(back)) << std::hex << pattern << " -> " << back;
      EXPECT_EQ(back & 0x8000, bits & 0x8000) << "NaN keeps its sign: " << std::hex << pattern;
      continue;
    }
    ASSERT_EQ(static_cast<double>(value), half_bits_to_double(bits)) << std::hex << pattern;
    ASSERT_EQ(garray::float_to_half_bits(value), bits) << std::hex << pattern;
    ASSERT_EQ(garray::double_to_half_bits(static_cast<double>(value)), bits) << std::hex << pattern;
  }
}

TEST(HalfFloat, MidpointsBetweenNeighboursRoundToEvenAndNeighboursOfMidpointsRoundToTheNearer) {
  // Pairs of consecutive non-negative finite halves, subnormals included, and the last finite
  // value paired with infinity (where the midpoint is the overflow threshold 65520).
  for (std::uint32_t low = 0; low < kHalfInfinity; ++low) {
    const std::uint32_t high = low + 1;
    const double low_value = half_bits_to_double(static_cast<std::uint16_t>(low));
    const double high_value =
        high == kHalfInfinity ? 65536.0 : half_bits_to_double(static_cast<std::uint16_t>(high));
    const double midpoint = (low_value + high_value) / 2;  // exact in float and double
    const std::uint32_t even = low % 2 == 0 ? low : high;
    for (const double sign : {1.0, -1.0}) {
      const std::uint16_t sign_bit = sign < 0 ? 0x8000 : 0;
      const auto expect = [&](std::uint32_t pattern) {
        return static_cast<std::uint16_t>(sign_bit | pattern);
      };
      const auto mid = static_cast<float>(sign * midpoint);
      ASSERT_EQ(static_cast<double>(mid), sign * midpoint);
      ASSERT_EQ(garray::float_to_half_bits(mid), expect(even)) << "midpoint " << mid;
      ASSERT_EQ(garray::float_to_half_bits(std::nextafter(mid, 0.0f)), expect(low)) << "below " << mid;
      ASSERT_EQ(garray::float_to_half_bits(std::nextafter(mid, std::copysign(INFINITY, mid))), expect(high))
          << "above " << mid;
      // A double just off the midpoint is not a float: rounding it through float would land on
      // the tie and pick the even side; rounding once picks the nearer side.
      const double offset = std::ldexp(midpoint, -40);
      ASSERT_EQ(garray::double_to_half_bits(sign * midpoint), expect(even)) << "midpoint " << midpoint;
      ASSERT_EQ(garray::double_to_half_bits(sign * (midpoint - offset)), expect(low)) << midpoint;
      ASSERT_EQ(garray::double_to_half_bits(sign * (midpoint + offset)), expect(high)) << midpoint;
    }
  }
}

TEST(HalfFloat, OverflowUnderflowInfinityAndNaN) {
  EXPECT_EQ(garray::float_to_half_bits(65504.0f), 0x7BFF);
  EXPECT_EQ(garray::float_to_half_bits(65519.996f), 0x7BFF);
  EXPECT_EQ(garray::float_to_half_bits(65520.0f), 0x7C00);
  EXPECT_EQ(garray::float_to_half_bits(-65520.0f), 0xFC00);
  EXPECT_EQ(garray::float_to_half_bits(1e10f), 0x7C00);
  EXPECT_EQ(garray::float_to_half_bits(std::numeric_limits<float>::max()), 0x7C00);
  EXPECT_EQ(garray::float_to_half_bits(INFINITY), 0x7C00);
  EXPECT_EQ(garray::float_to_half_bits(-INFINITY), 0xFC00);
  EXPECT_EQ(garray::float_to_half_bits(0.0f), 0x0000);
  EXPECT_EQ(garray::float_to_half_bits(-0.0f), 0x8000);
  // Below half the smallest subnormal (2^-25) everything becomes a signed zero.
  EXPECT_EQ(garray::float_to_half_bits(std::ldexp(1.0f, -26)), 0x0000);
  EXPECT_EQ(garray::float_to_half_bits(-std::ldexp(1.0f, -26)), 0x8000);
  EXPECT_EQ(garray::float_to_half_bits(std::numeric_limits<float>::denorm_min()), 0x0000);
  EXPECT_EQ(garray::float_to_half_bits(std::numeric_limits<float>::min()), 0x0000);
  EXPECT_EQ(garray::float_to_half_bits(std::ldexp(1.0f, -24)), 0x0001);
  EXPECT_EQ(garray::float_to_half_bits(std::ldexp(1.0f, -14)), 0x0400);  // smallest normal
  EXPECT_EQ(garray::float_to_half_bits(std::nextafter(std::ldexp(1.0f, -14), 0.0f)), 0x0400);
  EXPECT_TRUE(is_half_nan(garray::float_to_half_bits(std::numeric_limits<float>::quiet_NaN())));
  EXPECT_TRUE(is_half_nan(garray::float_to_half_bits(float_from_bits(0x7F800001u))));  // signalling
  EXPECT_TRUE(is_half_nan(garray::float_to_half_bits(float_from_bits(0xFFC00000u))));
  EXPECT_EQ(garray::float_to_half_bits(float_from_bits(0xFFC00000u)) & 0x8000, 0x8000);

  EXPECT_EQ(garray::double_to_half_bits(65519.999999999), 0x7BFF);
  EXPECT_EQ(garray::double_to_half_bits(65520.0), 0x7C00);
  EXPECT_EQ(garray::double_to_half_bits(1e300), 0x7C00);
  EXPECT_EQ(garray::double_to_half_bits(-1e300), 0xFC00);
  EXPECT_EQ(garray::double_to_half_bits(1e-300), 0x0000);
  EXPECT_EQ(garray::double_to_half_bits(-1e-300), 0x8000);
  EXPECT_EQ(garray::double_to_half_bits(std::numeric_limits<double>::denorm_min()), 0x0000);
  EXPECT_EQ(garray::double_to_half_bits(-INFINITY), 0xFC00);
  EXPECT_TRUE(is_half_nan(garray::double_to_half_bits(std::numeric_limits<double>::quiet_NaN())));
}

TEST(HalfFloat, AgreesWithNumPy) {
  // NumPy 1.24 gave these bits: np.float16(np.float64(x)).view(np.uint16), and the same through
  // np.float32(x).astype(np.float16) where the two differ.
  struct Case {
    double value;
    std::uint16_t from_double;
    std::uint16_t from_float;
  };
  const Case cases[] = {
      {1.0 / 3.0, 0x3555, 0x3555},
      {65504.0, 0x7BFF, 0x7BFF},
      {65519.99, 0x7BFF, 0x7BFF},
      {65520.0, 0x7C00, 0x7C00},
      {1e-8, 0x0000, 0x0000},
      {5.960464477539063e-08, 0x0001, 0x0001},
      {2.9802322387695312e-08, 0x0000, 0x0000},
      {4.470348358154297e-08, 0x0001, 0x0001},
      {0.1, 0x2E66, 0x2E66},
      {-2.5e-05, 0x81A3, 0x81A3},
      {1e5, 0x7C00, 0x7C00},
      {1.0004882812509095, 0x3C01, 0x3C00},  // 1 + 2^-11 + 2^-40: a float16 tie after float rounding
      {-1.00146484375, 0xBC02, 0xBC02},
      {6.097555160522461e-05, 0x03FF, 0x03FF},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(garray::double_to_half_bits(c.value), c.from_double) << c.value;
    EXPECT_EQ(garray::float_to_half_bits(static_cast<float>(c.value)), c.from_float) << c.value;
  }
}

TEST(HalfFloat, RandomFloatsAndDoublesMatchTheReferenceRounding) {
  std::mt19937_64 rng(20240611);
  const ReferenceRounding& reference = half_reference();
  for (int i = 0; i < 1'000'000; ++i) {
    // Random float bit patterns, and floats in float16's range where rounding is interesting.
    const float value =
        i % 2 == 0 ? float_from_bits(static_cast<std::uint32_t>(rng()))
                   : std::ldexp(static_cast<float>(rng() % (1u << 24)), static_cast<int>(rng() % 44) - 50);
    if (std::isnan(value)) continue;
    ASSERT_EQ(garray::float_to_half_bits(value), reference(value)) << value;
  }
  for (int i = 0; i < 1'000'000; ++i) {
    const double value = std::ldexp(static_cast<double>(rng() >> 11), static_cast<int>(rng() % 50) - 80) *
                         (rng() % 2 ? -1.0 : 1.0);
    ASSERT_EQ(garray::double_to_half_bits(value), reference(value)) << value;
  }
}

TEST(Bfloat16, EveryBfloat16RoundTripsThroughFloat) {
  for (std::uint32_t pattern = 0; pattern <= 0xFFFF; ++pattern) {
    const auto bits = static_cast<std::uint16_t>(pattern);
    const float value = garray::bfloat16_bits_to_float(bits);
    if (is_bfloat16_nan(bits)) {
      EXPECT_TRUE(std::isnan(value));
      EXPECT_TRUE(is_bfloat16_nan(garray::float_to_bfloat16_bits(value))) << std::hex << pattern;
      EXPECT_TRUE(is_bfloat16_nan(garray::double_to_bfloat16_bits(value))) << std::hex << pattern;
      continue;
    }
    ASSERT_EQ(static_cast<double>(value), bfloat16_bits_to_double(bits));
    ASSERT_EQ(garray::float_to_bfloat16_bits(value), bits) << std::hex << pattern;
    ASSERT_EQ(garray::double_to_bfloat16_bits(static_cast<double>(value)), bits) << std::hex << pattern;
  }
}

TEST(Bfloat16, MidpointsRoundToEvenAndRandomValuesMatchTheReference) {
  for (std::uint32_t low = 0; low < kBfloat16Infinity; ++low) {
    const double low_value = bfloat16_bits_to_double(static_cast<std::uint16_t>(low));
    const double high_value = low + 1 == kBfloat16Infinity
                                  ? std::ldexp(1.0, 128)
                                  : bfloat16_bits_to_double(static_cast<std::uint16_t>(low + 1));
    const double midpoint = (low_value + high_value) / 2;
    const auto pattern = [](std::uint32_t bits) { return static_cast<std::uint16_t>(bits); };
    const std::uint16_t even = pattern(low % 2 == 0 ? low : low + 1);
    const auto mid = static_cast<float>(midpoint);
    ASSERT_EQ(static_cast<double>(mid), midpoint);
    ASSERT_EQ(garray::float_to_bfloat16_bits(mid), even) << midpoint;
    ASSERT_EQ(garray::float_to_bfloat16_bits(-mid), pattern(0x8000u | even)) << midpoint;
    ASSERT_EQ(garray::float_to_bfloat16_bits(std::nextafter(mid, 0.0f)), pattern(low)) << midpoint;
    ASSERT_EQ(garray::float_to_bfloat16_bits(std::nextafter(mid, INFINITY)), pattern(low + 1)) << midpoint;
    // Off the midpoint by less than float can hold: a double rounds once to the nearer side, also
    // where the midpoint is a float subnormal.
    const double offset = std::ldexp(midpoint, -40);
    ASSERT_EQ(garray::double_to_bfloat16_bits(midpoint + offset), pattern(low + 1)) << midpoint;
    ASSERT_EQ(garray::double_to_bfloat16_bits(midpoint - offset), pattern(low)) << midpoint;
    ASSERT_EQ(garray::double_to_bfloat16_bits(-(midpoint + offset)), pattern(0x8000u | (low + 1)))
        << midpoint;
    ASSERT_EQ(garray::double_to_bfloat16_bits(midpoint), even) << midpoint;
  }
  EXPECT_EQ(garray::float_to_bfloat16_bits(std::numeric_limits<float>::max()), kBfloat16Infinity);
  EXPECT_EQ(garray::float_to_bfloat16_bits(-INFINITY), 0xFF80);
  EXPECT_EQ(garray::double_to_bfloat16_bits(1e300), kBfloat16Infinity);
  EXPECT_EQ(garray::double_to_bfloat16_bits(-1e-300), 0x8000);
  // 1 + 2^-8 is a tie (to 1.0); 1 + 3 * 2^-8 is a tie (to 1 + 2^-6).
  EXPECT_EQ(garray::float_to_bfloat16_bits(1.00390625f), 0x3F80);
  EXPECT_EQ(garray::float_to_bfloat16_bits(1.01171875f), 0x3F82);

  std::mt19937_64 rng(7);
  const ReferenceRounding& reference = bfloat16_reference();
  for (int i = 0; i < 300'000; ++i) {
    const float value = float_from_bits(static_cast<std::uint32_t>(rng()));
    if (std::isnan(value)) continue;
    ASSERT_EQ(garray::float_to_bfloat16_bits(value), reference(value)) << value;
    const double wide =
        static_cast<double>(value) * (1.0 + std::ldexp(static_cast<double>(rng() % 1024) - 512, -45));
    ASSERT_EQ(garray::double_to_bfloat16_bits(wide), reference(wide)) << wide;
  }
}
