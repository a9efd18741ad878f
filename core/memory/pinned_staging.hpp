// A pinned block for one host<->device transfer on a stream.
#pragma once

#include "core/runtime/stream.hpp"

#include <cstddef>

namespace garray {

// Taken from the pinned pool for `bytes` and given back, ordered on the stream, when it goes: an
// upload fills it and queues the copy out of it, and the pool reuses it only after the stream has
// done that copy.
class PinnedStaging {
 public:
  PinnedStaging(std::size_t bytes, StreamRef stream);
  ~PinnedStaging();
  PinnedStaging(const PinnedStaging&) = delete;
  PinnedStaging& operator=(const PinnedStaging&) = delete;

  void* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }

  // The last step of a download queued into the block: once the stream gets here, a host function
  // copies the block to `host` (ordinary pageable memory is fine). Does not wait. The block goes
  // back to the pool after that copy, since the free is ordered behind it on the same stream.
  void copy_out_when_done(void* host) const;

 private:
  void* data_;
  std::size_t size_;
  StreamRef stream_;
};

}  // namespace garray
