#include "core/array/buffer.hpp"

#include <utility>

namespace garray {

Buffer::Buffer(void* data, std::size_t bytes, int device, MemoryKind kind, bool allocated_by_garray,
               Release release) noexcept
    : data_(data),
      bytes_(bytes),
      device_(device),
      kind_(kind),
      allocated_by_garray_(allocated_by_garray),
      release_(std::move(release)) {}

Buffer::~Buffer() {
  if (release_) release_();
}

}  // namespace garray
