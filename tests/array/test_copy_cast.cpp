// Copies and casts through the public C API (GPU): ga_array_copy in each order, ga_array_astype for
// every dtype pair checked element by element against the host's ga_scalar_cast (so host and
// device casts must agree exactly), ga_array_copy_into with broadcasting and casts, fills,
// ascontiguousarray/asfortranarray and copies to a device.
#include "array_test_support.hpp"
#include "gpu_test.hpp"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace array_test;
using Shape = std::vector<std::int64_t>;

class CopyCast : public GpuTest {};

std::vector<ga_scalar_t> cast_all(const std::vector<ga_scalar_t>& values, ga_dtype_t dtype) {
  std::vector<ga_scalar_t> cast;
  for (const ga_scalar_t& value : values) cast.push_back(cast_scalar(value, dtype));
  return cast;
}

// Values 0, 1, 2, ... of `shape` in C order, as `dtype`.
OwnedArray iota(const Shape& shape, ga_dtype_t dtype) {
  std::vector<ga_scalar_t> values;
  for (std::int64_t i = 0; i < element_count(shape); ++i) values.push_back(int_scalar(i));
  return upload_values(values, shape, dtype);
}

}  // namespace

TEST_F(CopyCast, CopyInEachOrder) {
  const Shape shape{3, 4, 5};
  std::mt19937_64 rng(11);
  const std::vector<unsigned char> bytes = random_bytes(60 * 8, rng);
  OwnedArray c_source = upload(bytes, shape, GA_FLOAT64);
  OwnedArray f_source;
  GA_ASSERT_OK(ga_array_copy(c_source, GA_ORDER_F, nullptr, f_source.out()));
  EXPECT_EQ(strides_of(f_source), compact_strides(shape, GA_ORDER_F));
  EXPECT_TRUE(download(f_source) == bytes);
  const struct {
    ga_array_t source;
    ga_order_t order;
    ga_order_t expected;
  } cases[] = {
      {c_source, GA_ORDER_C, GA_ORDER_C}, {c_source, GA_ORDER_F, GA_ORDER_F},
      {c_source, GA_ORDER_A, GA_ORDER_C}, {c_source, GA_ORDER_K, GA_ORDER_C},
      {f_source, GA_ORDER_C, GA_ORDER_C}, {f_source, GA_ORDER_F, GA_ORDER_F},
      {f_source, GA_ORDER_A, GA_ORDER_F}, {f_source, GA_ORDER_K, GA_ORDER_F},
  };
  for (const auto& c : cases) {
    OwnedArray copy;
    GA_ASSERT_OK(ga_array_copy(c.source, c.order, nullptr, copy.out()));
    EXPECT_NE(copy.get(), c.source);
    EXPECT_EQ(shape_of(copy), shape);
    EXPECT_EQ(dtype_of(copy), GA_FLOAT64);
    EXPECT_EQ(strides_of(copy), compact_strides(shape, c.expected)) << "order " << c.order;
    EXPECT_EQ(flags_of(copy), contiguity_flags(shape, compact_strides(shape, c.expected)) |
                                  GA_ARRAY_WRITEABLE | GA_ARRAY_OWNDATA);
    EXPECT_TRUE(download(copy) == bytes) << "order " << c.order;
  }
  // The copy is deep: overwriting the source later leaves it alone.
  OwnedArray copy;
  GA_ASSERT_OK(ga_array_copy(c_source, GA_ORDER_K, nullptr, copy.out()));
  const std::vector<unsigned char> other = random_bytes(bytes.size(), rng);
  GA_ASSERT_OK(ga_array_set_from_host(c_source, other.data(), other.size(), nullptr, nullptr));
  EXPECT_TRUE(download(copy) == bytes);
  ga_array_t out = untouched_marker();
  GA_EXPECT_STATUS(ga_array_copy(c_source, static_cast<ga_order_t>(5), nullptr, &out), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_copy(nullptr, GA_ORDER_C, nullptr, &out), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_copy(c_source, GA_ORDER_C, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(out, untouched_marker());
}

TEST_F(CopyCast, CopiesOfZeroDimensionalAndEmptyArrays) {
  OwnedArray scalar = upload_values({real_scalar(-3.25)}, Shape{}, GA_FLOAT32);
  const Shape empty_shape{0, 3};
  OwnedArray empty = upload({}, empty_shape, GA_INT64);
  for (ga_order_t order : {GA_ORDER_C, GA_ORDER_F, GA_ORDER_A, GA_ORDER_K}) {
    OwnedArray scalar_copy, empty_copy, cast;
    GA_ASSERT_OK(ga_array_copy(scalar, order, nullptr, scalar_copy.out()));
    EXPECT_TRUE(shape_of(scalar_copy).empty());
    expect_scalars(download_scalars(scalar_copy), {real_scalar(-3.25, GA_FLOAT32)}, "0-d copy");
    GA_ASSERT_OK(ga_array_astype(scalar, GA_INT8, order, nullptr, cast.out()));
    expect_scalars(download_scalars(cast), {int_scalar(-3, GA_INT8)}, "0-d astype");
    GA_ASSERT_OK(ga_array_copy(empty, order, nullptr, empty_copy.out()));
    EXPECT_EQ(shape_of(empty_copy), empty_shape);
    EXPECT_EQ(size_of(empty_copy), 0);
  }
}

TEST_F(CopyCast, AstypeOfEveryDtypePairMatchesTheHostCast) {
  // Random values of every magnitude and sign, NaN, infinities, saturation bounds, rounding ties
  // and values that rounding through an intermediate type would get wrong; each device result
  // must equal ga_scalar_cast of the source element (NaN matching NaN, signed zeros matching).
  constexpr std::size_t kCount = 3000;
  std::mt19937_64 rng(12);
  for (ga_dtype_t from : kAllDtypes) {
    const std::vector<unsigned char> bytes = cast_test_elements(from, kCount, rng);
    const std::vector<ga_scalar_t> sources = decode_elements(bytes, from);
    OwnedArray source = upload(bytes, Shape{static_cast<std::int64_t>(kCount)}, from);
    for (ga_dtype_t to : kAllDtypes) {
      OwnedArray cast;
      GA_ASSERT_OK(ga_array_astype(source, to, GA_ORDER_C, nullptr, cast.out()));
      EXPECT_EQ(dtype_of(cast), to);
      EXPECT_EQ(shape_of(cast), (Shape{static_cast<std::int64_t>(kCount)}));
      std::vector<ga_scalar_t> expected;
      for (const ga_scalar_t& value : sources) expected.push_back(cast_scalar(value, to));
      expect_scalars(download_scalars(cast), expected,
                     std::string("astype ") + dtype_name(from) + " -> " + dtype_name(to));
    }
  }
}

TEST_F(CopyCast, AstypeIntoAnotherOrderCastsThroughTheTransposeKernel) {
  // A C (37, 41) source cast into F order: the destination's fast axis is the source's slow one.
  const Shape shape{37, 41};
  std::mt19937_64 rng(13);
  for (const auto& [from, to] : {std::pair{GA_FLOAT64, GA_FLOAT16}, std::pair{GA_FLOAT32, GA_BFLOAT16},
                                 std::pair{GA_COMPLEX128, GA_INT16}, std::pair{GA_INT64, GA_FLOAT32},
                                 std::pair{GA_UINT8, GA_COMPLEX64}, std::pair{GA_BOOL, GA_FLOAT64}}) {
    const std::vector<unsigned char> bytes = cast_test_elements(from, 37 * 41, rng);
    OwnedArray source = upload(bytes, shape, from);
    OwnedArray cast;
    GA_ASSERT_OK(ga_array_astype(source, to, GA_ORDER_F, nullptr, cast.out()));
    EXPECT_EQ(strides_of(cast), compact_strides(shape, GA_ORDER_F));
    expect_scalars(download_scalars(cast), cast_all(decode_elements(bytes, from), to),
                   std::string("astype F ") + dtype_name(from) + " -> " + dtype_name(to));
    // And back from the F array into C, with the inverse-direction kernel.
    OwnedArray back;
    GA_ASSERT_OK(ga_array_astype(cast, from, GA_ORDER_C, nullptr, back.out()));
    EXPECT_EQ(strides_of(back), compact_strides(shape, GA_ORDER_C));
    expect_scalars(download_scalars(back), cast_all(cast_all(decode_elements(bytes, from), to), from),
                   std::string("astype back ") + dtype_name(to) + " -> " + dtype_name(from));
  }
  ga_array_t out = untouched_marker();
  OwnedArray source = iota(shape, GA_INT32);
  GA_EXPECT_STATUS(ga_array_astype(source, static_cast<ga_dtype_t>(GA_DTYPE_COUNT), GA_ORDER_C, nullptr, &out),
                   GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_array_astype(source, GA_FLOAT32, static_cast<ga_order_t>(-1), nullptr, &out),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(out, untouched_marker());
}

TEST_F(CopyCast, CopyIntoBroadcastsTheSource) {
  // NumPy: np.copyto(dst, src) with src of shape (1, 5), (5,) or () and dst (4, 5).
  const Shape shape{4, 5};
  for (const Shape& source_shape : {Shape{1, 5}, Shape{5}, Shape{}, Shape{4, 1}, Shape{1, 1}}) {
    OwnedArray destination;
    GA_ASSERT_OK(ga_array_zeros(2, shape.data(), GA_FLOAT32, GA_ORDER_C, nullptr, destination.out()));
    OwnedArray source = iota(source_shape, GA_INT32);
    GA_ASSERT_OK(ga_array_copy_into(source, destination, nullptr));
    std::vector<ga_scalar_t> expected;
    for (std::int64_t r = 0; r < 4; ++r) {
      for (std::int64_t c = 0; c < 5; ++c) {
        std::int64_t value = 0;
        if (source_shape == Shape{1, 5} || source_shape == Shape{5}) value = c;
        if (source_shape == Shape{4, 1}) value = r;
        expected.push_back(real_scalar(static_cast<double>(value), GA_FLOAT32));
      }
    }
    expect_scalars(download_scalars(destination), expected,
                   "copy_into broadcast from rank " + std::to_string(source_shape.size()));
  }
  // Into an F-ordered destination too.
  OwnedArray fortran;
  GA_ASSERT_OK(ga_array_zeros(2, shape.data(), GA_INT64, GA_ORDER_F, nullptr, fortran.out()));
  OwnedArray row = iota(Shape{1, 5}, GA_UINT8);
  GA_ASSERT_OK(ga_array_copy_into(row, fortran, nullptr));
  std::vector<ga_scalar_t> expected;
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 5; ++c) expected.push_back(int_scalar(c, GA_INT64));
  }
  expect_scalars(download_scalars(fortran), expected, "copy_into broadcast row into F");
}

TEST_F(CopyCast, CopyIntoCastsToTheDestinationDtype) {
  std::mt19937_64 rng(14);
  const std::size_t count = 500;
  for (const auto& [from, to] :
       {std::pair{GA_FLOAT64, GA_INT16}, std::pair{GA_FLOAT32, GA_UINT8}, std::pair{GA_COMPLEX64, GA_FLOAT16},
        std::pair{GA_INT64, GA_BOOL}, std::pair{GA_UINT64, GA_INT8}, std::pair{GA_FLOAT16, GA_COMPLEX128}}) {
    const std::vector<unsigned char> bytes = cast_test_elements(from, count, rng);
    OwnedArray source = upload(bytes, Shape{static_cast<std::int64_t>(count)}, from);
    OwnedArray destination;
    GA_ASSERT_OK(
        ga_array_empty(1, Shape{static_cast<std::int64_t>(count)}.data(), to, GA_ORDER_C, nullptr, destination.out()));
    GA_ASSERT_OK(ga_array_copy_into(source, destination, nullptr));
    expect_scalars(download_scalars(destination), cast_all(decode_elements(bytes, from), to),
                   std::string("copy_into ") + dtype_name(from) + " -> " + dtype_name(to));
  }
}

TEST_F(CopyCast, CopyIntoShapeMismatchAndBadHandlesLeaveTheDestinationAlone) {
  OwnedArray destination = iota(Shape{4, 5}, GA_FLOAT64);
  const std::vector<unsigned char> before = download(destination);
  for (const Shape& bad : {Shape{3}, Shape{4, 4}, Shape{2, 4, 5}, Shape{5, 4}, Shape{0}}) {
    OwnedArray source = iota(bad, GA_FLOAT64);
    GA_EXPECT_STATUS(ga_array_copy_into(source, destination, nullptr), GA_ERROR_SHAPE_MISMATCH);
    // Read the message before `source` is released: a successful call clears it.
    EXPECT_NE(std::string(ga_last_error()).find("(4, 5)"), std::string::npos) << ga_last_error();
  }
  // A larger destination cannot broadcast into a smaller one either.
  OwnedArray small = iota(Shape{5}, GA_FLOAT64);
  GA_EXPECT_STATUS(ga_array_copy_into(destination, small, nullptr), GA_ERROR_SHAPE_MISMATCH);
  GA_EXPECT_STATUS(ga_array_copy_into(nullptr, destination, nullptr), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_copy_into(small, nullptr, nullptr), GA_ERROR_INVALID_HANDLE);
  EXPECT_TRUE(download(destination) == before);
  // Copying an array into itself changes nothing.
  GA_ASSERT_OK(ga_array_copy_into(destination, destination, nullptr));
  EXPECT_TRUE(download(destination) == before);
}

TEST_F(CopyCast, FillCastsTheValue) {
  const Shape shape{3, 7};
  for (ga_dtype_t dtype : kAllDtypes) {
    OwnedArray array;
    GA_ASSERT_OK(ga_array_empty(2, shape.data(), dtype, GA_ORDER_F, nullptr, array.out()));
    for (const ga_scalar_t& value :
         {real_scalar(300.7), real_scalar(-1.5), int_scalar(-1), complex_scalar(0.0, 2.0),
          real_scalar(std::nan("")), bool_scalar(true), uint_scalar(1ull << 63)}) {
      GA_ASSERT_OK(ga_array_fill(array, value, nullptr));
      const std::vector<ga_scalar_t> values = download_scalars(array);
      expect_scalars(values, std::vector<ga_scalar_t>(values.size(), cast_scalar(value, dtype)),
                     std::string("fill ") + dtype_name(dtype) + " with " + describe(value));
    }
  }
  GA_EXPECT_STATUS(ga_array_fill(nullptr, real_scalar(1.0), nullptr), GA_ERROR_INVALID_HANDLE);
  OwnedArray array = iota(Shape{3}, GA_INT32);
  GA_EXPECT_STATUS(ga_array_fill(array, real_scalar(1.0, static_cast<ga_dtype_t>(GA_DTYPE_COUNT)), nullptr),
                   GA_ERROR_DTYPE);
  expect_scalars(download_scalars(array), cast_all({int_scalar(0), int_scalar(1), int_scalar(2)}, GA_INT32),
                 "fill with a bad scalar leaves the array");
}

TEST_F(CopyCast, AsContiguousAndAsFortranReturnTheSameHandleWhenAlreadyLaidOut) {
  const Shape shape{6, 7};
  OwnedArray c_array = iota(shape, GA_INT16);
  OwnedArray f_array;
  GA_ASSERT_OK(ga_array_copy(c_array, GA_ORDER_F, nullptr, f_array.out()));
  const std::vector<unsigned char> values = download(c_array);

  ga_array_t same = nullptr;
  GA_ASSERT_OK(ga_array_ascontiguousarray(c_array, nullptr, &same));
  EXPECT_EQ(same, c_array.get());
  GA_ASSERT_OK(ga_array_release(same));  // the extra reference; c_array still holds its own
  EXPECT_EQ(shape_of(c_array), shape);

  GA_ASSERT_OK(ga_array_asfortranarray(f_array, nullptr, &same));
  EXPECT_EQ(same, f_array.get());
  GA_ASSERT_OK(ga_array_release(same));
  EXPECT_EQ(shape_of(f_array), shape);

  OwnedArray to_c, to_f;
  GA_ASSERT_OK(ga_array_ascontiguousarray(f_array, nullptr, to_c.out()));
  EXPECT_NE(to_c.get(), f_array.get());
  EXPECT_EQ(strides_of(to_c), compact_strides(shape, GA_ORDER_C));
  EXPECT_TRUE(download(to_c) == values);
  GA_ASSERT_OK(ga_array_asfortranarray(c_array, nullptr, to_f.out()));
  EXPECT_NE(to_f.get(), c_array.get());
  EXPECT_EQ(strides_of(to_f), compact_strides(shape, GA_ORDER_F));
  EXPECT_TRUE(download(to_f) == values);

  // A 1-d array is both: the same handle either way.
  OwnedArray vector = iota(Shape{9}, GA_FLOAT32);
  for (auto function : {ga_array_ascontiguousarray, ga_array_asfortranarray}) {
    GA_ASSERT_OK(function(vector, nullptr, &same));
    EXPECT_EQ(same, vector.get());
    GA_ASSERT_OK(ga_array_release(same));
  }
  // 0-d becomes 1-d, as NumPy's ascontiguousarray and asfortranarray.
  OwnedArray scalar = upload_values({real_scalar(8.5)}, Shape{}, GA_FLOAT64);
  for (auto function : {ga_array_ascontiguousarray, ga_array_asfortranarray}) {
    OwnedArray result;
    GA_ASSERT_OK(function(scalar, nullptr, result.out()));
    EXPECT_EQ(shape_of(result), (Shape{1}));
    EXPECT_EQ(strides_of(result), (Shape{1}));
    expect_scalars(download_scalars(result), {real_scalar(8.5)}, "0-d as 1-d");
  }
  ga_array_t out = untouched_marker();
  GA_EXPECT_STATUS(ga_array_ascontiguousarray(nullptr, nullptr, &out), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_asfortranarray(c_array, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(out, untouched_marker());
}

TEST_F(CopyCast, CopyToDeviceZeroIsADeepCopy) {
  std::mt19937_64 rng(15);
  const Shape shape{5, 8};
  const std::vector<unsigned char> bytes = random_bytes(40 * 8, rng);
  OwnedArray source = upload(bytes, shape, GA_COMPLEX64);
  OwnedArray copy;
  GA_ASSERT_OK(ga_array_copy_to_device(source, 0, nullptr, copy.out()));
  EXPECT_NE(copy.get(), source.get());
  int device = -1;
  GA_ASSERT_OK(ga_array_device(copy, &device));
  EXPECT_EQ(device, 0);
  EXPECT_EQ(shape_of(copy), shape);
  EXPECT_EQ(dtype_of(copy), GA_COMPLEX64);
  void* source_data = nullptr;
  void* copy_data = nullptr;
  GA_ASSERT_OK(ga_array_data(source, &source_data));
  GA_ASSERT_OK(ga_array_data(copy, &copy_data));
  EXPECT_NE(source_data, copy_data);
  EXPECT_TRUE(download(copy) == bytes);
  // An F-ordered source keeps its layout (a copy in order K).
  OwnedArray fortran, fortran_copy;
  GA_ASSERT_OK(ga_array_copy(source, GA_ORDER_F, nullptr, fortran.out()));
  GA_ASSERT_OK(ga_array_copy_to_device(fortran, 0, nullptr, fortran_copy.out()));
  EXPECT_EQ(strides_of(fortran_copy), compact_strides(shape, GA_ORDER_F));
  EXPECT_TRUE(download(fortran_copy) == bytes);

  int count = 0;
  GA_ASSERT_OK(ga_device_count(&count));
  ga_array_t out = untouched_marker();
  GA_EXPECT_STATUS(ga_array_copy_to_device(source, count, nullptr, &out), GA_ERROR_NO_DEVICE);
  GA_EXPECT_STATUS(ga_array_copy_to_device(source, -1, nullptr, &out), GA_ERROR_NO_DEVICE);
  GA_EXPECT_STATUS(ga_array_copy_to_device(source, 0, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(out, untouched_marker());
}

TEST_F(CopyCast, LargeArraysUse64BitIndexing) {
  // 2^31 + 6 one-byte elements: the contiguous cast kernel (1-d) and the strided one (a (2, n/2)
  // array cast into F order) need 64-bit indices. Elements past 2^31 are checked one by one.
  // Up to about 6 GiB of device memory at a time; skipped on smaller devices.
  ga_device_properties_t properties{sizeof(properties)};
  GA_ASSERT_OK(ga_device_get_properties(0, &properties));
  if (properties.free_memory < (std::size_t{10} << 30)) GTEST_SKIP() << "needs 10 GiB of free device memory";
  const std::int64_t count = (std::int64_t{1} << 31) + 6;
  const auto pattern = [](std::int64_t i) { return static_cast<std::int8_t>((i * 7) ^ (i >> 20)); };
  std::vector<std::int8_t> host(static_cast<std::size_t>(count));
  for (std::int64_t i = 0; i < count; ++i) host[static_cast<std::size_t>(i)] = pattern(i);
  const std::int64_t probes[] = {
      0,         1,         (std::int64_t{1} << 31) - 1, std::int64_t{1} << 31, (std::int64_t{1} << 31) + 1,
      count - 2, count - 1, 1234567890123 % count};
  {
    OwnedArray source, wide;
    GA_ASSERT_OK(ga_array_from_host(host.data(), 1, &count, nullptr, GA_INT8, GA_ORDER_C, nullptr, source.out()));
    GA_ASSERT_OK(ga_array_astype(source, GA_INT16, GA_ORDER_C, nullptr, wide.out()));
    for (std::int64_t index : probes) {
      ga_scalar_t value{};
      GA_ASSERT_OK(ga_array_item(wide, &index, nullptr, &value));
      EXPECT_TRUE(same_scalar(value, int_scalar(pattern(index), GA_INT16)))
          << index << ": " << describe(value);
    }
  }
  {
    const std::int64_t columns = count / 2;
    const Shape shape{2, columns};
    OwnedArray source, fortran;
    GA_ASSERT_OK(
        ga_array_from_host(host.data(), 2, shape.data(), nullptr, GA_INT8, GA_ORDER_C, nullptr, source.out()));
    GA_ASSERT_OK(ga_array_astype(source, GA_INT16, GA_ORDER_F, nullptr, fortran.out()));
    EXPECT_EQ(strides_of(fortran), (Shape{1, 2}));
    for (std::int64_t flat : probes) {
      const std::int64_t index[] = {flat / columns, flat % columns};
      ga_scalar_t value{};
      GA_ASSERT_OK(ga_array_item(fortran, index, nullptr, &value));
      EXPECT_TRUE(same_scalar(value, int_scalar(pattern(flat), GA_INT16))) << flat << ": " << describe(value);
    }
  }
}
