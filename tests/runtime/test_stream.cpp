#include "gpu_test.hpp"

#include <cuda_runtime_api.h>

#include <thread>

using StreamTest = GpuTest;

TEST_F(StreamTest, CreateQuerySynchronizeRelease) {
  for (unsigned flags : {0u, static_cast<unsigned>(GA_STREAM_NON_BLOCKING)}) {
    ga_stream_t stream = nullptr;
    GA_ASSERT_OK(ga_stream_create(flags, 0, &stream));
    void* native = nullptr;
    GA_ASSERT_OK(ga_stream_native(stream, &native));
    EXPECT_NE(native, nullptr);
    unsigned cuda_flags = 99;
    ASSERT_EQ(cudaStreamGetFlags(static_cast<cudaStream_t>(native), &cuda_flags), cudaSuccess);
    EXPECT_EQ(cuda_flags, flags ? static_cast<unsigned>(cudaStreamNonBlocking) : 0u);
    GA_ASSERT_OK(ga_stream_synchronize(stream));
    int finished = -1;
    GA_ASSERT_OK(ga_stream_query(stream, &finished));
    EXPECT_EQ(finished, 1);
    int device = -1;
    GA_ASSERT_OK(ga_stream_device(stream, &device));
    EXPECT_EQ(device, 0);
    GA_ASSERT_OK(ga_stream_release(stream));
  }
}

TEST_F(StreamTest, PriorityIsPassedToCuda) {
  int least = 0, greatest = 0;
  ASSERT_EQ(cudaDeviceGetStreamPriorityRange(&least, &greatest), cudaSuccess);
  ga_stream_t stream = nullptr;
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_NON_BLOCKING, greatest, &stream));
  void* native = nullptr;
  GA_ASSERT_OK(ga_stream_native(stream, &native));
  int priority = 0;
  ASSERT_EQ(cudaStreamGetPriority(static_cast<cudaStream_t>(native), &priority), cudaSuccess);
  EXPECT_EQ(priority, greatest);
  GA_ASSERT_OK(ga_stream_release(stream));
}

TEST_F(StreamTest, DefaultCurrentStreamIsLegacyAndSetCurrentIsPerThread) {
  ga_stream_t current = nullptr;
  GA_ASSERT_OK(ga_stream_get_current(&current));
  void* native = reinterpret_cast<void*>(1);
  GA_ASSERT_OK(ga_stream_native(current, &native));
  EXPECT_EQ(native, nullptr);
  GA_ASSERT_OK(ga_stream_release(current));

  ga_stream_t mine = nullptr;
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &mine));
  GA_ASSERT_OK(ga_stream_set_current(mine));
  GA_ASSERT_OK(ga_stream_release(mine));  // the thread keeps its own reference
  GA_ASSERT_OK(ga_stream_get_current(&current));
  GA_ASSERT_OK(ga_stream_native(current, &native));
  EXPECT_NE(native, nullptr);
  GA_ASSERT_OK(ga_stream_synchronize(nullptr));

  void* other_thread_native = reinterpret_cast<void*>(1);
  std::thread([&] {
    ga_stream_t s = nullptr;
    if (ga_stream_get_current(&s) == GA_OK) {
      ga_stream_native(s, &other_thread_native);
      ga_stream_release(s);
    }
  }).join();
  EXPECT_EQ(other_thread_native, nullptr);

  GA_ASSERT_OK(ga_stream_set_current(nullptr));
  GA_ASSERT_OK(ga_stream_release(current));
}

TEST_F(StreamTest, WrappedStreamIsNotDestroyedOnRelease) {
  cudaStream_t external = nullptr;
  ASSERT_EQ(cudaStreamCreateWithFlags(&external, cudaStreamNonBlocking), cudaSuccess);
  ga_stream_t wrapped = nullptr;
  GA_ASSERT_OK(ga_stream_wrap(external, 0, &wrapped));
  void* native = nullptr;
  GA_ASSERT_OK(ga_stream_native(wrapped, &native));
  EXPECT_EQ(native, external);
  GA_ASSERT_OK(ga_stream_release(wrapped));
  EXPECT_EQ(cudaStreamSynchronize(external), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(external), cudaSuccess);
}

TEST_F(StreamTest, RetainKeepsTheStreamAliveAndReleasedHandlesAreRefused) {
  ga_stream_t stream = nullptr;
  GA_ASSERT_OK(ga_stream_create(0, 0, &stream));
  GA_ASSERT_OK(ga_stream_retain(stream));
  GA_ASSERT_OK(ga_stream_release(stream));
  GA_ASSERT_OK(ga_stream_synchronize(stream));
  GA_ASSERT_OK(ga_stream_release(stream));
  GA_EXPECT_STATUS(ga_stream_synchronize(stream), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_stream_release(stream), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_stream_retain(stream), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_stream_set_current(stream), GA_ERROR_INVALID_HANDLE);
}

TEST_F(StreamTest, BadArgumentsAreRefused) {
  ga_stream_t stream = nullptr;
  GA_EXPECT_STATUS(ga_stream_create(0x80, 0, &stream), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(stream, nullptr);
  GA_EXPECT_STATUS(ga_stream_create(0, 0, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_stream_wrap(nullptr, -1, &stream), GA_ERROR_NO_DEVICE);
  GA_EXPECT_STATUS(ga_stream_wrap(nullptr, 0, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_stream_query(nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_stream_native(nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  void* native = nullptr;
  GA_EXPECT_STATUS(ga_stream_native(nullptr, &native), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_stream_wait_event(nullptr, nullptr), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_stream_retain(nullptr), GA_ERROR_INVALID_HANDLE);
}
