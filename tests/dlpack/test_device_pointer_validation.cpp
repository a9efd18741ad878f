// ga_array_from_device_pointer() rejects bad arguments before it looks at the device, never calls
// the release on failure and leaves the out-parameter alone.
#include "gpu_test.hpp"

#include <cstdint>
#include <limits>
#include <string>

namespace {

void count_release(void* context) { ++*static_cast<int*>(context); }

struct Call {
  void* data;
  int device = 0;
  int ndim = 2;
  const int64_t* shape;
  const int64_t* strides_bytes = nullptr;
  ga_dtype_t dtype = GA_FLOAT32;
};

void expect_rejected(const Call& call, ga_status_t expected, const char* mentions) {
  int released = 0;
  ga_array_t result = reinterpret_cast<ga_array_t>(std::uintptr_t{0x1});  // garbage: never read
  GA_EXPECT_STATUS(ga_array_from_device_pointer(call.data, call.device, call.ndim, call.shape, call.strides_bytes,
                                                call.dtype, 0, &count_release, &released, &result),
                   expected);
  const std::string message = ga_last_error();
  EXPECT_NE(message.find(mentions), std::string::npos) << message;
  EXPECT_EQ(released, 0) << "a failed wrap must leave the memory with the caller";
  EXPECT_EQ(result, reinterpret_cast<ga_array_t>(std::uintptr_t{0x1}));
}

float placeholder[64];
const int64_t shape_2x3[] = {2, 3};

}  // namespace

TEST(DevicePointerValidation, ArgumentsAreCheckedBeforeTheDevice) {
  const int64_t negative[] = {2, -3};
  const int64_t misaligned[] = {12, 6};
  // A multiple of the itemsize whose reach over two rows overflows 63 bits.
  const int64_t overflowing[] = {std::numeric_limits<int64_t>::max() / 4 * 4, 4};
  expect_rejected({.data = placeholder, .shape = shape_2x3, .dtype = static_cast<ga_dtype_t>(GA_DTYPE_COUNT)},
                  GA_ERROR_DTYPE, "dtype");
  expect_rejected({.data = placeholder, .ndim = -1, .shape = shape_2x3}, GA_ERROR_INVALID_ARGUMENT, "shape");
  expect_rejected({.data = placeholder, .ndim = GA_MAX_DIMS + 1, .shape = shape_2x3}, GA_ERROR_INVALID_ARGUMENT,
                  "shape");
  expect_rejected({.data = placeholder, .shape = nullptr}, GA_ERROR_INVALID_ARGUMENT, "shape");
  expect_rejected({.data = placeholder, .shape = negative}, GA_ERROR_INVALID_ARGUMENT, "negative");
  expect_rejected({.data = placeholder, .shape = shape_2x3, .strides_bytes = misaligned},
                  GA_ERROR_INVALID_ARGUMENT, "strides_bytes[1]");
  expect_rejected({.data = nullptr, .shape = shape_2x3}, GA_ERROR_INVALID_ARGUMENT, "data");
  expect_rejected({.data = placeholder, .shape = shape_2x3, .strides_bytes = overflowing},
                  GA_ERROR_INVALID_ARGUMENT, "strides_bytes");
  expect_rejected({.data = placeholder, .device = 4096, .shape = shape_2x3}, GA_ERROR_NO_DEVICE, "device");
  expect_rejected({.data = placeholder, .device = -1, .shape = shape_2x3}, GA_ERROR_NO_DEVICE, "device");
}

TEST(DevicePointerValidation, NullResultIsAnInvalidArgument) {
  int released = 0;
  GA_EXPECT_STATUS(ga_array_from_device_pointer(placeholder, 0, 2, shape_2x3, nullptr, GA_FLOAT32, 0, &count_release,
                                                &released, nullptr),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("argument 'result' is NULL"), std::string::npos) << ga_last_error();
  EXPECT_EQ(released, 0);
}

TEST(DevicePointerValidation, WithoutAGpuEvenAValidCallIsNoDevice) {
  if (gpu_available()) GTEST_SKIP() << "a CUDA device is present; the GPU tests wrap real memory";
  expect_rejected({.data = placeholder, .shape = shape_2x3}, GA_ERROR_NO_DEVICE, "no CUDA device");
}
