#include "core/array/half_float.hpp"

#include <bit>
#include <cmath>

namespace garray {

std::uint16_t float_to_half_bits(float value) noexcept {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
  const std::uint16_t sign = static_cast<std::uint16_t>((bits >> 16) & 0x8000u);
  const std::uint32_t magnitude = bits & 0x7FFFFFFFu;
  if (magnitude > 0x7F800000u) return static_cast<std::uint16_t>(sign | 0x7E00u);  // NaN stays NaN
  if (magnitude >= 0x477FF000u) return static_cast<std::uint16_t>(sign | 0x7C00u);  // rounds to inf
  if (magnitude < 0x38800000u) {
    // Subnormal or zero in half: scale so that the half's subnormal step becomes one unit of an
    // integer, then round to nearest even with the FPU's own rounding of float addition.
    const float scaled = std::bit_cast<float>(magnitude) + 0.5f;
    return static_cast<std::uint16_t>(sign | (std::bit_cast<std::uint32_t>(scaled) - 0x3F000000u));
  }
  const std::uint32_t odd = (magnitude >> 13) & 1u;
  const std::uint32_t rounded = magnitude + 0xC8000FFFu + odd;  // rebias exponent, round half to even
  return static_cast<std::uint16_t>(sign | (rounded >> 13));
}

float half_bits_to_float(std::uint16_t bits) noexcept {
  const std::uint32_t sign = static_cast<std::uint32_t>(bits & 0x8000u) << 16;
  const std::uint32_t exponent = (bits >> 10) & 0x1Fu;
  const std::uint32_t mantissa = bits & 0x3FFu;
  if (exponent == 0) {
    const float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
    return std::bit_cast<float>(sign | std::bit_cast<std::uint32_t>(magnitude));
  }
  if (exponent == 0x1F) return std::bit_cast<float>(sign | 0x7F800000u | (mantissa << 13));
  return std::bit_cast<float>(sign | ((exponent + 112u) << 23) | (mantissa << 13));
}

std::uint16_t float_to_bfloat16_bits(float value) noexcept {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
  if ((bits & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<std::uint16_t>((bits >> 16) | 0x40u);
  const std::uint32_t rounding = 0x7FFFu + ((bits >> 16) & 1u);
  return static_cast<std::uint16_t>((bits + rounding) >> 16);
}

namespace {

// `value` rounded to float toward zero, with the last bit set when that was inexact (round to
// odd). Rounding this float to nearest even gives the same 16-bit value as rounding `value`
// directly, because float keeps more than twice the 16-bit formats' precision plus two bits.
float round_to_odd_float(double value) noexcept {
  if (std::isnan(value)) return static_cast<float>(value);
  float truncated = static_cast<float>(value);
  if (std::fabs(static_cast<double>(truncated)) > std::fabs(value)) {
    truncated = std::nextafter(truncated, 0.0f);
  }
  if (static_cast<double>(truncated) == value) return truncated;
  return std::bit_cast<float>(std::bit_cast<std::uint32_t>(truncated) | 1u);
}

}  // namespace

std::uint16_t double_to_half_bits(double value) noexcept {
  return float_to_half_bits(round_to_odd_float(value));
}

std::uint16_t double_to_bfloat16_bits(double value) noexcept {
  return float_to_bfloat16_bits(round_to_odd_float(value));
}

float bfloat16_bits_to_float(std::uint16_t bits) noexcept {
  return std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16);
}

}  // namespace garray
