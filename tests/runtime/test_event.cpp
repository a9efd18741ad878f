#include "gpu_test.hpp"

#include <cuda_runtime_api.h>

using EventTest = GpuTest;

TEST_F(EventTest, RecordSynchronizeQueryElapsed) {
  ga_event_t start = nullptr, stop = nullptr;
  GA_ASSERT_OK(ga_event_create(GA_EVENT_DEFAULT, &start));
  GA_ASSERT_OK(ga_event_create(GA_EVENT_BLOCKING_SYNC, &stop));
  GA_ASSERT_OK(ga_event_record(start, nullptr));
  void* scratch = nullptr;
  ASSERT_EQ(cudaMalloc(&scratch, 64 << 20), cudaSuccess);
  ASSERT_EQ(cudaMemsetAsync(scratch, 1, 64 << 20, nullptr), cudaSuccess);
  GA_ASSERT_OK(ga_event_record(stop, nullptr));
  GA_ASSERT_OK(ga_event_synchronize(stop));
  int finished = 0;
  GA_ASSERT_OK(ga_event_query(stop, &finished));
  EXPECT_EQ(finished, 1);
  float ms = -1.0f;
  GA_ASSERT_OK(ga_event_elapsed_ms(start, stop, &ms));
  EXPECT_GE(ms, 0.0f);
  ASSERT_EQ(cudaFree(scratch), cudaSuccess);
  GA_ASSERT_OK(ga_event_release(start));
  GA_ASSERT_OK(ga_event_release(stop));
}

TEST_F(EventTest, StreamWaitsOnEventOfAnotherStream) {
  ga_stream_t producer = nullptr, consumer = nullptr;
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &producer));
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &consumer));
  ga_event_t ready = nullptr;
  GA_ASSERT_OK(ga_event_create(GA_EVENT_DISABLE_TIMING, &ready));
  void* producer_native = nullptr;
  void* consumer_native = nullptr;
  GA_ASSERT_OK(ga_stream_native(producer, &producer_native));
  GA_ASSERT_OK(ga_stream_native(consumer, &consumer_native));
  const size_t bytes = 256 << 20;
  unsigned char* device = nullptr;
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&device), bytes), cudaSuccess);
  ASSERT_EQ(cudaMemsetAsync(device, 0, bytes, static_cast<cudaStream_t>(producer_native)), cudaSuccess);
  ASSERT_EQ(cudaMemsetAsync(device, 7, bytes, static_cast<cudaStream_t>(producer_native)), cudaSuccess);
  GA_ASSERT_OK(ga_event_record(ready, producer));
  GA_ASSERT_OK(ga_stream_wait_event(consumer, ready));
  unsigned char last = 0;
  ASSERT_EQ(cudaMemcpyAsync(&last, device + bytes - 1, 1, cudaMemcpyDeviceToHost,
                            static_cast<cudaStream_t>(consumer_native)),
            cudaSuccess);
  GA_ASSERT_OK(ga_stream_synchronize(consumer));
  EXPECT_EQ(last, 7);
  ASSERT_EQ(cudaFree(device), cudaSuccess);
  GA_ASSERT_OK(ga_event_release(ready));
  GA_ASSERT_OK(ga_stream_release(producer));
  GA_ASSERT_OK(ga_stream_release(consumer));
}

TEST_F(EventTest, TimingRulesAndBadArguments) {
  ga_event_t untimed = nullptr, timed = nullptr, never = nullptr;
  GA_ASSERT_OK(ga_event_create(GA_EVENT_DISABLE_TIMING, &untimed));
  GA_ASSERT_OK(ga_event_create(GA_EVENT_DEFAULT, &timed));
  GA_ASSERT_OK(ga_event_create(GA_EVENT_DEFAULT, &never));
  GA_ASSERT_OK(ga_event_record(untimed, nullptr));
  GA_ASSERT_OK(ga_event_record(timed, nullptr));
  GA_ASSERT_OK(ga_device_synchronize());
  float ms = -5.0f;
  GA_EXPECT_STATUS(ga_event_elapsed_ms(untimed, timed, &ms), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_event_elapsed_ms(timed, never, &ms), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ms, -5.0f);
  GA_EXPECT_STATUS(ga_event_elapsed_ms(timed, timed, nullptr), GA_ERROR_INVALID_ARGUMENT);
  ga_event_t event = nullptr;
  GA_EXPECT_STATUS(ga_event_create(0x40, &event), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(event, nullptr);
  GA_EXPECT_STATUS(ga_event_create(0, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_event_record(nullptr, nullptr), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_event_query(timed, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_ASSERT_OK(ga_event_release(untimed));
  GA_ASSERT_OK(ga_event_release(timed));
  GA_ASSERT_OK(ga_event_release(never));
  GA_EXPECT_STATUS(ga_event_synchronize(never), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_event_release(never), GA_ERROR_INVALID_HANDLE);
}
