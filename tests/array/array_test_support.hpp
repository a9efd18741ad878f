// Helpers shared by the array tests, written against the public C API only: the dtype list,
// scalars, host encodings of elements (float16 and bfloat16 included), owned handles, uploads and
// downloads, NaN-aware comparison, and test data that exercises every cast boundary.
#pragma once

#include "array_queries.hpp"

#include <garray/creation.h>
#include <garray/garray.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace array_test {

inline constexpr ga_dtype_t kAllDtypes[] = {
    GA_BOOL,   GA_INT8,    GA_INT16,    GA_INT32,   GA_INT64,   GA_UINT8,     GA_UINT16,     GA_UINT32,
    GA_UINT64, GA_FLOAT16, GA_BFLOAT16, GA_FLOAT32, GA_FLOAT64, GA_COMPLEX64, GA_COMPLEX128,
};
static_assert(sizeof(kAllDtypes) / sizeof(kAllDtypes[0]) == GA_DTYPE_COUNT);

inline const char* dtype_name(ga_dtype_t dtype) {
  const char* name = "invalid dtype";
  ga_dtype_name(dtype, &name);
  return name;
}

inline std::size_t itemsize_of(ga_dtype_t dtype) {
  std::size_t itemsize = 0;
  EXPECT_EQ(ga_dtype_itemsize(dtype, &itemsize), GA_OK) << ga_last_error();
  return itemsize;
}

inline ga_dtype_kind_t kind_of(ga_dtype_t dtype) {
  ga_dtype_kind_t kind = GA_KIND_BOOL;
  EXPECT_EQ(ga_dtype_kind(dtype, &kind), GA_OK) << ga_last_error();
  return kind;
}

inline bool is_integer(ga_dtype_t dtype) {
  const ga_dtype_kind_t kind = kind_of(dtype);
  return kind == GA_KIND_SIGNED || kind == GA_KIND_UNSIGNED;
}

// ------------------------------------------------------------------------------------------------
// Scalars
// ------------------------------------------------------------------------------------------------

inline ga_scalar_t real_scalar(double value, ga_dtype_t dtype = GA_FLOAT64) {
  ga_scalar_t scalar{};
  scalar.dtype = dtype;
  scalar.as_real = value;
  return scalar;
}

inline ga_scalar_t int_scalar(std::int64_t value, ga_dtype_t dtype = GA_INT64) {
  ga_scalar_t scalar{};
  scalar.dtype = dtype;
  scalar.as_int = value;
  return scalar;
}

inline ga_scalar_t uint_scalar(std::uint64_t value, ga_dtype_t dtype = GA_UINT64) {
  ga_scalar_t scalar{};
  scalar.dtype = dtype;
  scalar.as_uint = value;
  return scalar;
}

inline ga_scalar_t bool_scalar(bool value) { return int_scalar(value ? 1 : 0, GA_BOOL); }

inline ga_scalar_t complex_scalar(double real, double imag, ga_dtype_t dtype = GA_COMPLEX128) {
  ga_scalar_t scalar = real_scalar(real, dtype);
  scalar.as_imag = imag;
  return scalar;
}

// `value` cast to `dtype` by the library's host cast (ga_scalar_cast).
inline ga_scalar_t cast_scalar(const ga_scalar_t& value, ga_dtype_t dtype) {
  ga_scalar_t out{};
  const ga_status_t status = ga_scalar_cast(value, dtype, &out);
  EXPECT_EQ(status, GA_OK) << ga_last_error();
  return out;
}

// Equal as NumPy compares for identity: NaN matches NaN (any payload or sign), otherwise values
// and the sign of zero must agree.
inline bool same_real(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

inline bool same_scalar(const ga_scalar_t& a, const ga_scalar_t& b) {
  if (a.dtype != b.dtype) return false;
  switch (kind_of(a.dtype)) {
    case GA_KIND_BOOL:
      return (a.as_int != 0) == (b.as_int != 0);
    case GA_KIND_SIGNED:
      return a.as_int == b.as_int;
    case GA_KIND_UNSIGNED:
      return a.as_uint == b.as_uint;
    case GA_KIND_FLOAT:
      return same_real(a.as_real, b.as_real);
    case GA_KIND_COMPLEX:
      return same_real(a.as_real, b.as_real) && same_real(a.as_imag, b.as_imag);
  }
  return false;
}

inline std::string describe(const ga_scalar_t& scalar) {
  std::ostringstream text;
  text.precision(17);
  text << dtype_name(scalar.dtype) << "(";
  switch (kind_of(scalar.dtype)) {
    case GA_KIND_BOOL:
    case GA_KIND_SIGNED:
      text << scalar.as_int;
      break;
    case GA_KIND_UNSIGNED:
      text << scalar.as_uint;
      break;
    case GA_KIND_FLOAT:
      text << scalar.as_real;
      break;
    case GA_KIND_COMPLEX:
      text << scalar.as_real << ", " << scalar.as_imag;
      break;
  }
  text << ")";
  return text.str();
}

// ------------------------------------------------------------------------------------------------
// Element encodings (little-endian, as the device stores them)
// ------------------------------------------------------------------------------------------------

inline double half_bits_to_double(std::uint16_t bits) {
  const int exponent = (bits >> 10) & 0x1F;
  const int mantissa = bits & 0x3FF;
  const double sign = (bits & 0x8000) ? -1.0 : 1.0;
  if (exponent == 0x1F) {
    return mantissa != 0 ? std::copysign(std::numeric_limits<double>::quiet_NaN(), sign)
                         : sign * std::numeric_limits<double>::infinity();
  }
  if (exponent == 0) return sign * std::ldexp(mantissa, -24);
  return sign * std::ldexp(1024 + mantissa, exponent - 25);
}

inline double bfloat16_bits_to_double(std::uint16_t bits) {
  const std::uint32_t word = static_cast<std::uint32_t>(bits) << 16;
  float value;
  std::memcpy(&value, &word, sizeof value);
  return value;
}

// The float16 bits of a value that float16 represents exactly (as ga_scalar_cast results are).
inline std::uint16_t exact_half_bits(double value) {
  const std::uint16_t sign = std::signbit(value) ? 0x8000 : 0;
  if (std::isnan(value)) return static_cast<std::uint16_t>(sign | 0x7E00);
  const double magnitude = std::fabs(value);
  if (std::isinf(magnitude)) return static_cast<std::uint16_t>(sign | 0x7C00);
  if (magnitude < std::ldexp(1.0, -14)) {
    return static_cast<std::uint16_t>(sign | static_cast<std::uint16_t>(std::ldexp(magnitude, 24)));
  }
  int exponent = 0;
  std::frexp(magnitude, &exponent);  // magnitude in [2^(exponent-1), 2^exponent)
  const auto mantissa = static_cast<std::uint16_t>(std::ldexp(magnitude, 11 - exponent) - 1024);
  return static_cast<std::uint16_t>(sign | ((exponent + 14) << 10) | mantissa);
}

// The bfloat16 bits of a value that bfloat16 represents exactly.
inline std::uint16_t exact_bfloat16_bits(double value) {
  const float narrow = static_cast<float>(value);
  std::uint32_t word;
  std::memcpy(&word, &narrow, sizeof word);
  return static_cast<std::uint16_t>(word >> 16);
}

template <class T>
T load(const unsigned char* bytes) {
  T value;
  std::memcpy(&value, bytes, sizeof(T));
  return value;
}

template <class T>
void store(T value, unsigned char* bytes) {
  std::memcpy(bytes, &value, sizeof(T));
}

// The element at `bytes` as a scalar of `dtype`.
inline ga_scalar_t decode_element(const unsigned char* bytes, ga_dtype_t dtype) {
  ga_scalar_t scalar{};
  scalar.dtype = dtype;
  switch (dtype) {
    case GA_BOOL:
      scalar.as_int = bytes[0] != 0;
      break;
    case GA_INT8:
      scalar.as_int = load<std::int8_t>(bytes);
      break;
    case GA_INT16:
      scalar.as_int = load<std::int16_t>(bytes);
      break;
    case GA_INT32:
      scalar.as_int = load<std::int32_t>(bytes);
      break;
    case GA_INT64:
      scalar.as_int = load<std::int64_t>(bytes);
      break;
    case GA_UINT8:
      scalar.as_uint = load<std::uint8_t>(bytes);
      break;
    case GA_UINT16:
      scalar.as_uint = load<std::uint16_t>(bytes);
      break;
    case GA_UINT32:
      scalar.as_uint = load<std::uint32_t>(bytes);
      break;
    case GA_UINT64:
      scalar.as_uint = load<std::uint64_t>(bytes);
      break;
    case GA_FLOAT16:
      scalar.as_real = half_bits_to_double(load<std::uint16_t>(bytes));
      break;
    case GA_BFLOAT16:
      scalar.as_real = bfloat16_bits_to_double(load<std::uint16_t>(bytes));
      break;
    case GA_FLOAT32:
      scalar.as_real = load<float>(bytes);
      break;
    case GA_FLOAT64:
      scalar.as_real = load<double>(bytes);
      break;
    case GA_COMPLEX64:
      scalar.as_real = load<float>(bytes);
      scalar.as_imag = load<float>(bytes + 4);
      break;
    case GA_COMPLEX128:
      scalar.as_real = load<double>(bytes);
      scalar.as_imag = load<double>(bytes + 8);
      break;
  }
  return scalar;
}

// Writes `scalar`, whose value its dtype represents exactly, as an element of that dtype.
inline void encode_element(const ga_scalar_t& scalar, unsigned char* bytes) {
  switch (scalar.dtype) {
    case GA_BOOL:
      bytes[0] = scalar.as_int != 0;
      break;
    case GA_INT8:
      store(static_cast<std::int8_t>(scalar.as_int), bytes);
      break;
    case GA_INT16:
      store(static_cast<std::int16_t>(scalar.as_int), bytes);
      break;
    case GA_INT32:
      store(static_cast<std::int32_t>(scalar.as_int), bytes);
      break;
    case GA_INT64:
      store(static_cast<std::int64_t>(scalar.as_int), bytes);
      break;
    case GA_UINT8:
      store(static_cast<std::uint8_t>(scalar.as_uint), bytes);
      break;
    case GA_UINT16:
      store(static_cast<std::uint16_t>(scalar.as_uint), bytes);
      break;
    case GA_UINT32:
      store(static_cast<std::uint32_t>(scalar.as_uint), bytes);
      break;
    case GA_UINT64:
      store(static_cast<std::uint64_t>(scalar.as_uint), bytes);
      break;
    case GA_FLOAT16:
      store(exact_half_bits(scalar.as_real), bytes);
      break;
    case GA_BFLOAT16:
      store(exact_bfloat16_bits(scalar.as_real), bytes);
      break;
    case GA_FLOAT32:
      store(static_cast<float>(scalar.as_real), bytes);
      break;
    case GA_FLOAT64:
      store(scalar.as_real, bytes);
      break;
    case GA_COMPLEX64:
      store(static_cast<float>(scalar.as_real), bytes);
      store(static_cast<float>(scalar.as_imag), bytes + 4);
      break;
    case GA_COMPLEX128:
      store(scalar.as_real, bytes);
      store(scalar.as_imag, bytes + 8);
      break;
  }
}

inline std::vector<ga_scalar_t> decode_elements(const std::vector<unsigned char>& bytes, ga_dtype_t dtype) {
  const std::size_t itemsize = itemsize_of(dtype);
  std::vector<ga_scalar_t> scalars;
  for (std::size_t offset = 0; offset + itemsize <= bytes.size(); offset += itemsize) {
    scalars.push_back(decode_element(bytes.data() + offset, dtype));
  }
  return scalars;
}

// Each value cast to `dtype` by ga_scalar_cast, then encoded.
inline std::vector<unsigned char> encode_values(const std::vector<ga_scalar_t>& values, ga_dtype_t dtype) {
  const std::size_t itemsize = itemsize_of(dtype);
  std::vector<unsigned char> bytes(values.size() * itemsize);
  for (std::size_t i = 0; i < values.size(); ++i)
    encode_element(cast_scalar(values[i], dtype), &bytes[i * itemsize]);
  return bytes;
}

inline std::vector<ga_scalar_t> real_values(const std::vector<double>& values) {
  std::vector<ga_scalar_t> scalars;
  for (double value : values) scalars.push_back(real_scalar(value));
  return scalars;
}

// ------------------------------------------------------------------------------------------------
// Test data
// ------------------------------------------------------------------------------------------------

// Values at the edges of every cast: NaN, infinities, signed zeros, the saturation bounds of each
// integer type and just around them, float16's overflow threshold, ties of float32, float16 and
// bfloat16 rounding, and values that a cast through an intermediate type would round twice.
inline std::vector<ga_scalar_t> boundary_values() {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<ga_scalar_t> values = real_values({
      nan,
      -nan,
      inf,
      -inf,
      0.0,
      -0.0,
      0.5,
      -0.5,
      0.9999,
      -0.9999,
      1.0,
      -1.0,
      1.5,
      -1.5,
      2.5,
      -2.5,
      127.5,
      128.0,
      -128.5,
      -129.0,
      255.5,
      256.0,
      300.7,
      -300.7,
      32767.5,
      32768.0,
      -32769.0,
      65504.0,
      65519.99,
      65520.0,
      65535.9,
      65536.0,
      -65536.0,
      2147483647.5,
      2147483648.0,
      -2147483649.0,
      4294967295.5,
      4294967296.0,
      9007199254740993.0,
      9223372036854774784.0,   // 2^63 - 1024, the largest double below 2^63
      9223372036854775808.0,   // 2^63
      -9223372036854775808.0,  // -2^63
      18446744073709549568.0,  // 2^64 - 2048, the largest double below 2^64
      18446744073709551616.0,  // 2^64
      -18446744073709551616.0,
      1e30,
      -1e30,
      1e300,
      -1e300,
      1e-300,
      1e-8,
      5.960464477539063e-08,
      2.9802322387695312e-08,
      4.470348358154297e-08,
      6.097555160522461e-05,
      0.1,
      -2.5e-05,
      1e5,
      1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40),  // float16 tie + a little: rounds up
      1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -40),   // bfloat16 tie + a little: rounds up
      1.0 + std::ldexp(1.0, -8),                          // bfloat16 tie: to even
      1.0 + 3 * std::ldexp(1.0, -8),                      // bfloat16 tie: to even (up)
      1.0 + std::ldexp(1.0, -24) + std::ldexp(1.0, -50),  // float32 tie + a little
      1.0 + std::ldexp(1.0, -24),                         // float32 tie
      std::ldexp(1.0, 128) - std::ldexp(1.0, 104),        // float32 max
      std::ldexp(1.0, 128) - std::ldexp(1.0, 103),        // float32's overflow threshold (a tie: inf)
      std::ldexp(1.0, 128) - std::ldexp(1.0, 119),        // bfloat16's overflow threshold (a tie: inf)
      std::ldexp(1.0, 128) - std::ldexp(1.0, 119) - std::ldexp(1.0, 100),  // below: bfloat16 max
  });
  for (std::int64_t value :
       {std::int64_t{1}, std::int64_t{-1}, std::int64_t{127}, std::int64_t{-129}, std::int64_t{300},
        std::int64_t{-300}, std::int64_t{2049}, std::int64_t{2051}, std::int64_t{65519}, std::int64_t{65520},
        std::int64_t{70000}, std::int64_t{2147483647}, std::int64_t{-2147483648LL - 1},
        std::int64_t{16777217},  // 2^24 + 1
        std::int64_t{(1LL << 24) + (1LL << 16) + 1}, std::int64_t{(1LL << 53) + 1},
        std::int64_t{(1LL << 60) + (1LL << 36) + 1},  // int64 -> float32 rounds once
        std::numeric_limits<std::int64_t>::max(), std::numeric_limits<std::int64_t>::min()}) {
    values.push_back(int_scalar(value));
  }
  for (std::uint64_t value :
       {std::uint64_t{65535}, std::uint64_t{4294967295u},
        (std::uint64_t{1} << 63) + (std::uint64_t{1} << 39) + 1,  // rounds once to float32
        std::numeric_limits<std::uint64_t>::max()}) {
    values.push_back(uint_scalar(value));
  }
  values.push_back(bool_scalar(true));
  values.push_back(bool_scalar(false));
  return values;
}

// `count` elements of `dtype`: the boundary values cast to it, then random values of every
// magnitude and sign (random bit patterns for integer and floating types, so NaN payloads,
// subnormals and huge values occur). Bool elements are 0 or 1.
inline std::vector<unsigned char> cast_test_elements(ga_dtype_t dtype, std::size_t count,
                                                     std::mt19937_64& rng) {
  const std::size_t itemsize = itemsize_of(dtype);
  std::vector<ga_scalar_t> values;
  const std::vector<ga_scalar_t> boundaries = boundary_values();
  std::uniform_real_distribution<double> moderate(-1000.0, 1000.0);
  std::uniform_real_distribution<double> exponent(-30.0, 70.0);
  while (values.size() < count) {
    const std::size_t i = values.size();
    if (i < boundaries.size()) {
      values.push_back(boundaries[i]);
      continue;
    }
    // Complex values get independent real and imaginary parts from the real generator.
    const auto random_real = [&]() {
      switch (rng() % 3) {
        case 0:
          return moderate(rng);
        case 1:
          return (rng() % 2 ? -1.0 : 1.0) * std::exp2(exponent(rng));
        default:
          return static_cast<double>(static_cast<std::int64_t>(rng())) / 1024.0;
      }
    };
    values.push_back(complex_scalar(random_real(), random_real()));
  }
  std::vector<unsigned char> bytes = encode_values(values, dtype);
  if (dtype == GA_BOOL) return bytes;
  // Every third random element becomes a random bit pattern instead.
  for (std::size_t i = boundaries.size(); i < count; i += 3) {
    for (std::size_t b = 0; b < itemsize; ++b) bytes[i * itemsize + b] = static_cast<unsigned char>(rng());
  }
  return bytes;
}

inline std::vector<unsigned char> random_bytes(std::size_t count, std::mt19937_64& rng) {
  std::vector<unsigned char> bytes(count);
  for (unsigned char& byte : bytes) byte = static_cast<unsigned char>(rng());
  return bytes;
}

// ------------------------------------------------------------------------------------------------
// Handles
// ------------------------------------------------------------------------------------------------

// Owns one array handle; releases it when it goes.
class OwnedArray {
 public:
  OwnedArray() = default;
  explicit OwnedArray(ga_array_t handle) : handle_(handle) {}
  ~OwnedArray() { reset(); }
  OwnedArray(const OwnedArray&) = delete;
  OwnedArray& operator=(const OwnedArray&) = delete;
  OwnedArray(OwnedArray&& other) noexcept : handle_(other.handle_) { other.handle_ = nullptr; }
  OwnedArray& operator=(OwnedArray&& other) noexcept {
    if (this != &other) {
      reset();
      handle_ = other.handle_;
      other.handle_ = nullptr;
    }
    return *this;
  }

  ga_array_t get() const { return handle_; }
  operator ga_array_t() const { return handle_; }
  // For out-parameters: releases what it held first.
  ga_array_t* out() {
    reset();
    return &handle_;
  }
  void reset() {
    if (handle_ != nullptr) {
      EXPECT_EQ(ga_array_release(handle_), GA_OK) << ga_last_error();
    }
    handle_ = nullptr;
  }

 private:
  ga_array_t handle_ = nullptr;
};

// A recognisable pointer value that a failed call must leave in its out-parameter.
inline ga_array_t untouched_marker() { return reinterpret_cast<ga_array_t>(std::uintptr_t{0x5A5A5A5A}); }

inline std::vector<std::int64_t> strides_of(ga_array_t array) {
  int ndim = 0;
  EXPECT_EQ(ga_array_ndim(array, &ndim), GA_OK) << ga_last_error();
  std::vector<std::int64_t> strides(static_cast<std::size_t>(ndim));
  EXPECT_EQ(ga_array_strides(array, strides.data()), GA_OK) << ga_last_error();
  return strides;
}

inline unsigned flags_of(ga_array_t array) {
  unsigned flags = 0;
  EXPECT_EQ(ga_array_flags(array, &flags), GA_OK) << ga_last_error();
  return flags;
}

inline ga_dtype_t dtype_of(ga_array_t array) {
  ga_dtype_t dtype = GA_BOOL;
  EXPECT_EQ(ga_array_dtype(array, &dtype), GA_OK) << ga_last_error();
  return dtype;
}

// Compact strides in elements for `shape` in C or F order (what NumPy reports, divided by the itemsize).
inline std::vector<std::int64_t> compact_strides(const std::vector<std::int64_t>& shape, ga_order_t order) {
  std::vector<std::int64_t> strides(shape.size());
  std::int64_t stride = 1;
  for (std::size_t k = 0; k < shape.size(); ++k) {
    const std::size_t d = order == GA_ORDER_F ? k : shape.size() - 1 - k;
    strides[d] = stride;
    stride *= shape[d] > 0 ? shape[d] : 1;
  }
  return strides;
}

// NumPy's contiguity flags for a layout: extents of 1 do not constrain strides, empty arrays are both.
inline unsigned contiguity_flags(const std::vector<std::int64_t>& shape,
                                 const std::vector<std::int64_t>& strides) {
  for (std::int64_t extent : shape) {
    if (extent == 0) return GA_ARRAY_C_CONTIGUOUS | GA_ARRAY_F_CONTIGUOUS;
  }
  const auto compact_in = [&](bool fortran) {
    std::int64_t expected = 1;
    for (std::size_t k = 0; k < shape.size(); ++k) {
      const std::size_t d = fortran ? k : shape.size() - 1 - k;
      if (shape[d] == 1) continue;
      if (strides[d] != expected) return false;
      expected *= shape[d];
    }
    return true;
  };
  return (compact_in(false) ? unsigned{GA_ARRAY_C_CONTIGUOUS} : 0u) |
         (compact_in(true) ? unsigned{GA_ARRAY_F_CONTIGUOUS} : 0u);
}

inline constexpr unsigned kContiguityFlags = GA_ARRAY_C_CONTIGUOUS | GA_ARRAY_F_CONTIGUOUS;

inline std::int64_t element_count(const std::vector<std::int64_t>& shape) {
  std::int64_t count = 1;
  for (std::int64_t extent : shape) count *= extent;
  return count;
}

// A new device array of `shape` and `dtype` holding compact C-ordered `bytes`.
inline OwnedArray upload(const std::vector<unsigned char>& bytes, const std::vector<std::int64_t>& shape,
                         ga_dtype_t dtype) {
  OwnedArray array;
  const ga_status_t status =
      ga_array_from_host(bytes.empty() ? nullptr : bytes.data(), static_cast<int>(shape.size()), shape.data(),
                         nullptr, dtype, GA_ORDER_C, nullptr, array.out());
  EXPECT_EQ(status, GA_OK) << ga_last_error();
  return array;
}

// `values` cast to `dtype` by ga_scalar_cast, as a device array of `shape` (C order).
inline OwnedArray upload_values(const std::vector<ga_scalar_t>& values,
                                const std::vector<std::int64_t>& shape, ga_dtype_t dtype) {
  return upload(encode_values(values, dtype), shape, dtype);
}

// The array's elements in C order, as bytes.
inline std::vector<unsigned char> download(ga_array_t array) {
  std::size_t nbytes = 0;
  EXPECT_EQ(ga_array_nbytes(array, &nbytes), GA_OK) << ga_last_error();
  std::vector<unsigned char> bytes(nbytes);
  EXPECT_EQ(ga_array_to_host(array, bytes.empty() ? nullptr : bytes.data(), bytes.size(), nullptr), GA_OK)
      << ga_last_error();
  return bytes;
}

inline std::vector<ga_scalar_t> download_scalars(ga_array_t array) {
  return decode_elements(download(array), dtype_of(array));
}

inline std::vector<double> download_reals(ga_array_t array) {
  std::vector<double> reals;
  for (const ga_scalar_t& scalar : download_scalars(array)) reals.push_back(scalar.as_real);
  return reals;
}

// Compares every element with `expected` (same dtype), reporting the first few mismatches with
// their positions.
inline void expect_scalars(const std::vector<ga_scalar_t>& actual, const std::vector<ga_scalar_t>& expected,
                           const std::string& context) {
  ASSERT_EQ(actual.size(), expected.size()) << context;
  int reported = 0;
  for (std::size_t i = 0; i < actual.size(); ++i) {
    if (same_scalar(actual[i], expected[i])) continue;
    if (++reported <= 8) {
      ADD_FAILURE() << context << ": element " << i << " is " << describe(actual[i]) << ", expected "
                    << describe(expected[i]);
    }
  }
  EXPECT_EQ(reported, 0) << context << ": " << reported << " of " << actual.size() << " elements differ";
}

}  // namespace array_test
