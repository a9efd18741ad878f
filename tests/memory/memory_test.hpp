// Helpers shared by the device memory tests.
#pragma once

#include "gpu_test.hpp"

#include <cuda_runtime_api.h>

#include <cstddef>
#include <vector>

inline ga_memory_stats_t device_pool_stats(int device = 0) {
  ga_memory_stats_t stats = {sizeof(stats)};
  EXPECT_EQ(ga_memory_pool_stats(device, &stats), GA_OK) << ga_last_error();
  return stats;
}

inline cudaStream_t native_of(ga_stream_t stream) {
  void* native = nullptr;
  EXPECT_EQ(ga_stream_native(stream, &native), GA_OK) << ga_last_error();
  return static_cast<cudaStream_t>(native);
}

// Fills `bytes` of device memory with `value` on `stream` and reads them back: every byte must be
// `value`.
inline bool round_trips(void* device, std::size_t bytes, unsigned char value, cudaStream_t stream) {
  std::vector<unsigned char> host(bytes, static_cast<unsigned char>(~value));
  if (cudaMemsetAsync(device, value, bytes, stream) != cudaSuccess) return false;
  if (cudaMemcpyAsync(host.data(), device, bytes, cudaMemcpyDeviceToHost, stream) != cudaSuccess)
    return false;
  if (cudaStreamSynchronize(stream) != cudaSuccess) return false;
  for (unsigned char byte : host) {
    if (byte != value) return false;
  }
  return true;
}

// Each test starts and ends with the pool of device 0 in its default state, holding nothing.
class DevicePoolTest : public GpuTest {
 protected:
  void SetUp() override {
    GpuTest::SetUp();
    if (IsSkipped()) return;
    GA_ASSERT_OK(ga_device_synchronize());
    GA_ASSERT_OK(ga_memory_pool_set_limit(0, 0));
    GA_ASSERT_OK(ga_memory_pool_free_all_blocks(0));
  }

  void TearDown() override {
    if (IsSkipped()) return;
    EXPECT_EQ(ga_memory_set_allocator(0, nullptr), GA_OK) << ga_last_error();
    EXPECT_EQ(ga_memory_pool_set_limit(0, 0), GA_OK) << ga_last_error();
    EXPECT_EQ(ga_device_synchronize(), GA_OK) << ga_last_error();
    EXPECT_EQ(device_pool_stats().allocations, 0u) << "the test left blocks in use";
  }
};
