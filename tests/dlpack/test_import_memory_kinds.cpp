// Import of CUDA managed and pinned host memory (wrapped in place) and of host memory (copied to
// the current device, with the deleter called before the import returns).
#include "device_memory.hpp"
#include "test_tensor.hpp"

#include <cuda_runtime_api.h>

#include <vector>

using DLPackMemoryKinds = GpuTest;

TEST_F(DLPackMemoryKinds, ManagedMemoryIsWrappedInPlace) {
  int32_t* managed = nullptr;
  ASSERT_EQ(cudaMallocManaged(reinterpret_cast<void**>(&managed), 4 * sizeof(int32_t)), cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  for (int i = 0; i < 4; ++i) managed[i] = 10 * (i + 1);
  VersionedTestTensor tensor(managed, {GA_DLPACK_CUDA_MANAGED, 0}, {GA_DLPACK_INT, 32, 1}, {4});
  ga_array_t imported = nullptr;
  int copied = -1;
  GA_ASSERT_OK(ga_array_from_dlpack_versioned(tensor.get(), nullptr, &copied, &imported));
  EXPECT_EQ(copied, 0);
  EXPECT_EQ(data_of(imported), managed);
  EXPECT_EQ(read_back<int32_t>(imported), (std::vector<int32_t>{10, 20, 30, 40}));

  ga_dlpack_managed_tensor_versioned_t* exported = nullptr;
  GA_ASSERT_OK(ga_array_to_dlpack_versioned(imported, -1, &exported));
  EXPECT_EQ(exported->dl_tensor.device.device_type, GA_DLPACK_CUDA_MANAGED);
  EXPECT_EQ(exported->dl_tensor.device.device_id, 0);
  exported->deleter(exported);
  GA_ASSERT_OK(ga_array_release(imported));
  EXPECT_EQ(tensor.deleter_calls(), 1);
  cudaFree(managed);
}

TEST_F(DLPackMemoryKinds, PinnedHostMemoryIsWrappedInPlace) {
  float* pinned = nullptr;
  ASSERT_EQ(cudaHostAlloc(reinterpret_cast<void**>(&pinned), 3 * sizeof(float), cudaHostAllocPortable), cudaSuccess);
  pinned[0] = 1.25f;
  pinned[1] = -2.5f;
  pinned[2] = 3.75f;
  LegacyTestTensor tensor(pinned, {GA_DLPACK_CUDA_HOST, 0}, kFloat32, {3});
  ga_array_t imported = nullptr;
  int copied = -1;
  GA_ASSERT_OK(ga_array_from_dlpack(tensor.get(), nullptr, &copied, &imported));
  EXPECT_EQ(copied, 0);
  EXPECT_EQ(data_of(imported), pinned);
  EXPECT_EQ(read_back<float>(imported), (std::vector<float>{1.25f, -2.5f, 3.75f}));

  ga_dlpack_managed_tensor_versioned_t* exported = nullptr;
  GA_ASSERT_OK(ga_array_to_dlpack_versioned(imported, -1, &exported));
  EXPECT_EQ(exported->dl_tensor.device.device_type, GA_DLPACK_CUDA_HOST);
  exported->deleter(exported);
  GA_ASSERT_OK(ga_array_release(imported));
  EXPECT_EQ(tensor.deleter_calls(), 1);
  cudaFreeHost(pinned);
}

TEST_F(DLPackMemoryKinds, HostMemoryIsCopiedAndGivenBackAtOnce) {
  std::vector<float> host = {1, 2, 3, 4, 5, 6};
  VersionedTestTensor tensor(host.data(), kHostDevice, kFloat32, {2, 3}, {3, 1});
  tensor.managed().flags = GA_DLPACK_FLAG_READ_ONLY;  // the copy is garray's own, so writeable
  ga_array_t imported = nullptr;
  int copied = -1;
  GA_ASSERT_OK(ga_array_from_dlpack_versioned(tensor.get(), nullptr, &copied, &imported));
  EXPECT_EQ(copied, 1);
  EXPECT_EQ(tensor.deleter_calls(), 1) << "a copy gives the tensor back before returning";
  host.assign(host.size(), 0.0f);  // the producer may reuse its memory at once
  EXPECT_NE(data_of(imported), static_cast<void*>(host.data()));
  const unsigned flags = flags_of(imported);
  EXPECT_TRUE(flags & GA_ARRAY_C_CONTIGUOUS);
  EXPECT_TRUE(flags & GA_ARRAY_WRITEABLE);
  EXPECT_TRUE(flags & GA_ARRAY_OWNDATA);
  EXPECT_EQ(read_back<float>(imported), (std::vector<float>{1, 2, 3, 4, 5, 6}));
  GA_ASSERT_OK(ga_array_release(imported));
  EXPECT_EQ(tensor.deleter_calls(), 1);
}

TEST_F(DLPackMemoryKinds, StridedHostMemoryIsGatheredInRowMajorOrder) {
  // A 3 × 4 int64 matrix 0..11; import its transpose (4, 3) with strides (1, 4).
  std::vector<int64_t> host(12);
  for (int i = 0; i < 12; ++i) host[i] = i;
  LegacyTestTensor transposed(host.data(), kHostDevice, {GA_DLPACK_INT, 64, 1}, {4, 3}, {1, 4});
  ga_array_t imported = nullptr;
  GA_ASSERT_OK(ga_array_from_dlpack(transposed.get(), nullptr, nullptr, &imported));
  EXPECT_EQ(read_back<int64_t>(imported), (std::vector<int64_t>{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}));
  EXPECT_EQ(strides_of(imported), (std::vector<int64_t>{3, 1}));
  GA_ASSERT_OK(ga_array_release(imported));

  // Every fourth element backwards from element 10, reached through byte_offset.
  LegacyTestTensor reversed(host.data(), kHostDevice, {GA_DLPACK_INT, 64, 1}, {3}, {-4}, 10 * sizeof(int64_t));
  GA_ASSERT_OK(ga_array_from_dlpack(reversed.get(), nullptr, nullptr, &imported));
  EXPECT_EQ(read_back<int64_t>(imported), (std::vector<int64_t>{10, 6, 2}));
  GA_ASSERT_OK(ga_array_release(imported));
  EXPECT_EQ(transposed.deleter_calls(), 1);
  EXPECT_EQ(reversed.deleter_calls(), 1);
}

TEST_F(DLPackMemoryKinds, EmptyHostTensorNeedsNoData) {
  VersionedTestTensor tensor(nullptr, kHostDevice, {GA_DLPACK_BOOL, 8, 1}, {0, 3});
  ga_array_t imported = nullptr;
  int copied = -1;
  GA_ASSERT_OK(ga_array_from_dlpack_versioned(tensor.get(), nullptr, &copied, &imported));
  EXPECT_EQ(copied, 1);
  int64_t size = -1;
  GA_ASSERT_OK(ga_array_size(imported, &size));
  EXPECT_EQ(size, 0);
  EXPECT_EQ(tensor.deleter_calls(), 1);
  GA_ASSERT_OK(ga_array_release(imported));
}

TEST_F(DLPackMemoryKinds, DeviceIdBeyondTheVisibleDevicesIsNoDevice) {
  int count = 0;
  GA_ASSERT_OK(ga_device_count(&count));
  float placeholder = 0;
  VersionedTestTensor tensor(&placeholder, {GA_DLPACK_CUDA, count}, kFloat32, {1});
  ga_array_t imported = nullptr;
  GA_EXPECT_STATUS(ga_array_from_dlpack_versioned(tensor.get(), nullptr, nullptr, &imported), GA_ERROR_NO_DEVICE);
  EXPECT_EQ(imported, nullptr);
  EXPECT_EQ(tensor.deleter_calls(), 0);
}

// The copy of host memory is queued on the caller's stream, and the result pointer is output-only:
// garbage in it is overwritten on success and left on failure. A released stream is refused before
// the tensor is taken (its deleter is not called).
TEST_F(DLPackMemoryKinds, HostMemoryIsCopiedOnTheCallersStream) {
  ga_stream_t stream = nullptr;
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &stream));
  std::vector<int16_t> host = {7, -8, 9};
  LegacyTestTensor tensor(host.data(), kHostDevice, {GA_DLPACK_INT, 16, 1}, {3});
  const ga_array_t garbage = reinterpret_cast<ga_array_t>(std::uintptr_t{0x1234});
  ga_array_t imported = garbage;
  int copied = -1;
  GA_ASSERT_OK(ga_array_from_dlpack(tensor.get(), stream, &copied, &imported));
  ASSERT_NE(imported, garbage);
  EXPECT_EQ(copied, 1);
  EXPECT_EQ(tensor.deleter_calls(), 1);
  GA_ASSERT_OK(ga_stream_synchronize(stream));
  EXPECT_EQ(read_back<int16_t>(imported), (std::vector<int16_t>{7, -8, 9}));
  GA_ASSERT_OK(ga_array_release(imported));

  ga_stream_t released = nullptr;
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_DEFAULT, 0, &released));
  GA_ASSERT_OK(ga_stream_release(released));
  VersionedTestTensor untaken(host.data(), kHostDevice, {GA_DLPACK_INT, 16, 1}, {3});
  imported = garbage;
  copied = -1;
  GA_EXPECT_STATUS(ga_array_from_dlpack_versioned(untaken.get(), released, &copied, &imported),
                   GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(imported, garbage);
  EXPECT_EQ(copied, -1);
  EXPECT_EQ(untaken.deleter_calls(), 0);
  GA_ASSERT_OK(ga_stream_release(stream));
}
