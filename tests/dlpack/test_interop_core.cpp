// The pieces under the DLPack entry points: dtype correspondence, the byte span of a strided view,
// and the deferred ownership of external memory.
#include "expected_dtypes.hpp"

#include "core/common/error.hpp"
#include "core/interop/dlpack_types.hpp"
#include "core/interop/external_memory.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace {

template <class Body>
ga_status_t status_of(Body&& body) {
  try {
    body();
  } catch (const garray::Error& error) {
    return error.status();
  }
  return GA_OK;
}

}  // namespace

TEST(DLPackTypes, EveryDtypeMapsBothWays) {
  for (const ExpectedDLPackDType& expected : kExpectedDLPackDTypes) {
    const ga_dlpack_dtype_t dl = garray::to_dlpack_dtype(expected.dtype);
    EXPECT_EQ(dl.code, expected.code) << expected.dtype;
    EXPECT_EQ(dl.bits, expected.bits) << expected.dtype;
    EXPECT_EQ(dl.lanes, 1) << expected.dtype;
    EXPECT_EQ(garray::from_dlpack_dtype(dl, "dtype"), expected.dtype);
  }
}

TEST(DLPackTypes, UnmappableDtypesAreRejectedWithTheRightStatus) {
  EXPECT_EQ(status_of([] { garray::from_dlpack_dtype({GA_DLPACK_FLOAT, 32, 4}, "dtype"); }),
            GA_ERROR_UNSUPPORTED);
  EXPECT_EQ(status_of([] { garray::from_dlpack_dtype({200, 32, 1}, "dtype"); }), GA_ERROR_DTYPE);
  EXPECT_EQ(status_of([] { garray::from_dlpack_dtype({GA_DLPACK_FLOAT, 8, 1}, "dtype"); }), GA_ERROR_DTYPE);
  EXPECT_EQ(status_of([] { garray::from_dlpack_dtype({GA_DLPACK_INT, 128, 1}, "dtype"); }), GA_ERROR_DTYPE);
  EXPECT_EQ(status_of([] { garray::from_dlpack_dtype({GA_DLPACK_FLOAT8_E5M2, 8, 1}, "dtype"); }),
            GA_ERROR_DTYPE);
  EXPECT_EQ(status_of([] { garray::from_dlpack_dtype({GA_DLPACK_BOOL, 1, 1}, "dtype"); }), GA_ERROR_DTYPE);
  EXPECT_EQ(status_of([] { garray::to_dlpack_dtype(static_cast<ga_dtype_t>(GA_DTYPE_COUNT)); }),
            GA_ERROR_DTYPE);
}

TEST(DLPackTypes, MessagesNameTheFieldAndTheType) {
  try {
    garray::from_dlpack_dtype({GA_DLPACK_FLOAT8_E4M3FN, 8, 1}, "tensor->dl_tensor.dtype");
    FAIL();
  } catch (const garray::Error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("tensor->dl_tensor.dtype"), std::string::npos) << message;
    EXPECT_NE(message.find("kDLFloat8_e4m3fn"), std::string::npos) << message;
  }
}

TEST(ExternalSpan, PositiveStridesStartAtTheFirstElement) {
  alignas(8) char memory[256];
  // A (2, 3) float32 view with a row stride of 5 elements: it reaches element 1*5 + 2 = 7.
  const garray::ExternalSpan span = garray::span_of_view(memory + 16, {2, 3}, {5, 1}, 4, "strides");
  EXPECT_EQ(span.base, memory + 16);
  EXPECT_EQ(span.bytes, 32u);
  EXPECT_EQ(span.first_element_offset, 0);
}

TEST(ExternalSpan, NegativeStridesReachBelowTheFirstElement) {
  alignas(8) char memory[256];
  // First element at element 8; axis 0 steps back 4, axis 1 forward 1: elements 4..10.
  const garray::ExternalSpan span = garray::span_of_view(memory + 64, {2, 3}, {-4, 1}, 8, "strides");
  EXPECT_EQ(span.base, memory + 32);
  EXPECT_EQ(span.bytes, 7u * 8u);
  EXPECT_EQ(span.first_element_offset, 32);
}

TEST(ExternalSpan, EmptyViewsAndZeroDimViews) {
  const garray::ExternalSpan empty = garray::span_of_view(nullptr, {0, 3}, {3, 1}, 4, "strides");
  EXPECT_EQ(empty.base, nullptr);
  EXPECT_EQ(empty.bytes, 0u);
  alignas(8) char memory[8];
  const garray::ExternalSpan scalar = garray::span_of_view(memory, {}, {}, 8, "strides");
  EXPECT_EQ(scalar.base, memory);
  EXPECT_EQ(scalar.bytes, 8u);
}

TEST(ExternalSpan, OverflowingReachIsAnInvalidArgument) {
  alignas(8) char memory[8];
  constexpr std::int64_t huge = std::numeric_limits<std::int64_t>::max() / 2;
  EXPECT_EQ(status_of([&] { garray::span_of_view(memory, {3}, {huge}, 4, "strides"); }),
            GA_ERROR_INVALID_ARGUMENT);
  // A negative stride reaching below address 0.
  EXPECT_EQ(status_of([&] { garray::span_of_view(memory, {2}, {-(huge / 4)}, 4, "strides"); }),
            GA_ERROR_INVALID_ARGUMENT);
}

namespace {

void count_release(void* context) { ++*static_cast<int*>(context); }

garray::ExternalMemory host_memory_of(float* data, std::int64_t count) {
  const garray::Dims shape{count};
  const garray::Dims strides{1};
  return {garray::span_of_view(data, shape, strides, sizeof(float), "strides"), 0,
          garray::MemoryKind::device, GA_FLOAT32, shape, strides, true};
}

}  // namespace

TEST(ExternalArray, WithoutAdoptionTheReleaseNeverRuns) {
  float data[4] = {};
  int released = 0;
  {
    garray::ExternalArray wrapped = garray::ExternalArray::wrap(host_memory_of(data, 4), {&count_release, &released});
    EXPECT_EQ(wrapped.array().data(), reinterpret_cast<char*>(data));
    EXPECT_FALSE(wrapped.copied());
  }
  EXPECT_EQ(released, 0);
}

TEST(ExternalArray, AfterAdoptionTheLastViewReleasesOnce) {
  float data[4] = {};
  int released = 0;
  std::optional<garray::Array> view;
  {
    garray::ExternalArray wrapped = garray::ExternalArray::wrap(host_memory_of(data, 4), {&count_release, &released});
    view = wrapped.array();
    wrapped.adopt();
    wrapped.adopt();  // a second adoption changes nothing
  }
  EXPECT_EQ(released, 0);
  view.reset();
  EXPECT_EQ(released, 1);
}

TEST(ExternalArray, AdoptingACopyReleasesTheOriginalAtOnce) {
  float data[4] = {};
  int released = 0;
  garray::ExternalArray wrapped = garray::ExternalArray::wrap(host_memory_of(data, 4), {});
  garray::ExternalArray copy = garray::ExternalArray::copy_of(wrapped.array(), {&count_release, &released});
  EXPECT_TRUE(copy.copied());
  EXPECT_EQ(released, 0);
  copy.adopt();
  EXPECT_EQ(released, 1);
  copy.adopt();
  EXPECT_EQ(released, 1);
}
