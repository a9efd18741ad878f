// Casting scalars on the host (ga_scalar_cast and garray::scalar_to_element), with CuPy's rules as
// include/garray/creation.h documents them. The device's casts are checked against these in
// test_copy_cast.cpp, so every rule here is also a rule of ga_array_astype().
#include "core/array/scalar.hpp"
#include "core/common/error.hpp"

#include "array_test_support.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

namespace {

using namespace array_test;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kInt64Min = std::numeric_limits<std::int64_t>::min();
constexpr std::uint64_t kUint64Max = std::numeric_limits<std::uint64_t>::max();

struct Case {
  ga_scalar_t from;
  ga_scalar_t expected;  // its dtype is the target
};

void expect_casts(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    ga_scalar_t out{};
    ASSERT_EQ(ga_scalar_cast(c.from, c.expected.dtype, &out), GA_OK) << ga_last_error();
    EXPECT_TRUE(same_scalar(out, c.expected))
        << describe(c.from) << " -> " << describe(out) << ", expected " << describe(c.expected);
  }
}

ga_scalar_t f64(double value) { return real_scalar(value, GA_FLOAT64); }
ga_scalar_t f32(double value) { return real_scalar(value, GA_FLOAT32); }
ga_scalar_t f16(double value) { return real_scalar(value, GA_FLOAT16); }
ga_scalar_t bf16(double value) { return real_scalar(value, GA_BFLOAT16); }
ga_scalar_t i8(std::int64_t value) { return int_scalar(value, GA_INT8); }
ga_scalar_t i16(std::int64_t value) { return int_scalar(value, GA_INT16); }
ga_scalar_t i32(std::int64_t value) { return int_scalar(value, GA_INT32); }
ga_scalar_t i64(std::int64_t value) { return int_scalar(value, GA_INT64); }
ga_scalar_t u8(std::uint64_t value) { return uint_scalar(value, GA_UINT8); }
ga_scalar_t u16(std::uint64_t value) { return uint_scalar(value, GA_UINT16); }
ga_scalar_t u32(std::uint64_t value) { return uint_scalar(value, GA_UINT32); }
ga_scalar_t u64(std::uint64_t value) { return uint_scalar(value, GA_UINT64); }
ga_scalar_t b(bool value) { return bool_scalar(value); }
ga_scalar_t c64(double real, double imag) { return complex_scalar(real, imag, GA_COMPLEX64); }
ga_scalar_t c128(double real, double imag) { return complex_scalar(real, imag, GA_COMPLEX128); }

}  // namespace

TEST(ScalarCast, FloatToIntegerTruncatesTowardZero) {
  expect_casts({
      {f64(2.9), i32(2)},
      {f64(-2.9), i32(-2)},
      {f64(0.999), i8(0)},
      {f64(-0.999), i8(0)},
      {f64(127.9), i8(127)},
      {f64(-128.9), i8(-128)},
      {f32(1e9), i64(1000000000)},
      {f16(-3.5), i16(-3)},
      {bf16(255.0), u8(255)},
      {f64(4294967295.9), u32(4294967295u)},
      {f64(9223372036854774784.0), i64(9223372036854774784LL)},   // 2^63 - 1024, exact
      {f64(9223372036854775808.0), u64(9223372036854775808ull)},  // 2^63 fits uint64
      {f64(18446744073709549568.0), u64(18446744073709549568ull)},
  });
}

TEST(ScalarCast, FloatToIntegerSaturatesAtTheTargetRange) {
  expect_casts({
      {f64(300.0), i8(127)},
      {f64(-300.0), i8(-128)},
      {f64(128.0), i8(127)},
      {f64(-129.0), i8(-128)},
      {f64(70000.0), u16(65535)},
      {f64(40000.0), i16(32767)},
      {f64(1e10), i32(2147483647)},
      {f64(-1e10), i32(-2147483648LL)},
      {f64(1e10), u32(4294967295u)},
      {f64(9223372036854775808.0), i64(kInt64Max)},  // 2^63 -> int64 max
      {f32(9223372036854775808.0), i64(kInt64Max)},
      {f64(-9223372036854775808.0), i64(kInt64Min)},  // -2^63 is in range
      {f64(-1e30), i64(kInt64Min)},
      {f64(1e30), i64(kInt64Max)},
      {f64(18446744073709551616.0), u64(kUint64Max)},  // 2^64
      {f64(1e20), u64(kUint64Max)},
      {f64(kInf), i32(2147483647)},
      {f64(-kInf), i32(-2147483648LL)},
      {f64(kInf), u8(255)},
      {f64(-kInf), u64(0)},
      {f64(kInf), i64(kInt64Max)},
      {f16(65504.0), i8(127)},
      {f16(-kInf), i16(-32768)},
      {bf16(1e30), u32(4294967295u)},
      {c128(1e30, 5.0), i16(32767)},
  });
}

TEST(ScalarCast, NaNBecomesZeroAndNegativeFloatsBecomeZeroInUnsignedTypes) {
  for (ga_dtype_t from : {GA_FLOAT16, GA_BFLOAT16, GA_FLOAT32, GA_FLOAT64, GA_COMPLEX64, GA_COMPLEX128}) {
    for (ga_dtype_t to : kAllDtypes) {
      if (!is_integer(to)) continue;
      const ga_scalar_t zero = kind_of(to) == GA_KIND_SIGNED ? int_scalar(0, to) : uint_scalar(0, to);
      expect_casts({{real_scalar(kNaN, from), zero}, {real_scalar(-kNaN, from), zero}});
      if (kind_of(to) == GA_KIND_UNSIGNED) {
        expect_casts({{real_scalar(-1.0, from), zero},
                      {real_scalar(-0.5, from), zero},
                      {real_scalar(-1000.0, from), zero},
                      {real_scalar(-kInf, from), zero}});
      }
    }
  }
}

TEST(ScalarCast, IntegerToIntegerWraps) {
  expect_casts({
      {i64(300), u8(44)},
      {i64(-1), u16(65535)},
      {i64(128), i8(-128)},
      {i64(-129), i8(127)},
      {i64(65541), i16(5)},
      {i64(2147483648LL), i32(-2147483648LL)},
      {i64(-1), u64(kUint64Max)},
      {u64(kUint64Max), i64(-1)},
      {u64(kUint64Max), i8(-1)},
      {i64(kInt64Min), u64(9223372036854775808ull)},
      {u64(9223372036854775808ull), i64(kInt64Min)},
      {i8(-1), u32(4294967295u)},
      {u8(255), i8(-1)},
      {i16(-32768), u16(32768)},
      {i32(-5), i64(-5)},
      {u32(4294967295u), i64(4294967295LL)},
      {b(true), i8(1)},
      {b(true), u64(1)},
      {b(false), i32(0)},
  });
}

TEST(ScalarCast, AnythingToBoolIsNonzero) {
  expect_casts({
      {f64(0.0), b(false)},
      {f64(-0.0), b(false)},
      {f64(0.1), b(true)},
      {f64(-1e-300), b(true)},
      {f64(kNaN), b(true)},
      {f64(kInf), b(true)},
      {f16(0.0), b(false)},
      {bf16(-2.0), b(true)},
      {i64(256), b(true)},
      {i8(0), b(false)},
      {u64(1ull << 63), b(true)},
      {u8(0), b(false)},
      {c64(0.0, 1.0), b(true)},
      {c128(0.0, 0.0), b(false)},
      {c128(0.0, kNaN), b(true)},
      {c128(-0.0, -0.0), b(false)},
  });
  // A bool scalar holding any non-zero as_int is true.
  expect_casts({{int_scalar(5, GA_BOOL), i32(1)}, {int_scalar(-7, GA_BOOL), f64(1.0)}});
}

TEST(ScalarCast, ComplexToRealKeepsTheRealPartAndRealToComplexHasZeroImaginary) {
  expect_casts({
      {c128(3.5, -2.0), f64(3.5)},
      {c128(3.5, -2.0), i32(3)},
      {c64(-2.75, 9.0), f16(-2.75)},
      {c128(kNaN, 1.0), i64(0)},
      {c128(1.0, kNaN), f32(1.0)},
      {c128(1e300, 1.0), f32(kInf)},
      {f64(2.5), c128(2.5, 0.0)},
      {i64(-3), c64(-3.0, 0.0)},
      {b(true), c128(1.0, 0.0)},
      {c128(1e300, -1e300), c64(kInf, -kInf)},
      {c64(1.5, -0.5), c128(1.5, -0.5)},
      {u64(kUint64Max), c128(18446744073709551616.0, 0.0)},
  });
}

TEST(ScalarCast, FloatToFloat16RoundsOnceToNearestEvenAndOverflowsPast65520) {
  expect_casts({
      {f64(65504.0), f16(65504.0)},
      {f64(65519.99), f16(65504.0)},
      {f64(65520.0), f16(kInf)},
      {f64(-65520.0), f16(-kInf)},
      {f64(1e5), f16(kInf)},
      {f32(65520.0), f16(kInf)},
      {f64(1e300), f16(kInf)},
      {f64(-0.0), f16(-0.0)},
      {f64(kNaN), f16(kNaN)},
      {f64(std::ldexp(1.0, -25)), f16(0.0)},  // a tie with zero: even
      {f64(3 * std::ldexp(1.0, -26)), f16(std::ldexp(1.0, -24))},
      {f64(1.0 + std::ldexp(1.0, -11)), f16(1.0)},  // a tie: even
      {f64(1.0 + 3 * std::ldexp(1.0, -11)), f16(1.0 + std::ldexp(1.0, -9))},
      // Just above a tie by less than float can hold: rounding through float would round twice
      // and go down; NumPy (np.float16(np.float64(x))) and the device round once, up.
      {f64(1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40)), f16(1.0 + std::ldexp(1.0, -10))},
      {c128(1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40), 0.0), f16(1.0 + std::ldexp(1.0, -10))},
  });
}

TEST(ScalarCast, ToBfloat16RoundsToNearestEven) {
  expect_casts({
      {f64(1.0 + std::ldexp(1.0, -8)), bf16(1.0)},                            // tie: even
      {f64(1.0 + 3 * std::ldexp(1.0, -8)), bf16(1.0 + std::ldexp(1.0, -6))},  // tie: even (up)
      {f32(1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -20)), bf16(1.0 + std::ldexp(1.0, -7))},
      {f64(1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -40)), bf16(1.0 + std::ldexp(1.0, -7))},
      {f64(std::ldexp(1.0, 128) - std::ldexp(1.0, 119)), bf16(kInf)},  // overflow threshold
      {f64(1e39), bf16(kInf)},
      {f64(-1e39), bf16(-kInf)},
      {f16(65504.0), bf16(65536.0)},
      {i64(257), bf16(256.0)},
      {i64(259), bf16(260.0)},
      {f64(kNaN), bf16(kNaN)},
  });
}

TEST(ScalarCast, IntegersToFloatRoundOnceToNearestEven) {
  expect_casts({
      {i64((1LL << 53) + 1), f64(9007199254740992.0)},
      {i64(16777217), f32(16777216.0)},
      {i64(16777219), f32(16777220.0)},
      // 2^60 + 2^36 + 1 is just above a float32 tie; through double it would become the tie and
      // round to even (2^60). The device converts int64 to float directly.
      {i64((1LL << 60) + (1LL << 36) + 1), f32(std::ldexp(1.0, 60) + std::ldexp(1.0, 37))},
      {i64((1LL << 60) + (1LL << 36) + 1), c64(std::ldexp(1.0, 60) + std::ldexp(1.0, 37), 0.0)},
      {u64((1ull << 63) + (1ull << 39) + 1), f32(std::ldexp(1.0, 63) + std::ldexp(1.0, 40))},
      {u64(kUint64Max), f32(18446744073709551616.0)},
      {i64(kInt64Min), f32(-9223372036854775808.0)},
      {i64(2049), f16(2048.0)},
      {i64(2051), f16(2052.0)},
      {i64(65519), f16(65504.0)},
      {i64(65520), f16(kInf)},
      {i64(-70000), f16(-kInf)},
      {u64(kUint64Max), f16(kInf)},
      {b(true), f16(1.0)},
      {u8(200), f32(200.0)},
  });
}

TEST(ScalarCast, Float64ToFloat32RoundsToNearestEven) {
  expect_casts({
      {f64(1.0 + std::ldexp(1.0, -24)), f32(1.0)},
      {f64(1.0 + std::ldexp(1.0, -24) + std::ldexp(1.0, -50)), f32(1.0 + std::ldexp(1.0, -23))},
      {f64(std::ldexp(1.0, 128) - std::ldexp(1.0, 103)), f32(kInf)},
      {f64(std::ldexp(1.0, 128) - std::ldexp(1.0, 104)), f32(std::ldexp(1.0, 128) - std::ldexp(1.0, 104))},
      {f64(1e-50), f32(0.0)},
      {f64(-1e-50), f32(-0.0)},
      {f64(-kInf), f32(-kInf)},
      {c128(0.1, 0.2), c64(static_cast<float>(0.1), static_cast<float>(0.2))},
  });
}

TEST(ScalarCast, EveryDtypeCastToItselfIsTheIdentity) {
  for (ga_dtype_t dtype : kAllDtypes) {
    for (const ga_scalar_t& value : boundary_values()) {
      const ga_scalar_t once = cast_scalar(value, dtype);
      const ga_scalar_t twice = cast_scalar(once, dtype);
      EXPECT_TRUE(same_scalar(once, twice))
          << describe(value) << " -> " << describe(once) << " -> " << describe(twice);
    }
  }
}

TEST(ScalarCast, ResultsAreExactlyRepresentableInTheTarget) {
  // ga_scalar_cast reads back the element it would store: for 16-bit floats the value is one of
  // theirs, which the test helpers' exact encoders rely on.
  for (const ga_scalar_t& value : boundary_values()) {
    const ga_scalar_t half = cast_scalar(value, GA_FLOAT16);
    EXPECT_TRUE(same_real(half_bits_to_double(exact_half_bits(half.as_real)), half.as_real))
        << describe(half);
    const ga_scalar_t brain = cast_scalar(value, GA_BFLOAT16);
    EXPECT_TRUE(same_real(bfloat16_bits_to_double(exact_bfloat16_bits(brain.as_real)), brain.as_real))
        << describe(brain);
  }
}

TEST(ScalarCast, ErrorsLeaveTheResultUntouched) {
  ga_scalar_t result = f64(42.0);
  for (int bad : {-1, GA_DTYPE_COUNT, 100}) {
    EXPECT_EQ(ga_scalar_cast(f64(1.0), static_cast<ga_dtype_t>(bad), &result), GA_ERROR_DTYPE);
    EXPECT_NE(std::string(ga_last_error()).find("ga_scalar_cast"), std::string::npos) << ga_last_error();
    EXPECT_EQ(ga_scalar_cast(real_scalar(1.0, static_cast<ga_dtype_t>(bad)), GA_FLOAT32, &result),
              GA_ERROR_DTYPE);
  }
  EXPECT_TRUE(same_scalar(result, f64(42.0)));
  EXPECT_EQ(ga_scalar_cast(f64(1.0), GA_FLOAT32, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("argument 'result' is NULL"), std::string::npos) << ga_last_error();
}

TEST(ScalarCast, GarbageInTheResultIsNeverRead) {
  // The result is output-only: bytes that are no scalar at all (an undefined dtype) are
  // overwritten by a successful cast and left, byte for byte, by a failing one.
  ga_scalar_t garbage;
  std::memset(&garbage, 0xA5, sizeof(garbage));
  ga_scalar_t result = garbage;
  EXPECT_EQ(ga_scalar_cast(f64(1.0), static_cast<ga_dtype_t>(GA_DTYPE_COUNT), &result), GA_ERROR_DTYPE);
  EXPECT_EQ(std::memcmp(&result, &garbage, sizeof(result)), 0);
  ASSERT_EQ(ga_scalar_cast(f64(-7.5), GA_INT16, &result), GA_OK) << ga_last_error();
  EXPECT_TRUE(same_scalar(result, i16(-7))) << describe(result);
}

TEST(ScalarToElement, WritesTheLittleEndianBytesOfTheCastValue) {
  using Bytes = garray::ElementBytes;
  const auto first = [](const Bytes& bytes, std::size_t count) {
    return std::vector<unsigned char>(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(count));
  };
  using V = std::vector<unsigned char>;
  EXPECT_EQ(first(garray::scalar_to_element(f64(1.0), GA_FLOAT16), 2), (V{0x00, 0x3C}));
  EXPECT_EQ(first(garray::scalar_to_element(f64(-2.0), GA_BFLOAT16), 2), (V{0x00, 0xC0}));
  EXPECT_EQ(first(garray::scalar_to_element(f64(2.5), GA_BOOL), 1), (V{0x01}));
  EXPECT_EQ(first(garray::scalar_to_element(i64(-2), GA_INT16), 2), (V{0xFE, 0xFF}));
  EXPECT_EQ(first(garray::scalar_to_element(i64(300), GA_UINT8), 1), (V{44}));
  EXPECT_EQ(first(garray::scalar_to_element(f64(-7.9), GA_UINT32), 4), (V{0, 0, 0, 0}));
  const Bytes complex = garray::scalar_to_element(c128(1.0, -2.0), GA_COMPLEX64);
  EXPECT_EQ(load<float>(complex.data()), 1.0f);
  EXPECT_EQ(load<float>(complex.data() + 4), -2.0f);
  const Bytes wide = garray::scalar_to_element(u64(kUint64Max), GA_UINT64);
  EXPECT_EQ(first(wide, 8), V(8, 0xFF));
  // Bytes past the itemsize are zero.
  for (std::size_t i = 2; i < wide.size(); ++i) {
    EXPECT_EQ(garray::scalar_to_element(f64(1.0), GA_FLOAT16)[i], 0) << i;
  }
  // element_to_scalar reads them back.
  for (ga_dtype_t dtype : kAllDtypes) {
    for (const ga_scalar_t& value : boundary_values()) {
      const ga_scalar_t round_trip =
          garray::element_to_scalar(garray::scalar_to_element(value, dtype).data(), dtype);
      EXPECT_TRUE(same_scalar(round_trip, cast_scalar(value, dtype))) << describe(value);
    }
  }
}

TEST(ScalarToElement, ThrowsForUndefinedDtypes) {
  try {
    garray::scalar_to_element(f64(1.0), static_cast<ga_dtype_t>(GA_DTYPE_COUNT));
    FAIL() << "an undefined target dtype was accepted";
  } catch (const garray::Error& error) {
    EXPECT_EQ(error.status(), GA_ERROR_DTYPE);
  }
  try {
    garray::scalar_to_element(real_scalar(1.0, static_cast<ga_dtype_t>(-3)), GA_FLOAT32);
    FAIL() << "a scalar of an undefined dtype was accepted";
  } catch (const garray::Error& error) {
    EXPECT_EQ(error.status(), GA_ERROR_DTYPE);
  }
}
