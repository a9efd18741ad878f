// On a machine without a GPU every device call answers GA_ERROR_NO_DEVICE and leaves outputs alone.
#include "gpu_test.hpp"

#include <cstdint>
#include <functional>
#include <string>

class NoDeviceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (gpu_available()) GTEST_SKIP() << "a CUDA device is present; these tests need its absence";
  }
};

TEST_F(NoDeviceTest, DeviceCountIsZero) {
  int count = -1;
  GA_ASSERT_OK(ga_device_count(&count));
  EXPECT_EQ(count, 0);
}

TEST_F(NoDeviceTest, DeviceCallsReturnNoDevice) {
  int device = -7;
  GA_EXPECT_STATUS(ga_device_get_current(&device), GA_ERROR_NO_DEVICE);
  EXPECT_EQ(device, -7);
  EXPECT_NE(std::string(ga_last_error()).find("no CUDA device"), std::string::npos);
  GA_EXPECT_STATUS(ga_device_set_current(0), GA_ERROR_NO_DEVICE);
  GA_EXPECT_STATUS(ga_device_synchronize(), GA_ERROR_NO_DEVICE);
  ga_device_properties_t properties = {sizeof(properties)};
  GA_EXPECT_STATUS(ga_device_get_properties(0, &properties), GA_ERROR_NO_DEVICE);
  int value = 0;
  GA_EXPECT_STATUS(ga_device_get_attribute(0, 16, &value), GA_ERROR_NO_DEVICE);
}

TEST_F(NoDeviceTest, StreamAndEventCallsReturnNoDevice) {
  ga_stream_t stream = nullptr;
  GA_EXPECT_STATUS(ga_stream_create(GA_STREAM_DEFAULT, 0, &stream), GA_ERROR_NO_DEVICE);
  EXPECT_EQ(stream, nullptr);
  GA_EXPECT_STATUS(ga_stream_wrap(nullptr, 0, &stream), GA_ERROR_NO_DEVICE);
  GA_EXPECT_STATUS(ga_stream_get_current(&stream), GA_ERROR_NO_DEVICE);
  GA_EXPECT_STATUS(ga_stream_synchronize(nullptr), GA_ERROR_NO_DEVICE);
  GA_EXPECT_STATUS(ga_stream_set_current(nullptr), GA_ERROR_NO_DEVICE);
  ga_event_t event = nullptr;
  GA_EXPECT_STATUS(ga_event_create(GA_EVENT_DEFAULT, &event), GA_ERROR_NO_DEVICE);
  EXPECT_EQ(event, nullptr);
}

// Every call that takes a stream, given NULL (the calling thread's current stream) and otherwise
// good arguments, needs a device to resolve it: GA_ERROR_NO_DEVICE, with every out-parameter left
// as it was (here: garbage that is never read).
TEST_F(NoDeviceTest, NullStreamOfEveryHandleFreeCallIsNoDevice) {
  const ga_array_t garbage = reinterpret_cast<ga_array_t>(std::uintptr_t{0x1234});
  const int64_t shape[] = {2, 3};
  const float host[6] = {1, 2, 3, 4, 5, 6};
  const ga_scalar_t zero = {GA_INT64, 0, 0, 0.0, 0.0};
  const ga_scalar_t four = {GA_INT64, 4, 0, 0.0, 0.0};
  const ga_scalar_t one = {GA_INT64, 1, 0, 0.0, 0.0};
  const struct {
    const char* name;
    std::function<ga_status_t(ga_array_t*)> call;
  } calls[] = {
      {"ga_array_empty", [&](ga_array_t* r) { return ga_array_empty(2, shape, GA_FLOAT32, GA_ORDER_C, nullptr, r); }},
      {"ga_array_zeros", [&](ga_array_t* r) { return ga_array_zeros(2, shape, GA_FLOAT32, GA_ORDER_C, nullptr, r); }},
      {"ga_array_ones", [&](ga_array_t* r) { return ga_array_ones(2, shape, GA_FLOAT32, GA_ORDER_F, nullptr, r); }},
      {"ga_array_full",
       [&](ga_array_t* r) { return ga_array_full(2, shape, one, GA_INT32, GA_ORDER_C, nullptr, r); }},
      {"ga_array_arange", [&](ga_array_t* r) { return ga_array_arange(zero, four, one, GA_INT64, nullptr, r); }},
      {"ga_array_logspace",
       [&](ga_array_t* r) { return ga_array_logspace(0.0, 2.0, 3, 1, 10.0, GA_FLOAT64, nullptr, r); }},
      {"ga_array_eye", [&](ga_array_t* r) { return ga_array_eye(2, 3, 0, GA_FLOAT32, GA_ORDER_C, nullptr, r); }},
      {"ga_array_identity", [&](ga_array_t* r) { return ga_array_identity(3, GA_FLOAT32, nullptr, r); }},
      {"ga_array_tri", [&](ga_array_t* r) { return ga_array_tri(3, 3, 0, GA_FLOAT32, nullptr, r); }},
      {"ga_array_from_host",
       [&](ga_array_t* r) { return ga_array_from_host(host, 2, shape, nullptr, GA_FLOAT32, GA_ORDER_C, nullptr, r); }},
      {"ga_array_from_host_async",
       [&](ga_array_t* r) {
         return ga_array_from_host_async(host, 2, shape, nullptr, GA_FLOAT32, GA_ORDER_C, nullptr, r);
       }},
      {"ga_fft_freq", [&](ga_array_t* r) { return ga_fft_freq(8, 1.0, 0, GA_FLOAT64, nullptr, nullptr, r); }},
      {"ga_random_rand", [&](ga_array_t* r) { return ga_random_rand(2, shape, GA_FLOAT32, nullptr, nullptr, r); }},
      {"ga_random_randn", [&](ga_array_t* r) { return ga_random_randn(2, shape, GA_FLOAT32, nullptr, nullptr, r); }},
      {"ga_random_uniform",
       [&](ga_array_t* r) { return ga_random_uniform(0.0, 1.0, 2, shape, GA_FLOAT64, nullptr, nullptr, r); }},
      {"ga_random_normal",
       [&](ga_array_t* r) { return ga_random_normal(0.0, 1.0, 2, shape, GA_FLOAT64, nullptr, nullptr, r); }},
      {"ga_random_randint",
       [&](ga_array_t* r) { return ga_random_randint(0, 10, 2, shape, GA_INT64, nullptr, nullptr, r); }},
      {"ga_signal_window",
       [&](ga_array_t* r) { return ga_signal_window(GA_WINDOW_HANNING, 8, 0.0, nullptr, r); }},
  };
  for (const auto& entry : calls) {
    SCOPED_TRACE(entry.name);
    ga_array_t result = garbage;
    GA_EXPECT_STATUS(entry.call(&result), GA_ERROR_NO_DEVICE);
    EXPECT_EQ(result, garbage);
    const std::string message = ga_last_error();
    EXPECT_NE(message.find(entry.name), std::string::npos) << message;
    EXPECT_NE(message.find("no CUDA device"), std::string::npos) << message;
  }
  // Calls with other out-parameters, or none.
  ga_array_t result = garbage;
  double step = -1.5;
  GA_EXPECT_STATUS(ga_array_linspace(0.0, 1.0, 5, 1, GA_FLOAT64, nullptr, &result, &step), GA_ERROR_NO_DEVICE);
  EXPECT_EQ(result, garbage);
  EXPECT_EQ(step, -1.5);
  ga_array_t grids[1] = {garbage};
  GA_EXPECT_STATUS(ga_array_meshgrid(nullptr, 0, GA_MESHGRID_XY, nullptr, grids), GA_ERROR_NO_DEVICE);
  EXPECT_EQ(grids[0], garbage);
  int finished = -3;
  GA_EXPECT_STATUS(ga_stream_query(nullptr, &finished), GA_ERROR_NO_DEVICE);
  EXPECT_EQ(finished, -3);
  GA_EXPECT_STATUS(ga_linalg_check_errors(nullptr), GA_ERROR_NO_DEVICE);
  void* block = &block;
  GA_EXPECT_STATUS(ga_memory_allocate(64, nullptr, &block), GA_ERROR_NO_DEVICE);
  EXPECT_EQ(block, &block);
  GA_EXPECT_STATUS(ga_memory_free(nullptr, nullptr), GA_ERROR_NO_DEVICE);
  GA_EXPECT_STATUS(ga_pinned_free(nullptr, nullptr), GA_ERROR_NO_DEVICE);
}

// Bad arguments are reported as such before the NULL stream is resolved: the argument's own status,
// not GA_ERROR_NO_DEVICE, and the result left alone.
TEST_F(NoDeviceTest, BadArgumentsComeBeforeTheNullStream) {
  const ga_array_t garbage = reinterpret_cast<ga_array_t>(std::uintptr_t{0x1234});
  const int64_t shape[] = {2, 3};
  const float host[6] = {};
  ga_array_t result = garbage;
  GA_EXPECT_STATUS(ga_array_zeros(-1, shape, GA_FLOAT32, GA_ORDER_C, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_empty(2, nullptr, GA_FLOAT32, GA_ORDER_C, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_full(GA_MAX_DIMS + 1, shape, ga_scalar_t{GA_INT64, 1, 0, 0.0, 0.0}, GA_FLOAT32, GA_ORDER_C,
                                 nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_ones(2, shape, GA_FLOAT32, GA_ORDER_C, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("argument 'result' is NULL"), std::string::npos) << ga_last_error();
  GA_EXPECT_STATUS(ga_array_from_host(nullptr, 2, shape, nullptr, GA_FLOAT32, GA_ORDER_C, nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_from_host(host, 2, shape, nullptr, static_cast<ga_dtype_t>(GA_DTYPE_COUNT), GA_ORDER_C,
                                      nullptr, &result),
                   GA_ERROR_DTYPE);
  EXPECT_EQ(result, garbage);
  // The single-result linalg functions check their inputs before the NULL stream too.
  GA_EXPECT_STATUS(ga_linalg_inv(nullptr, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_linalg_solve(nullptr, nullptr, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_linalg_norm(nullptr, GA_LINALG_NORM_DEFAULT, 0.0, nullptr, -1, 0, nullptr, nullptr, &result),
                   GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_linalg_multi_dot(nullptr, 2, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(result, garbage);
}
