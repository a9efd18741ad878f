// Complex helpers, templates over the component type (float for complex64, double for
// complex128). Special values (signed zeros, infinities, NaN) follow C99 Annex G for the cases
// NumPy's tests exercise, and in full for the inverse functions; power follows NumPy's own sequence
// of products. The inverse functions use Kahan's formulas ("Branch cuts for complex elementary
// functions"), which are accurate near the branch cuts without NumPy's longer
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
   huge |z|. An infinite or NaN part takes C99 Annex G's value instead, as NumPy's functions (the
   C library's) return it: there the formulas meet inf - inf, inf / inf or 0 * inf, and give NaN
   where Annex G has a limit (arcsin(inf) = pi/2 + i inf, arctanh(inf + 0i) = 0 + i pi/2). The
   tables below are written for the first quadrant and take the signs of the arguments, NaN's sign
   bit included, which is how the C library chooses the signs Annex G leaves open. */
template <class T>
struct ga_inverse_constants {
  static T quarter_pi() { return T(0.785398163397448309616); }
  static T half_pi() { return T(1.57079632679489661923); }
  static T three_quarter_pi() { return T(2.35619449019234492885); }
  static T pi() { return T(3.14159265358979323846); }
};

/* Annex G's asinh(x + iy) where x or y is infinite or NaN; asinh is odd in each part. */
template <class T>
ga_complex<T> ga_arcsinh_nonfinite(T x, T y) {
  const T ax = fabs(x);
  const T ay = fabs(y);
  T re = ga_real_constants<T>::nan();
  T im = re;
  if (isinf(ax)) {
    re = ga_real_constants<T>::infinity();
    if (isinf(ay)) im = ga_inverse_constants<T>::quarter_pi();
    else if (ay == ay) im = T(0);
  } else if (isinf(ay)) {
    re = ga_real_constants<T>::infinity();
    if (ax == ax) im = ga_inverse_constants<T>::half_pi();
  } else if (ay == T(0)) {
    im = T(0); /* x is NaN: the zero stays */
  }
  return ga_complex<T>(copysign(re, x), copysign(im, y));
}

/* Annex G's acos(x + iy) where x or y is infinite or NaN. The imaginary part is -inf or NaN for
   y >= 0 and conjugates with y. */
template <class T>
ga_complex<T> ga_arccos_nonfinite(T x, T y) {
  T re = ga_real_constants<T>::nan();
  T im = re;
  if (isinf(y)) {
    im = ga_real_constants<T>::infinity();
    if (isinf(x)) re = x > T(0) ? ga_inverse_constants<T>::quarter_pi() : ga_inverse_constants<T>::three_quarter_pi();
    else if (x == x) re = ga_inverse_constants<T>::half_pi();
  } else if (isinf(x)) {
    im = ga_real_constants<T>::infinity();
    if (y == y) re = x > T(0) ? T(0) : ga_inverse_constants<T>::pi();
  } else if (x == T(0)) {
    re = ga_inverse_constants<T>::half_pi(); /* y is NaN: acos(±0 + i NaN) = pi/2 + i NaN */
  }
  return ga_complex<T>(re, -copysign(im, y));
}

/* Annex G's atanh(x + iy) where x or y is infinite or NaN; atanh is odd in each part. */
template <class T>
ga_complex<T> ga_arctanh_nonfinite(T x, T y) {
  T re = ga_real_constants<T>::nan();
  T im = re;
  if (isinf(x) || isinf(y)) {
    re = T(0);
    if (y == y) im = ga_inverse_constants<T>::half_pi();
  } else if (x == T(0)) {
    re = T(0); /* y is NaN: atanh(±0 + i NaN) = ±0 + i NaN */
  }
  return ga_complex<T>(copysign(re, x), copysign(im, y));
}

template <class T>
bool ga_has_nonfinite(ga_complex<T> z) { return !isfinite(z.re) || !isfinite(z.im); }

/* arcsin z = -i asinh(iz) and arctan z = -i atanh(iz); iz = -y + ix, and with asinh and atanh odd
   in each part, -i f(-y + ix) is (Im f(y + ix), Re f(y + ix)). Taking it that way reads y's sign
   bit directly, even for a NaN y, where it picks the sign of an infinite result as the C library
   does (arcsin(inf + NaN i) = NaN + i inf), rather than depending on what negating a NaN gives. */
template <class T>
ga_complex<T> ga_arcsin(ga_complex<T> z) {
  if (ga_has_nonfinite(z)) {
    const ga_complex<T> w = ga_arcsinh_nonfinite(z.im, z.re);
    return ga_complex<T>(w.im, w.re);
  }
  const ga_complex<T> a = ga_sqrt(ga_complex<T>(T(1) - z.re, -z.im));
  const ga_complex<T> b = ga_sqrt(ga_complex<T>(T(1) + z.re, z.im));
  return ga_complex<T>(atan2(z.re, a.re * b.re - a.im * b.im), asinh(a.re * b.im - a.im * b.re));
}
template <class T>
ga_complex<T> ga_arccos(ga_complex<T> z) {
  if (ga_has_nonfinite(z)) return ga_arccos_nonfinite(z.re, z.im);
  const ga_complex<T> a = ga_sqrt(ga_complex<T>(T(1) - z.re, -z.im));
  const ga_complex<T> b = ga_sqrt(ga_complex<T>(T(1) + z.re, z.im));
  return ga_complex<T>(T(2) * atan2(a.re, b.re), asinh(b.re * a.im - b.im * a.re));
}
/* Annex G's acosh is acos turned a quarter: (|Im acos z|, Re acos z with y's sign). */
template <class T>
ga_complex<T> ga_arccosh(ga_complex<T> z) {
  if (ga_has_nonfinite(z)) {
    const ga_complex<T> w = ga_arccos_nonfinite(z.re, z.im);
    return ga_complex<T>(fabs(w.im), copysign(w.re, z.im));
  }
  const ga_complex<T> a = ga_sqrt(ga_complex<T>(z.re - T(1), z.im));
  const ga_complex<T> b = ga_sqrt(ga_complex<T>(z.re + T(1), z.im));
  return ga_complex<T>(asinh(a.re * b.re + a.im * b.im), T(2) * atan2(a.im, b.re));
}
template <class T>
ga_complex<T> ga_arcsinh(ga_complex<T> z) {
  if (ga_has_nonfinite(z)) return ga_arcsinh_nonfinite(z.re, z.im);
  const ga_complex<T> w = ga_arcsin(ga_complex<T>(-z.im, z.re));
  return ga_complex<T>(w.im, -w.re);
}
template <class T>
ga_complex<T> ga_arctanh(ga_complex<T> z) {
  const T x = z.re;
  const T y = z.im;
  if (ga_has_nonfinite(z)) return ga_arctanh_nonfinite(x, y);
  const T half_pi = ga_inverse_constants<T>::half_pi();
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
  if (ga_has_nonfinite(z)) {
    const ga_complex<T> w = ga_arctanh_nonfinite(z.im, z.re);
    return ga_complex<T>(w.im, w.re);
  }
  const ga_complex<T> w = ga_arctanh(ga_complex<T>(-z.im, z.re));
  return ga_complex<T>(w.im, -w.re);
}
)cuda";

constexpr std::string_view kPower = R"cuda(
/* a ** b as NumPy computes it: b = 0 gives 1; a = 0 gives 0 for a positive real b and NaN
   otherwise. An integer b below 100 in magnitude multiplies as NumPy does: 1, 2 and 3 give a,
   a * a and a * a * a; other integers square and multiply starting from 1 + 0i, and a negative b
   divides 1 by that. The difference shows at infinite and NaN parts: (1 + 0i)(inf + 0i) is
   inf + NaN i (0 * inf), so inf ** 1 must be inf itself. Other exponents are exp(b log a), whose
   product recovers infinities as C99 Annex G's multiplication does (NumPy calls the C library's
   cpow there, so (0 + i inf) ** (1 + NaN i) is inf + NaN i, not NaN).
   Every product is rounded on its own (__fmul_rn, __dmul_rn), not contracted into an FMA with
   the sum after it: NumPy's x*x - y*y is 0 for x = y = 1e20, where a fused one keeps the rounding
   error of x*x (-3e23), and where x*x overflows it is inf - inf = NaN, where fused it is -inf. */
inline float ga_rounded_product(float a, float b) { return __fmul_rn(a, b); }
inline double ga_rounded_product(double a, double b) { return __dmul_rn(a, b); }

template <class T>
ga_complex<T> ga_power_product(ga_complex<T> a, ga_complex<T> b) {
  return ga_complex<T>(ga_rounded_product(a.re, b.re) - ga_rounded_product(a.im, b.im),
                       ga_rounded_product(a.re, b.im) + ga_rounded_product(a.im, b.re));
}

/* Annex G's second pass of a product whose parts are both NaN: infinite parts become ±1, NaN
   parts ±0, and the result is infinity times the product of those. */
template <class T>
T ga_infinite_as_unit(T value) { return copysign(isinf(value) ? T(1) : T(0), value); }
template <class T>
ga_complex<T> ga_infinite_as_unit(ga_complex<T> z) {
  return ga_complex<T>(ga_infinite_as_unit(z.re), ga_infinite_as_unit(z.im));
}
template <class T>
ga_complex<T> ga_nan_as_zero(ga_complex<T> z) {
  return ga_complex<T>(z.re != z.re ? copysign(T(0), z.re) : z.re, z.im != z.im ? copysign(T(0), z.im) : z.im);
}
template <class T>
bool ga_has_infinity(ga_complex<T> z) { return isinf(z.re) || isinf(z.im); }

template <class T>
ga_complex<T> ga_power_product_annex_g(ga_complex<T> a, ga_complex<T> b) {
  const ga_complex<T> product = ga_power_product(a, b);
  if (product.re == product.re || product.im == product.im) return product;
  bool again = false;
  if (ga_has_infinity(a)) {
    a = ga_infinite_as_unit(a);
    b = ga_nan_as_zero(b);
    again = true;
  }
  if (ga_has_infinity(b)) {
    b = ga_infinite_as_unit(b);
    a = ga_nan_as_zero(a);
    again = true;
  }
  /* Finite operands whose partial product overflowed (inf - inf): the NaN parts go to zero. */
  if (!again && (isinf(ga_rounded_product(a.re, b.re)) || isinf(ga_rounded_product(a.im, b.im)) ||
                 isinf(ga_rounded_product(a.re, b.im)) || isinf(ga_rounded_product(a.im, b.re)))) {
    a = ga_nan_as_zero(a);
    b = ga_nan_as_zero(b);
    again = true;
  }
  if (!again) return product;
  const ga_complex<T> unit = ga_power_product(a, b);
  const T infinity = ga_real_constants<T>::infinity();
  return ga_complex<T>(infinity * unit.re, infinity * unit.im);
}

template <class T>
ga_complex<T> ga_power(ga_complex<T> a, ga_complex<T> b) {
  if (b.re == T(0) && b.im == T(0)) return ga_complex<T>(T(1), T(0));
  if (a.re == T(0) && a.im == T(0)) {
    if (b.re > T(0) && b.im == T(0)) return ga_complex<T>(T(0), T(0));
    const T nan = ga_real_constants<T>::nan();
    return ga_complex<T>(nan, nan);
  }
  if (b.im == T(0) && b.re == floor(b.re) && fabs(b.re) < T(100)) {
    const int exponent = (int)b.re;
    if (exponent == 1) return a;
    if (exponent == 2) return ga_power_product(a, a);
    if (exponent == 3) return ga_power_product(ga_power_product(a, a), a);
    int n = exponent < 0 ? -exponent : exponent;
    ga_complex<T> result(T(1), T(0));
    ga_complex<T> factor = a;
    for (; n != 0; n >>= 1) {
      if (n & 1) result = ga_power_product(result, factor);
      if (n > 1) factor = ga_power_product(factor, factor);
    }
    return exponent < 0 ? ga_complex<T>(T(1), T(0)) / result : result;
  }
  return ga_exp(ga_power_product_annex_g(b, ga_log(a)));
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
