// Moving data between host and device through the public C API (GPU): bit-exact round trips for
// every dtype and awkward sizes, F-ordered and arbitrarily strided host layouts, the async
// variants, buffer-size checks, overwriting an array from the host, and reading single elements.
#include "array_test_support.hpp"
#include "gpu_test.hpp"

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace array_test;
using Shape = std::vector<std::int64_t>;

class Transfer : public GpuTest {};

// The element of a host layout at `index`: `base` is the first element, strides are in bytes.
const unsigned char* host_element(const unsigned char* base, const Shape& index, const Shape& byte_strides) {
  std::int64_t offset = 0;
  for (std::size_t d = 0; d < index.size(); ++d) offset += index[d] * byte_strides[d];
  return base + offset;
}

// The elements of a strided host layout gathered in C order.
std::vector<unsigned char> gather(const unsigned char* base, const Shape& shape, const Shape& byte_strides,
                                  std::size_t itemsize) {
  std::vector<unsigned char> compact;
  const std::int64_t count = element_count(shape);
  Shape index(shape.size(), 0);
  for (std::int64_t i = 0; i < count; ++i) {
    const unsigned char* element = host_element(base, index, byte_strides);
    compact.insert(compact.end(), element, element + itemsize);
    for (std::size_t d = shape.size(); d-- > 0;) {
      if (++index[d] < shape[d]) break;
      index[d] = 0;
    }
  }
  return compact;
}

}  // namespace

TEST_F(Transfer, EveryDtypeRoundTripsBitExactly) {
  // Same-dtype transfers copy bytes, so arbitrary patterns (NaN payloads, bool bytes other than
  // 0 and 1, signalling NaNs) come back unchanged.
  std::mt19937_64 rng(1);
  for (ga_dtype_t dtype : kAllDtypes) {
    for (std::int64_t size : {0, 1, 31, 1000003}) {
      const std::vector<unsigned char> bytes =
          random_bytes(static_cast<std::size_t>(size) * itemsize_of(dtype), rng);
      OwnedArray array = upload(bytes, Shape{size}, dtype);
      ASSERT_NE(array.get(), nullptr);
      EXPECT_EQ(shape_of(array), (Shape{size}));
      EXPECT_EQ(dtype_of(array), dtype);
      EXPECT_EQ(flags_of(array), kContiguityFlags | GA_ARRAY_WRITEABLE | GA_ARRAY_OWNDATA);
      EXPECT_TRUE(download(array) == bytes) << dtype_name(dtype) << " size " << size;
    }
  }
}

TEST_F(Transfer, ZeroDimensionalAndMultiDimensionalCOrder) {
  std::mt19937_64 rng(2);
  const std::vector<unsigned char> one = random_bytes(16, rng);
  OwnedArray scalar;
  GA_ASSERT_OK(ga_array_from_host(one.data(), 0, nullptr, nullptr, GA_COMPLEX128, GA_ORDER_C, nullptr, scalar.out()));
  EXPECT_TRUE(shape_of(scalar).empty());
  EXPECT_TRUE(download(scalar) == one);
  const Shape shape{3, 1, 4, 5};
  const std::vector<unsigned char> bytes = random_bytes(60 * 4, rng);
  OwnedArray array = upload(bytes, shape, GA_FLOAT32);
  EXPECT_EQ(strides_of(array), compact_strides(shape, GA_ORDER_C));
  EXPECT_TRUE(download(array) == bytes);
}

TEST_F(Transfer, FortranOrderedHostDataGivesAnFContiguousArray) {
  // byte_strides NULL with GA_ORDER_F: host[j * rows + i] is element (i, j).
  const Shape shape{5, 7};
  std::vector<std::int32_t> host(35);
  for (std::size_t i = 0; i < host.size(); ++i) host[i] = static_cast<std::int32_t>(i * 3 + 1);
  OwnedArray array;
  GA_ASSERT_OK(ga_array_from_host(host.data(), 2, shape.data(), nullptr, GA_INT32, GA_ORDER_F, nullptr, array.out()));
  EXPECT_EQ(strides_of(array), (Shape{1, 5}));
  EXPECT_EQ(flags_of(array) & kContiguityFlags, unsigned{GA_ARRAY_F_CONTIGUOUS});
  // The C-order download is the transpose of the host buffer.
  const std::vector<unsigned char> bytes = download(array);
  ASSERT_EQ(bytes.size(), 35u * 4);
  for (std::int64_t i = 0; i < 5; ++i) {
    for (std::int64_t j = 0; j < 7; ++j) {
      EXPECT_EQ(load<std::int32_t>(&bytes[static_cast<std::size_t>(i * 7 + j) * 4]),
                host[static_cast<std::size_t>(j * 5 + i)])
          << i << ", " << j;
    }
  }
  // Explicit F-ordered byte strides do the same, in three dimensions and for a 16-byte dtype.
  std::mt19937_64 rng(3);
  const Shape cube{3, 4, 6};
  const std::vector<unsigned char> host_cube = random_bytes(72 * 16, rng);
  const Shape f_strides{16, 3 * 16, 12 * 16};
  OwnedArray fortran;
  GA_ASSERT_OK(ga_array_from_host(host_cube.data(), 3, cube.data(), f_strides.data(), GA_COMPLEX128, GA_ORDER_C,
                                  nullptr, fortran.out()));
  EXPECT_EQ(strides_of(fortran), (Shape{1, 3, 12}));
  EXPECT_TRUE(download(fortran) == gather(host_cube.data(), cube, f_strides, 16));
}

TEST_F(Transfer, ExplicitByteStridesIncludingNegativeOnes) {
  // A reversed vector: the host pointer is the last element of the buffer, the stride -4.
  std::vector<std::int32_t> values(10);
  for (int i = 0; i < 10; ++i) values[static_cast<std::size_t>(i)] = i * i;
  const Shape length{10};
  const Shape reversed_stride{-4};
  OwnedArray reversed;
  GA_ASSERT_OK(ga_array_from_host(&values[9], 1, length.data(), reversed_stride.data(), GA_INT32, GA_ORDER_C, nullptr,
                                  reversed.out()));
  EXPECT_EQ(strides_of(reversed), (Shape{1}));
  const std::vector<unsigned char> bytes = download(reversed);
  for (int i = 0; i < 10; ++i)
    EXPECT_EQ(load<std::int32_t>(&bytes[static_cast<std::size_t>(i) * 4]), (9 - i) * (9 - i)) << i;

  // A non-contiguous 3-d window of a (4, 6, 10) float64 host block: every other plane, rows
  // backwards from row 5, every third column.
  std::mt19937_64 rng(4);
  const std::vector<unsigned char> block = random_bytes(4 * 6 * 10 * 8, rng);
  const Shape window{2, 3, 4};
  const Shape strides{2 * 60 * 8, -2 * 10 * 8, 3 * 8};
  const unsigned char* first = block.data() + (5 * 10) * 8;  // plane 0, row 5, column 0
  OwnedArray array;
  GA_ASSERT_OK(
      ga_array_from_host(first, 3, window.data(), strides.data(), GA_FLOAT64, GA_ORDER_C, nullptr, array.out()));
  EXPECT_EQ(strides_of(array), compact_strides(window, GA_ORDER_C));
  EXPECT_TRUE(download(array) == gather(first, window, strides, 8));

  // Zero strides repeat one host element.
  const double seven = 7.0;
  const Shape repeated{3, 2};
  const Shape zero{0, 0};
  OwnedArray broadcast;
  GA_ASSERT_OK(
      ga_array_from_host(&seven, 2, repeated.data(), zero.data(), GA_FLOAT64, GA_ORDER_C, nullptr, broadcast.out()));
  EXPECT_EQ(download_reals(broadcast), std::vector<double>(6, 7.0));
}

TEST_F(Transfer, FromHostErrors) {
  const std::vector<double> data(12, 1.0);
  const Shape shape{3, 4};
  const Shape unaligned{32, 6};  // 6 bytes is not a multiple of 8
  const Shape negative_shape{3, -4};
  ga_array_t out = untouched_marker();
  GA_EXPECT_STATUS(
      ga_array_from_host(data.data(), 2, shape.data(), unaligned.data(), GA_FLOAT64, GA_ORDER_C, nullptr, &out),
      GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("byte_strides[1]"), std::string::npos) << ga_last_error();
  GA_EXPECT_STATUS(ga_array_from_host(nullptr, 2, shape.data(), nullptr, GA_FLOAT64, GA_ORDER_C, nullptr, &out),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_from_host(data.data(), 2, nullptr, nullptr, GA_FLOAT64, GA_ORDER_C, nullptr, &out),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(
      ga_array_from_host(data.data(), 2, negative_shape.data(), nullptr, GA_FLOAT64, GA_ORDER_C, nullptr, &out),
      GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_from_host(data.data(), 33, shape.data(), nullptr, GA_FLOAT64, GA_ORDER_C, nullptr, &out),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_from_host(data.data(), 2, shape.data(), nullptr, GA_FLOAT64, GA_ORDER_A, nullptr, &out),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_from_host(data.data(), 2, shape.data(), nullptr, static_cast<ga_dtype_t>(GA_DTYPE_COUNT),
                                      GA_ORDER_C, nullptr, &out),
                   GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_array_from_host(data.data(), 2, shape.data(), nullptr, GA_FLOAT64, GA_ORDER_C, nullptr, nullptr),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(
      ga_array_from_host_async(data.data(), 2, shape.data(), unaligned.data(), GA_FLOAT64, GA_ORDER_C, nullptr, &out),
      GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(out, untouched_marker());
  // NULL data is fine when there is nothing to read.
  const Shape empty{0, 4};
  OwnedArray nothing;
  GA_EXPECT_STATUS(
      ga_array_from_host(nullptr, 2, empty.data(), nullptr, GA_FLOAT64, GA_ORDER_C, nullptr, nothing.out()), GA_OK);
  EXPECT_EQ(size_of(nothing), 0);
}

TEST_F(Transfer, AsyncUploadMayReuseTheHostBufferAtOnce) {
  std::mt19937_64 rng(5);
  for (std::int64_t size : {1, 1000, 1000003}) {
    std::vector<unsigned char> host = random_bytes(static_cast<std::size_t>(size) * 4, rng);
    const std::vector<unsigned char> original = host;
    OwnedArray array;
    GA_ASSERT_OK(ga_array_from_host_async(host.data(), 1, Shape{size}.data(), nullptr, GA_UINT32, GA_ORDER_C, nullptr,
                                          array.out()));
    std::fill(host.begin(), host.end(), static_cast<unsigned char>(0xEE));  // before any synchronisation
    EXPECT_TRUE(download(array) == original) << "size " << size;
  }
  // A strided and an F-ordered async upload.
  std::vector<std::int16_t> grid(6 * 8);
  for (std::size_t i = 0; i < grid.size(); ++i) grid[i] = static_cast<std::int16_t>(i);
  const Shape shape{3, 4};
  const Shape strides{2 * 8 * 2, 2 * 2};
  std::vector<unsigned char> grid_bytes(grid.size() * 2);
  std::memcpy(grid_bytes.data(), grid.data(), grid_bytes.size());
  const std::vector<unsigned char> expected = gather(grid_bytes.data(), shape, strides, 2);
  OwnedArray strided, fortran;
  GA_ASSERT_OK(ga_array_from_host_async(grid.data(), 2, shape.data(), strides.data(), GA_INT16, GA_ORDER_C, nullptr,
                                        strided.out()));
  GA_ASSERT_OK(
      ga_array_from_host_async(grid.data(), 2, shape.data(), nullptr, GA_INT16, GA_ORDER_F, nullptr, fortran.out()));
  std::fill(grid.begin(), grid.end(), std::int16_t{-1});
  EXPECT_TRUE(download(strided) == expected);
  EXPECT_EQ(strides_of(fortran), (Shape{1, 3}));
  const std::vector<unsigned char> f_expected = gather(grid_bytes.data(), shape, Shape{2, 3 * 2}, 2);
  EXPECT_TRUE(download(fortran) == f_expected);
}

TEST_F(Transfer, AsyncDownloadLandsAfterTheStreamIsSynchronised) {
  std::mt19937_64 rng(6);
  for (std::int64_t size : {0, 1, 31, 1000003}) {
    const std::vector<unsigned char> bytes = random_bytes(static_cast<std::size_t>(size) * 8, rng);
    OwnedArray array = upload(bytes, Shape{size}, GA_FLOAT64);
    std::vector<unsigned char> host(bytes.size() + 8, 0xAB);  // pageable memory, 8 bytes spare
    GA_ASSERT_OK(ga_array_to_host_async(array, host.data(), host.size(), nullptr));
    GA_ASSERT_OK(ga_stream_synchronize(nullptr));
    EXPECT_TRUE(std::equal(bytes.begin(), bytes.end(), host.begin())) << "size " << size;
    for (std::size_t i = bytes.size(); i < host.size(); ++i) EXPECT_EQ(host[i], 0xAB) << "wrote past nbytes";
  }
  // A non-C-contiguous array goes through a device copy first.
  const Shape shape{4, 6};
  std::vector<double> f_host(24);
  for (std::size_t i = 0; i < f_host.size(); ++i) f_host[i] = static_cast<double>(i);
  OwnedArray fortran;
  GA_ASSERT_OK(
      ga_array_from_host(f_host.data(), 2, shape.data(), nullptr, GA_FLOAT64, GA_ORDER_F, nullptr, fortran.out()));
  std::vector<double> c_host(24, -1.0);
  GA_ASSERT_OK(ga_array_to_host_async(fortran, c_host.data(), c_host.size() * sizeof(double), nullptr));
  GA_ASSERT_OK(ga_stream_synchronize(nullptr));
  for (std::size_t i = 0; i < 4; ++i) {
    for (std::size_t j = 0; j < 6; ++j) EXPECT_EQ(c_host[i * 6 + j], f_host[j * 4 + i]) << i << ", " << j;
  }
}

TEST_F(Transfer, ToHostWithTooSmallABufferLeavesItUntouched) {
  const std::vector<unsigned char> bytes(40, 0x11);
  OwnedArray array = upload(bytes, Shape{10}, GA_INT32);
  std::vector<unsigned char> host(39, 0xCD);
  GA_EXPECT_STATUS(ga_array_to_host(array, host.data(), host.size(), nullptr), GA_ERROR_BUFFER_TOO_SMALL);
  EXPECT_NE(std::string(ga_last_error()).find("40"), std::string::npos) << ga_last_error();
  GA_EXPECT_STATUS(ga_array_to_host_async(array, host.data(), host.size(), nullptr), GA_ERROR_BUFFER_TOO_SMALL);
  GA_ASSERT_OK(ga_stream_synchronize(nullptr));
  EXPECT_EQ(host, std::vector<unsigned char>(39, 0xCD));
  GA_EXPECT_STATUS(ga_array_to_host(array, nullptr, 40, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_to_host(nullptr, host.data(), host.size(), nullptr), GA_ERROR_INVALID_HANDLE);
  // An empty array needs no buffer at all.
  OwnedArray empty = upload({}, Shape{0}, GA_INT32);
  GA_EXPECT_STATUS(ga_array_to_host(empty, nullptr, 0, nullptr), GA_OK);
}

TEST_F(Transfer, SetFromHostOverwritesTheWholeArray) {
  const Shape shape{4, 5};
  OwnedArray array;
  GA_ASSERT_OK(ga_array_zeros(2, shape.data(), GA_INT32, GA_ORDER_C, nullptr, array.out()));
  std::vector<std::int32_t> values(20);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<std::int32_t>(100 + i);
  GA_ASSERT_OK(ga_array_set_from_host(array, values.data(), values.size() * 4, nullptr, nullptr));
  std::vector<unsigned char> expected(80);
  std::memcpy(expected.data(), values.data(), expected.size());
  EXPECT_TRUE(download(array) == expected);

  // Laid out by byte strides: here F-ordered host data for the C-ordered array.
  const Shape f_strides{4, 4 * 4};
  GA_ASSERT_OK(ga_array_set_from_host(array, values.data(), values.size() * 4, f_strides.data(), nullptr));
  const std::vector<unsigned char> bytes = download(array);
  for (std::size_t i = 0; i < 4; ++i) {
    for (std::size_t j = 0; j < 5; ++j)
      EXPECT_EQ(load<std::int32_t>(&bytes[(i * 5 + j) * 4]), values[j * 4 + i]);
  }

  // Into an F-ordered array, from C-ordered host data.
  OwnedArray fortran;
  GA_ASSERT_OK(ga_array_zeros(2, shape.data(), GA_INT32, GA_ORDER_F, nullptr, fortran.out()));
  GA_ASSERT_OK(ga_array_set_from_host(fortran, values.data(), values.size() * 4, nullptr, nullptr));
  EXPECT_TRUE(download(fortran) == expected);
  EXPECT_EQ(strides_of(fortran), (Shape{1, 4}));
}

TEST_F(Transfer, SetFromHostErrorsLeaveTheArrayAsItWas) {
  const Shape shape{6};
  const std::vector<double> original{1, 2, 3, 4, 5, 6};
  OwnedArray array = upload_values(real_values(original), shape, GA_FLOAT64);
  const std::vector<double> other(6, -9.0);
  GA_EXPECT_STATUS(ga_array_set_from_host(array, other.data(), 47, nullptr, nullptr), GA_ERROR_BUFFER_TOO_SMALL);
  const Shape unaligned{12};
  GA_EXPECT_STATUS(ga_array_set_from_host(array, other.data(), 48, unaligned.data(), nullptr),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_set_from_host(array, nullptr, 48, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_set_from_host(nullptr, other.data(), 48, nullptr, nullptr), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(download_reals(array), original);
}

TEST_F(Transfer, ItemReadsOneElement) {
  const Shape shape{3, 4};
  std::vector<ga_scalar_t> values;
  for (int i = 0; i < 12; ++i) values.push_back(real_scalar(i * 1.5 - 4));
  for (ga_dtype_t dtype : {GA_FLOAT64, GA_FLOAT16, GA_INT8, GA_UINT64, GA_COMPLEX64, GA_BOOL, GA_BFLOAT16}) {
    OwnedArray array = upload_values(values, shape, dtype);
    const struct {
      std::int64_t row, column;
      std::size_t flat;
    } probes[] = {{0, 0, 0}, {2, 3, 11}, {1, 2, 6}, {-1, -1, 11}, {-3, 0, 0}, {-2, 3, 7}, {2, -4, 8}};
    for (const auto& probe : probes) {
      const std::int64_t index[] = {probe.row, probe.column};
      ga_scalar_t value{};
      GA_ASSERT_OK(ga_array_item(array, index, nullptr, &value));
      EXPECT_TRUE(same_scalar(value, cast_scalar(values[probe.flat], dtype)))
          << dtype_name(dtype) << " [" << probe.row << ", " << probe.column << "]: " << describe(value);
    }
    ga_scalar_t untouched = real_scalar(42.0);
    for (const auto& bad : {Shape{3, 0}, Shape{0, 4}, Shape{-4, 0}, Shape{0, -5}}) {
      GA_EXPECT_STATUS(ga_array_item(array, bad.data(), nullptr, &untouched), GA_ERROR_INDEX);
    }
    EXPECT_NE(std::string(ga_last_error()).find("-5"), std::string::npos) << ga_last_error();
    GA_EXPECT_STATUS(ga_array_item(array, nullptr, nullptr, &untouched), GA_ERROR_INVALID_ARGUMENT);
    GA_EXPECT_STATUS(ga_array_item(array, Shape{0, 0}.data(), nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
    EXPECT_TRUE(same_scalar(untouched, real_scalar(42.0)));
  }
  // Without an index: the only element of a one-element array, whatever its rank.
  for (const Shape& single : {Shape{}, Shape{1}, Shape{1, 1, 1}}) {
    OwnedArray array = upload_values({int_scalar(-77)}, single, GA_INT16);
    ga_scalar_t value{};
    GA_ASSERT_OK(ga_array_item(array, nullptr, nullptr, &value));
    EXPECT_TRUE(same_scalar(value, int_scalar(-77, GA_INT16))) << describe(value);
    if (!single.empty()) {
      const Shape zeros(single.size(), 0);
      GA_ASSERT_OK(ga_array_item(array, zeros.data(), nullptr, &value));
      EXPECT_TRUE(same_scalar(value, int_scalar(-77, GA_INT16)));
    }
  }
  // Elements written by a kernel are visible: item() waits for the current stream.
  OwnedArray filled;
  const Shape big{1 << 20};
  GA_ASSERT_OK(ga_array_full(1, big.data(), real_scalar(2.5), GA_FLOAT32, GA_ORDER_C, nullptr, filled.out()));
  ga_scalar_t last{};
  GA_ASSERT_OK(ga_array_item(filled, Shape{(1 << 20) - 1}.data(), nullptr, &last));
  EXPECT_TRUE(same_scalar(last, real_scalar(2.5, GA_FLOAT32)));
}

// Every transfer queued on a stream of the caller's (non-blocking: it does not wait for the legacy
// default stream), the synchronous ones waiting for that stream; a released stream is refused
// before any work, leaving every output alone.
TEST_F(Transfer, OnAStreamOfTheCallersAndAReleasedStream) {
  ga_stream_t stream = nullptr;
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &stream));
  const Shape shape{1000};
  std::vector<std::int32_t> values(1000);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<std::int32_t>(i * 7);
  const std::size_t bytes = values.size() * sizeof(std::int32_t);
  {
    OwnedArray array;
    GA_ASSERT_OK(ga_array_from_host_async(values.data(), 1, shape.data(), nullptr, GA_INT32, GA_ORDER_C, stream,
                                          array.out()));
    std::vector<std::int32_t> back(values.size(), -1);
    GA_ASSERT_OK(ga_array_to_host_async(array, back.data(), bytes, stream));
    GA_ASSERT_OK(ga_stream_synchronize(stream));
    EXPECT_EQ(back, values);
    GA_ASSERT_OK(ga_array_fill(array, int_scalar(-3), stream));
    ga_scalar_t value{};
    GA_ASSERT_OK(ga_array_item(array, Shape{999}.data(), stream, &value));  // waits for the fill
    EXPECT_TRUE(same_scalar(value, int_scalar(-3, GA_INT32))) << describe(value);
    GA_ASSERT_OK(ga_array_set_from_host(array, values.data(), bytes, nullptr, stream));
    OwnedArray copy;
    GA_ASSERT_OK(ga_array_copy(array, GA_ORDER_C, stream, copy.out()));
    std::fill(back.begin(), back.end(), -1);
    GA_ASSERT_OK(ga_array_to_host(copy, back.data(), bytes, stream));  // waits for the upload and the copy
    EXPECT_EQ(back, values);
    OwnedArray on_device;
    GA_ASSERT_OK(ga_array_copy_to_device(array, 0, stream, on_device.out()));
    GA_ASSERT_OK(ga_stream_synchronize(stream));
    EXPECT_TRUE(download(on_device) == download(array));
  }

  ga_stream_t released = nullptr;
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_DEFAULT, 0, &released));
  GA_ASSERT_OK(ga_stream_release(released));
  OwnedArray array = upload_values(real_values({1, 2, 3, 4}), Shape{4}, GA_FLOAT64);
  const std::vector<double> other(4, -9.0);
  std::vector<double> host(4, 5.5);
  GA_EXPECT_STATUS(ga_array_to_host(array, host.data(), 32, released), GA_ERROR_INVALID_HANDLE);
  EXPECT_NE(std::string(ga_last_error()).find("'stream'"), std::string::npos) << ga_last_error();
  GA_EXPECT_STATUS(ga_array_to_host_async(array, host.data(), 32, released), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(host, std::vector<double>(4, 5.5));
  GA_EXPECT_STATUS(ga_array_set_from_host(array, other.data(), 32, nullptr, released), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_fill(array, real_scalar(0.0), released), GA_ERROR_INVALID_HANDLE);
  ga_scalar_t value = real_scalar(42.0);
  GA_EXPECT_STATUS(ga_array_item(array, Shape{0}.data(), released, &value), GA_ERROR_INVALID_HANDLE);
  EXPECT_TRUE(same_scalar(value, real_scalar(42.0)));
  ga_array_t result = untouched_marker();
  GA_EXPECT_STATUS(ga_array_from_host(other.data(), 1, Shape{4}.data(), nullptr, GA_FLOAT64, GA_ORDER_C, released,
                                      &result),
                   GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_copy(array, GA_ORDER_C, released, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_astype(array, GA_FLOAT32, GA_ORDER_C, released, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_copy_to_device(array, 0, released, &result), GA_ERROR_INVALID_HANDLE);
  // Even where no work would be queued: the array is already C-contiguous.
  GA_EXPECT_STATUS(ga_array_ascontiguousarray(array, released, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(result, untouched_marker());
  EXPECT_EQ(download_reals(array), (std::vector<double>{1, 2, 3, 4}));
  GA_ASSERT_OK(ga_stream_release(stream));
}

// The calls that read or write an array's data on a stream refuse an array of another device than
// the stream's (for NULL: the current device); ga_array_copy_to_device runs where the data is.
TEST_F(Transfer, AnArrayOnAnotherDeviceThanTheStreamIsRefused) {
  int count = 0;
  GA_ASSERT_OK(ga_device_count(&count));
  if (count < 2) GTEST_SKIP() << "needs two GPUs";
  struct CurrentDevice {  // device 0 is current again when the test ends, however it ends
    ~CurrentDevice() { EXPECT_EQ(ga_device_set_current(0), GA_OK) << ga_last_error(); }
  } restore;
  const std::vector<double> values{1, 2, 3, 4, 5, 6};
  GA_ASSERT_OK(ga_device_set_current(1));
  OwnedArray remote = upload_values(real_values(values), Shape{2, 3}, GA_FLOAT64);
  GA_ASSERT_OK(ga_device_set_current(0));
  int device = -1;
  GA_ASSERT_OK(ga_array_device(remote, &device));
  ASSERT_EQ(device, 1);

  std::vector<double> host(6, -1.0);
  GA_EXPECT_STATUS(ga_array_to_host(remote, host.data(), 48, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("argument 'array' is on device 1 but the current device is 0"),
            std::string::npos)
      << ga_last_error();
  GA_EXPECT_STATUS(ga_array_to_host_async(remote, host.data(), 48, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(host, std::vector<double>(6, -1.0));
  ga_scalar_t value = real_scalar(42.0);
  GA_EXPECT_STATUS(ga_array_item(remote, Shape{1, 2}.data(), nullptr, &value), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_TRUE(same_scalar(value, real_scalar(42.0)));
  const std::vector<double> other(6, -9.0);
  GA_EXPECT_STATUS(ga_array_set_from_host(remote, other.data(), 48, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  // A NULL-stream copy of a reshape goes to the current device: refused; a view needs no device.
  ga_array_t transposed = nullptr;
  GA_ASSERT_OK(ga_array_transpose(remote, nullptr, 0, &transposed));
  OwnedArray owned_transposed(transposed);
  ga_array_t result = untouched_marker();
  GA_EXPECT_STATUS(ga_array_reshape(transposed, 1, Shape{6}.data(), GA_ORDER_C, nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(result, untouched_marker());
  OwnedArray flat_view;
  GA_ASSERT_OK(ga_array_reshape(remote, 1, Shape{6}.data(), GA_ORDER_C, nullptr, flat_view.out()));

  // copy_to_device: NULL is the current stream of the array's device; an explicit stream must be on it.
  OwnedArray local;
  GA_ASSERT_OK(ga_array_copy_to_device(remote, 0, nullptr, local.out()));
  GA_ASSERT_OK(ga_array_device(local, &device));
  EXPECT_EQ(device, 0);
  EXPECT_EQ(download_reals(local), values);
  ga_stream_t stream0 = nullptr;
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_DEFAULT, 0, &stream0));
  GA_EXPECT_STATUS(ga_array_copy_to_device(remote, 0, stream0, &result), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(result, untouched_marker());
  GA_ASSERT_OK(ga_stream_release(stream0));

  // With device 1 current the same calls work, and the failed set_from_host wrote nothing.
  GA_ASSERT_OK(ga_device_set_current(1));
  EXPECT_EQ(download_reals(remote), values);
  GA_ASSERT_OK(ga_array_item(remote, Shape{1, 2}.data(), nullptr, &value));
  EXPECT_TRUE(same_scalar(value, real_scalar(6.0, GA_FLOAT64))) << describe(value);
}
