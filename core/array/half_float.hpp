// float16 and bfloat16 conversions on the host, bit-exact with the device's round-to-nearest-even.
#pragma once

#include <cstdint>

namespace garray {

std::uint16_t float_to_half_bits(float value) noexcept;
float half_bits_to_float(std::uint16_t bits) noexcept;
std::uint16_t float_to_bfloat16_bits(float value) noexcept;
float bfloat16_bits_to_float(std::uint16_t bits) noexcept;

// Rounded once, as the device's cvt.rn.f16.f64 and NumPy do: going through float first would
// round twice and can land on the wrong side of a tie (1 + 2^-11 + 2^-40 must become 1 + 2^-10).
std::uint16_t double_to_half_bits(double value) noexcept;
std::uint16_t double_to_bfloat16_bits(double value) noexcept;

}  // namespace garray
