// The device preamble compiles, for the oldest and a recent architecture, in every use generated
// kernels make of it. Its arithmetic is checked on a GPU in test_preamble_on_device.cpp.
#include "core/jit/compiler.hpp"
#include "core/jit/preamble.hpp"

#include <gtest/gtest.h>

#include <string>

using garray::jit::BinaryKind;
using garray::jit::compile_with_nvrtc;
using garray::jit::with_preamble;

namespace {

constexpr const char* kUsesEveryType = R"(
static_assert(sizeof(int8_t) == 1 && sizeof(int16_t) == 2 && sizeof(int32_t) == 4, "");
static_assert(sizeof(int64_t) == 8 && sizeof(uint64_t) == 8 && sizeof(uint8_t) == 1, "");
static_assert(sizeof(ga_half) == 2 && alignof(ga_half) == 2, "");
static_assert(sizeof(ga_bfloat16) == 2 && alignof(ga_bfloat16) == 2, "");
static_assert(sizeof(ga_complex64) == 8 && alignof(ga_complex64) == 8, "");
static_assert(sizeof(ga_complex128) == 16 && alignof(ga_complex128) == 16, "");

template <class Half>
__device__ Half exercise_16bit(Half a, Half b, double d, long long i, unsigned char u, bool flag) {
  Half sum = a + b;
  Half from_double = d;
  Half from_integer = i;
  Half from_unsigned = u;
  Half from_bool = flag;
  Half from_other = ga_half(1.5f);
  sum += from_double;
  sum -= from_integer;
  sum *= 2.0f;
  sum /= from_unsigned;
  const bool less = a < b || a == 0.0f || -a > b;
  const double widened = b;
  const int narrowed = (int)(float)a;
  return less ? Half(widened + narrowed + from_bool + from_other) : sum;
}

template <class Complex, class Real>
__device__ Complex exercise_complex(Complex a, Complex b, Real r) {
  Complex c = a + b * r - conj(a) / b;
  c += Complex(r);
  c -= -a;
  c *= b;
  c /= Complex(r, r);
  return c == a || c != b ? Complex(c.real(), c.imag()) : Complex(c.re + c.im);
}

extern "C" __global__ void uses_every_type(ga_half* h, ga_bfloat16* bf, ga_complex64* c64,
                                           ga_complex128* c128, double d, long long i) {
  h[0] = exercise_16bit(h[1], h[2], d, i, 3, true);
  bf[0] = exercise_16bit(bf[1], bf[2], d, i, 3, false);
  bf[3] = h[3];
  h[4] = ga_half::from_bits(0x3c00);
  c64[0] = exercise_complex(c64[1], c64[2], 2.0f);
  c128[0] = exercise_complex(c128[1], c128[2], 2.0);
  c128[3] = ga_complex128(c64[3]);
  c64[4] = ga_complex64(c128[4]);
  __shared__ ga_half tile[32];  // trivially constructible, so usable in shared memory
  tile[threadIdx.x % 32] = h[5];
}
)";

}  // namespace

TEST(Preamble, EveryTypeAndOperatorCompilesOnTheOldestAndARecentArchitecture) {
  for (const int arch : {75, 90}) {
    EXPECT_NO_THROW(
        compile_with_nvrtc(with_preamble(kUsesEveryType), {}, {arch, BinaryKind::cubin}))
        << "sm_" << arch;
  }
}

TEST(Preamble, IncludingItTwiceIsHarmless) {
  const std::string twice =
      std::string(garray::jit::device_preamble()) + with_preamble(kUsesEveryType);
  EXPECT_NO_THROW(compile_with_nvrtc(twice, {}, {90, BinaryKind::cubin}));
}

TEST(Preamble, UserCodeFollowsALineDirectiveNamingTheUsersFile) {
  const std::string source = with_preamble("int answer = 42;\n", "mine.cu");
  EXPECT_EQ(source.rfind(garray::jit::device_preamble(), 0), 0u);
  EXPECT_NE(source.find("#line 1 \"mine.cu\"\nint answer = 42;\n"), std::string::npos);
}
