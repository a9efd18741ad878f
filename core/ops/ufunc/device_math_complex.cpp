// Complex helpers, templates over the component type (float for complex64, double for
// complex128). Special values (signed zeros, infinities, NaN) follow C99 Annex G for the cases
// NumPy's tests exercise; the inverse functions use Kahan's formulas ("Branch cuts for complex
// elementary functions"), which are accurate near the branch cuts without NumPy's longer
// Hull–Fairgrieve–Tang algorithms, at the cost of an ulp or two elsewhere.
#include "core/ops/ufunc/device_math_sources.hpp"

namespace garray::device_math {

namespace {

constexpr std::string_view kOrdering = R"cuda(
/* NumPy orders complex values lexicographically; a NaN imaginary part makes a real-part
   comparison false. maximum/minimum propagate a NaN in either operand (the first one seen),
   fmax/fmin ignore a NaN operand, and clip is minimum(maximum(x, low), high). */
template <class T>
bool ga_has_nan(ga_complex<T> z) { return z.re != z.re || z.im != z.im; }
template <class T>
bool ga_less(ga_complex<T> a, ga_complex<T> b) {
  return (a.re < b.re && a.im == a.im && b.im == b.im) || (a.re == b.re && a.im < b.im);
}
template <class T>
bool ga_less_equal(ga_complex<T> a, ga_complex<T> b) {
  return (a.re < b.re && a.im == a.im && b.im == b.im) || (a.re == b.re && a.im <= b.im);
}
template <class T>
bool ga_greater(ga_complex<T> a, ga_complex<T> b) { return ga_less(b, a); }
template <class T>
bool ga_greater_equal(ga_complex<T> a, ga_complex<T> b) { return ga_less_equal(b, a); }
template <class T>
ga_complex<T> ga_maximum(ga_complex<T> a, ga_complex<T> b) {
  return (ga_has_nan(a) || ga_greater_equal(a, b)) ? a : b;
}
template <class T>
ga_complex<T> ga_minimum(ga_complex<T> a, ga_complex<T> b) {
  return (ga_has_nan(a) || ga_less_equal(a, b)) ? a : b;
}
template <class T>
ga_complex<T> ga_fmax(ga_complex<T> a, ga_complex<T> b) {
  return (ga_has_nan(b) || ga_greater_equal(a, b)) ? a : b;
}
template <class T>
ga_complex<T> ga_fmin(ga_complex<T> a, ga_complex<T> b) {
  return (ga_has_nan(b) || ga_less_equal(a, b)) ? a : b;
}
template <class T>
ga_complex<T> ga_clip(ga_complex<T> x, ga_complex<T> low, ga_complex<T> high) {
  return ga_minimum(ga_maximum(x, low), high);
}
)cuda";

constexpr std::string_view kSign = R"cuda(
/* NumPy 2's sign of a complex number: z / |z|; 0 for 0, NaN for NaN, and the unit along an
   infinite part (NaN when both parts are infinite). */
template <class T>
ga_complex<T> ga_sign(ga_complex<T> z) {
  const T magnitude = hypot(z.re, z.im);
  const T nan = ga_real_constants<T>::nan();
  if (magnitude != magnitude) return ga_complex<T>(nan, nan);
  if (isinf(magnitude)) {
    if (isinf(z.re) && isinf(z.im)) return ga_complex<T>(nan, nan);
    if (isinf(z.re)) return ga_complex<T>(z.re > T(0) ? T(1) : T(-1), T(0));
    return ga_complex<T>(T(0), z.im > T(0) ? T(1) : T(-1));
  }
  if (magnitude == T(0)) return ga_complex<T>(T(0), T(0));
  return ga_complex<T>(z.re / magnitude, z.im / magnitude);
}
)cuda";

constexpr std::string_view kReciprocal = R"cuda(
/* 1 / z scaled by the larger part, in the form NumPy's reciprocal loop uses. */
template <class T>
ga_complex<T> ga_reciprocal(ga_complex<T> z) {
  if (fabs(z.im) <= fabs(z.re)) {
    const T ratio = z.im / z.re;
    const T denominator = z.re + z.im * ratio;
    return ga_complex<T>(T(1) / denominator, -ratio / denominator);
  }
  const T ratio = z.re / z.im;
  const T denominator = z.re * ratio + z.im;
  return ga_complex<T>(ratio / denominator, T(-1) / denominator);
}
)cuda";

constexpr std::string_view kExp = R"cuda(
/* exp(x) (cos y + i sin y). A zero imaginary part gives an exact real result; exp(-inf ± i inf) is
   0; past exp's overflow threshold the exponential is applied in two halves so that a small
   cos y or sin y can still bring the product into range. */
template <class T>
ga_complex<T> ga_exp(ga_complex<T> z) {
  const T x = z.re;
  const T y = z.im;
  if (y == T(0)) return ga_complex<T>(exp(x), y);
  if (isinf(x) && !isfinite(y)) {
    if (x < T(0)) return ga_complex<T>(T(0), T(0));
    return ga_complex<T>(x, y - y);
  }
  if (x > ga_real_constants<T>::exp_overflow()) {
    const T half = exp(x * T(0.5));
    return ga_complex<T>(half * cos(y) * half, half * sin(y) * half);
  }
  const T scale = exp(x);
  return ga_complex<T>(scale * cos(y), scale * sin(y));
}
)cuda";

constexpr std::string_view kLog = R"cuda(
/* log|z| + i arg z. Near |z| = 1, log1p of |z|^2 - 1 keeps the small real part accurate. */
template <class T>
ga_complex<T> ga_log(ga_complex<T> z) {
  const T ax = fabs(z.re);
  const T ay = fabs(z.im);
  const T larger = ax > ay ? ax : ay;
  const T smaller = ax > ay ? ay : ax;
  T real_part;
  if (larger >= T(0.5) && larger <= T(2) && smaller == smaller) {
    real_part = T(0.5) * log1p((larger - T(1)) * (larger + T(1)) + smaller * smaller);
  } else {
    real_part = log(hypot(ax, ay));
  }
  return ga_complex<T>(real_part, atan2(z.im, z.re));
}
)cuda";

constexpr std::string_view kSqrt = R"cuda(
/* Principal square root, with C99's special values; arguments near the largest finite value are
   scaled by 1/4 (exactly) so that |x| + |z| stays finite. */
template <class T>
ga_complex<T> ga_sqrt(ga_complex<T> z) {
  const T x = z.re;
  const T y = z.im;
  const T infinity = ga_real_constants<T>::infinity();
  if (x == T(0) && y == T(0)) return ga_complex<T>(T(0), y);
  if (isinf(y)) return ga_complex<T>(infinity, y);
  if (x != x) return ga_complex<T>(x, x);
  if (isinf(x)) {
    if (x > T(0)) return ga_complex<T>(x, y != y ? y : copysign(T(0), y));
    return ga_complex<T>(y != y ? fabs(y) : T(0), copysign(infinity, y));
  }
  if (y != y) return ga_complex<T>(y, y);
  if (fabs(x) > ga_real_constants<T>::quarter_max() || fabs(y) > ga_real_constants<T>::quarter_max()) {
    const ga_complex<T> root = ga_sqrt(ga_complex<T>(x * T(0.25), y * T(0.25)));
    return ga_complex<T>(root.re * T(2), root.im * T(2));
  }
  const T t = sqrt((fabs(x) + hypot(x, y)) * T(0.5));
  if (x >= T(0)) return ga_complex<T>(t, y / (T(2) * t));
  return ga_complex<T>(fabs(y) / (T(2) * t), copysign(t, y));
}
)cuda";

constexpr std::string_view kHyperbolic = R"cuda(
/* sinh, cosh and tanh from the real functions of each part. A zero real or imaginary part gives
   the exact result of the one real function involved, with C99's signed zeros (a zero real part
   keeps a zero there even when y is inf or NaN); tanh uses Kahan's form, and its limit ±1 past
   |x| = 22 (double) or 9 (float), where the form would overflow. */
template <class T>
ga_complex<T> ga_sinh(ga_complex<T> z) {
  const T x = z.re;
  const T y = z.im;
  if (y == T(0)) return ga_complex<T>(sinh(x), y);
  if (x == T(0)) return ga_complex<T>(x, sin(y));
  return ga_complex<T>(sinh(x) * cos(y), cosh(x) * sin(y));
}

template <class T>
ga_complex<T> ga_cosh(ga_complex<T> z) {
  const T x = z.re;
  const T y = z.im;
  if (y == T(0)) return ga_complex<T>(cosh(x), copysign(T(0), x) * y);
  if (x == T(0)) return ga_complex<T>(cos(y), isfinite(y) ? x * sin(y) : x);
  return ga_complex<T>(cosh(x) * cos(y), sinh(x) * sin(y));
}

template <class T>
ga_complex<T> ga_tanh(ga_complex<T> z) {
  const T x = z.re;
  const T y = z.im;
  if (y == T(0)) return ga_complex<T>(tanh(x), y);
  if (x == T(0)) return ga_complex<T>(x, tan(y));
  const T limit = sizeof(T) == 4 ? T(9) : T(22);
  if (fabs(x) > limit) {
    const T tiny = isfinite(y) ? T(4) * sin(y) * cos(y) * exp(T(-2) * fabs(x)) : T(0);
    return ga_complex<T>(copysign(T(1), x), copysign(T(0), y) + tiny);
  }
  const T t = tan(y);
  const T beta = T(1) + t * t;
  const T s = sinh(x);
  const T rho = sqrt(T(1) + s * s);
  const T denominator = T(1) + beta * s * s;
  return ga_complex<T>(beta * rho * s / denominator, t / denominator);
}
)cuda";

constexpr std::string_view kTrig = R"cuda(
/* sin z = -i sinh(iz), cos z = cosh(iz), tan z = -i tanh(iz). */
template <class T>
ga_complex<T> ga_sin(ga_complex<T> z) {
  const ga_complex<T> w = ga_sinh(ga_complex<T>(-z.im, z.re));
  return ga_complex<T>(w.im, -w.re);
}
template <class T>
ga_complex<T> ga_cos(ga_complex<T> z) { return ga_cosh(ga_complex<T>(-z.im, z.re)); }
template <class T>
ga_complex<T> ga_tan(ga_complex<T> z) {
  const ga_complex<T> w = ga_tanh(ga_complex<T>(-z.im, z.re));
  return ga_complex<T>(w.im, -w.re);
}
)cuda";

constexpr std::string_view kInverse = R"cuda(
/* Kahan's formulas: products of principal square roots take the branch cuts and signed zeros
   right without forming z^2. arctanh uses the log1p form of (1/2) log((1+z)/(1-z)), and 1/z for
   huge |z|. */
template <class T>
ga_complex<T> ga_arcsin(ga_complex<T> z) {
  const ga_complex<T> a = ga_sqrt(ga_complex<T>(T(1) - z.re, -z.im));
  const ga_complex<T> b = ga_sqrt(ga_complex<T>(T(1) + z.re, z.im));
  return ga_complex<T>(atan2(z.re, a.re * b.re - a.im * b.im), asinh(a.re * b.im - a.im * b.re));
}
template <class T>
ga_complex<T> ga_arccos(ga_complex<T> z) {
  const ga_complex<T> a = ga_sqrt(ga_complex<T>(T(1) - z.re, -z.im));
  const ga_complex<T> b = ga_sqrt(ga_complex<T>(T(1) + z.re, z.im));
  return ga_complex<T>(T(2) * atan2(a.re, b.re), asinh(b.re * a.im - b.im * a.re));
}
template <class T>
ga_complex<T> ga_arccosh(ga_complex<T> z) {
  const ga_complex<T> a = ga_sqrt(ga_complex<T>(z.re - T(1), z.im));
  const ga_complex<T> b = ga_sqrt(ga_complex<T>(z.re + T(1), z.im));
  return ga_complex<T>(asinh(a.re * b.re + a.im * b.im), T(2) * atan2(a.im, b.re));
}
template <class T>
ga_complex<T> ga_arcsinh(ga_complex<T> z) {
  const ga_complex<T> w = ga_arcsin(ga_complex<T>(-z.im, z.re));
  return ga_complex<T>(w.im, -w.re);
}
template <class T>
ga_complex<T> ga_arctanh(ga_complex<T> z) {
  const T x = z.re;
  const T y = z.im;
  const T half_pi = T(1.57079632679489661923);
  if (fabs(x) > ga_real_constants<T>::sqrt_quarter_max() || fabs(y) > ga_real_constants<T>::sqrt_quarter_max()) {
    const T magnitude = hypot(x, y);
    return ga_complex<T>((x / magnitude) / magnitude, copysign(half_pi, y));
  }
  const T one_minus = T(1) - x;
  const T real_part = T(0.25) * log1p(T(4) * x / (one_minus * one_minus + y * y));
  const T imag_part = T(0.5) * atan2(T(2) * y, one_minus * (T(1) + x) - y * y);
  return ga_complex<T>(real_part, imag_part);
}
template <class T>
ga_complex<T> ga_arctan(ga_complex<T> z) {
  const ga_complex<T> w = ga_arctanh(ga_complex<T>(-z.im, z.re));
  return ga_complex<T>(w.im, -w.re);
}
)cuda";

constexpr std::string_view kPower = R"cuda(
/* a ** b as NumPy: b = 0 gives 1; a = 0 gives 0 for a positive real b and NaN otherwise; small
   integer exponents multiply by squaring (exact where repeated multiplication is); the rest is
   exp(b log a). */
template <class T>
ga_complex<T> ga_power(ga_complex<T> a, ga_complex<T> b) {
  if (b.re == T(0) && b.im == T(0)) return ga_complex<T>(T(1), T(0));
  if (a.re == T(0) && a.im == T(0)) {
    if (b.re > T(0) && b.im == T(0)) return ga_complex<T>(T(0), T(0));
    const T nan = ga_real_constants<T>::nan();
    return ga_complex<T>(nan, nan);
  }
  if (b.im == T(0) && b.re == floor(b.re) && fabs(b.re) < T(100)) {
    int n = (int)fabs(b.re);
    ga_complex<T> result(T(1), T(0));
    ga_complex<T> factor = a;
    for (; n != 0; n >>= 1) {
      if (n & 1) result = result * factor;
      if (n > 1) factor = factor * factor;
    }
    return b.re < T(0) ? ga_complex<T>(T(1), T(0)) / result : result;
  }
  return ga_exp(b * ga_log(a));
}
)cuda";

constexpr std::string_view kExpLog = R"cuda(
/* The remaining exponentials and logarithms, as NumPy composes them. */
template <class T>
ga_complex<T> ga_exp2(ga_complex<T> z) {
  const T ln2 = T(0.693147180559945309417);
  return ga_exp(ga_complex<T>(z.re * ln2, z.im * ln2));
}
template <class T>
ga_complex<T> ga_expm1(ga_complex<T> z) {
  const T half_sine = sin(z.im * T(0.5));
  return ga_complex<T>(expm1(z.re) * cos(z.im) - T(2) * half_sine * half_sine, exp(z.re) * sin(z.im));
}
template <class T>
ga_complex<T> ga_log2(ga_complex<T> z) {
  const ga_complex<T> w = ga_log(z);
  const T log2e = T(1.44269504088896340736);
  return ga_complex<T>(w.re * log2e, w.im * log2e);
}
template <class T>
ga_complex<T> ga_log10(ga_complex<T> z) {
  const ga_complex<T> w = ga_log(z);
  const T log10e = T(0.434294481903251827651);
  return ga_complex<T>(w.re * log10e, w.im * log10e);
}
template <class T>
ga_complex<T> ga_log1p(ga_complex<T> z) {
  const T x = z.re + T(1);
  return ga_complex<T>(log(hypot(x, z.im)), atan2(z.im, x));
}
)cuda";

}  // namespace

std::string_view complex_helper_source(DeviceHelper helper) {
  switch (helper) {
    case DeviceHelper::complex_ordering: return kOrdering;
    case DeviceHelper::complex_sign: return kSign;
    case DeviceHelper::complex_reciprocal: return kReciprocal;
    case DeviceHelper::complex_exp: return kExp;
    case DeviceHelper::complex_log: return kLog;
    case DeviceHelper::complex_sqrt: return kSqrt;
    case DeviceHelper::complex_hyperbolic: return kHyperbolic;
    case DeviceHelper::complex_trig: return kTrig;
    case DeviceHelper::complex_inverse: return kInverse;
    case DeviceHelper::complex_power: return kPower;
    case DeviceHelper::complex_exp_log: return kExpLog;
    default: return {};
  }
}

}  // namespace garray::device_math
