// The upstreams of garray's pools: cudaMalloc on one device, and cudaHostAlloc for pinned memory.
#pragma once

#include "core/memory/upstream.hpp"

namespace garray {

class DeviceUpstream final : public Upstream {
 public:
  explicit DeviceUpstream(int device) noexcept : device_(device) {}
  void* allocate(std::size_t bytes) override;
  // cudaFree waits for the whole device first, which the pool relies on only as a second guard.
  void release(void* ptr, std::size_t bytes) noexcept override;

 private:
  int device_;
};

// Page-locked host memory, pinned for every device (portable). Unified addressing, which every
// platform CUDA 13 supports, maps it into the devices' address space without cudaHostAllocMapped
// (whose cudaDeviceMapHost requirement would tie it to how the context was made).
class PinnedUpstream final : public Upstream {
 public:
  void* allocate(std::size_t bytes) override;
  void release(void* ptr, std::size_t bytes) noexcept override;
};

}  // namespace garray
