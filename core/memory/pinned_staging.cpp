#include "core/memory/pinned_staging.hpp"

#include "core/common/cuda_check.hpp"
#include "core/memory/pinned_memory.hpp"

#include <cuda_runtime_api.h>

#include <cstring>
#include <memory>
#include <utility>

namespace garray {

PinnedStaging::PinnedStaging(std::size_t bytes, StreamRef stream)
    : data_(allocate_pinned(bytes)), size_(bytes), stream_(std::move(stream)) {}

PinnedStaging::~PinnedStaging() {
  try {
    free_pinned(data_, stream_);
  } catch (...) {
    // A destructor cannot report; a CUDA failure here leaves the block with the pool as free.
  }
}

namespace {

struct HostCopy {
  void* destination;
  const void* source;
  std::size_t bytes;
};

// Runs on a CUDA driver thread once the stream reaches it; may not call CUDA.
void CUDART_CB copy_on_host(void* user_data) {
  const std::unique_ptr<HostCopy> copy(static_cast<HostCopy*>(user_data));
  std::memcpy(copy->destination, copy->source, copy->bytes);
}

}  // namespace

void PinnedStaging::copy_out_when_done(void* host) const {
  if (size_ == 0) return;
  auto copy = std::make_unique<HostCopy>(HostCopy{host, data_, size_});
  check_cuda(cudaLaunchHostFunc(stream_->native(), copy_on_host, copy.get()), "cudaLaunchHostFunc");
  copy.release();
}

}  // namespace garray
