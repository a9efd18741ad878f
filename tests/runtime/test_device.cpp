#include "gpu_test.hpp"

#include <cuda_runtime_api.h>

#include <cstring>
#include <string>
#include <thread>

using DeviceTest = GpuTest;

TEST(Device, CountRejectsNull) { GA_EXPECT_STATUS(ga_device_count(nullptr), GA_ERROR_INVALID_ARGUMENT); }

TEST_F(DeviceTest, PropertiesMatchTheRuntime) {
  ga_device_properties_t properties;
  std::memset(&properties, 0, sizeof(properties));
  properties.struct_size = sizeof(properties);
  GA_ASSERT_OK(ga_device_get_properties(0, &properties));
  cudaDeviceProp expected{};
  ASSERT_EQ(cudaGetDeviceProperties(&expected, 0), cudaSuccess);
  EXPECT_STREQ(properties.name, expected.name);
  EXPECT_EQ(properties.major, expected.major);
  EXPECT_EQ(properties.multiprocessor_count, expected.multiProcessorCount);
  EXPECT_EQ(properties.total_memory, expected.totalGlobalMem);
  EXPECT_GT(properties.free_memory, 0u);
  EXPECT_LE(properties.free_memory, properties.total_memory);
  EXPECT_EQ(properties.warp_size, 32);
  EXPECT_GT(properties.l2_cache_size, 0);
  EXPECT_GT(properties.clock_rate_khz, 0);
  EXPECT_GT(properties.memory_bus_width_bits, 0);
}

TEST_F(DeviceTest, OlderSmallerStructIsFilledOnlyAsFarAsItReaches) {
  ga_device_properties_t properties;
  std::memset(&properties, 0xAB, sizeof(properties));
  properties.struct_size = offsetof(ga_device_properties_t, major);
  GA_ASSERT_OK(ga_device_get_properties(0, &properties));
  EXPECT_NE(properties.name[0], static_cast<char>(0xAB));
  unsigned char untouched = 0;
  std::memcpy(&untouched, &properties.major, 1);
  EXPECT_EQ(untouched, 0xAB);
}

TEST_F(DeviceTest, BadArgumentsAreRefused) {
  ga_device_properties_t properties = {sizeof(properties)};
  GA_EXPECT_STATUS(ga_device_get_properties(0, nullptr), GA_ERROR_INVALID_ARGUMENT);
  properties.struct_size = 1;
  GA_EXPECT_STATUS(ga_device_get_properties(0, &properties), GA_ERROR_INVALID_ARGUMENT);
  properties.struct_size = sizeof(properties);
  GA_EXPECT_STATUS(ga_device_get_properties(-1, &properties), GA_ERROR_NO_DEVICE);
  GA_EXPECT_STATUS(ga_device_get_properties(1 << 20, &properties), GA_ERROR_NO_DEVICE);
  GA_EXPECT_STATUS(ga_device_set_current(-1), GA_ERROR_NO_DEVICE);
  GA_EXPECT_STATUS(ga_device_set_current(1 << 20), GA_ERROR_NO_DEVICE);
  int value = -3;
  GA_EXPECT_STATUS(ga_device_get_attribute(0, 99999, &value), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(value, -3);
  GA_EXPECT_STATUS(ga_device_get_attribute(0, cudaDevAttrMultiProcessorCount, nullptr),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_device_get_current(nullptr), GA_ERROR_INVALID_ARGUMENT);
}

TEST_F(DeviceTest, AttributeQuery) {
  int sms = 0;
  GA_ASSERT_OK(ga_device_get_attribute(0, cudaDevAttrMultiProcessorCount, &sms));
  ga_device_properties_t properties = {sizeof(properties)};
  GA_ASSERT_OK(ga_device_get_properties(0, &properties));
  EXPECT_EQ(sms, properties.multiprocessor_count);
}

TEST_F(DeviceTest, CurrentDeviceIsPerThreadAndSynchronizes) {
  int count = 0;
  GA_ASSERT_OK(ga_device_count(&count));
  GA_ASSERT_OK(ga_device_set_current(count - 1));
  int device = -1;
  GA_ASSERT_OK(ga_device_get_current(&device));
  EXPECT_EQ(device, count - 1);
  int other = -1;
  std::thread([&] { ga_device_get_current(&other); }).join();
  EXPECT_EQ(other, 0);
  GA_ASSERT_OK(ga_device_synchronize());
  GA_ASSERT_OK(ga_device_set_current(0));
}
