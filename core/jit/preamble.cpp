#include "core/jit/preamble.hpp"

namespace garray::jit {

namespace {

constexpr std::string_view kDevicePreamble = R"preamble(#ifndef GARRAY_DEVICE_PREAMBLE
#define GARRAY_DEVICE_PREAMBLE

typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;

struct ga_half_format {
  static unsigned short from_float(float value) {
    unsigned short bits;
    asm("cvt.rn.f16.f32 %0, %1;" : "=h"(bits) : "f"(value));
    return bits;
  }
  static unsigned short from_double(double value) {
    unsigned short bits;
    asm("cvt.rn.f16.f64 %0, %1;" : "=h"(bits) : "d"(value));
    return bits;
  }
  static float to_float(unsigned short bits) {
    float value;
    asm("cvt.f32.f16 %0, %1;" : "=f"(value) : "h"(bits));
    return value;
  }
};

/* bfloat16 is the upper half of a float. Integer arithmetic rather than cvt.rn.bf16.f32, which
   needs sm_80, keeps one code path for every architecture. */
struct ga_bfloat16_format {
  static unsigned short from_float(float value) {
    unsigned int bits = __float_as_uint(value);
    if ((bits & 0x7fffffffu) > 0x7f800000u) return (unsigned short)((bits >> 16) | 0x0040u);
    bits += 0x7fffu + ((bits >> 16) & 1u); /* round to nearest, ties to even */
    return (unsigned short)(bits >> 16);
  }
  /* Rounding to float toward zero and setting the last bit when that was inexact (round to odd)
     keeps the information the second rounding needs, so double -> bfloat16 rounds only once. */
  static unsigned short from_double(double value) {
    float truncated;
    asm("cvt.rz.f32.f64 %0, %1;" : "=f"(truncated) : "d"(value));
    unsigned int bits = __float_as_uint(truncated);
    if ((double)truncated != value && value == value) bits |= 1u;
    return from_float(__uint_as_float(bits));
  }
  static float to_float(unsigned short bits) { return __uint_as_float((unsigned int)bits << 16); }
};

template <class Format>
struct ga_float16_storage {
  unsigned short bits;

  ga_float16_storage() = default;
  ga_float16_storage(float value) : bits(Format::from_float(value)) {}
  ga_float16_storage(double value) : bits(Format::from_double(value)) {}
  /* Integers, bool and the other 16-bit format, through a type that holds them exactly (double
     for integers wider than 16 bits, up to 2^53), so that they too are rounded only once. */
  template <class T>
  ga_float16_storage(T value)
      : bits(sizeof(T) <= 2 ? Format::from_float((float)value)
                            : Format::from_double((double)value)) {}
  static ga_float16_storage from_bits(unsigned short bits) {
    ga_float16_storage result;
    result.bits = bits;
    return result;
  }

  operator float() const { return Format::to_float(bits); }
  ga_float16_storage& operator+=(float other) { return *this = (float)*this + other; }
  ga_float16_storage& operator-=(float other) { return *this = (float)*this - other; }
  ga_float16_storage& operator*=(float other) { return *this = (float)*this * other; }
  ga_float16_storage& operator/=(float other) { return *this = (float)*this / other; }
};

typedef ga_float16_storage<ga_half_format> ga_half;
typedef ga_float16_storage<ga_bfloat16_format> ga_bfloat16;

template <class T>
struct alignas(2 * sizeof(T)) ga_complex {
  T re;
  T im;

  ga_complex() = default;
  ga_complex(T real_part, T imag_part = T(0)) : re(real_part), im(imag_part) {}
  template <class U>
  explicit ga_complex(const ga_complex<U>& other) : re((T)other.re), im((T)other.im) {}

  T real() const { return re; }
  T imag() const { return im; }

  friend ga_complex conj(ga_complex z) { return ga_complex(z.re, -z.im); }
  friend ga_complex operator-(ga_complex z) { return ga_complex(-z.re, -z.im); }
  friend ga_complex operator+(ga_complex a, ga_complex b) {
    return ga_complex(a.re + b.re, a.im + b.im);
  }
  friend ga_complex operator-(ga_complex a, ga_complex b) {
    return ga_complex(a.re - b.re, a.im - b.im);
  }
  friend ga_complex operator*(ga_complex a, ga_complex b) {
    return ga_complex(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
  }
  /* Smith's algorithm, scaled by the larger part of b so that |b|^2 neither overflows nor
     underflows, in the form NumPy uses (a reciprocal, x / 0 for a zero divisor) so that results
     agree to the bit. */
  friend ga_complex operator/(ga_complex a, ga_complex b) {
    const T abs_re = b.re < T(0) ? -b.re : b.re;
    const T abs_im = b.im < T(0) ? -b.im : b.im;
    if (abs_re >= abs_im) {
      if (abs_re == T(0) && abs_im == T(0)) return ga_complex(a.re / abs_re, a.im / abs_im);
      const T ratio = b.im / b.re;
      const T scale = T(1) / (b.re + b.im * ratio);
      return ga_complex((a.re + a.im * ratio) * scale, (a.im - a.re * ratio) * scale);
    }
    const T ratio = b.re / b.im;
    const T scale = T(1) / (b.im + b.re * ratio);
    return ga_complex((a.re * ratio + a.im) * scale, (a.im * ratio - a.re) * scale);
  }
  friend bool operator==(ga_complex a, ga_complex b) { return a.re == b.re && a.im == b.im; }
  friend bool operator!=(ga_complex a, ga_complex b) { return !(a == b); }

  ga_complex& operator+=(ga_complex other) { return *this = *this + other; }
  ga_complex& operator-=(ga_complex other) { return *this = *this - other; }
  ga_complex& operator*=(ga_complex other) { return *this = *this * other; }
  ga_complex& operator/=(ga_complex other) { return *this = *this / other; }
};

typedef ga_complex<float> ga_complex64;
typedef ga_complex<double> ga_complex128;

#endif
)preamble";

}  // namespace

std::string_view device_preamble() { return kDevicePreamble; }

std::vector<std::string> generated_source_options() { return {"-minimal"}; }

std::string with_preamble(std::string_view user_source, std::string_view file_name) {
  std::string source(kDevicePreamble);
  source.append("#line 1 \"").append(file_name).append("\"\n").append(user_source);
  return source;
}

}  // namespace garray::jit
