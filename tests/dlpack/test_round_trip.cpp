// Export → import round trips on the GPU keep the data in place, and imported tensors of CUDA device
// memory honour byte_offset, NULL strides, negative strides and the deleter rule.
#include "device_memory.hpp"
#include "test_tensor.hpp"

#include <thread>
#include <vector>

using DLPackRoundTrip = GpuTest;

TEST_F(DLPackRoundTrip, VersionedRoundTripKeepsTheDataPointerAndValues) {
  const std::vector<float> values = {0.5f, 1.5f, 2.5f, 3.5f, 4.5f, 5.5f};
  DeviceMemory memory(values);
  ga_array_t original = wrap(memory, {2, 3}, GA_FLOAT32);
  ga_dlpack_managed_tensor_versioned_t* tensor = nullptr;
  GA_ASSERT_OK(ga_array_to_dlpack_versioned(original, -1, &tensor));
  ga_array_t imported = nullptr;
  int copied = -1;
  GA_ASSERT_OK(ga_array_from_dlpack_versioned(tensor, nullptr, &copied, &imported));
  EXPECT_EQ(copied, 0);
  EXPECT_EQ(data_of(imported), memory.data);
  EXPECT_EQ(strides_of(imported), (std::vector<int64_t>{3, 1}));
  ga_dtype_t dtype = GA_BOOL;
  GA_ASSERT_OK(ga_array_dtype(imported, &dtype));
  EXPECT_EQ(dtype, GA_FLOAT32);
  EXPECT_EQ(read_back<float>(imported), values);
  EXPECT_TRUE(flags_of(imported) & GA_ARRAY_WRITEABLE);
  EXPECT_FALSE(flags_of(imported) & GA_ARRAY_OWNDATA);

  GA_ASSERT_OK(ga_array_release(original));
  EXPECT_EQ(memory.released, 0) << "the imported array keeps the exported tensor, and so the memory";
  GA_ASSERT_OK(ga_array_release(imported));
  EXPECT_EQ(memory.released, 1);
}

TEST_F(DLPackRoundTrip, LegacyRoundTripKeepsTheDataPointerAndValues) {
  const std::vector<int32_t> values = {7, -8, 9, -10};
  DeviceMemory memory(values);
  ga_array_t original = wrap(memory, {4}, GA_INT32);
  ga_dlpack_managed_tensor_t* tensor = nullptr;
  GA_ASSERT_OK(ga_array_to_dlpack(original, -1, &tensor));
  GA_ASSERT_OK(ga_array_release(original));
  ga_array_t imported = nullptr;
  GA_ASSERT_OK(ga_array_from_dlpack(tensor, nullptr, nullptr, &imported));
  EXPECT_EQ(data_of(imported), memory.data);
  EXPECT_EQ(read_back<int32_t>(imported), values);
  GA_ASSERT_OK(ga_array_release(imported));
  EXPECT_EQ(memory.released, 1);
}

TEST_F(DLPackRoundTrip, ReadOnlySurvivesTheVersionedRoundTrip) {
  DeviceMemory memory(std::vector<double>{1.0, 2.0});
  ga_array_t original = wrap(memory, {2}, GA_FLOAT64, /*readonly=*/1);
  ga_dlpack_managed_tensor_versioned_t* tensor = nullptr;
  GA_ASSERT_OK(ga_array_to_dlpack_versioned(original, -1, &tensor));
  EXPECT_EQ(tensor->flags, GA_DLPACK_FLAG_READ_ONLY);
  ga_array_t imported = nullptr;
  GA_ASSERT_OK(ga_array_from_dlpack_versioned(tensor, nullptr, nullptr, &imported));
  EXPECT_FALSE(flags_of(imported) & GA_ARRAY_WRITEABLE);
  GA_ASSERT_OK(ga_array_release(imported));
  GA_ASSERT_OK(ga_array_release(original));
  EXPECT_EQ(memory.released, 1);
}

TEST_F(DLPackRoundTrip, ImportHonoursByteOffsetAndNullStrides) {
  const std::vector<float> values = {0, 1, 2, 3, 4, 5, 6, 7};
  DeviceMemory memory(values);
  // data is the allocation, the first element two floats in; no strides: compact row-major.
  VersionedTestTensor tensor(memory.data, kCudaDevice0, kFloat32, {2, 3}, {}, 2 * sizeof(float));
  ga_array_t imported = nullptr;
  GA_ASSERT_OK(ga_array_from_dlpack_versioned(tensor.get(), nullptr, nullptr, &imported));
  EXPECT_EQ(data_of(imported), memory.at<float>(2));
  EXPECT_EQ(strides_of(imported), (std::vector<int64_t>{3, 1}));
  EXPECT_EQ(read_back<float>(imported), (std::vector<float>{2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(tensor.deleter_calls(), 0);
  GA_ASSERT_OK(ga_array_release(imported));
  EXPECT_EQ(tensor.deleter_calls(), 1);
  cudaFree(memory.data);
}

TEST_F(DLPackRoundTrip, NegativeStridesImportAndExportInPlace) {
  DeviceMemory memory(std::vector<float>{0, 1, 2, 3, 4, 5});
  // Rows in reverse order: the first element is element 3, and axis 0 steps back three elements.
  LegacyTestTensor tensor(memory.data, kCudaDevice0, kFloat32, {2, 3}, {-3, 1}, 3 * sizeof(float));
  ga_array_t imported = nullptr;
  GA_ASSERT_OK(ga_array_from_dlpack(tensor.get(), nullptr, nullptr, &imported));
  EXPECT_EQ(data_of(imported), memory.at<float>(3));
  EXPECT_EQ(strides_of(imported), (std::vector<int64_t>{-3, 1}));

  ga_dlpack_managed_tensor_versioned_t* exported = nullptr;
  GA_ASSERT_OK(ga_array_to_dlpack_versioned(imported, -1, &exported));
  EXPECT_EQ(exported->dl_tensor.data, memory.at<float>(3));
  EXPECT_EQ(exported->dl_tensor.byte_offset, 0u);
  EXPECT_EQ(exported->dl_tensor.strides[0], -3);
  EXPECT_EQ(exported->dl_tensor.strides[1], 1);
  GA_ASSERT_OK(ga_array_release(imported));
  EXPECT_EQ(tensor.deleter_calls(), 0) << "the export still uses the memory";
  exported->deleter(exported);
  EXPECT_EQ(tensor.deleter_calls(), 1);
  cudaFree(memory.data);
}

TEST_F(DLPackRoundTrip, DeleterRunsOnceOnTheThreadThatDropsTheLastView) {
  DeviceMemory memory(std::vector<float>{1, 2, 3, 4});
  VersionedTestTensor tensor(memory.data, kCudaDevice0, kFloat32, {4}, {1});
  ga_array_t imported = nullptr;
  GA_ASSERT_OK(ga_array_from_dlpack_versioned(tensor.get(), nullptr, nullptr, &imported));
  GA_ASSERT_OK(ga_array_retain(imported));
  GA_ASSERT_OK(ga_array_release(imported));
  EXPECT_EQ(tensor.deleter_calls(), 0);
  std::thread::id releasing_thread;
  std::thread([&] {
    releasing_thread = std::this_thread::get_id();
    ga_array_release(imported);
  }).join();
  EXPECT_EQ(tensor.deleter_calls(), 1);
  EXPECT_EQ(tensor.deleter_thread(), releasing_thread);
  cudaFree(memory.data);
}

TEST_F(DLPackRoundTrip, ExportDeleterMayRunOnAnotherThread) {
  DeviceMemory memory(std::vector<float>{1, 2});
  ga_array_t original = wrap(memory, {2}, GA_FLOAT32);
  ga_dlpack_managed_tensor_versioned_t* tensor = nullptr;
  GA_ASSERT_OK(ga_array_to_dlpack_versioned(original, -1, &tensor));
  GA_ASSERT_OK(ga_array_release(original));
  std::thread([tensor] { tensor->deleter(tensor); }).join();
  EXPECT_EQ(memory.released, 1);
}
