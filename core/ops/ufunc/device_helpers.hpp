// The device functions ufunc operations call beyond CUDA's builtin math (sinf, hypot, fmod, …):
// NumPy's semantics where C's differ (Python floor division and remainder, shifts past the width,
// NaN-propagating maximum on complex values), and the complex functions. Each helper is a short
// CUDA C++ text over the engine preamble's types (ga_half, ga_bfloat16, ga_complex<T>); a loop
// names the helpers its operation calls, and device_helper_source() emits just those and what
// they depend on, so that each generated kernel stays small.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>

namespace garray {

// Declared so that every helper comes after the helpers it calls.
enum class DeviceHelper : std::uint8_t {
  real_constants,      // ga_real_constants<T>: NaN, infinity and scaling bounds of float and double
  integer_division,    // ga_floor_divide, ga_remainder, ga_fmod on integers (÷0 → 0)
  integer_power,       // ga_integer_power (negative exponents as CuPy)
  gcd_lcm,             // ga_gcd, ga_lcm
  shifts,              // ga_left_shift, ga_right_shift (shift ≥ width → 0 or the sign)
  real_division,       // ga_floor_divide, ga_remainder on float and double (Python's divmod)
  real_sign,           // ga_sign on float and double (NaN stays NaN)
  heaviside,           // ga_heaviside
  logaddexp,           // ga_logaddexp, ga_logaddexp2
  nextafter_16bit,     // ga_nextafter on ga_half and ga_bfloat16
  ldexp_wide,          // ga_ldexp with a 64-bit exponent
  frexp,               // ga_frexp (exponent 0 for 0, inf and NaN)
  modf,                // ga_modf
  real_clip,           // ga_clip on integers and floats (NaN propagates)
  complex_ordering,    // ga_less … ga_greater_equal, ga_maximum, ga_minimum, ga_fmax, ga_fmin, ga_clip
  complex_sign,        // ga_sign: z / |z|
  complex_reciprocal,  // ga_reciprocal
  complex_exp,         // ga_exp
  complex_log,         // ga_log
  complex_sqrt,        // ga_sqrt
  complex_hyperbolic,  // ga_sinh, ga_cosh, ga_tanh
  complex_trig,        // ga_sin, ga_cos, ga_tan
  complex_inverse,     // ga_arcsin, ga_arccos, ga_arctan, ga_arcsinh, ga_arccosh, ga_arctanh
  complex_power,       // ga_power
  complex_exp_log,     // ga_exp2, ga_expm1, ga_log2, ga_log10, ga_log1p
  count
};

// A set of helpers.
class DeviceHelpers {
 public:
  constexpr DeviceHelpers() = default;
  constexpr DeviceHelpers(std::initializer_list<DeviceHelper> helpers) {
    for (DeviceHelper helper : helpers) bits_ |= bit(helper);
  }

  constexpr bool contains(DeviceHelper helper) const { return (bits_ & bit(helper)) != 0; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr DeviceHelpers& operator|=(DeviceHelpers other) {
    bits_ |= other.bits_;
    return *this;
  }
  friend constexpr DeviceHelpers operator|(DeviceHelpers a, DeviceHelpers b) { return a |= b; }
  friend constexpr bool operator==(DeviceHelpers, DeviceHelpers) = default;

 private:
  static constexpr std::uint32_t bit(DeviceHelper helper) { return std::uint32_t{1} << static_cast<unsigned>(helper); }
  std::uint32_t bits_ = 0;
};

// `helpers` and the helpers they call.
DeviceHelpers with_dependencies(DeviceHelpers helpers);

// The CUDA source of with_dependencies(helpers), each once, callees first; empty for none. Goes
// after the engine preamble (core/jit/preamble.hpp) and before the kernel. The functions are
// templates or overloads over every type they serve, so the text does not depend on the loop.
std::string device_helper_source(DeviceHelpers helpers);

}  // namespace garray
