// On a machine without a GPU every device call answers GA_ERROR_NO_DEVICE and leaves outputs alone.
#include "gpu_test.hpp"

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
