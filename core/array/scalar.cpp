#include "core/array/scalar.hpp"

#include "core/array/dtype.hpp"
#include "core/array/half_float.hpp"
#include "core/common/error.hpp"

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

namespace garray {

namespace {

// The value of a scalar in the widest form of its kind.
struct WideValue {
  ga_dtype_kind_t kind;
  std::int64_t signed_value;
  std::uint64_t unsigned_value;
  double real;
  double imag;
};

WideValue widen(const ga_scalar_t& scalar) {
  const ga_dtype_kind_t kind = dtype_info(scalar.dtype).kind;
  switch (kind) {
    case GA_KIND_BOOL: return {kind, scalar.as_int != 0, scalar.as_int != 0, 0, 0};
    case GA_KIND_SIGNED: return {kind, scalar.as_int, static_cast<std::uint64_t>(scalar.as_int), 0, 0};
    case GA_KIND_UNSIGNED: return {kind, static_cast<std::int64_t>(scalar.as_uint), scalar.as_uint, 0, 0};
    case GA_KIND_FLOAT: return {kind, 0, 0, scalar.as_real, 0};
    case GA_KIND_COMPLEX: return {kind, 0, 0, scalar.as_real, scalar.as_imag};
  }
  return {};
}

template <class Integer>
Integer saturate(double value) {
  if (std::isnan(value)) return 0;
  constexpr auto lowest = std::numeric_limits<Integer>::lowest();
  constexpr auto highest = std::numeric_limits<Integer>::max();
  if (value <= static_cast<double>(lowest)) return lowest;
  if (value >= static_cast<double>(highest)) return highest;
  return static_cast<Integer>(value);
}

template <class Integer>
Integer to_integer(const WideValue& value) {
  switch (value.kind) {
    case GA_KIND_BOOL:
    case GA_KIND_SIGNED: return static_cast<Integer>(value.signed_value);
    case GA_KIND_UNSIGNED: return static_cast<Integer>(value.unsigned_value);
    default: return saturate<Integer>(value.real);
  }
}

double to_real(const WideValue& value) {
  switch (value.kind) {
    case GA_KIND_BOOL:
    case GA_KIND_SIGNED: return static_cast<double>(value.signed_value);
    case GA_KIND_UNSIGNED: return static_cast<double>(value.unsigned_value);
    default: return value.real;
  }
}

// The real value rounded once to float: integers convert directly, as the device's (float) cast
// does; going through double would round twice for integers beyond 2^53.
float to_float(const WideValue& value) {
  switch (value.kind) {
    case GA_KIND_BOOL:
    case GA_KIND_SIGNED: return static_cast<float>(value.signed_value);
    case GA_KIND_UNSIGNED: return static_cast<float>(value.unsigned_value);
    default: return static_cast<float>(value.real);
  }
}

// 16-bit floats round once from double, as the device's conversions (cvt.rn.f16.f64, and
// round-to-odd for bfloat16) and NumPy do; integers are exact in double up to 2^53.
std::uint16_t to_half_bits(const WideValue& value) { return double_to_half_bits(to_real(value)); }

std::uint16_t to_bfloat16_bits(const WideValue& value) { return double_to_bfloat16_bits(to_real(value)); }

bool is_nonzero(const WideValue& value) {
  switch (value.kind) {
    case GA_KIND_BOOL:
    case GA_KIND_SIGNED:
    case GA_KIND_UNSIGNED: return value.unsigned_value != 0;
    default: return value.real != 0.0 || value.imag != 0.0;
  }
}

template <class T>
ElementBytes bytes_of(T value) {
  ElementBytes bytes{};
  std::memcpy(bytes.data(), &value, sizeof(T));
  return bytes;
}

template <class T>
T read_as(const unsigned char* bytes) {
  T value;
  std::memcpy(&value, bytes, sizeof(T));
  return value;
}

}  // namespace

void validate_scalar(const ga_scalar_t& scalar, const char* what) {
  if (!is_valid_dtype(scalar.dtype)) {
    throw Error(GA_ERROR_DTYPE, std::string("argument '") + what + "' has dtype " +
                                    std::to_string(static_cast<int>(scalar.dtype)) +
                                    ", which is not a ga_dtype_t value");
  }
}

ElementBytes scalar_to_element(const ga_scalar_t& scalar, ga_dtype_t dtype) {
  validate_scalar(scalar, "scalar");
  const WideValue value = widen(scalar);
  switch (dtype_info(dtype).dtype) {
    case GA_BOOL: return bytes_of<std::uint8_t>(is_nonzero(value) ? 1 : 0);
    case GA_INT8: return bytes_of(to_integer<std::int8_t>(value));
    case GA_INT16: return bytes_of(to_integer<std::int16_t>(value));
    case GA_INT32: return bytes_of(to_integer<std::int32_t>(value));
    case GA_INT64: return bytes_of(to_integer<std::int64_t>(value));
    case GA_UINT8: return bytes_of(to_integer<std::uint8_t>(value));
    case GA_UINT16: return bytes_of(to_integer<std::uint16_t>(value));
    case GA_UINT32: return bytes_of(to_integer<std::uint32_t>(value));
    case GA_UINT64: return bytes_of(to_integer<std::uint64_t>(value));
    case GA_FLOAT16: return bytes_of(to_half_bits(value));
    case GA_BFLOAT16: return bytes_of(to_bfloat16_bits(value));
    case GA_FLOAT32: return bytes_of(to_float(value));
    case GA_FLOAT64: return bytes_of(to_real(value));
    case GA_COMPLEX64: return bytes_of(std::complex<float>(to_float(value), static_cast<float>(value.imag)));
    case GA_COMPLEX128: return bytes_of(std::complex<double>(to_real(value), value.imag));
  }
  throw Error(GA_ERROR_INTERNAL, "unhandled dtype in scalar_to_element");
}

ga_scalar_t element_to_scalar(const unsigned char* bytes, ga_dtype_t dtype) {
  ga_scalar_t scalar{};
  scalar.dtype = dtype;
  switch (dtype_info(dtype).dtype) {
    case GA_BOOL: scalar.as_int = bytes[0] != 0; break;
    case GA_INT8: scalar.as_int = read_as<std::int8_t>(bytes); break;
    case GA_INT16: scalar.as_int = read_as<std::int16_t>(bytes); break;
    case GA_INT32: scalar.as_int = read_as<std::int32_t>(bytes); break;
    case GA_INT64: scalar.as_int = read_as<std::int64_t>(bytes); break;
    case GA_UINT8: scalar.as_uint = read_as<std::uint8_t>(bytes); break;
    case GA_UINT16: scalar.as_uint = read_as<std::uint16_t>(bytes); break;
    case GA_UINT32: scalar.as_uint = read_as<std::uint32_t>(bytes); break;
    case GA_UINT64: scalar.as_uint = read_as<std::uint64_t>(bytes); break;
    case GA_FLOAT16: scalar.as_real = half_bits_to_float(read_as<std::uint16_t>(bytes)); break;
    case GA_BFLOAT16: scalar.as_real = bfloat16_bits_to_float(read_as<std::uint16_t>(bytes)); break;
    case GA_FLOAT32: scalar.as_real = read_as<float>(bytes); break;
    case GA_FLOAT64: scalar.as_real = read_as<double>(bytes); break;
    case GA_COMPLEX64:
      scalar.as_real = read_as<float>(bytes);
      scalar.as_imag = read_as<float>(bytes + 4);
      break;
    case GA_COMPLEX128:
      scalar.as_real = read_as<double>(bytes);
      scalar.as_imag = read_as<double>(bytes + 8);
      break;
  }
  return scalar;
}

ga_scalar_t make_real_scalar(double value, ga_dtype_t dtype) {
  ga_scalar_t scalar{};
  scalar.dtype = GA_FLOAT64;
  scalar.as_real = value;
  return element_to_scalar(scalar_to_element(scalar, dtype).data(), dtype);
}

ga_scalar_t make_int_scalar(long long value, ga_dtype_t dtype) {
  ga_scalar_t scalar{};
  scalar.dtype = GA_INT64;
  scalar.as_int = value;
  return element_to_scalar(scalar_to_element(scalar, dtype).data(), dtype);
}

double scalar_as_double(const ga_scalar_t& scalar) {
  validate_scalar(scalar, "scalar");
  return to_real(widen(scalar));
}

}  // namespace garray
