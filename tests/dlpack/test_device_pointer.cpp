// ga_array_from_device_pointer() wraps device, managed and pinned memory in place and gives it back
// exactly once; pageable host memory is refused.
#include "device_memory.hpp"

#include <cuda_runtime_api.h>

#include <vector>

using DevicePointer = GpuTest;

namespace {

void count_release(void* context) { ++*static_cast<int*>(context); }

}  // namespace

TEST_F(DevicePointer, WrapsInPlaceWithByteStridesAndReleasesWhenTheLastViewGoes) {
  DeviceMemory memory(std::vector<float>{0, 1, 2, 3, 4, 5});
  // The first two columns of a 2 × 3 matrix: rows 12 bytes apart.
  const int64_t shape[] = {2, 2};
  const int64_t strides_bytes[] = {12, 4};
  ga_array_t array = nullptr;
  GA_ASSERT_OK(ga_array_from_device_pointer(memory.data, 0, 2, shape, strides_bytes, GA_FLOAT32, 0,
                                            &DeviceMemory::release, &memory, &array));
  EXPECT_EQ(data_of(array), memory.data);
  EXPECT_EQ(strides_of(array), (std::vector<int64_t>{3, 1}));
  const unsigned flags = flags_of(array);
  EXPECT_TRUE(flags & GA_ARRAY_WRITEABLE);
  EXPECT_FALSE(flags & GA_ARRAY_OWNDATA);
  EXPECT_FALSE(flags & GA_ARRAY_C_CONTIGUOUS);
  GA_ASSERT_OK(ga_array_retain(array));
  GA_ASSERT_OK(ga_array_release(array));
  EXPECT_EQ(memory.released, 0);
  GA_ASSERT_OK(ga_array_release(array));
  EXPECT_EQ(memory.released, 1);
}

TEST_F(DevicePointer, ReadOnlyWrapExportsReadOnly) {
  DeviceMemory memory(std::vector<int8_t>{1, 2, 3});
  ga_array_t array = wrap(memory, {3}, GA_INT8, /*readonly=*/1);
  EXPECT_FALSE(flags_of(array) & GA_ARRAY_WRITEABLE);
  ga_dlpack_managed_tensor_versioned_t* tensor = nullptr;
  GA_ASSERT_OK(ga_array_to_dlpack_versioned(array, -1, &tensor));
  EXPECT_EQ(tensor->flags & GA_DLPACK_FLAG_READ_ONLY, GA_DLPACK_FLAG_READ_ONLY);
  tensor->deleter(tensor);
  GA_ASSERT_OK(ga_array_release(array));
}

TEST_F(DevicePointer, ManagedAndPinnedPointersKeepTheirKind) {
  void* managed = nullptr;
  void* pinned = nullptr;
  ASSERT_EQ(cudaMallocManaged(&managed, 64), cudaSuccess);
  ASSERT_EQ(cudaMallocHost(&pinned, 64), cudaSuccess);
  const int64_t shape[] = {16};
  struct Case {
    void* data;
    int32_t device_type;
  };
  for (const Case& wrapped : {Case{managed, GA_DLPACK_CUDA_MANAGED}, Case{pinned, GA_DLPACK_CUDA_HOST}}) {
    ga_array_t array = nullptr;
    GA_ASSERT_OK(ga_array_from_device_pointer(wrapped.data, 0, 1, shape, nullptr, GA_FLOAT32, 0, nullptr, nullptr,
                                              &array));
    ga_dlpack_managed_tensor_versioned_t* tensor = nullptr;
    GA_ASSERT_OK(ga_array_to_dlpack_versioned(array, -1, &tensor));
    EXPECT_EQ(tensor->dl_tensor.device.device_type, wrapped.device_type);
    tensor->deleter(tensor);
    GA_ASSERT_OK(ga_array_release(array));
  }
  cudaFree(managed);
  cudaFreeHost(pinned);
}

TEST_F(DevicePointer, PageableHostMemoryIsRefused) {
  std::vector<float> host(4);
  const int64_t shape[] = {4};
  int released = 0;
  ga_array_t array = nullptr;
  GA_EXPECT_STATUS(ga_array_from_device_pointer(host.data(), 0, 1, shape, nullptr, GA_FLOAT32, 0, &count_release,
                                                &released, &array),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("pageable"), std::string::npos) << ga_last_error();
  EXPECT_EQ(array, nullptr);
  EXPECT_EQ(released, 0);
}

TEST_F(DevicePointer, MemoryOfAnotherDeviceIsRefused) {
  int count = 0;
  GA_ASSERT_OK(ga_device_count(&count));
  if (count < 2) GTEST_SKIP() << "needs two devices";
  void* other = nullptr;
  ASSERT_EQ(cudaSetDevice(1), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&other, 16), cudaSuccess);
  ASSERT_EQ(cudaSetDevice(0), cudaSuccess);
  const int64_t shape[] = {4};
  int released = 0;
  ga_array_t array = nullptr;
  GA_EXPECT_STATUS(ga_array_from_device_pointer(other, 0, 1, shape, nullptr, GA_FLOAT32, 0, &count_release, &released,
                                                &array),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(released, 0);
  cudaFree(other);
}
