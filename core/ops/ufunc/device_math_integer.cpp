// Integer helpers. Arithmetic that could overflow a signed type runs in unsigned long long, whose
// wrap-around is defined, and is truncated to the loop's type: the result is NumPy's two's
// complement wrap without signed-overflow undefined behaviour.
#include "core/ops/ufunc/device_math_sources.hpp"

namespace garray::device_math {

namespace {

constexpr std::string_view kIntegerDivision = R"cuda(
/* Python's floor division and remainder, and C's remainder (fmod), on integers. A zero divisor
   gives 0, as NumPy's result and CuPy's; the most negative value // -1 wraps to itself, as NumPy's
   result does, and its remainder is 0 (C's % would trap there). */
template <class T>
T ga_floor_divide(T a, T b) {
  if (b == T(0)) return T(0);
  if constexpr (T(-1) < T(0)) {
    if (b == T(-1)) return (T)(0ull - (unsigned long long)a);
    const T quotient = (T)(a / b);
    return ((a % b != 0) && ((a < 0) != (b < 0))) ? (T)(quotient - 1) : quotient;
  } else {
    return (T)(a / b);
  }
}

template <class T>
T ga_remainder(T a, T b) {
  if (b == T(0)) return T(0);
  if constexpr (T(-1) < T(0)) {
    if (b == T(-1)) return T(0);
    const T remainder = (T)(a % b);
    return (remainder != 0 && ((remainder < 0) != (b < 0))) ? (T)(remainder + b) : remainder;
  } else {
    return (T)(a % b);
  }
}

template <class T>
T ga_fmod(T a, T b) {
  if (b == T(0)) return T(0);
  if constexpr (T(-1) < T(0)) {
    if (b == T(-1)) return T(0);
  }
  return (T)(a % b);
}
)cuda";

constexpr std::string_view kIntegerPower = R"cuda(
/* base ** exponent by squaring, wrapping as NumPy does. A negative exponent, which NumPy refuses,
   gives what CuPy gives: 1 ** n = 1, (-1) ** n = ±1, and 0 for every other base. */
template <class T>
T ga_integer_power(T base, T exponent) {
  if constexpr (T(-1) < T(0)) {
    if (exponent < 0) {
      if (base == T(-1)) return (exponent & 1) ? T(-1) : T(1);
      return base == T(1) ? T(1) : T(0);
    }
  }
  unsigned long long result = 1;
  unsigned long long factor = (unsigned long long)base;
  for (unsigned long long rest = (unsigned long long)exponent; rest != 0; rest >>= 1) {
    if (rest & 1) result *= factor;
    factor *= factor;
  }
  return (T)result;
}
)cuda";

constexpr std::string_view kGcdLcm = R"cuda(
/* gcd and lcm of the magnitudes, as NumPy; |INT_MIN| wraps back to INT_MIN as in NumPy. */
template <class T>
unsigned long long ga_magnitude(T value) {
  if constexpr (T(-1) < T(0)) {
    if (value < 0) return 0ull - (unsigned long long)value;
  }
  return (unsigned long long)value;
}

inline unsigned long long ga_gcd_unsigned(unsigned long long a, unsigned long long b) {
  while (b != 0) {
    const unsigned long long rest = a % b;
    a = b;
    b = rest;
  }
  return a;
}

template <class T>
T ga_gcd(T a, T b) {
  return (T)ga_gcd_unsigned(ga_magnitude(a), ga_magnitude(b));
}

template <class T>
T ga_lcm(T a, T b) {
  const unsigned long long x = ga_magnitude(a);
  const unsigned long long y = ga_magnitude(b);
  if (x == 0 || y == 0) return T(0);
  return (T)(x / ga_gcd_unsigned(x, y) * y);
}
)cuda";

constexpr std::string_view kShifts = R"cuda(
/* NumPy's shifts: a count at or past the type's width (or negative, which NumPy reads as huge)
   shifts every bit out — 0 to the left; 0 or -1 (the sign) to the right — where C's shift would
   be undefined. Left shifts run on unsigned bits. */
template <class T>
T ga_left_shift(T a, T b) {
  if ((unsigned long long)b >= sizeof(T) * 8) return T(0);
  return (T)((unsigned long long)a << b);
}

template <class T>
T ga_right_shift(T a, T b) {
  if ((unsigned long long)b >= sizeof(T) * 8) {
    if constexpr (T(-1) < T(0)) {
      return a < 0 ? T(-1) : T(0);
    } else {
      return T(0);
    }
  }
  return (T)(a >> b);
}
)cuda";

}  // namespace

std::string_view integer_helper_source(DeviceHelper helper) {
  switch (helper) {
    case DeviceHelper::integer_division: return kIntegerDivision;
    case DeviceHelper::integer_power: return kIntegerPower;
    case DeviceHelper::gcd_lcm: return kGcdLcm;
    case DeviceHelper::shifts: return kShifts;
    default: return {};
  }
}

}  // namespace garray::device_math
