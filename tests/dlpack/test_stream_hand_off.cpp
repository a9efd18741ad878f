// The consumer stream named at export waits for the work garray queued on the producer stream,
// without the host waiting.
#include "device_memory.hpp"

#include <cuda_runtime_api.h>

#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

namespace {

// Holds the producer stream back, so that a consumer that did not wait would read stale data.
void CUDART_CB stall(void*) { std::this_thread::sleep_for(std::chrono::milliseconds(200)); }

int64_t dlpack_number_of(cudaStream_t stream) { return static_cast<int64_t>(reinterpret_cast<intptr_t>(stream)); }

class DLPackStreamHandOff : public GpuTest {
 protected:
  void SetUp() override {
    GpuTest::SetUp();
    if (IsSkipped()) return;
    GA_ASSERT_OK(ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &producer_));
    GA_ASSERT_OK(ga_stream_set_current(producer_));
    GA_ASSERT_OK(ga_stream_native(producer_, &producer_native_));
    ASSERT_EQ(cudaStreamCreateWithFlags(&consumer_, cudaStreamNonBlocking), cudaSuccess);
  }

  void TearDown() override {
    if (producer_ == nullptr) return;
    ga_stream_set_current(nullptr);
    ga_stream_release(producer_);
    cudaStreamDestroy(consumer_);
  }

  ga_stream_t producer_ = nullptr;
  void* producer_native_ = nullptr;
  cudaStream_t consumer_ = nullptr;
};

}  // namespace

TEST_F(DLPackStreamHandOff, ConsumerStreamSeesTheProducersWrites) {
  constexpr std::size_t count = 4096;
  DeviceMemory memory(std::vector<float>(count, 0.0f));
  ga_array_t array = wrap(memory, {static_cast<int64_t>(count)}, GA_FLOAT32);
  float* pattern = nullptr;
  float* result = nullptr;
  ASSERT_EQ(cudaMallocHost(reinterpret_cast<void**>(&pattern), count * sizeof(float)), cudaSuccess);
  ASSERT_EQ(cudaMallocHost(reinterpret_cast<void**>(&result), count * sizeof(float)), cudaSuccess);
  for (std::size_t i = 0; i < count; ++i) pattern[i] = static_cast<float>(i) + 1.0f;

  // The producer's write, queued behind a stall on the producer stream.
  const auto producer = static_cast<cudaStream_t>(producer_native_);
  ASSERT_EQ(cudaLaunchHostFunc(producer, &stall, nullptr), cudaSuccess);
  ASSERT_EQ(cudaMemcpyAsync(memory.data, pattern, count * sizeof(float), cudaMemcpyHostToDevice, producer),
            cudaSuccess);

  ga_dlpack_managed_tensor_versioned_t* tensor = nullptr;
  GA_ASSERT_OK(ga_array_to_dlpack_versioned(array, dlpack_number_of(consumer_), &tensor));
  ASSERT_EQ(cudaMemcpyAsync(result, tensor->dl_tensor.data, count * sizeof(float), cudaMemcpyDeviceToHost,
                            consumer_),
            cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(consumer_), cudaSuccess);
  EXPECT_EQ(std::vector<float>(result, result + count), std::vector<float>(pattern, pattern + count));

  tensor->deleter(tensor);
  GA_ASSERT_OK(ga_array_release(array));
  cudaFreeHost(pattern);
  cudaFreeHost(result);
}

TEST_F(DLPackStreamHandOff, EveryStreamNumberIsAccepted) {
  DeviceMemory memory(std::vector<float>{1, 2});
  ga_array_t array = wrap(memory, {2}, GA_FLOAT32);
  const int64_t numbers[] = {-1, 1, 2, dlpack_number_of(static_cast<cudaStream_t>(producer_native_)),
                             dlpack_number_of(consumer_)};
  for (int64_t number : numbers) {
    SCOPED_TRACE(number);
    ga_dlpack_managed_tensor_versioned_t* versioned = nullptr;
    GA_ASSERT_OK(ga_array_to_dlpack_versioned(array, number, &versioned));
    versioned->deleter(versioned);
    ga_dlpack_managed_tensor_t* legacy = nullptr;
    GA_ASSERT_OK(ga_array_to_dlpack(array, number, &legacy));
    legacy->deleter(legacy);
  }
  // The same numbers with the legacy default stream as the producer.
  GA_ASSERT_OK(ga_stream_set_current(nullptr));
  for (int64_t number : numbers) {
    SCOPED_TRACE(number);
    ga_dlpack_managed_tensor_versioned_t* versioned = nullptr;
    GA_ASSERT_OK(ga_array_to_dlpack_versioned(array, number, &versioned));
    versioned->deleter(versioned);
  }
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  GA_ASSERT_OK(ga_array_release(array));
  EXPECT_EQ(memory.released, 1);
}
