// Helpers on float and double. float16 and bfloat16 loops call them with float arguments (the
// engine's 16-bit types convert to float) and round the result once when storing it, as NumPy
// computes its float16 loops in float32.
#include "core/ops/ufunc/device_math_sources.hpp"

namespace garray::device_math {

namespace {

constexpr std::string_view kRealConstants = R"cuda(
/* NVRTC has neither NAN nor INFINITY without headers: the bit patterns, and the bounds above which
   complex helpers scale their arguments or switch formulas to keep intermediates finite. */
template <class T>
struct ga_real_constants;

template <>
struct ga_real_constants<float> {
  static float nan() { return __int_as_float(0x7fc00000); }
  static float infinity() { return __int_as_float(0x7f800000); }
  static float quarter_max() { return 8.507059e37f; }
  static float exp_overflow() { return 88.0f; }
  static float sqrt_quarter_max() { return 9.2233720e18f; }
};

template <>
struct ga_real_constants<double> {
  static double nan() { return __longlong_as_double(0x7ff8000000000000ll); }
  static double infinity() { return __longlong_as_double(0x7ff0000000000000ll); }
  static double quarter_max() { return 4.4942328371557893e307; }
  static double exp_overflow() { return 709.0; }
  static double sqrt_quarter_max() { return 6.7039039649712985e153; }
};
)cuda";

constexpr std::string_view kRealDivision = R"cuda(
/* Python's divmod on floats, as NumPy computes floor_divide and remainder: the remainder takes the
   divisor's sign, the quotient is snapped to the integer consistent with it, and a zero divisor
   gives a / b and fmod's NaN. */
template <class T>
T ga_python_divmod(T a, T b, T& remainder) {
  T modulus = fmod(a, b);
  if (b == T(0)) {
    remainder = modulus;
    return a / b;
  }
  T quotient = (a - modulus) / b;
  if (modulus != T(0)) {
    if ((b < T(0)) != (modulus < T(0))) {
      modulus += b;
      quotient -= T(1);
    }
  } else {
    modulus = copysign(T(0), b);
  }
  T floor_quotient;
  if (quotient != T(0)) {
    floor_quotient = floor(quotient);
    if (quotient - floor_quotient > T(0.5)) floor_quotient += T(1);
  } else {
    floor_quotient = copysign(T(0), a / b);
  }
  remainder = modulus;
  return floor_quotient;
}

inline float ga_floor_divide(float a, float b) { float r; return ga_python_divmod(a, b, r); }
inline double ga_floor_divide(double a, double b) { double r; return ga_python_divmod(a, b, r); }
inline float ga_remainder(float a, float b) { float r; ga_python_divmod(a, b, r); return r; }
inline double ga_remainder(double a, double b) { double r; ga_python_divmod(a, b, r); return r; }
)cuda";

constexpr std::string_view kRealSign = R"cuda(
/* NumPy's sign: -1, 0 (for either zero) or 1, and NaN for NaN. */
template <class T>
T ga_sign(T x) {
  return x > T(0) ? T(1) : x < T(0) ? T(-1) : x == T(0) ? T(0) : x;
}
)cuda";

constexpr std::string_view kHeaviside = R"cuda(
/* 0 below zero, 1 above, `at_zero` at ±0, NaN for NaN. */
template <class T>
T ga_heaviside(T x, T at_zero) {
  if (x != x) return x;
  if (x == T(0)) return at_zero;
  return x < T(0) ? T(0) : T(1);
}
)cuda";

constexpr std::string_view kLogAddExp = R"cuda(
/* log(exp(x) + exp(y)) and log2(2^x + 2^y) without overflow: the larger argument plus log1p of the
   other's (negative) excess. Equal arguments take the exact shortcut, which also keeps inf + inf
   from becoming NaN. */
template <class T>
T ga_logaddexp(T x, T y) {
  if (x == y) return x + T(0.693147180559945309417);
  const T difference = x - y;
  if (difference > T(0)) return x + log1p(exp(-difference));
  if (difference <= T(0)) return y + log1p(exp(difference));
  return difference;
}

template <class T>
T ga_logaddexp2(T x, T y) {
  if (x == y) return x + T(1);
  const T difference = x - y;
  if (difference > T(0)) return x + log1p(exp2(-difference)) * T(1.44269504088896340736);
  if (difference <= T(0)) return y + log1p(exp2(difference)) * T(1.44269504088896340736);
  return difference;
}
)cuda";

constexpr std::string_view kNextAfter16 = R"cuda(
/* nextafter on the 16-bit formats, by stepping the bit pattern: both are sign and magnitude, so
   the next value away from zero is the next pattern. float's nextafter would step by a float ulp,
   which rounds back to the same 16-bit value. */
template <class Format>
ga_float16_storage<Format> ga_nextafter(ga_float16_storage<Format> x, ga_float16_storage<Format> y) {
  const float from = x;
  const float toward = y;
  if (from != from || toward != toward) return ga_float16_storage<Format>(from + toward);
  if (from == toward) return y;
  if (from == 0.0f) {
    return ga_float16_storage<Format>::from_bits((unsigned short)((y.bits & 0x8000u) | 1u));
  }
  const bool away_from_zero = (from < toward) == (from > 0.0f);
  return ga_float16_storage<Format>::from_bits((unsigned short)(away_from_zero ? x.bits + 1 : x.bits - 1));
}
)cuda";

constexpr std::string_view kLdexpWide = R"cuda(
/* ldexp with a 64-bit exponent: beyond ±2^20 every float or double result is already 0 or inf,
   so clamping keeps the exponent within the int that CUDA's ldexp takes. */
template <class T>
T ga_ldexp(T x, long long exponent) {
  const long long bound = 1ll << 20;
  return ldexp(x, (int)(exponent > bound ? bound : exponent < -bound ? -bound : exponent));
}
)cuda";

constexpr std::string_view kFrexp = R"cuda(
/* Mantissa in [0.5, 1) and exponent; 0, inf and NaN keep their value with exponent 0, as NumPy. */
template <class T, class Exponent>
T ga_frexp(T x, Exponent& exponent) {
  int power = 0;
  const T mantissa = frexp(x, &power);
  exponent = (x == x && !isinf(x)) ? power : 0;
  return mantissa;
}
)cuda";

constexpr std::string_view kModf = R"cuda(
/* Fractional part (returned) and integral part (stored), both with x's sign; inf gives ±0 and inf. */
template <class T, class Integral>
T ga_modf(T x, Integral& integral) {
  T whole;
  const T fraction = modf(x, &whole);
  integral = whole;
  return fraction;
}
)cuda";

constexpr std::string_view kRealClip = R"cuda(
/* NumPy's clip: minimum(maximum(x, low), high), where each step keeps a NaN in its first operand
   and takes the second when the comparison fails, so a NaN bound propagates too. */
template <class T>
T ga_clip(T x, T low, T high) {
  const T raised = (x != x) ? x : (x > low ? x : low);
  return (raised != raised) ? raised : (raised < high ? raised : high);
}
)cuda";

}  // namespace

std::string_view real_helper_source(DeviceHelper helper) {
  switch (helper) {
    case DeviceHelper::real_constants: return kRealConstants;
    case DeviceHelper::real_division: return kRealDivision;
    case DeviceHelper::real_sign: return kRealSign;
    case DeviceHelper::heaviside: return kHeaviside;
    case DeviceHelper::logaddexp: return kLogAddExp;
    case DeviceHelper::nextafter_16bit: return kNextAfter16;
    case DeviceHelper::ldexp_wide: return kLdexpWide;
    case DeviceHelper::frexp: return kFrexp;
    case DeviceHelper::modf: return kModf;
    case DeviceHelper::real_clip: return kRealClip;
    default: return {};
  }
}

}  // namespace garray::device_math
