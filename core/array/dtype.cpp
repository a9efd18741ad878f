#include "core/array/dtype.hpp"

#include "core/common/error.hpp"

#include <array>
#include <string>

namespace garray {

namespace {

constexpr std::array<DTypeInfo, GA_DTYPE_COUNT> kDTypes{{
    {GA_BOOL, 1, "bool", GA_KIND_BOOL, 'b', "bool"},
    {GA_INT8, 1, "int8", GA_KIND_SIGNED, 'i', "signed char"},
    {GA_INT16, 2, "int16", GA_KIND_SIGNED, 'i', "short"},
    {GA_INT32, 4, "int32", GA_KIND_SIGNED, 'i', "int"},
    {GA_INT64, 8, "int64", GA_KIND_SIGNED, 'i', "long long"},
    {GA_UINT8, 1, "uint8", GA_KIND_UNSIGNED, 'u', "unsigned char"},
    {GA_UINT16, 2, "uint16", GA_KIND_UNSIGNED, 'u', "unsigned short"},
    {GA_UINT32, 4, "uint32", GA_KIND_UNSIGNED, 'u', "unsigned int"},
    {GA_UINT64, 8, "uint64", GA_KIND_UNSIGNED, 'u', "unsigned long long"},
    {GA_FLOAT16, 2, "float16", GA_KIND_FLOAT, 'f', "ga_half"},
    {GA_BFLOAT16, 2, "bfloat16", GA_KIND_FLOAT, 'f', "ga_bfloat16"},
    {GA_FLOAT32, 4, "float32", GA_KIND_FLOAT, 'f', "float"},
    {GA_FLOAT64, 8, "float64", GA_KIND_FLOAT, 'f', "double"},
    {GA_COMPLEX64, 8, "complex64", GA_KIND_COMPLEX, 'c', "ga_complex64"},
    {GA_COMPLEX128, 16, "complex128", GA_KIND_COMPLEX, 'c', "ga_complex128"},
}};

struct Alias {
  std::string_view text;
  ga_dtype_t dtype;
};

// NumPy's aliases and one-character codes on a 64-bit Linux platform ('l' is int64 there).
constexpr Alias kAliases[] = {
    {"bool_", GA_BOOL},      {"?", GA_BOOL},          {"b1", GA_BOOL},
    {"b", GA_INT8},          {"i1", GA_INT8},         {"byte", GA_INT8},
    {"h", GA_INT16},         {"i2", GA_INT16},        {"short", GA_INT16},
    {"i", GA_INT32},         {"i4", GA_INT32},        {"intc", GA_INT32},
    {"l", GA_INT64},         {"q", GA_INT64},         {"i8", GA_INT64},
    {"int", GA_INT64},       {"int_", GA_INT64},      {"intp", GA_INT64},
    {"B", GA_UINT8},         {"u1", GA_UINT8},        {"ubyte", GA_UINT8},
    {"H", GA_UINT16},        {"u2", GA_UINT16},       {"I", GA_UINT32},
    {"u4", GA_UINT32},       {"L", GA_UINT64},        {"Q", GA_UINT64},
    {"u8", GA_UINT64},       {"uintp", GA_UINT64},    {"e", GA_FLOAT16},
    {"f2", GA_FLOAT16},      {"half", GA_FLOAT16},    {"f", GA_FLOAT32},
    {"f4", GA_FLOAT32},      {"single", GA_FLOAT32},  {"d", GA_FLOAT64},
    {"f8", GA_FLOAT64},      {"float", GA_FLOAT64},   {"double", GA_FLOAT64},
    {"F", GA_COMPLEX64},     {"c8", GA_COMPLEX64},    {"csingle", GA_COMPLEX64},
    {"D", GA_COMPLEX128},    {"c16", GA_COMPLEX128},  {"complex", GA_COMPLEX128},
    {"cdouble", GA_COMPLEX128},
};

}  // namespace

bool is_valid_dtype(int dtype) noexcept { return dtype >= 0 && dtype < GA_DTYPE_COUNT; }

const DTypeInfo& dtype_info(ga_dtype_t dtype) {
  if (!is_valid_dtype(dtype)) {
    throw Error(GA_ERROR_DTYPE, "dtype " + std::to_string(static_cast<int>(dtype)) +
                                    " is not a ga_dtype_t value (0.." +
                                    std::to_string(GA_DTYPE_COUNT - 1) + ")");
  }
  return kDTypes[static_cast<std::size_t>(dtype)];
}

ga_dtype_t parse_dtype(std::string_view text) {
  std::string_view body = text;
  const bool big_endian = !body.empty() && body.front() == '>';
  if (!body.empty() && (body.front() == '<' || body.front() == '=' || body.front() == '|' || big_endian)) {
    body.remove_prefix(1);
  }
  // Byte order means nothing for one-byte types, so NumPy accepts '>' there too.
  if (big_endian && body != "?" && body != "b1" && body != "i1" && body != "u1") {
    throw Error(GA_ERROR_DTYPE, "dtype '" + std::string(text) +
                                    "' is big-endian; device arrays are little-endian");
  }
  for (const DTypeInfo& info : kDTypes) {
    if (body == info.name) return info.dtype;
  }
  for (const Alias& alias : kAliases) {
    if (body == alias.text) return alias.dtype;
  }
  throw Error(GA_ERROR_DTYPE, "unknown dtype '" + std::string(text) + "'");
}

}  // namespace garray
