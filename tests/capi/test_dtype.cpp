#include "gpu_test.hpp"

#include <string>
#include <utility>

namespace {

struct Expected {
  ga_dtype_t dtype;
  size_t itemsize;
  const char* name;
  ga_dtype_kind_t kind;
};

constexpr Expected kAll[] = {
    {GA_BOOL, 1, "bool", GA_KIND_BOOL},           {GA_INT8, 1, "int8", GA_KIND_SIGNED},
    {GA_INT16, 2, "int16", GA_KIND_SIGNED},       {GA_INT32, 4, "int32", GA_KIND_SIGNED},
    {GA_INT64, 8, "int64", GA_KIND_SIGNED},       {GA_UINT8, 1, "uint8", GA_KIND_UNSIGNED},
    {GA_UINT16, 2, "uint16", GA_KIND_UNSIGNED},   {GA_UINT32, 4, "uint32", GA_KIND_UNSIGNED},
    {GA_UINT64, 8, "uint64", GA_KIND_UNSIGNED},   {GA_FLOAT16, 2, "float16", GA_KIND_FLOAT},
    {GA_BFLOAT16, 2, "bfloat16", GA_KIND_FLOAT},  {GA_FLOAT32, 4, "float32", GA_KIND_FLOAT},
    {GA_FLOAT64, 8, "float64", GA_KIND_FLOAT},    {GA_COMPLEX64, 8, "complex64", GA_KIND_COMPLEX},
    {GA_COMPLEX128, 16, "complex128", GA_KIND_COMPLEX},
};

}  // namespace

TEST(DType, SizeNameKindOfEveryDType) {
  static_assert(sizeof(kAll) / sizeof(kAll[0]) == GA_DTYPE_COUNT);
  for (const Expected& e : kAll) {
    size_t itemsize = 0;
    const char* name = nullptr;
    ga_dtype_kind_t kind{};
    GA_ASSERT_OK(ga_dtype_itemsize(e.dtype, &itemsize));
    GA_ASSERT_OK(ga_dtype_name(e.dtype, &name));
    GA_ASSERT_OK(ga_dtype_kind(e.dtype, &kind));
    EXPECT_EQ(itemsize, e.itemsize) << e.name;
    EXPECT_STREQ(name, e.name);
    EXPECT_EQ(kind, e.kind) << e.name;
    ga_dtype_t parsed{};
    GA_ASSERT_OK(ga_dtype_parse(e.name, &parsed));
    EXPECT_EQ(parsed, e.dtype) << e.name;
  }
}

TEST(DType, ParsesNumPySpellings) {
  const std::pair<const char*, ga_dtype_t> spellings[] = {
      {"f4", GA_FLOAT32},   {"<f4", GA_FLOAT32},    {"=f4", GA_FLOAT32},     {"float", GA_FLOAT64},
      {"f8", GA_FLOAT64},   {"double", GA_FLOAT64}, {"half", GA_FLOAT16},    {"e", GA_FLOAT16},
      {"c8", GA_COMPLEX64}, {"<c16", GA_COMPLEX128}, {"complex", GA_COMPLEX128}, {"?", GA_BOOL},
      {"|b1", GA_BOOL},     {"bool_", GA_BOOL},     {"i8", GA_INT64},        {"int", GA_INT64},
      {"l", GA_INT64},      {"i", GA_INT32},        {"u1", GA_UINT8},        {"|u1", GA_UINT8},
      {">u1", GA_UINT8},    {"B", GA_UINT8},        {"Q", GA_UINT64},        {"uint32", GA_UINT32},
      {"int16", GA_INT16},  {"b", GA_INT8},
  };
  for (const auto& [text, expected] : spellings) {
    ga_dtype_t parsed{};
    GA_ASSERT_OK(ga_dtype_parse(text, &parsed));
    EXPECT_EQ(parsed, expected) << text;
  }
}

TEST(DType, RejectsUnknownAndBigEndianSpellings) {
  for (const char* text : {"", "float31", ">f4", "<", "fl0at32", "object", "U8"}) {
    ga_dtype_t parsed = GA_INT8;
    GA_EXPECT_STATUS(ga_dtype_parse(text, &parsed), GA_ERROR_DTYPE);
    EXPECT_EQ(parsed, GA_INT8) << "out-parameter written on failure for '" << text << "'";
    EXPECT_NE(std::string(ga_last_error()).find(text), std::string::npos) << ga_last_error();
  }
}

TEST(DType, RejectsUndefinedValuesAndNullPointers) {
  size_t itemsize = 77;
  GA_EXPECT_STATUS(ga_dtype_itemsize(static_cast<ga_dtype_t>(GA_DTYPE_COUNT), &itemsize), GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_dtype_itemsize(static_cast<ga_dtype_t>(-1), &itemsize), GA_ERROR_DTYPE);
  EXPECT_EQ(itemsize, 77u);
  const char* name = nullptr;
  GA_EXPECT_STATUS(ga_dtype_name(static_cast<ga_dtype_t>(100), &name), GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_dtype_name(GA_FLOAT32, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_dtype_kind(GA_FLOAT32, nullptr), GA_ERROR_INVALID_ARGUMENT);
  ga_dtype_t parsed{};
  GA_EXPECT_STATUS(ga_dtype_parse(nullptr, &parsed), GA_ERROR_INVALID_ARGUMENT);
}
