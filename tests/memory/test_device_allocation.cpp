// The C++ owners of pool memory on a GPU: DeviceAllocation and PinnedStaging.
#include "core/memory/device_allocation.hpp"

#include "core/common/error.hpp"
#include "core/memory/device_memory.hpp"
#include "core/memory/pinned_staging.hpp"
#include "gpu_test.hpp"

#include <cuda_runtime_api.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <numeric>
#include <vector>

namespace {

using DeviceAllocationTest = GpuTest;

std::uint64_t blocks_in_use() { return garray::DeviceMemory::of(0).stats().allocations; }

TEST_F(DeviceAllocationTest, OwnerReturnsTheBlockWhenItGoes) {
  const garray::StreamRef stream = garray::Stream::create(0, GA_STREAM_NON_BLOCKING, 0);
  const std::uint64_t before = blocks_in_use();
  {
    garray::DeviceAllocation owner = garray::allocate_device(1 << 20, stream);
    ASSERT_NE(owner.data(), nullptr);
    EXPECT_EQ(owner.size(), 1u << 20);
    EXPECT_EQ(owner.device(), 0);
    EXPECT_EQ(owner.stream(), stream);
    EXPECT_EQ(cudaMemsetAsync(owner.data(), 1, owner.size(), stream->native()), cudaSuccess);
    EXPECT_EQ(blocks_in_use(), before + 1);
  }
  EXPECT_EQ(blocks_in_use(), before);
}

TEST_F(DeviceAllocationTest, MovingTransfersOwnershipAndSharedOwnersFreeOnce) {
  const garray::StreamRef stream = garray::Stream::create(0, GA_STREAM_NON_BLOCKING, 0);
  const std::uint64_t before = blocks_in_use();
  garray::DeviceAllocation first = garray::allocate_device(4096, stream);
  void* data = first.data();
  garray::DeviceAllocation second = std::move(first);
  EXPECT_EQ(first.data(), nullptr);
  EXPECT_EQ(first.device(), -1);
  EXPECT_EQ(second.data(), data);
  auto shared = std::make_shared<garray::DeviceAllocation>(std::move(second));
  auto view = shared;
  shared.reset();
  EXPECT_EQ(blocks_in_use(), before + 1);
  view.reset();
  EXPECT_EQ(blocks_in_use(), before);
  garray::DeviceAllocation empty = garray::allocate_device(0, stream);
  EXPECT_EQ(empty.data(), nullptr);
}

TEST_F(DeviceAllocationTest, FreeFollowsTheStreamLastSet) {
  const garray::StreamRef first = garray::Stream::create(0, GA_STREAM_NON_BLOCKING, 0);
  const garray::StreamRef second = garray::Stream::create(0, GA_STREAM_NON_BLOCKING, 0);
  void* data = nullptr;
  {
    garray::DeviceAllocation owner = garray::allocate_device(8 << 20, first);
    data = owner.data();
    owner.set_stream(second);
    EXPECT_EQ(owner.stream(), second);
    EXPECT_THROW(owner.set_stream(nullptr), garray::Error);
  }
  garray::DeviceAllocation again = garray::allocate_device(8 << 20, second);
  EXPECT_EQ(again.data(), data) << "freed on `second`, so `second` reuses it at once";
}

TEST_F(DeviceAllocationTest, PinnedStagingCarriesAnUploadAndADownload) {
  const garray::StreamRef stream = garray::Stream::create(0, GA_STREAM_NON_BLOCKING, 0);
  std::vector<int> source(100000);
  std::iota(source.begin(), source.end(), -50);
  const std::size_t bytes = source.size() * sizeof(int);
  garray::DeviceAllocation device = garray::allocate_device(bytes, stream);
  {
    garray::PinnedStaging upload(bytes, stream);
    std::memcpy(upload.data(), source.data(), bytes);
    ASSERT_EQ(cudaMemcpyAsync(device.data(), upload.data(), bytes, cudaMemcpyHostToDevice,
                              stream->native()),
              cudaSuccess);
  }
  std::vector<int> result(source.size());
  garray::PinnedStaging download(bytes, stream);
  ASSERT_EQ(cudaMemcpyAsync(download.data(), device.data(), bytes, cudaMemcpyDeviceToHost,
                            stream->native()),
            cudaSuccess);
  download.copy_out_when_done(result.data());
  stream->synchronize();
  EXPECT_EQ(result, source);
}

}  // namespace
